import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Input from 'antd/es/input';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import { ZNS_TEMPLATE_STATUSES, ZNS_TEMPLATE_TAGS, type ZnsTemplate } from '@zc/shared/api/templates';
import { useTemplates, type TemplatesFilters } from '../../features/templates/api/get-templates';
import { useSyncTemplates } from '../../features/templates/api/sync-templates';
import { useCopyTemplate } from '../../features/templates/api/template-authoring';
import { TemplateDrawer } from '../../features/templates/components/template-drawer';
import { templateQualityColor, templateStatusColor } from '../../features/templates/components/template-status';
import { useOaList } from '../../lib/oa-list';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatMoney } from '../../lib/formatters';
import { usePermissions, useScope } from '../../lib/scope-context';
import { PAGES, tenantHref } from '../../lib/paths';
import { useErrorText } from '../../lib/error-text';

type TagFilter = TemplatesFilters['templateZNSType'];
type StatusFilter = TemplatesFilters['status'];

/** /tenant/zns-service/templates: the ZNS template library synced from Zalo. */
export function TemplatesPage() {
  const { can } = usePermissions();
  if (!can(['LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE'])) return <ErrorResult status={403} />;
  return <TemplatesView />;
}

function TemplatesView() {
  const { t } = useTranslation('templates');
  const scope = useScope();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const [tag, setTag] = useState<TagFilter>();
  const [status, setStatus] = useState<StatusFilter>();
  const [zaloOAId, setZaloOAId] = useState<string | undefined>();
  const [name, setName] = useState<string | undefined>();
  const [openId, setOpenId] = useState<string | null>(null);
  const oas = useOaList(tenantId);
  const templates = useTemplates(tenantId, { templateZNSType: tag, status, zaloOAId, name });
  const sync = useSyncTemplates();
  const copy = useCopyTemplate();
  const navigate = useNavigate();
  const { can } = usePermissions();
  // A library template as the start of a new console draft (Zalo gives no layout: its params are kept).
  const copyToDraft = async (x: ZnsTemplate) => {
    try {
      await copy.mutateAsync(x.id);
      void message.success(t('authoring.copied'));
      void navigate(tenantHref(PAGES.znsTemplateManagement, tenantId));
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  const columns: TableProps<ZnsTemplate>['columns'] = [
    { key: 'znsTemplateId', title: t('templates.columns.templateId'), render: (_, x) => <Typography.Text code>{x.znsTemplateId}</Typography.Text> },
    { key: 'name', title: t('templates.columns.name'), render: (_, x) => <strong>{x.name}</strong> },
    { key: 'oa', title: t('templates.columns.oa'), render: (_, x) => oas.data?.find((o) => o.id === x.zaloOAId)?.name ?? '—' },
    { key: 'tag', title: t('templates.columns.tag'), render: (_, x) => (x.tag ? <Tag>{t(`templates.tags.${x.tag}`, { defaultValue: x.tag })}</Tag> : '—') },
    { key: 'status', title: t('templates.columns.status'), render: (_, x) => <Tag color={templateStatusColor(x.status)}>{t(`templates.status.${x.status}`, { defaultValue: x.status })}</Tag> },
    {
      key: 'quality',
      title: t('templates.columns.quality'),
      render: (_, x) => (x.quality ? <Tag color={templateQualityColor(x.quality)}>{t(`templates.qualities.${x.quality}`, { defaultValue: x.quality })}</Tag> : '—'),
    },
    { key: 'price', title: t('templates.columns.price'), align: 'right', render: (_, x) => formatMoney(x.price) },
    { key: 'priceAfterDiscount', title: t('templates.columns.priceAfterDiscount'), align: 'right', render: (_, x) => formatMoney(x.priceAfterDiscount) },
    { key: 'params', title: t('templates.params'), render: (_, x) => x.params.length },
    { key: 'syncedAt', title: t('templates.columns.syncedAt'), render: (_, x) => formatDateTime(x.syncedAt) },
    ...(can('REQUEST_TEMPLATE')
      ? [
          {
            key: 'copy',
            title: t('authoring.actions'),
            render: (_: unknown, x: ZnsTemplate) => (
              <Button
                size="small"
                loading={copy.isPending && copy.variables === x.id}
                onClick={(e) => {
                  e.stopPropagation();
                  void copyToDraft(x);
                }}
                data-testid={`template-copy-${x.id}`}
              >
                {t('authoring.copyToDraft')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('templates.libraryTitle')}
        extra={
          <Button
            type="primary"
            icon={<SyncOutlined spin={sync.isPending} />}
            loading={sync.isPending}
            data-testid="templates-sync"
            onClick={() =>
              sync.mutate(undefined, {
                onSuccess: (r) => {
                  void message.success(t('templates.synced', { count: r.synced, oas: r.oas }));
                  for (const e of r.errors) void message.error(e.message);
                },
                onError: (e) => void message.error(errorText(e)),
              })
            }
          >
            {t('templates.sync')}
          </Button>
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('templates.searchName')}
            aria-label={t('templates.searchName')}
            style={{ width: 240 }}
            onSearch={(v) => {
              setName(v.trim() || undefined);
            }}
          />
          <Select
            allowClear
            aria-label={t('templates.columns.tag')}
            placeholder={t('templates.filterType')}
            style={{ width: 200 }}
            value={tag}
            options={ZNS_TEMPLATE_TAGS.map((x) => ({ value: x, label: t(`templates.tags.${x}`) }))}
            onChange={(v: TagFilter) => setTag(v)}
          />
          <Select
            allowClear
            aria-label={t('templates.columns.status')}
            placeholder={t('templates.filterStatus')}
            style={{ width: 200 }}
            value={status}
            options={ZNS_TEMPLATE_STATUSES.map((x) => ({ value: x, label: t(`templates.status.${x}`) }))}
            onChange={(v: StatusFilter) => setStatus(v)}
          />
          {(oas.data?.length ?? 0) > 1 ? (
            <Select
              allowClear
              aria-label={t('templates.columns.oa')}
              placeholder={t('templates.columns.oa')}
              style={{ width: 220 }}
              value={zaloOAId}
              options={(oas.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              onChange={(v?: string) => {
                setZaloOAId(v);
              }}
            />
          ) : null}
        </Flex>
        {templates.query.isError ? (
          <ErrorResult status={500} message={errorText(templates.query.error)} />
        ) : (
          <DataTable<ZnsTemplate>
            rowKey="id"
            data-testid="templates-table"
            columns={columns}
            dataSource={templates.rows}
            loading={templates.query.isFetching}
            locale={{ emptyText: t('templates.empty') }}
            onRow={(x) => (x.abilities.view ? { onClick: () => setOpenId(x.id), style: { cursor: 'pointer' } } : {})}
            paging={templates.paging}
          />
        )}
      </Card>
      <TemplateDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
