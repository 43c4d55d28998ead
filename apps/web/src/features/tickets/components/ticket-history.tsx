import { useTranslation } from 'react-i18next';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import type { TicketHistoryEntry } from '@zc/shared/api/tickets';
import { formatDateTime } from '../../../lib/formatters';

const CODED = new Set(['status', 'priority']);

/** The history timeline: who changed which field from what to what, oldest first. */
export function TicketHistory({ entries }: { entries: TicketHistoryEntry[] }) {
  const { t } = useTranslation('tickets');
  const value = (field: string, v: string | null) => {
    if (v === null) return t('history.none');
    return CODED.has(field) ? t(`${field}.${v}`) : v;
  };
  return (
    <Timeline
      data-testid="ticket-history"
      items={entries.map((e) => ({
        key: e.id,
        children: (
          <div>
            <Typography.Text>
              {e.field === 'created'
                ? t('history.created', { actor: e.actor?.displayName ?? t('comments.deletedUser') })
                : e.field === 'description'
                  ? t('history.description', { actor: e.actor?.displayName ?? t('comments.deletedUser') })
                  : t('history.changed', { actor: e.actor?.displayName ?? t('comments.deletedUser'), field: t(`history.fields.${e.field}`), from: value(e.field, e.from), to: value(e.field, e.to) })}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(e.createdAt)}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
