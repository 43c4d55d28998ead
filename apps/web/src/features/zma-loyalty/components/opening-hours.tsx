import { useTranslation } from 'react-i18next';
import type { OpeningHoursEntry } from '@zc/shared/api/zma-loyalty';
import { summariseHours } from '../branch-form';

/** Opening hours grouped by identical hours ("Mon, Tue: 08:00–22:00"); — when none are set. */
export function OpeningHours({ entries, compact = false }: { entries: readonly OpeningHoursEntry[]; compact?: boolean }) {
  const { t } = useTranslation('zma-loyalty');
  const groups = summariseHours(entries);
  if (groups.length === 0) return <span>—</span>;
  return (
    <div style={{ fontSize: compact ? 12 : undefined, whiteSpace: compact ? 'nowrap' : undefined }}>
      {groups.map((g) => (
        <div key={`${g.open}-${g.close}`}>
          {t('branch.hoursLine', { days: g.days.map((d) => t(`weekdayShort.${d}`)).join(', '), open: g.open, close: g.close })}
        </div>
      ))}
    </div>
  );
}
