import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { DATE_FORMATS } from '@zc/shared/limits';
import { readReportFilter, REPORT_MAX_DAYS, vnToday } from './report-range';

export interface ReportFilterValue<G extends string> {
  from: string;
  to: string;
  groupBy: G;
}

/** The report filter kept in the address (from, to, groupBy), so a reload or a shared link shows the same report. */
export function useReportFilter<G extends string>(groups: readonly G[], fallback: G): [ReportFilterValue<G>, (next: ReportFilterValue<G>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filter = useMemo(() => readReportFilter(new URLSearchParams(key), groups, fallback), [key, groups, fallback]);
  const set = useCallback(
    (next: ReportFilterValue<G>) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set('from', next.from);
          out.set('to', next.to);
          out.set('groupBy', next.groupBy);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filter, set];
}

/** Date range (days in Vietnam time, nothing after today, at most REPORT_MAX_DAYS) and the grouping; `extra` holds the export buttons. */
export function ReportFilters<G extends string>({ value, groups, onChange, extra }: { value: ReportFilterValue<G>; groups: readonly G[]; onChange: (next: ReportFilterValue<G>) => void; extra?: ReactNode }) {
  const { t } = useTranslation('reports');
  const today = dayjs(vnToday());
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Flex wrap gap={12} align="center">
        <DatePicker.RangePicker
          aria-label={t('filters.range')}
          value={[dayjs(value.from), dayjs(value.to)]}
          format={DATE_FORMATS.display}
          allowClear={false}
          inputReadOnly
          style={{ maxWidth: '100%' }}
          disabledDate={(d, info) => d.isAfter(today, 'day') || Boolean(info.from && Math.abs(d.diff(info.from, 'day')) >= REPORT_MAX_DAYS)}
          onChange={(v) => {
            if (v?.[0] && v[1]) onChange({ ...value, from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
          }}
          data-testid="report-range"
        />
        <Select<G>
          aria-label={t('filters.groupBy')}
          value={value.groupBy}
          onChange={(g) => onChange({ ...value, groupBy: g })}
          options={groups.map((g) => ({ value: g, label: t(`groupBy.${g}`) }))}
          style={{ minWidth: 160 }}
          data-testid="report-group-by"
          prefix={<Typography.Text type="secondary">{t('filters.groupBy')}</Typography.Text>}
        />
        {extra}
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {t('filters.hint', { days: REPORT_MAX_DAYS })}
      </Typography.Text>
    </Card>
  );
}
