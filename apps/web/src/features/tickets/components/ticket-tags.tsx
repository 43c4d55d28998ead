import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { TicketItem, TicketPriority, TicketStatus } from '@zc/shared/api/tickets';
import { formatDateTime } from '../../../lib/formatters';

const STATUS_COLOR: Record<TicketStatus, string> = { OPEN: 'blue', INPROGRESS: 'gold', RESOLVED: 'green', CLOSED: 'default' };
const PRIORITY_COLOR: Record<TicketPriority, string> = { LOW: 'default', MEDIUM: 'blue', HIGH: 'orange', URGENT: 'red' };

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="ticket-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

export function TicketPriorityTag({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation('tickets');
  return <Tag color={PRIORITY_COLOR[priority]}>{t(`priority.${priority}`)}</Tag>;
}

type Clock = TicketItem['firstResponse'];
const CLOCK_COLOR: Record<Clock['state'], 'success' | 'warning' | 'danger' | undefined> = { ok: undefined, warning: 'warning', breached: 'danger', met: 'success' };

/** A due time coloured by its clock's state (warning amber, breached red, met green), with the state in words. */
export function DueTime({ clock, testId }: { clock: Clock; testId?: string }) {
  const { t } = useTranslation('tickets');
  if (!clock.dueAt) return <span>—</span>;
  return (
    <Tooltip title={t(`sla.clockState.${clock.state}`)}>
      <Typography.Text type={CLOCK_COLOR[clock.state]} data-testid={testId} data-state={clock.state} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(clock.dueAt)}
      </Typography.Text>
    </Tooltip>
  );
}

const SLA_COLOR = { ok: 'green', warning: 'orange', breached: 'red' } as const;

export function SlaStateTag({ state }: { state: TicketItem['slaState'] }) {
  const { t } = useTranslation('tickets');
  return (
    <Tag color={SLA_COLOR[state]} data-testid="ticket-sla-state" data-state={state}>
      {t(`sla.state.${state}`)}
    </Tag>
  );
}
