import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { Draw } from '@zc/shared/api/zma-draw';
import { ZMA_STATUSES, type ZmaStatus } from '@zc/shared/api/zma';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { isForbiddenError } from '../../components/permission-alert';
import { useErrorText } from '../../lib/error-text';
import { formatThousands } from '../../lib/formatters';
import { PAGES, zmaHref, type PageDef } from '../../lib/paths';
import { useScope } from '../../lib/scope-context';
import { useDrawScope } from '../../features/zma-draw/use-draw-scope';
import { useDeleteDraw, useDraws, useLiveDraws } from '../../features/zma-draw/api/zma-draw';
import { StatusTag, useScheduleText } from '../../features/zma-draw/components/labels';
import { DrawSectionTabs } from '../../features/zma-draw/components/section-tabs';
import { useConfirmDelete } from '../../features/zma-draw/use-confirm-delete';

/** /tenant/mini-app/{id}/lucky-draw-config (§2.1): the draws with status, schedule, prizes, spins and winners; tabs to rules and affiliate campaigns. */
export function ZmaDrawsPage() {
  const { t } = useTranslation('zma-draw');
  const askDelete = useConfirmDelete();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const tenantId = useScope().tenant?.id ?? '';
  const { zmaAppId, can } = useDrawScope();
  const scheduleText = useScheduleText();
  const [status, setStatus] = useState<ZmaStatus | undefined>();
  const list = useDraws(zmaAppId, { status });
  useLiveDraws(zmaAppId);
  const remove = useDeleteDraw();
  const href = (page: PageDef, id: string) => zmaHref(page, zmaAppId, tenantId, { luckyDrawId: id });

  if (list.query.error && isForbiddenError(list.query.error)) return <ErrorResult status={403} />;

  const confirmDelete = (d: Draw) => askDelete({ title: 'delete.drawTitle', body: 'delete.drawBody', done: 'messages.deleted' }, d.name, () => remove.mutateAsync(d.id));

  const columns: TableProps<Draw>['columns'] = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, d) => (
        <Link to={href(PAGES.zmaDraw, d.id)} data-testid={`draw-link-${d.id}`}>
          <Typography.Text strong ellipsis style={{ maxWidth: 240 }}>
            {d.name}
          </Typography.Text>
        </Link>
      ),
    },
    { key: 'status', title: t('fields.status'), render: (_, d) => <StatusTag status={d.status} /> },
    { key: 'schedule', title: t('fields.schedule'), render: (_, d) => <span style={{ whiteSpace: 'nowrap' }}>{scheduleText(d.startsAt, d.endsAt)}</span> },
    {
      key: 'prizes',
      title: t('fields.prizes'),
      render: (_, d) => {
        const gifts = d.prizes.filter((p) => p.giftItemId !== null);
        return (
          <Tooltip title={d.prizes.map((p) => p.label).join(' · ')}>
            <Flex gap={4} align="center">
              {d.prizes.map((p) => (
                <span key={p.id} aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: p.color ?? '#999', display: 'inline-block' }} />
              ))}
              <span style={{ marginLeft: 4, whiteSpace: 'nowrap' }}>{t('list.prizeSummary', { gifts: gifts.length, slices: d.prizes.length })}</span>
            </Flex>
          </Tooltip>
        );
      },
    },
    { key: 'spins', title: t('fields.spinsWinners'), align: 'right', render: (_, d) => <span style={{ whiteSpace: 'nowrap' }}>{`${formatThousands(d.spins)} / ${formatThousands(d.winners)}`}</span> },
    {
      key: 'actions',
      title: '',
      render: (_, d) => (
        <Space size={4}>
          {can('UPDATE_ZMA_GAME') ? (
            <Button size="small" onClick={() => void navigate(href(PAGES.zmaDrawUpdate, d.id))} data-testid={`draw-edit-${d.id}`}>
              {t('common:edit')}
            </Button>
          ) : null}
          {can('DELETE_ZMA_GAME') ? (
            <Button size="small" danger onClick={() => confirmDelete(d)} data-testid={`draw-delete-${d.id}`}>
              {t('actions.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          can('CREATE_ZMA_GAME') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(zmaHref(PAGES.zmaDrawCreate, zmaAppId, tenantId))} data-testid="draw-create">
              {t('create')}
            </Button>
          ) : null
        }
      />
      <DrawSectionTabs active="draws" />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select allowClear placeholder={t('fields.status')} aria-label={t('fields.status')} style={{ width: 180, maxWidth: '100%' }} value={status} onChange={setStatus} options={ZMA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} data-testid="draw-status-filter" />
        </Flex>
        {list.query.isError ? (
          <ErrorResult status={500} message={errorText(list.query.error)} />
        ) : (
          <DataTable<Draw> rowKey="id" data-testid="draws-table" columns={columns} dataSource={list.rows} loading={list.query.isFetching} locale={{ emptyText: t('list.empty') }} paging={list.paging} />
        )}
      </Card>
    </>
  );
}
