import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import type { ZmaStatus } from '@zc/shared/api/zma';
import { formatDateTime } from '../../../lib/formatters';

export function StatusTag({ status }: { status: ZmaStatus }) {
  const { t } = useTranslation('zma-draw');
  return (
    <Tag color={status === 'ACTIVE' ? 'green' : 'default'} data-testid="status-tag">
      {t(`status.${status}`)}
    </Tag>
  );
}

/** "from – to", "from …", "… to", or "always" (a schedule may be open on either side). */
export function useScheduleText() {
  const { t } = useTranslation('zma-draw');
  return (startsAt: string | null, endsAt: string | null) => {
    if (startsAt && endsAt) return t('schedule.between', { from: formatDateTime(startsAt), to: formatDateTime(endsAt) });
    if (startsAt) return t('schedule.from', { from: formatDateTime(startsAt) });
    if (endsAt) return t('schedule.until', { to: formatDateTime(endsAt) });
    return t('schedule.always');
  };
}

/** A server field path (`body.prizes.1.stock`) as the form names it (`prizes.1.stock`). */
export function fieldPath(path: string): string {
  return path.replace(/^body\./, '');
}
