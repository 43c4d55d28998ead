import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import type { StatisticPeriod } from '@zc/shared/api/oa-analytics';
import { DATE_FORMATS } from '@zc/shared/limits';
import { STATISTIC_PERIODS } from './stat-rules';
import { changePeriod, ISO_DAY, maxDaysOf, readRange, vnTodayDayjs, type StatRange } from './stat-range';

/**
 * The range of a dashboard page, kept in the URL (from, to, period) so a drill-down link, a reload
 * or a shared address shows the same figures. Other query parameters (tenantId) stay.
 */
export function useRangeParams(withPeriod: boolean): [StatRange, (next: StatRange) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Derived from the query string (params is a new object on every render).
  const range = useMemo(() => readRange(new URLSearchParams(key), withPeriod), [key, withPeriod]);
  const setRange = useCallback(
    (next: StatRange) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set('from', next.from);
          out.set('to', next.to);
          if (withPeriod) out.set('period', next.period);
          else out.delete('period');
          return out;
        },
        { replace: true },
      );
    },
    [setParams, withPeriod],
  );
  return [range, setRange];
}

/**
 * Date range (antd RangePicker, days in Vietnam time, nothing after today; a range longer than the
 * period answers cannot be picked) and, for charts, the statistic period (§3: hourly, daily, monthly).
 */
export function RangeFilter({ range, onChange, withPeriod = true, extra }: { range: StatRange; onChange: (next: StatRange) => void; withPeriod?: boolean; extra?: ReactNode }) {
  const { t } = useTranslation('dashboards');
  const maxDays = maxDaysOf(withPeriod ? range.period : null);
  const value: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs(range.from), dayjs(range.to)];
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Flex wrap gap={12} align="center">
        <DatePicker.RangePicker
          aria-label={t('range.label')}
          value={value}
          format={DATE_FORMATS.display}
          allowClear={false}
          inputReadOnly
          style={{ maxWidth: '100%' }}
          disabledDate={(d, info) => d.isAfter(vnTodayDayjs(), 'day') || Boolean(info.from && Math.abs(d.diff(info.from, 'day')) >= maxDays)}
          onChange={(v) => {
            if (v?.[0] && v[1]) onChange({ ...range, from: v[0].format(ISO_DAY), to: v[1].format(ISO_DAY) });
          }}
          data-testid="dashboard-range"
        />
        {withPeriod ? (
          <Segmented<StatisticPeriod>
            aria-label={t('range.period')}
            value={range.period}
            onChange={(p) => onChange(changePeriod(range, p))}
            options={STATISTIC_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
            data-testid="dashboard-period"
          />
        ) : null}
        {extra}
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {t(withPeriod ? 'range.hint' : 'range.listHint', { days: maxDays })}
      </Typography.Text>
    </Card>
  );
}
