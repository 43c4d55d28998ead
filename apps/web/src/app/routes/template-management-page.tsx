import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTemplateRequests, type TemplateRequest } from '../../features/templates/api/get-template-requests';
import { TemplateRequestDialog } from '../../features/templates/components/template-request-dialog';
import { TASK_STATUS_COLOURS, templateStatusColor } from '../../features/templates/components/template-status';
import { useOaList } from '../../lib/oa-list';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/formatters';
import { PAGES, tenantDetailPageHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

/** /tenant/zns-service/template-management: template requests and the request form. */
export function TemplateManagementPage() {
  const { t } = useTranslation('templates');
  const { can } = usePermissions();
  const scope = useScope();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const [open, setOpen] = useState(false);
  const oas = useOaList(tenantId);
  const canList = can('VIEW_REQUEST_TEMPLATE');
  const requests = useTemplateRequests(tenantId, canList);
  if (!can(['VIEW_TEMPLATE', 'VIEW_REQUEST_TEMPLATE', 'REQUEST_TEMPLATE'])) return <ErrorResult status={403} />;

  const columns: TableProps<TemplateRequest>['columns'] = [
    { key: 'name', title: t('templates.columns.name'), render: (_, r) => <strong>{r.name}</strong> },
    { key: 'oa', title: t('templates.columns.oa'), render: (_, r) => oas.data?.find((o) => o.id === r.zaloOAId)?.name ?? '—' },
    {
      key: 'status',
      title: t('templates.columns.status'),
      render: (_, r) => {
        const tag = <Tag color={templateStatusColor(r.status)}>{t(`templates.requestStatus.${r.status}`)}</Tag>;
        return r.error ? <Tooltip title={r.error}>{tag}</Tooltip> : tag;
      },
    },
    {
      // The internal review (My tasks) of the request: its status, and a link to the review when there is one.
      key: 'review',
      title: t('templates.columns.review'),
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
    { key: 'znsTemplateId', title: t('templates.columns.templateId'), render: (_, r) => (r.znsTemplateId ? <Typography.Text code>{r.znsTemplateId}</Typography.Text> : '—') },
    { key: 'createdAt', title: t('templates.createdAt'), render: (_, r) => formatDateTime(r.createdAt) },
    { key: 'updatedAt', title: t('templates.updatedAt'), render: (_, r) => formatDateTime(r.updatedAt) },
  ];

  return (
    <>
      <PageHeader
        title={t('templates.managementTitle')}
        extra={
          can('REQUEST_TEMPLATE') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} disabled={(oas.data?.length ?? 0) === 0}>
              {t('templates.requestTitle')}
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
      <TemplateRequestDialog open={open} oas={oas.data ?? []} onClose={() => setOpen(false)} />
    </>
  );
}
