import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';

/**
 * One figure: its name, the value as shown (compact: 1.2K) with the exact value in the tooltip, and
 * an optional line under it (a rate, a balance).
 */
export function StatCard({ title, value, exact, sub, testId }: { title: string; value: string; exact?: string; sub?: ReactNode; testId?: string }) {
  const { t } = useTranslation('dashboards');
  return (
    <Card size="small" data-testid={testId} style={{ height: '100%' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {title}
      </Typography.Text>
      <div style={{ fontSize: 22, fontWeight: 600, overflowWrap: 'anywhere' }} title={exact ? t('cards.fullValue', { value: exact }) : undefined} data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </div>
      {sub ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', overflowWrap: 'anywhere' }}>
          {sub}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

/** The cards' grid: as many 130 px columns as fit (eight on a desktop, two on a phone). */
export function StatGrid({ children, testId, dim = false }: { children: ReactNode; testId?: string; dim?: boolean }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 12, marginBottom: 16, opacity: dim ? 0.6 : 1 }} data-testid={testId}>
      {children}
    </div>
  );
}
