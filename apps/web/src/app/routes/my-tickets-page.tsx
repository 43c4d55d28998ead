import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Badge from 'antd/es/badge';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketItem, type TicketPriority, type TicketStatus } from '@zc/shared/api/tickets';
import { useTickets } from '../../features/tickets/api/get-tickets';
import { useTicketAssignees } from '../../features/tickets/api/get-ticket-assignees';
import { useLiveTickets } from '../../features/tickets/api/use-live-tickets';
import { CreateTicketDialog } from '../../features/tickets/components/create-ticket-dialog';
import { DueTime, SlaStateTag, TicketPriorityTag, TicketStatusTag } from '../../features/tickets/components/ticket-tags';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/formatters';
import { PAGES, tenantDetailPageHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';

type AssigneeFilter = 'me' | 'unassigned' | string;
const SORTABLE = ['createdAt', 'updatedAt', 'priority', 'dueAt'] as const;

/** /tenant/my-task/tickets (§2.14, §7 merchant/ticket/list): filters, unread dot, tags, due times with SLA colours, create. */
export function MyTicketsPage() {
  const { can } = usePermissions();
  if (!can('VIEW_TICKET')) return <ErrorResult status={403} />;
  return <MyTicketsView />;
}

function MyTicketsView() {
  const { t } = useTranslation('tickets');
  const scope = useScope();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const tenantId = scope.tenant?.id ?? '';
  const [status, setStatus] = useState<TicketStatus | undefined>();
  const [priority, setPriority] = useState<TicketPriority | undefined>();
  const [assignee, setAssignee] = useState<AssigneeFilter | undefined>();
  const [mine, setMine] = useState(false);
  const [search, setSearch] = useState('');
  const [orderBy, setOrderBy] = useState('createdAt=desc');
  const [createOpen, setCreateOpen] = useState(false);
  const assignees = useTicketAssignees(tenantId);
  const list = useTickets(tenantId, { status, priority, assignee, createdBy: mine ? 'me' : undefined, search: search.trim() || undefined, orderBy });
  useLiveTickets(tenantId);
  const href = (id: string) => tenantDetailPageHref(PAGES.myTicket, id, tenantId);

  const columns: TableProps<TicketItem>['columns'] = [
    {
      key: 'title',
      title: t('fields.title'),
      render: (_, r) => (
        <Space size={8} align="start">
          <Badge dot={r.unread} status={r.unread ? 'processing' : undefined} data-testid={r.unread ? 'ticket-unread' : undefined}>
            <span style={{ display: 'inline-block', width: 4 }} />
          </Badge>
          <Link to={href(r.id)} data-testid={`ticket-link-${r.number}`}>
            <Typography.Text type="secondary">#{r.number}</Typography.Text> <Typography.Text strong={r.unread}>{r.title}</Typography.Text>
          </Link>
        </Space>
      ),
    },
    { key: 'status', title: t('fields.status'), render: (_, r) => <TicketStatusTag status={r.status} /> },
    { key: 'priority', title: t('fields.priority'), sorter: true, render: (_, r) => <TicketPriorityTag priority={r.priority} /> },
    { key: 'assignee', title: t('fields.assignee'), render: (_, r) => r.assigneeUser?.displayName ?? r.assigneeTeam?.name ?? t('fields.unassigned') },
    {
      key: 'dueAt',
      title: t('fields.due'),
      sorter: true,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <DueTime clock={r.firstResponse.doneAt ? r.resolution : r.firstResponse} testId={`ticket-due-${r.number}`} />
          <SlaStateTag state={r.slaState} />
        </Space>
      ),
    },
    { key: 'createdAt', title: t('fields.createdAt'), sorter: true, defaultSortOrder: 'descend', render: (_, r) => formatDateTime(r.createdAt) },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, r) => (
        <Button size="small" onClick={() => void navigate(href(r.id))}>
          {t('detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          can('CREATE_TICKET') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreateOpen(true)} data-testid="ticket-create">
              {t('create')}
            </Button>
          ) : null
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('filters.search')} aria-label={t('filters.search')} style={{ width: 260, maxWidth: '100%' }} onSearch={setSearch} data-testid="ticket-search" />
          <Select allowClear placeholder={t('fields.status')} aria-label={t('fields.status')} style={{ width: 160 }} value={status} onChange={setStatus} options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          <Select allowClear placeholder={t('fields.priority')} aria-label={t('fields.priority')} style={{ width: 160 }} value={priority} onChange={setPriority} options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('fields.assignee')}
            aria-label={t('fields.assignee')}
            style={{ width: 220, maxWidth: '100%' }}
            value={assignee}
            onChange={setAssignee}
            options={[
              { value: 'me', label: t('filters.assignedToMe') },
              { value: 'unassigned', label: t('fields.unassigned') },
              ...(assignees.data?.users ?? []).map((u) => ({ value: u.id, label: u.displayName || u.email })),
              ...(assignees.data?.teams ?? []).map((x) => ({ value: x.id, label: x.name })),
            ]}
          />
          <Select
            style={{ width: 180 }}
            aria-label={t('filters.createdBy')}
            value={mine ? 'me' : 'all'}
            onChange={(v: string) => setMine(v === 'me')}
            options={[
              { value: 'all', label: t('filters.everyone') },
              { value: 'me', label: t('filters.createdByMe') },
            ]}
          />
        </Flex>
        <DataTable<TicketItem>
          rowKey="id"
          data-testid="tickets-table"
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('empty') }}
          paging={list.paging}
          onChange={(_p, _f, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = SORTABLE.find((f) => f === one?.columnKey);
            setOrderBy(one?.order && field ? `${field}=${one.order === 'ascend' ? 'asc' : 'desc'}` : 'createdAt=desc');
          }}
        />
      </Card>
      <CreateTicketDialog
        open={createOpen}
        tenantId={tenantId}
        assignees={assignees.data}
        onClose={() => setCreateOpen(false)}
        onCreated={(created) => {
          setCreateOpen(false);
          void navigate(href(created.id));
        }}
      />
    </>
  );
}
