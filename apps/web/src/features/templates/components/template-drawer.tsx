import { useTranslation } from 'react-i18next';
import Drawer from 'antd/es/drawer';
import Descriptions from 'antd/es/descriptions';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import Button from 'antd/es/button';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { useTemplate } from '../api/get-template';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { templateQualityColor, templateStatusColor } from './template-status';

/** Template detail: params, price, price after discount, tag, quality, buttons and the preview link. */
export function TemplateDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('templates');
  const template = useTemplate(id);
  const x = template.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={x ? x.name : t('templates.detail')} destroyOnHidden data-testid="template-drawer">
      {!x ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <>
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'id', label: t('templates.columns.templateId'), children: <Typography.Text copyable>{x.znsTemplateId}</Typography.Text> },
              { key: 'status', label: t('templates.columns.status'), children: <Tag color={templateStatusColor(x.status)}>{t(`templates.status.${x.status}`, { defaultValue: x.status })}</Tag> },
              { key: 'tag', label: t('templates.columns.tag'), children: x.tag ? <Tag>{t(`templates.tags.${x.tag}`, { defaultValue: x.tag })}</Tag> : '—' },
              {
                key: 'quality',
                label: t('templates.columns.quality'),
                children: x.quality ? <Tag color={templateQualityColor(x.quality)}>{t(`templates.qualities.${x.quality}`, { defaultValue: x.quality })}</Tag> : '—',
              },
              { key: 'price', label: t('templates.columns.price'), children: formatMoney(x.price) },
              { key: 'priceAfterDiscount', label: t('templates.columns.priceAfterDiscount'), children: <strong>{formatMoney(x.priceAfterDiscount)}</strong> },
              { key: 'syncedAt', label: t('templates.columns.syncedAt'), children: formatDateTime(x.syncedAt) },
              {
                key: 'preview',
                label: t('templates.preview'),
                children: x.previewUrl ? (
                  <Button type="link" href={x.previewUrl} target="_blank" rel="noreferrer" icon={<ExportOutlined />} style={{ padding: 0 }} data-testid="template-preview-link">
                    {t('templates.openPreview')}
                  </Button>
                ) : (
                  '—'
                ),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('templates.params')}
          </Typography.Title>
          <Table
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={x.params}
            locale={{ emptyText: t('templates.noParams') }}
            columns={[
              { key: 'name', title: t('templates.param.name'), dataIndex: 'name', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
              { key: 'type', title: t('templates.param.type'), render: (_, p) => t([`templates.valueTypes.${p.type}`, `templates.paramTypes.${p.type}`], { defaultValue: p.type }) },
              { key: 'require', title: t('templates.param.require'), render: (_, p) => (p.require ? <Tag color="red">{t('templates.yes')}</Tag> : <Tag>{t('templates.no')}</Tag>) },
              { key: 'len', title: t('templates.param.length'), render: (_, p) => `${p.minLength}–${p.maxLength}` },
              { key: 'acceptNull', title: t('templates.param.acceptNull'), render: (_, p) => (p.acceptNull ? t('templates.yes') : t('templates.no')) },
            ]}
          />
          {x.buttons.length ? (
            <>
              <Typography.Title level={5} style={{ marginTop: 24 }}>
                {t('templates.buttons')}
              </Typography.Title>
              <Table
                rowKey={(b) => `${b.type}-${b.title}`}
                size="small"
                pagination={false}
                dataSource={x.buttons}
                columns={[
                  { key: 'title', title: t('templates.button.title'), dataIndex: 'title' },
                  { key: 'type', title: t('templates.button.type'), dataIndex: 'type' },
                  { key: 'content', title: t('templates.button.content'), dataIndex: 'content' },
                ]}
              />
            </>
          ) : null}
        </>
      )}
    </Drawer>
  );
}
