import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Table from 'antd/es/table';
import type { TableProps } from 'antd/es/table';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Descriptions from 'antd/es/descriptions';
import App from 'antd/es/app';
import Space from 'antd/es/space';
import Grid from 'antd/es/grid';
import Typography from 'antd/es/typography';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FilterFilled from '@ant-design/icons/FilterFilled';
import type { HistoryRecord, MessageStatus, MessageType } from '@zc/shared/api/messaging';
import { useHistory } from '../api/get-history';
import { useExportUidHistory } from '../api/export-uid-history';
import type { HistoryFilters, HistoryModule } from '../api/history-query';
import {
  defaultStatuses,
  hiddenColumnsKey,
  historyPagination,
  pageRequest,
  PINNED_LEFT,
  PINNED_RIGHT,
  sanitizeHidden,
  statusChoices,
  statusColor,
  statusLabel,
  type HistoryColumn,
} from './history-model';
import { StatusFilterDropdown } from './status-filter';
import { ColumnDrawer } from './column-drawer';
import { IdShortener } from '../../../components/id-shortener';
import { MessagePreview } from '../../../components/message-preview';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { isStringList, usePreference } from '../../../lib/preferences';
import { useErrorText } from '../../../lib/error-text';
import { usePermissions } from '../../../lib/scope-context';
import { useCurrentOa } from '../../../lib/current-oa';

const TYPES: readonly MessageType[] = ['CS', 'PROMOTION', 'TRANSACTION', 'GMF'];

type SearchField = 'trackingId' | 'sessionId' | 'uid' | 'templateId' | 'phone' | 'templateName';
const SEARCH_FIELDS: Record<HistoryModule, readonly SearchField[]> = {
  ZNS: ['trackingId', 'sessionId', 'uid', 'templateId', 'phone', 'templateName'],
  OA: ['trackingId', 'sessionId', 'uid'],
};
type Search = Partial<Record<SearchField, string>>;
type ColumnDef = NonNullable<TableProps<HistoryRecord>['columns']>[number] & { key: HistoryColumn };

function clean(search: Search): Search {
  const out: Search = {};
  for (const [k, v] of Object.entries(search) as Array<[SearchField, string | undefined]>) if (v?.trim()) out[k] = v.trim();
  return out;
}

/** §2.13 sending history of one module (notification message 'ZNS' or official account 'OA'). */
export function HistoryTable({
  module,
  tenantId,
  detailExtras,
}: {
  module: HistoryModule;
  tenantId: string;
  /** More items of a row's detail, composed by the page (e.g. the tracked-link clicks of a ZNS message). */
  detailExtras?: (r: HistoryRecord) => Array<{ key: string; label: ReactNode; children: ReactNode }>;
}) {
  const { t, i18n } = useTranslation('history');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { can } = usePermissions();
  const language = i18n.resolvedLanguage ?? 'vi';
  const [orderBy, setOrderBy] = useState<HistoryFilters['orderBy']>('createdAt=desc');
  const [statuses, setStatuses] = useState<MessageStatus[]>(() => defaultStatuses(module));
  const [type, setType] = useState<MessageType | undefined>();
  const [isCharged, setIsCharged] = useState<boolean | undefined>();
  const [draft, setDraft] = useState<Search>({});
  const [search, setSearch] = useState<Search>({});
  const [expanded, setExpanded] = useState<string | null>(null);
  const [statusOpen, setStatusOpen] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [storedHidden, setStoredHidden] = usePreference(hiddenColumnsKey(module), [], isStringList);
  const hidden = sanitizeHidden(module, storedHidden);
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  // Status and time pinned on the right from xl (1200 px) only: narrower, the pins would leave no room to scroll.
  const pinRight = screens.xl === true;
  // The header's OA switcher scopes the list (x-oa-id); 'All' is null. The page is under the OA gate,
  // so the OA list is loaded and a stale stored id is already resolved away here.
  const oaId = useCurrentOa().current?.id ?? null;
  const [listedOa, setListedOa] = useState(oaId);
  if (listedOa !== oaId) {
    // Another OA is another list: the hook goes back to its first page (the OA is one of its filters).
    setListedOa(oaId);
    setExpanded(null);
  }

  const filters: HistoryFilters = { tenantId, oaId, orderBy, status: statuses, type, isCharged: module === 'ZNS' ? isCharged : undefined, ...search };
  // The one paged-list hook: back to page 1 whenever a filter, the OA or the size changes. No polling:
  // the page keeps this list current from the realtime stream (useLiveHistory).
  const list = useHistory(module, filters);
  const history = list.query;
  const { page, cursor, size } = list;
  const rows = useMemo(() => history.data?.data ?? [], [history.data]);
  const meta = history.data?.meta;
  const exportCsv = useExportUidHistory();

  // §8: a history load failure shows a toast with the message.
  useEffect(() => {
    if (history.error) void message.error({ content: errorText(history.error), key: `history-${module}` });
  }, [history.error]);

  const firstPage = () => {
    list.setPage(1);
    setExpanded(null);
  };

  const applySearch = () => {
    const next = clean(draft);
    // Enter or the search button: back to page 1 and fetch again (even with unchanged filters).
    if (JSON.stringify(next) === JSON.stringify(search) && page === 1 && !cursor) void history.refetch();
    setSearch(next);
    firstPage();
  };

  const searchInput = (field: SearchField) => (
    <Input
      key={field}
      allowClear
      placeholder={t(`history.search.${field}`)}
      aria-label={t(`history.search.${field}`)}
      // Two a row on a phone, fixed width beside each other otherwise.
      style={{ width: narrow ? 'calc(50% - 4px)' : 170 }}
      value={draft[field] ?? ''}
      data-testid={`history-search-${field}`}
      onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
      onPressEnter={applySearch}
    />
  );

  const idCell = (v: string | null) => (v ? <IdShortener value={v} /> : '—');
  const statusTag = (r: HistoryRecord) => {
    const tag = (
      <Tag color={statusColor(r.status)} data-testid="history-status">
        {statusLabel(r.status, language)}
      </Tag>
    );
    return r.errorMsg ? <Tooltip title={r.errorMsg}>{tag}</Tooltip> : tag;
  };

  const columns: ColumnDef[] = [
    {
      key: 'trackingId',
      title: t('history.columns.trackingId'),
      render: (_, r) => (
        <Space size={4}>
          {idCell(r.trackingId)}
          {r.isDirectZalo ? (
            <Tooltip title={t('history.direct')}>
              <ThunderboltOutlined style={{ color: '#0068ff' }} aria-label={t('history.direct')} />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    { key: 'sessionId', title: t('history.columns.sessionId'), render: (_, r) => idCell(r.sessionId) },
    { key: 'znsApiKeyId', title: t('history.columns.apiKeyId'), render: (_, r) => idCell(r.znsApiKeyId) },
  ];
  if (module === 'OA') {
    columns.push(
      { key: 'uid', title: t('history.columns.uid'), render: (_, r) => idCell(r.uid) },
      { key: 'templateName', title: t('history.columns.kind'), render: (_, r) => r.templateName ?? '—' },
    );
  } else {
    columns.push(
      { key: 'znsTemplateId', title: t('history.columns.templateId'), render: (_, r) => (r.znsTemplateId ? <span style={{ fontFamily: 'monospace' }}>{r.znsTemplateId}</span> : '—') },
      { key: 'templateName', title: t('history.columns.templateName'), ellipsis: { showTitle: true }, width: 200, render: (_, r) => r.templateName ?? '—' },
      {
        key: 'phone',
        title: t('history.columns.phone'),
        render: (_, r) => (
          <Space size={4} style={{ whiteSpace: 'nowrap' }}>
            {r.phone ?? '—'}
            <Tooltip
              styles={{ root: { maxWidth: 420 } }}
              title={<pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>{JSON.stringify(r.templateData ?? {}, null, 2)}</pre>}
            >
              <InfoCircleOutlined style={{ color: '#888' }} aria-label={t('history.templateData')} data-testid="history-template-data" onClick={(e) => e.stopPropagation()} />
            </Tooltip>
          </Space>
        ),
      },
    );
  }
  columns.push(
    {
      key: 'type',
      title: t('history.columns.type'),
      filters: TYPES.map((x) => ({ text: x, value: x })),
      filterMultiple: false,
      filteredValue: type ? [type] : null,
      render: (_, r) => <Tag>{r.type}</Tag>,
    },
    { key: 'mode', title: t('history.columns.mode'), render: (_, r) => <Tag color={r.mode === 'production' ? 'cyan' : 'purple'}>{t(`history.mode.${r.mode}`)}</Tag> },
  );
  if (module === 'ZNS') {
    columns.push({
      key: 'isCharged',
      title: t('history.columns.charge'),
      filters: [
        { text: t('history.charge.true'), value: 'true' },
        { text: t('history.charge.false'), value: 'false' },
      ],
      filterMultiple: false,
      filteredValue: isCharged === undefined ? null : [String(isCharged)],
      render: (_, r) => (
        <Space size={4} wrap={false}>
          <Tag color={r.isCharged ? 'orange' : 'default'}>{t(`history.charge.${String(r.isCharged)}`)}</Tag>
          {r.isCharged ? <span>{formatMoney(r.price)}</span> : null}
          {r.isCharged && r.listPrice !== null && r.listPrice !== undefined && r.listPrice > r.price ? (
            <Typography.Text delete type="secondary" aria-label={t('history.price.list')}>
              {formatMoney(r.listPrice)}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    });
  }
  columns.push(
    {
      key: 'status',
      title: t('history.columns.status'),
      filteredValue: statuses.length ? statuses : null,
      filterIcon: <FilterFilled style={{ color: statuses.length ? '#0d9488' : undefined }} data-testid="status-filter-trigger" />,
      filterDropdownProps: { open: statusOpen, onOpenChange: setStatusOpen },
      filterDropdown: () => (
        <StatusFilterDropdown
          key={String(statusOpen)}
          choices={statusChoices(module)}
          value={statuses}
          onApply={(next) => {
            setStatuses(next);
            setStatusOpen(false);
            firstPage();
          }}
        />
      ),
      render: (_, r) => statusTag(r),
    },
  );
  columns.push({
    key: 'createdAt',
    title: t('history.columns.createdAt'),
    sorter: true,
    sortOrder: orderBy === 'createdAt=asc' ? 'ascend' : 'descend',
    sortDirections: ['descend', 'ascend', 'descend'],
    render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>,
  });

  const fallbackDetail = (r: HistoryRecord): ReactNode => (
    <span data-testid="history-fallback">
      {r.fallbackMessageId ? (
        <Space size={6} wrap>
          {t('history.fallback.oaMessage')}
          <IdShortener value={r.fallbackMessageId} />
          {r.fallbackStatus ? (
            <>
              —<Tag color={statusColor(r.fallbackStatus)}>{statusLabel(r.fallbackStatus, language)}</Tag>
            </>
          ) : null}
        </Space>
      ) : (
        t(`history.fallback.notes.${r.fallbackNote ?? 'ERROR'}`, { defaultValue: r.fallbackNote ?? '' })
      )}
    </span>
  );

  const detail = (r: HistoryRecord): ReactNode => {
    const items: Array<{ key: string; label: ReactNode; children: ReactNode; span?: number }> = [
      { key: 'createdAt', label: t('history.columns.createdAt'), children: formatDateTime(r.createdAt) },
      { key: 'trackingId', label: t('history.columns.trackingId'), children: r.trackingId ?? '—' },
      { key: 'sessionId', label: t('history.columns.sessionId'), children: r.sessionId ?? '—' },
      { key: 'apiKeyId', label: t('history.columns.apiKeyId'), children: r.znsApiKeyId ?? '—' },
      { key: 'uid', label: t('history.columns.uid'), children: r.uid ?? '—' },
    ];
    if (module === 'ZNS') {
      items.push(
        { key: 'templateId', label: t('history.columns.templateId'), children: r.znsTemplateId ?? '—' },
        { key: 'templateName', label: t('history.columns.templateName'), children: r.templateName ?? '—' },
        { key: 'phone', label: t('history.columns.phone'), children: r.phone ?? '—' },
      );
    }
    items.push(
      { key: 'mode', label: t('history.columns.mode'), children: t(`history.mode.${r.mode}`) },
      { key: 'type', label: t('history.columns.type'), children: r.type },
      { key: 'status', label: t('history.columns.status'), children: statusTag(r) },
    );
    if (module === 'ZNS') items.push({ key: 'charge', label: t('history.columns.charge'), children: t(`history.charge.${String(r.isCharged)}`) });
    // Both prices (issue 13 #8): the list price before discounts and what was charged.
    items.push(
      { key: 'listPrice', label: t('history.price.list'), children: <span data-testid="history-list-price">{r.listPrice === null || r.listPrice === undefined ? '—' : formatMoney(r.listPrice)}</span> },
      { key: 'price', label: t('history.price.charged'), children: <span data-testid="history-charged-price">{formatMoney(r.price)}</span> },
    );
    for (const extra of detailExtras?.(r) ?? []) items.push({ ...extra, span: 2 });
    if (r.errorMsg) items.push({ key: 'errorMsg', label: t('history.errorMsg'), children: r.errorMsg, span: 2 });
    // ZNS fallback (ADR 0004): the OA message sent in place of this one, or why none was; on the OA side, what it replaces.
    if (r.fallbackMessageId || r.fallbackNote) items.push({ key: 'fallback', label: t('history.fallback.label'), span: 2, children: fallbackDetail(r) });
    if (r.fallbackOf) {
      items.push({ key: 'fallbackOf', label: t('history.fallback.label'), span: 2, children: <span data-testid="history-fallback-of">{t('history.fallback.of')} <IdShortener value={r.fallbackOf} /></span> });
    }
    if (module === 'ZNS') {
      items.push({ key: 'templateData', label: t('history.templateData'), span: 2, children: <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{JSON.stringify(r.templateData ?? {}, null, 2)}</pre> });
    } else {
      items.push({ key: 'content', label: t('history.content'), span: 2, children: <MessagePreview message={r.messageData} /> });
    }
    // With a pinned column the table keeps the detail row in view (sticky, card width) while the row scrolls sideways.
    return <Descriptions size="small" bordered column={{ xs: 1, lg: 2 }} items={items} data-testid="history-detail" />;
  };

  const total = meta?.total ?? 0;
  const paging = historyPagination(total, size);
  const shownColumns = columns
    .filter((c) => !hidden.includes(c.key))
    .map((c): ColumnDef => ({
      ...c,
      className: `zc-col-${c.key}`,
      fixed: PINNED_LEFT.includes(c.key) ? 'left' : pinRight && PINNED_RIGHT.includes(c.key) ? 'right' : undefined,
    }));

  return (
    <Card styles={{ body: { padding: narrow ? 12 : 24 } }}>
      <Flex gap={8} wrap style={{ marginBottom: 16 }} align="center">
        {SEARCH_FIELDS[module].map(searchInput)}
        <Button type="primary" icon={<SearchOutlined />} onClick={applySearch} data-testid="history-search">
          {t('history.searchButton')}
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            setSearch({});
            setStatuses(defaultStatuses(module));
            setType(undefined);
            setIsCharged(undefined);
            setOrderBy('createdAt=desc');
            firstPage();
          }}
        >
          {t('history.reset')}
        </Button>
        <Tooltip title={t('history.refresh')}>
          <Button icon={<ReloadOutlined />} aria-label={t('history.refresh')} onClick={() => void history.refetch()} loading={history.isFetching} data-testid="history-refresh" />
        </Tooltip>
        <Button icon={<SettingOutlined />} onClick={() => setColumnsOpen(true)} data-testid="history-columns" aria-haspopup="dialog">
          {t('history.columnSettings.open')}
        </Button>
        {module === 'OA' && can('VIEW_HISTORY') ? (
          <Button
            icon={<DownloadOutlined />}
            loading={exportCsv.isPending}
            style={{ marginLeft: 'auto' }}
            data-testid="history-export"
            onClick={() =>
              exportCsv.mutate({ ...filters, page, size }, {
                onSuccess: () => void message.success(t('history.exported')),
                onError: (e) => void message.error(errorText(e)),
              })
            }
          >
            {t('history.export')}
          </Button>
        ) : null}
      </Flex>
      <Table<HistoryRecord>
        rowKey="id"
        size="middle"
        data-testid="history-table"
        scroll={{ x: 'max-content' }}
        columns={shownColumns}
        dataSource={rows}
        loading={history.isPending && history.fetchStatus !== 'idle'}
        locale={{ emptyText: t('history.empty') }}
        onRow={(r) => ({
          onClick: () => setExpanded((cur) => (cur === r.id ? null : r.id)),
          style: { cursor: 'pointer' },
        })}
        expandable={{
          // Pinned with the tracking id, so the expand control stays beside it while the row scrolls.
          fixed: 'left',
          expandedRowKeys: expanded ? [expanded] : [],
          expandedRowRender: detail,
          // One detail row at a time.
          onExpand: (open, r) => setExpanded(open ? r.id : null),
        }}
        onChange={(_p, filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            setOrderBy(one?.order === 'ascend' ? 'createdAt=asc' : 'createdAt=desc');
            firstPage();
          }
          if (extra.action === 'filter') {
            const nextType = (filters.type?.[0] as MessageType | undefined) ?? undefined;
            const charged = filters.isCharged?.[0];
            setType(nextType);
            setIsCharged(charged === undefined ? undefined : charged === 'true');
            firstPage();
          }
        }}
        pagination={{
          current: page,
          pageSize: size,
          total,
          showSizeChanger: paging.showSizeChanger,
          hideOnSinglePage: paging.hideOnSinglePage,
          showTotal: (n) => (meta?.totalIsEstimate ? t('history.totalEstimate', { count: n }) : t('common:table.total', { count: n })),
          onChange: (p, s) => {
            if (s !== size) {
              list.setSize(s);
              setExpanded(null);
              return;
            }
            const next = pageRequest(p, size, page, meta);
            if (!next) {
              void message.info(t('history.useNextPrev'));
              return;
            }
            list.setPage(next.page, next.cursor);
            setExpanded(null);
          },
        }}
      />
      <ColumnDrawer
        open={columnsOpen}
        columns={columns.map((c) => ({ key: c.key, title: typeof c.title === 'function' ? c.key : c.title }))}
        hidden={hidden}
        onClose={() => setColumnsOpen(false)}
        onApply={(next) => {
          setStoredHidden(next);
          setColumnsOpen(false);
        }}
      />
    </Card>
  );
}
