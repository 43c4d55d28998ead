import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tabs from 'antd/es/tabs';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { BROADCAST_CONTENT_TYPES, BROADCAST_STATUSES, type Broadcast, type BroadcastContentType, type BroadcastStatus } from '@zc/shared/api/broadcasts';
import { useBroadcasts, useDeleteBroadcast, useLiveBroadcasts } from '../../features/broadcasts/api/broadcasts';
import { BroadcastDetailsModal } from '../../features/broadcasts/components/broadcast-details';
import { BroadcastStatusTag, SendStateTag } from '../../features/broadcasts/components/broadcast-status';
import { TeamSelect } from '../../features/teams/components/team-select';
import { DecisionModal } from '../../features/tasks/components/decision-modal';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/formatters';
import { PAGES, tenantDetailPageHref, tenantHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';

/** /tenant/zalo-oa/broadcast (§2.3): list by content-type tab, filters, search, details modal, action menu; live on oa_broadcast.changed. */
export function OaBroadcastsPage() {
  const { can } = usePermissions();
  if (!can('VIEW_ZALO_OA_CONTENT')) return <ErrorResult status={403} />;
  return <BroadcastsView />;
}

function BroadcastsView() {
  const { t } = useTranslation('broadcasts');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const scope = useScope();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const tenantId = scope.tenant?.id ?? '';
  const multiTeam = Boolean(scope.tenant?.isMultiTeam) && can('VIEW_TEAM');
  const [type, setType] = useState<BroadcastContentType>('post');
  const [status, setStatus] = useState<BroadcastStatus | undefined>();
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useBroadcasts(tenantId, { type, status, title: title.trim() || undefined, teamIds: teamIds.length ? teamIds.join(',') : undefined });
  useLiveBroadcasts(tenantId);
  const remove = useDeleteBroadcast(tenantId);
  const detailHref = (id: string) => tenantDetailPageHref(PAGES.oaBroadcast, id, tenantId);

  const confirmDelete = (b: Broadcast) =>
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.body', { name: b.nameBroadcast }),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () =>
        remove.mutateAsync(b.id).then(
          () => void message.success(t('messages.deleted')),
          (e: unknown) => void message.error(errorText(e)),
        ),
    });

  const columns: TableProps<Broadcast>['columns'] = [
    { key: 'index', title: '#', width: 56, render: (_, _r, i) => (list.page - 1) * list.size + i + 1 },
    {
      key: 'createdAt',
      title: t('fields.createdAt'),
      render: (_, r) => (
        <Tooltip title={t('createdHover', { author: r.author ?? '—', updated: formatDateTime(r.updatedAt) })}>
          <span>{formatDateTime(r.createdAt)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, r) => (
        <Flex gap={8} align="center" style={{ minWidth: 180 }}>
          <Avatar shape="square" size={40} src={r.attachment[0]?.cover ?? undefined}>
            {r.nameBroadcast.slice(0, 1)}
          </Avatar>
          <Typography.Text ellipsis style={{ maxWidth: 280 }} data-testid={`broadcast-name-${r.id}`}>
            {r.nameBroadcast}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'oa',
      title: t('fields.oa'),
      render: (_, r) => (
        <Avatar.Group max={{ count: 2 }} size={28}>
          {r.zaloOA.map((oa) => (
            <Tooltip key={oa.id} title={oa.name}>
              <Avatar src={oa.zaloOAvatar ?? undefined}>{oa.name.slice(0, 1)}</Avatar>
            </Tooltip>
          ))}
        </Avatar.Group>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, r) => (
        <Flex gap={4} wrap>
          <BroadcastStatusTag broadcast={r} />
          <SendStateTag broadcast={r} />
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: '',
      render: (_, r) =>
        can('VIEW_ZALO_OA_SERVICE') || can('VIEW_ZALO_OA_CONTENT') ? (
          <span onClick={(e) => e.stopPropagation()}>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'detail', label: <Link to={detailHref(r.id)}>{t('actions.detail')}</Link> },
                  ...(r.status === 'DRAFT' && r.abilities.edit ? [{ key: 'edit', label: <Link to={detailHref(r.id)}>{t('actions.edit')}</Link> }] : []),
                  ...(r.abilities.delete ? [{ key: 'delete', danger: true, label: t('actions.delete'), onClick: () => confirmDelete(r) }] : []),
                ],
              }}
            >
              <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('actions.menu')} data-testid={`broadcast-menu-${r.id}`} />
            </Dropdown>
          </span>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          can('CREATE_ZALO_OA_CONTENT') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(tenantHref(PAGES.oaBroadcastCreate, tenantId))} data-testid="broadcast-create">
              {t('create')}
            </Button>
          ) : null
        }
      />
      <Card>
        <Tabs activeKey={type} onChange={(k) => setType(k as BroadcastContentType)} items={BROADCAST_CONTENT_TYPES.map((k) => ({ key: k, label: t(`tabs.${k}`) }))} data-testid="broadcast-type-tabs" />
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('filters.search')} aria-label={t('filters.search')} style={{ width: 260, maxWidth: '100%' }} onSearch={setTitle} data-testid="broadcast-search" />
          <Select allowClear placeholder={t('fields.status')} aria-label={t('fields.status')} style={{ width: 180 }} value={status} onChange={setStatus} options={BROADCAST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} data-testid="broadcast-status-filter" />
          {multiTeam ? <TeamSelect tenantId={tenantId} enabled multiple allowClear value={teamIds} onChange={(v) => setTeamIds(Array.isArray(v) ? v : [])} placeholder={t('fields.team')} /> : null}
        </Flex>
        <DataTable<Broadcast>
          rowKey="id"
          data-testid="broadcasts-table"
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('empty') }}
          paging={list.paging}
          onRow={(r) => ({ onClick: () => setOpenId(r.id), style: { cursor: 'pointer' } })}
        />
      </Card>
      <BroadcastDetailsModal id={openId} tenantId={tenantId} onClose={() => setOpenId(null)} DecisionModal={DecisionModal} />
    </>
  );
}
