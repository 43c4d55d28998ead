import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Space from 'antd/es/space';
import Popconfirm from 'antd/es/popconfirm';
import Modal from 'antd/es/modal';
import List from 'antd/es/list';
import Rate from 'antd/es/rate';
import Typography from 'antd/es/typography';
import Grid from 'antd/es/grid';
import App from 'antd/es/app';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTemplateRequests, type TemplateRequest } from '../../features/templates/api/get-template-requests';
import { useCopyTemplate, useDeleteDraft, useLiveTemplates, useTemplateRatings } from '../../features/templates/api/template-authoring';
import { TemplateEditor } from '../../features/templates/components/template-editor';
import { TASK_STATUS_COLOURS, templateQualityColor, templateStatusColor } from '../../features/templates/components/template-status';
import { useOaList } from '../../lib/oa-list';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/formatters';
import { PAGES, tenantDetailPageHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

/** Zalo's customer ratings of one submitted template and its quality. */
function RatingsDialog({ request, onClose }: { request: TemplateRequest | null; onClose: () => void }) {
  const { t } = useTranslation('templates');
  const errorText = useErrorText();
  const ratings = useTemplateRatings(request?.id ?? null);
  const d = ratings.data;
  return (
    <Modal open={Boolean(request)} onCancel={onClose} footer={null} title={t('authoring.ratingsTitle', { name: request?.name ?? '' })} destroyOnHidden>
      {ratings.isError ? (
        <Typography.Text type="danger">{errorText(ratings.error)}</Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <span>{t('templates.columns.quality')}:</span>
            <Tag color={templateQualityColor(d?.quality ?? 'UNDEFINED')}>{t(`templates.qualities.${d?.quality ?? 'UNDEFINED'}`, { defaultValue: d?.quality ?? '' })}</Tag>
            {d?.averageRate != null ? (
              <span>
                {t('authoring.averageRate')}: <Rate disabled allowHalf value={d.averageRate} style={{ fontSize: 14 }} />
              </span>
            ) : null}
          </Space>
          <List
            loading={ratings.isFetching}
            dataSource={d?.ratings ?? []}
            locale={{ emptyText: t('authoring.noRatings') }}
            renderItem={(r) => (
              <List.Item>
                <List.Item.Meta title={<Rate disabled value={r.rate} style={{ fontSize: 14 }} />} description={[r.note, ...r.feedbacks].filter(Boolean).join(' · ') || '—'} />
                <span>{formatDateTime(new Date(Number(r.submitDate)).toISOString())}</span>
              </List.Item>
            )}
          />
        </Space>
      )}
    </Modal>
  );
}

/** /tenant/zns-service/template-management: the tenant's console templates (drafts, reviews, Zalo's status) and the authoring editor. */
export function TemplateManagementPage() {
  const { t } = useTranslation('templates');
  const { can } = usePermissions();
  const scope = useScope();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const screens = Grid.useBreakpoint();
  const [editing, setEditing] = useState<{ request: TemplateRequest | null; n: number } | null>(null);
  const [openings, setOpenings] = useState(0);
  const openEditor = (request: TemplateRequest | null) => {
    setOpenings((n) => n + 1);
    setEditing({ request, n: openings + 1 });
  };
  const [rating, setRating] = useState<TemplateRequest | null>(null);
  const oas = useOaList(tenantId);
  const canList = can('VIEW_REQUEST_TEMPLATE');
  const requests = useTemplateRequests(tenantId, canList);
  const copy = useCopyTemplate();
  const remove = useDeleteDraft();
  useLiveTemplates(tenantId);
  if (!can(['VIEW_TEMPLATE', 'VIEW_REQUEST_TEMPLATE', 'REQUEST_TEMPLATE'])) return <ErrorResult status={403} />;

  const onCopy = async (r: TemplateRequest) => {
    try {
      const made = await copy.mutateAsync(r.id);
      void message.success(t('authoring.copied'));
      openEditor(made);
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  const onDelete = async (r: TemplateRequest) => {
    try {
      await remove.mutateAsync(r.id);
      void message.success(t('authoring.deleted'));
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  const status = (r: TemplateRequest) => (
    <Space direction="vertical" size={2} data-testid={`template-status-${r.id}`}>
      <Tag color={templateStatusColor(r.status)}>{t(`templates.requestStatus.${r.status}`)}</Tag>
      {r.zaloStatus ? (
        <Tag color={templateStatusColor(r.zaloStatus)} data-testid={`template-zalo-status-${r.id}`}>
          {t('authoring.atZalo', { status: t(`templates.status.${r.zaloStatus}`, { defaultValue: r.zaloStatus }) })}
        </Tag>
      ) : null}
      {r.error && (r.status === 'REJECTED' || r.status === 'FAILED') ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`template-reason-${r.id}`}>
          {t('authoring.reason', { reason: r.error })}
        </Typography.Text>
      ) : null}
    </Space>
  );
  const actions = (r: TemplateRequest) => (
        <Space wrap size={4} style={{ maxWidth: 200 }}>
          {r.abilities.edit ? (
            <Button size="small" onClick={() => openEditor(r)} data-testid={`template-edit-${r.id}`}>
              {t('authoring.edit')}
            </Button>
          ) : null}
          {r.abilities.copy ? (
            <Button size="small" onClick={() => void onCopy(r)} loading={copy.isPending && copy.variables === r.id}>
              {t('authoring.copy')}
            </Button>
          ) : null}
          {r.znsTemplateId ? (
            <Button size="small" onClick={() => setRating(r)}>
              {t('authoring.ratings')}
            </Button>
          ) : null}
          {r.abilities.delete ? (
            <Popconfirm title={t('authoring.deleteConfirm', { name: r.name || t('authoring.untitled') })} okText={t('authoring.delete')} cancelText={t('common:cancel')} okButtonProps={{ danger: true }} onConfirm={() => onDelete(r)}>
              <Button size="small" danger data-testid={`template-delete-${r.id}`}>
                {t('authoring.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      );
  // On a phone the status and the actions sit under the name: nothing hides beyond the screen.
  const narrow = !screens.sm;
  const columns: TableProps<TemplateRequest>['columns'] = [
    {
      key: 'name',
      title: t('templates.columns.name'),
      render: (_, r) => (
        <Space direction="vertical" size={4}>
          <strong>{r.name || t('authoring.untitled')}</strong>
          {narrow ? status(r) : null}
          {narrow ? actions(r) : null}
        </Space>
      ),
    },
    ...(narrow ? [] : [{ key: 'status', title: t('templates.columns.status'), render: (_: unknown, r: TemplateRequest) => status(r) }]),
    { key: 'oa', title: t('templates.columns.oa'), responsive: ['md'], render: (_, r) => oas.data?.find((o) => o.id === r.zaloOAId)?.name ?? '—' },
    {
      key: 'quality',
      title: t('templates.columns.quality'),
      responsive: ['lg'],
      render: (_, r) => (r.quality ? <Tag color={templateQualityColor(r.quality)}>{t(`templates.qualities.${r.quality}`, { defaultValue: r.quality })}</Tag> : '—'),
    },
    {
      // The internal review (My tasks) of the request: its status, and a link to the review when there is one.
      key: 'review',
      title: t('templates.columns.review'),
      responsive: ['md'],
      render: (_, r) =>
        r.taskId && r.taskStatus ? (
          <Link to={tenantDetailPageHref(PAGES.myRequest, r.taskId, tenantId)} data-testid={`template-request-task-${r.id}`} aria-label={t('templates.openTask')}>
            <Tag color={TASK_STATUS_COLOURS[r.taskStatus]} style={{ cursor: 'pointer' }}>
              {t(`templates.taskStatus.${r.taskStatus}`)}
            </Tag>
          </Link>
        ) : (
          <Typography.Text type="secondary">{t('templates.noReview')}</Typography.Text>
        ),
    },
    { key: 'znsTemplateId', title: t('templates.columns.templateId'), responsive: ['lg'], render: (_, r) => (r.znsTemplateId ? <Typography.Text code>{r.znsTemplateId}</Typography.Text> : '—') },
    { key: 'updatedAt', title: t('templates.updatedAt'), responsive: ['xxl'], render: (_, r) => formatDateTime(r.updatedAt) },
    ...(narrow ? [] : [{ key: 'actions', title: t('authoring.actions'), render: (_: unknown, r: TemplateRequest) => actions(r) }]),
  ];

  return (
    <>
      <PageHeader
        title={t('templates.managementTitle')}
        extra={
          can('REQUEST_TEMPLATE') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor(null)} disabled={(oas.data?.length ?? 0) === 0} data-testid="template-new">
              {t('authoring.newTitle')}
            </Button>
          ) : null
        }
      />
      <Card>
        {!canList ? (
          <Typography.Text type="secondary">{t('templates.cannotList')}</Typography.Text>
        ) : requests.query.isError ? (
          <ErrorResult status={500} message={errorText(requests.query.error)} />
        ) : (
          <DataTable<TemplateRequest>
            rowKey="id"
            columns={columns}
            dataSource={requests.rows}
            loading={requests.query.isFetching}
            locale={{ emptyText: t('templates.noRequests') }}
            paging={requests.paging}
          />
        )}
      </Card>
      {editing ? <TemplateEditor key={editing.n} open request={editing.request} oas={oas.data ?? []} onClose={() => setEditing(null)} /> : null}
      <RatingsDialog request={rating} onClose={() => setRating(null)} />
    </>
  );
}
