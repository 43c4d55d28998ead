import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table, { type TableProps } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Flex from 'antd/es/flex';
import Avatar from 'antd/es/avatar';
import Progress from 'antd/es/progress';
import Tooltip from 'antd/es/tooltip';
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import TagsOutlined from '@ant-design/icons/TagsOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import type { Follower } from '@zc/shared/api/followers';
import { useFollowerList, useLiveFollowers, useStartSync, useSyncState } from '../../features/followers/api/followers-api';
import { TagDialog } from '../../features/followers/components/tag-dialog';
import { FollowerDetailModal } from '../../features/followers/components/follower-detail-modal';
import { ColumnDrawer, loadColumns, type FollowerColumn } from '../../features/followers/components/column-drawer';
import { useOaList } from '../../lib/oa-list';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/formatters';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { useSessionValue } from '../../lib/session';

/** §2.10 /tenant/zalo-oa/customers: the OA's followers, infinite scroll, display-name search, OA filter, labels, columns, sync. */
export function OaCustomersPage() {
  const { t } = useTranslation('followers');
  const { can } = usePermissions();
  const scope = useScope();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const userKey = `${useSessionValue('userId') ?? 'anon'}.${tenantId}`;
  const [search, setSearch] = useState('');
  const [oaId, setOaId] = useState<string | undefined>();
  const [selected, setSelected] = useState<Follower[]>([]);
  const [tagOpen, setTagOpen] = useState(false);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [columns, setColumns] = useState<FollowerColumn[]>(() => loadColumns(userKey));
  const oas = useOaList(tenantId);
  const list = useFollowerList(tenantId, search, oaId);
  const syncState = useSyncState(tenantId, oaId);
  const startSync = useStartSync(tenantId);
  useLiveFollowers(tenantId);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const total = list.data?.pages[0]?.meta.total ?? 0;
  const estimate = list.data?.pages[0]?.meta.totalIsEstimate === true;
  const canUpdate = can('UPDATE_ZALO_OA_USER');
  if (!can('VIEW_ZALO_OA_USER')) return <ErrorResult status={403} />;

  const sync = syncState.data;
  const running = sync?.status === 'RUNNING';
  const oneOa = selected.length > 0 && selected.every((f) => f.zaloOAId === selected[0]?.zaloOAId);

  const all: Record<FollowerColumn, NonNullable<TableProps<Follower>['columns']>[number]> = {
    displayName: {
      key: 'displayName',
      title: t('columns.displayName'),
      fixed: 'left',
      width: 220,
      render: (_, f) => (
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <Avatar size="small" src={f.avatar ?? undefined}>
            {f.displayName.slice(0, 1)}
          </Avatar>
          <Typography.Link onClick={() => setDetailId(f.id)} ellipsis style={{ maxWidth: 160 }} data-testid="follower-name">
            {f.displayName}
          </Typography.Link>
        </Flex>
      ),
    },
    oa: { key: 'oa', title: t('columns.oa'), render: (_, f) => f.zaloOA.name },
    userAlias: { key: 'userAlias', title: t('columns.userAlias'), render: (_, f) => f.userAlias ?? '—' },
    phone: { key: 'phone', title: t('columns.phone'), render: (_, f) => f.sharedInfo?.phone ?? '—' },
    city: { key: 'city', title: t('columns.city'), render: (_, f) => [f.sharedInfo?.district, f.sharedInfo?.city].filter(Boolean).join(', ') || '—' },
    tags: {
      key: 'tags',
      title: t('columns.tags'),
      render: (_, f) => (f.tagsAndNotesInfo.tagNames.length ? f.tagsAndNotesInfo.tagNames.map((x) => <Tag key={x}>{x}</Tag>) : '—'),
    },
    lastInteraction: { key: 'lastInteraction', title: t('columns.lastInteraction'), render: (_, f) => f.userLastInteractionDate ?? '—' },
    status: { key: 'status', title: t('columns.status'), render: (_, f) => <Tag color={f.userIsFollower ? 'green' : 'default'}>{f.userIsFollower ? t('status.following') : t('status.notFollowing')}</Tag> },
    createdAt: { key: 'createdAt', title: t('columns.createdAt'), render: (_, f) => formatDateTime(f.createdAt) },
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          <Flex gap={8} wrap>
            <Button icon={<SettingOutlined />} onClick={() => setDrawer(true)} aria-label={t('columnsDrawer.title')} data-testid="columns-button">
              {t('columnsDrawer.button')}
            </Button>
            {canUpdate ? (
              <Tooltip title={oaId ? undefined : t('sync.pickOa')}>
                <Button
                  icon={<SyncOutlined spin={running} />}
                  disabled={!oaId || running}
                  loading={startSync.isPending}
                  onClick={() => oaId && startSync.mutate(oaId, { onError: (e) => void message.error(errorText(e)) })}
                  data-testid="sync-button"
                >
                  {t('sync.button')}
                </Button>
              </Tooltip>
            ) : null}
          </Flex>
        }
      />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            onSearch={(v) => setSearch(v.trim())}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
            data-testid="follower-search"
          />
          <Select
            allowClear
            placeholder={t('allOas')}
            value={oaId}
            onChange={(v?: string) => {
              setOaId(v);
              setSelected([]);
            }}
            options={(oas.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            style={{ flex: '1 1 200px', maxWidth: 280 }}
            aria-label={t('oaFilter')}
            data-testid="oa-filter"
          />
          {canUpdate ? (
            <Tooltip title={selected.length > 0 && !oneOa ? t('tags.oneOa') : undefined}>
              <Button icon={<TagsOutlined />} disabled={!oneOa} onClick={() => setTagOpen(true)} data-testid="tag-button">
                {t('tags.button', { count: selected.length })}
              </Button>
            </Tooltip>
          ) : null}
        </Flex>
        {sync && (running || sync.status === 'FAILED') ? (
          <div style={{ marginBottom: 12 }} data-testid="sync-progress">
            <Typography.Text type="secondary">{running ? t('sync.running', { done: sync.done, total: sync.total }) : t('sync.failed', { error: sync.error ?? '' })}</Typography.Text>
            <Progress percent={sync.total ? Math.floor((sync.done / sync.total) * 100) : 0} status={sync.status === 'FAILED' ? 'exception' : 'active'} />
          </div>
        ) : sync?.status === 'DONE' ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {t('sync.done', { total: sync.total, date: formatDateTime(sync.finishedAt) })}
          </Typography.Paragraph>
        ) : null}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t(estimate ? 'countMore' : 'count', { count: total })}
        </Typography.Paragraph>
        <div
          data-testid="follower-scroll"
          style={{ maxHeight: 600, overflow: 'auto' }}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.scrollHeight - el.scrollTop - el.clientHeight < 80 && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
          }}
        >
          <Table<Follower>
            rowKey="id"
            size="middle"
            columns={columns.map((c) => all[c])}
            dataSource={rows}
            loading={list.isPending && list.fetchStatus !== 'idle'}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: list.isError ? errorText(list.error) : t('empty') }}
            rowSelection={canUpdate ? { selectedRowKeys: selected.map((f) => f.id), onChange: (_, recs) => setSelected(recs), preserveSelectedRowKeys: true } : undefined}
            footer={list.isFetchingNextPage ? () => t('loadingMore') : undefined}
          />
        </div>
      </Card>
      <TagDialog
        tenantId={tenantId}
        followers={selected}
        open={tagOpen}
        onClose={() => {
          setTagOpen(false);
          setSelected([]);
        }}
      />
      <FollowerDetailModal tenantId={tenantId} id={detailId} canUpdate={canUpdate} onClose={() => setDetailId(null)} />
      <ColumnDrawer open={drawer} userKey={userKey} value={columns} onChange={setColumns} onClose={() => setDrawer(false)} />
    </>
  );
}
