import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Statistic from 'antd/es/statistic';
import Alert from 'antd/es/alert';
import Skeleton from 'antd/es/skeleton';
import type { TaskCard } from '../api/types';

const FIELDS = ['statusView', 'totalTask', 'totalPending', 'totalApproval', 'totalReject', 'statusViewTicket', 'totalTicket', 'totalOpen', 'totalInprogress', 'totalResolved', 'totalClose'] as const satisfies ReadonlyArray<keyof TaskCard>;

/** §3 task counter card: unread and totals of requests by status, then of tickets by status. */
export function TaskCounterCard({ card, loading, failed }: { card: TaskCard | undefined; loading: boolean; failed: boolean }) {
  const { t } = useTranslation('tasks');
  return (
    <Card title={t('card.title')} size="small" data-testid="task-counter-card">
      {failed ? (
        <Alert type="warning" showIcon message={t('card.unavailable')} />
      ) : loading || !card ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 12 }}>
          {FIELDS.map((field) => (
            <Statistic key={field} title={t(`card.${field}`)} value={card[field]} valueStyle={{ fontSize: 20 }} data-testid={`card-${field}`} />
          ))}
        </div>
      )}
    </Card>
  );
}
