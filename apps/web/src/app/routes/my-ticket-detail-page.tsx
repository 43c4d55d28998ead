import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import Spin from 'antd/es/spin';
import Alert from 'antd/es/alert';
import { TICKET_PRIORITIES, type TicketPriority, type TicketStatus } from '@zc/shared/api/tickets';
import { useTicket } from '../../features/tickets/api/get-ticket';
import { useTicketHistory } from '../../features/tickets/api/get-ticket-history';
import { useTicketAssignees } from '../../features/tickets/api/get-ticket-assignees';
import { useUpdateTicket } from '../../features/tickets/api/update-ticket';
import { useDeleteTicket } from '../../features/tickets/api/delete-ticket';
import { useMarkTicketViewed } from '../../features/tickets/api/mark-ticket-viewed';
import { useLiveTickets } from '../../features/tickets/api/use-live-tickets';
import { AssigneeSelect, assigneeFields, assigneeValue } from '../../features/tickets/components/assignee-select';
import { TicketComments } from '../../features/tickets/components/ticket-comments';
import { TicketHistory } from '../../features/tickets/components/ticket-history';
import { DueTime, SlaStateTag, TicketPriorityTag, TicketStatusTag } from '../../features/tickets/components/ticket-tags';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/formatters';
import { PAGES, tenantHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';

/** The button text of a status move (reopen when a done ticket goes back). */
function moveKey(from: TicketStatus, to: TicketStatus): string {
  return (from === 'RESOLVED' || from === 'CLOSED') && (to === 'OPEN' || to === 'INPROGRESS') ? `actions.reopen${to}` : `actions.to${to}`;
}

/** /tenant/my-task/tickets/{id}: status actions, priority, assignee, due times, comments and history. */
export function MyTicketDetailPage() {
  const { can } = usePermissions();
  if (!can('VIEW_TICKET')) return <ErrorResult status={403} />;
  return <TicketDetailView />;
}

function TicketDetailView() {
  const { t } = useTranslation('tickets');
  const { id = '' } = useParams();
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const ticket = useTicket(tenantId, id);
  const history = useTicketHistory(tenantId, id);
  const assignees = useTicketAssignees(tenantId);
  const update = useUpdateTicket();
  const remove = useDeleteTicket();
  const markViewed = useMarkTicketViewed();
  useLiveTickets(tenantId);
  // Opening the ticket (and every change seen here) marks it viewed.
  const seenAt = useRef<string | null>(null);
  const data = ticket.data;
  useEffect(() => {
    if (!data || !data.unread || seenAt.current === data.updatedAt) return;
    seenAt.current = data.updatedAt;
    markViewed.mutate({ tenantId, id: data.id });
  }, [data, tenantId, markViewed]);

  if (ticket.error) return <ErrorResult status={ticket.error instanceof ApiError && ticket.error.status === 404 ? 404 : 500} />;
  if (!data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  const change = (body: Parameters<typeof update.mutateAsync>[0]['body']) => update.mutateAsync({ tenantId, id: data.id, body }).catch((e: unknown) => void message.error(errorText(e)));
  const slaAlert = data.slaState === 'ok' ? null : (
    <Alert type={data.slaState === 'breached' ? 'error' : 'warning'} showIcon message={t(`sla.alert.${data.slaState}`)} style={{ marginBottom: 16 }} data-testid="ticket-sla-alert" />
  );

  return (
    <>
      <PageHeader
        title={
          <span style={{ overflowWrap: 'anywhere' }}>
            <Typography.Text type="secondary">#{data.number}</Typography.Text> {data.title}
          </span>
        }
        extra={
          <Flex gap={8} wrap>
            {data.nextStatuses.map((s) => (
              <Button key={s} onClick={() => void change({ status: s })} loading={update.isPending} data-testid={`ticket-move-${s}`}>
                {t(moveKey(data.status, s))}
              </Button>
            ))}
            {data.abilities.delete ? (
              <Popconfirm
                title={t('deleteTitle')}
                description={t('deleteText', { number: data.number })}
                okText={t('common:confirm')}
                cancelText={t('common:cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutateAsync({ tenantId, id: data.id }).then(
                    () => {
                      void message.success(t('deleted'));
                      void navigate(tenantHref(PAGES.myTickets, tenantId));
                    },
                    (e: unknown) => void message.error(errorText(e)),
                  )
                }
              >
                <Button danger data-testid="ticket-delete">
                  {t('delete')}
                </Button>
              </Popconfirm>
            ) : null}
          </Flex>
        }
      />
      {slaAlert}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title={t('fields.description')} style={{ marginBottom: 16 }}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }}>{data.description || t('noDescription')}</Typography.Paragraph>
          </Card>
          <Card title={t('comments.title', { count: data.commentCount })}>
            <TicketComments tenantId={tenantId} ticketId={data.id} canComment={data.abilities.comment} people={assignees.data?.users ?? []} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('info')} style={{ marginBottom: 16 }}>
            <Descriptions column={1} size="small" data-testid="ticket-info">
              <Descriptions.Item label={t('fields.status')}>
                <TicketStatusTag status={data.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.priority')}>
                {data.abilities.update ? (
                  <Select<TicketPriority>
                    size="small"
                    style={{ width: 140 }}
                    aria-label={t('fields.priority')}
                    value={data.priority}
                    onChange={(p) => void change({ priority: p })}
                    options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
                    data-testid="ticket-priority-select"
                  />
                ) : (
                  <TicketPriorityTag priority={data.priority} />
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.assignee')}>
                {data.abilities.update ? (
                  <AssigneeSelect options={assignees.data} value={assigneeValue(data.assigneeUser?.id, data.assigneeTeam?.id)} onChange={(v) => void change(assigneeFields(v))} testId="ticket-assignee-select" />
                ) : (
                  (data.assigneeUser?.displayName ?? data.assigneeTeam?.name ?? t('fields.unassigned'))
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.sla')}>
                <SlaStateTag state={data.slaState} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.firstResponseDue')}>
                <DueTime clock={data.firstResponse} testId="ticket-first-response-due" />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.resolutionDue')}>
                <DueTime clock={data.resolution} testId="ticket-resolution-due" />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.createdBy')}>{data.createdBy?.displayName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(data.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.updatedAt')}>{formatDateTime(data.updatedAt)}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t('history.title')}>{history.data ? <TicketHistory entries={history.data} /> : <Spin />}</Card>
        </Col>
      </Row>
    </>
  );
}
