import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Select from 'antd/es/select';
import Input from 'antd/es/input';
import Flex from 'antd/es/flex';
import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import type { TableProps } from 'antd/es/table';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import { TASK_FILTER_STATUSES, TASK_MODULES, type ContentKind } from '@zc/shared/api/approvals';
import { useTasks, type TasksFilters } from '../../features/tasks/api/get-tasks';
import { useMarkTaskViewed } from '../../features/tasks/api/mark-task-viewed';
import { useLiveTasks } from '../../features/tasks/api/use-live-tasks';
import type { TaskRow } from '../../features/tasks/api/types';
import { TaskStatusTag } from '../../features/tasks/components/task-status-tag';
import { kindsOfTab, type ModuleTab } from '../../features/tasks/components/task-kinds';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { UserCell } from '../../components/user-cell';
import { formatDateTime } from '../../lib/formatters';
import { PAGES, tenantDetailPageHref } from '../../lib/paths';
import { useScope } from '../../lib/scope-context';
import { useTeamOptions } from '../../lib/team-options';
import { useErrorText } from '../../lib/error-text';

type StatusFilter = (typeof TASK_FILTER_STATUSES)[number];

/** /tenant/my-task/requests (§2.14): the caller's review tasks by module, with filters; a row opens its detail. */
export function MyRequestsPage() {
  const { t } = useTranslation('tasks');
  const scope = useScope();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const [tab, setTab] = useState<ModuleTab>('all');
  const [type, setType] = useState<ContentKind | undefined>();
  const [statusTask, setStatusTask] = useState<StatusFilter | undefined>();
  const [teamId, setTeamId] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [orderBy, setOrderBy] = useState<TasksFilters['orderBy']>('createdAt=desc');
  const isMultiTeam = scope.tenant?.isMultiTeam ?? false;
  const teams = useTeamOptions(tenantId, isMultiTeam);
  const filters: TasksFilters = {
    module: tab === 'all' ? undefined : tab,
    type,
    statusTask,
    orderBy,
    teamIds: teamId,
    name: name.trim() || undefined,
  };
  const tasks = useTasks(tenantId, filters);
  const markViewed = useMarkTaskViewed();
  useLiveTasks(tenantId);

  const open = async (row: TaskRow) => {
    // §2.14: a row not yet opened is marked viewed first; a failed mark does not keep the user out.
    if (row.status === 'new') await markViewed.mutateAsync({ tenantId, id: row.id }).catch(() => undefined);
    void navigate(tenantDetailPageHref(PAGES.myRequest, row.id, tenantId));
  };

  const columns: TableProps<TaskRow>['columns'] = [
    {
      key: 'unread',
      width: 32,
      onHeaderCell: () => ({ 'aria-label': t('columns.unread') }),
      render: (_, r) => (r.status === 'new' ? <Badge status="processing" title={t('unreadDot')} data-testid={`task-unread-${r.id}`} /> : null),
    },
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, r) => (
        <Flex gap={6} align="center" wrap>
          <Tag color={r.module === 'OA' ? 'blue' : 'purple'}>{t(`module.${r.module}`)}</Tag>
          <span style={{ fontWeight: r.status === 'new' ? 600 : 400, overflowWrap: 'anywhere' }}>{r.name}</span>
        </Flex>
      ),
    },
    { key: 'type', title: t('columns.type'), render: (_, r) => t(`kind.${r.type}`) },
    { key: 'statusTask', title: t('columns.status'), render: (_, r) => <TaskStatusTag status={r.statusTask} /> },
    {
      key: 'creator',
      title: (
        <Tooltip title={t('columns.creatorTooltip')}>
          <span tabIndex={0}>
            {t('columns.creator')} <QuestionCircleOutlined />
          </span>
        </Tooltip>
      ),
      render: (_, r) => (r.createdBy ? <UserCell user={r.createdBy} /> : '—'),
    },
    { key: 'createdAt', title: t('columns.createdAt'), sorter: true, sortOrder: orderBy === 'createdAt=asc' ? 'ascend' : 'descend', render: (_, r) => formatDateTime(r.createdAt) },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, r) => (
        <Button
          size="small"
          data-testid={`task-open-${r.id}`}
          onClick={(e) => {
            e.stopPropagation();
            void open(r);
          }}
        >
          {t('detailAction')}
        </Button>
      ),
    },
  ];

  const teamFilterShown = isMultiTeam && teams.isSuccess && teams.data.length > 0;

  return (
    <>
      <PageHeader title={t('title')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key as ModuleTab);
            setType(undefined);
          }}
          items={(['all', ...TASK_MODULES] as const).map((key) => ({ key, label: <span data-testid={`task-tab-${key}`}>{t(`tabs.${key}`)}</span> }))}
        />
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            aria-label={t('filters.name')}
            placeholder={t('filters.name')}
            style={{ width: 240, maxWidth: '100%' }}
            maxLength={200}
            onSearch={(v) => setName(v)}
            data-testid="task-filter-name"
          />
          <Select
            allowClear
            aria-label={t('filters.type')}
            placeholder={t('filters.type')}
            style={{ width: 220, maxWidth: '100%' }}
            value={type}
            options={kindsOfTab(tab).map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            onChange={(v: ContentKind | undefined) => setType(v)}
          />
          <Select
            allowClear
            aria-label={t('filters.status')}
            placeholder={t('filters.status')}
            style={{ width: 180, maxWidth: '100%' }}
            value={statusTask}
            options={TASK_FILTER_STATUSES.map((s) => ({ value: s, label: t(`taskStatus.${s}`) }))}
            onChange={(v: StatusFilter | undefined) => setStatusTask(v)}
            data-testid="task-filter-status"
          />
          {teamFilterShown ? (
            <Select
              allowClear
              aria-label={t('filters.team')}
              placeholder={t('filters.team')}
              style={{ width: 200, maxWidth: '100%' }}
              value={teamId}
              options={teams.data.map((team) => ({ value: team.id, label: team.name }))}
              onChange={(v: string | undefined) => setTeamId(v)}
            />
          ) : null}
        </Flex>
        {tasks.query.isError && !tasks.query.data ? (
          <ErrorResult status={500} message={errorText(tasks.query.error)} />
        ) : (
          <DataTable<TaskRow>
            rowKey="id"
            data-testid="tasks-table"
            columns={columns}
            dataSource={tasks.rows}
            loading={tasks.query.isFetching}
            locale={{ emptyText: t('empty') }}
            paging={tasks.paging}
            scroll={{ x: 'max-content' }}
            onRow={(r) => ({ onClick: () => void open(r), style: { cursor: 'pointer' } })}
            onChange={(_p, _f, sorter) => {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              setOrderBy(one?.order === 'ascend' ? 'createdAt=asc' : 'createdAt=desc');
            }}
          />
        )}
      </Card>
    </>
  );
}
