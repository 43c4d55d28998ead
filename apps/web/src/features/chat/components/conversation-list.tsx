import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Tabs from 'antd/es/tabs';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Empty from 'antd/es/empty';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import type { ChatAssignmentFilter, ChatFilter, Conversation, ConversationStatus } from '@zc/shared/api/chat';
import { CHAT_FILTERS } from '@zc/shared/api/chat';
import { useConversationList, useLiveConversationList, type ConversationFilters } from '../api/inbox';
import { useScope } from '../../../lib/scope-context';
import { useTeamOptions } from '../../../lib/team-options';
import { useErrorText } from '../../../lib/error-text';
import { InboxRow } from './inbox-row';

const ASSIGNMENTS: ChatAssignmentFilter[] = ['all', 'mine', 'assigned', 'unassigned', 'team'];
const STATUSES: Array<ConversationStatus | 'ALL'> = ['OPEN', 'CLOSED', 'ALL'];

/** Waits `ms` after the last change before answering the new value (search as you type). */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * The inbox (issue 15): the §3 chat filters as tabs, the assignment filter (mine, unassigned, a
 * team), open/closed, a search by name, phone or message text, and the conversations by last
 * activity with more loaded as the list scrolls. Follows new messages, reads and assignments live.
 */
export function ConversationList({ tenantId, zaloOAId, selectedId, onSelect }: { tenantId: string; zaloOAId: string | undefined; selectedId: string | null; onSelect: (c: Conversation) => void }) {
  const { t } = useTranslation('chat-inbox');
  const errorText = useErrorText();
  const scope = useScope();
  const multiTeam = scope.tenant?.isMultiTeam ?? false;
  const teams = useTeamOptions(tenantId, multiTeam);
  const teamList = teams.data ?? [];
  const [filter, setFilter] = useState<ChatFilter>('main');
  const [assignment, setAssignment] = useState<ChatAssignmentFilter>('all');
  const [teamId, setTeamId] = useState<string | undefined>();
  const [status, setStatus] = useState<ConversationStatus | 'ALL'>('OPEN');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 350);
  const filters: ConversationFilters = { zaloOAId, filter, assignment, teamId, status, q };
  const list = useConversationList(tenantId, filters);
  useLiveConversationList(tenantId);
  const rows = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? []).flatMap((p) => p.data).filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
  }, [list.data]);
  const scroller = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  const maybeLoadMore = () => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 200) void fetchNextPage();
  };
  // A first page shorter than the pane leaves nothing to scroll: read on until it fills.
  useEffect(maybeLoadMore);

  const showTeams = multiTeam && teamList.length > 0;
  const assignmentOptions = ASSIGNMENTS.filter((a) => a !== 'team' || showTeams).map((a) => ({ value: a, label: t(`assignment.${a}`) }));

  let body;
  if (list.isPending && list.fetchStatus !== 'idle') {
    body = (
      <div style={{ padding: 12 }} data-testid="chat-list-loading" aria-busy="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} avatar={{ size: 40 }} active paragraph={{ rows: 1 }} title={{ width: '60%' }} style={{ marginBottom: 12 }} />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <div style={{ padding: 12 }}>
        <Alert type="error" showIcon title={t('list.error')} description={errorText(list.error)} action={<Button size="small" onClick={() => void list.refetch()}>{t('list.retry')}</Button>} data-testid="chat-list-error" />
      </div>
    );
  } else if (assignment === 'team' && !teamId) {
    body = <Empty style={{ marginTop: 48 }} image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.pickTeam')} />;
  } else if (rows.length === 0) {
    body = <Empty style={{ marginTop: 48 }} image={Empty.PRESENTED_IMAGE_SIMPLE} description={q ? t('list.emptySearch', { q }) : t(`list.empty.${filter}`)} data-testid="chat-list-empty" />;
  } else {
    body = (
      <div role="list" aria-label={t('list.label')}>
        {rows.map((c) => (
          <div role="listitem" key={c.id}>
            <InboxRow conversation={c} showOa={!zaloOAId} selected={c.id === selectedId} onSelect={() => onSelect(c)} />
          </div>
        ))}
        {hasNextPage ? (
          <div style={{ textAlign: 'center', padding: 8 }}>
            <Button size="small" type="link" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
              {t('list.more')}
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, minWidth: 0 }} data-testid="chat-list">
      <div style={{ padding: '8px 10px 0', borderBottom: '1px solid #f0f0f0' }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxLength={100}
          data-testid="chat-search"
        />
        <div style={{ display: 'flex', gap: 6, marginTop: 8, flexWrap: 'wrap' }}>
          <Select
            size="small"
            style={{ flex: '1 1 120px', minWidth: 0 }}
            value={assignment}
            onChange={(v: ChatAssignmentFilter) => {
              setAssignment(v);
              if (v !== 'team') setTeamId(undefined);
              else if (!teamId && teamList.length === 1) setTeamId(teamList[0]?.id);
            }}
            options={assignmentOptions}
            aria-label={t('assignment.label')}
            data-testid="chat-assignment"
          />
          {assignment === 'team' && showTeams ? (
            <Select
              size="small"
              style={{ flex: '1 1 120px', minWidth: 0 }}
              value={teamId}
              placeholder={t('assignment.pickTeam')}
              onChange={(v: string) => setTeamId(v)}
              options={teamList.map((team) => ({ value: team.id, label: team.name }))}
              aria-label={t('assignment.pickTeam')}
              data-testid="chat-team"
              showSearch
              optionFilterProp="label"
            />
          ) : null}
          <Select
            size="small"
            style={{ flex: '0 1 110px', minWidth: 0 }}
            value={status}
            onChange={(v: ConversationStatus | 'ALL') => setStatus(v)}
            options={STATUSES.map((s) => ({ value: s, label: t(`statusFilter.${s}`) }))}
            aria-label={t('statusFilter.label')}
            data-testid="chat-status-filter"
          />
        </div>
        <Tabs
          size="small"
          activeKey={filter}
          onChange={(k) => setFilter(k as ChatFilter)}
          items={CHAT_FILTERS.map((f) => ({ key: f, label: <span style={{ fontSize: 13 }}>{t(`filter.${f}`)}</span> }))}
          tabBarGutter={12}
          tabBarStyle={{ marginBottom: 0 }}
          data-testid="chat-filters"
        />
      </div>
      <div ref={scroller} onScroll={maybeLoadMore} style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }}>
        {body}
      </div>
    </div>
  );
}
