import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { barValues, counterColumns, messageSeries, sumCounters } from './counters';
import { breakdownLabel } from './breakdown-view';

const t = ((key: string) => key) as unknown as TFunction<'dashboards'>;
const c = (total: number, sent: number, delivered: number, failed: number, pending: number, cost = 0) => ({ total, sent, delivered, failed, pending, cost, listCost: cost, deliveryRate: sent ? delivered / sent : 0 });

describe('dashboard counters', () => {
  it('splits a bar into delivered, sent-not-delivered, failed and pending that add up to the total', () => {
    const row = c(10, 7, 5, 2, 1);
    expect(barValues(row)).toEqual([5, 2, 2, 1]);
    expect(barValues(row).reduce((a, b) => a + b, 0)).toBe(row.total);
  });

  it('sums rows for a table total with the delivery rate over the sums', () => {
    expect(sumCounters([c(10, 8, 6, 2, 0, 1000), c(5, 2, 2, 0, 3, 500)])).toEqual({ total: 15, sent: 10, delivered: 8, failed: 2, pending: 3, cost: 1500, listCost: 1500, deliveryRate: 0.8 });
    expect(sumCounters([]).deliveryRate).toBe(0);
  });

  it('charts sent, delivered and failed per bucket', () => {
    const s = messageSeries([{ bucket: '2026-11-26', ...c(3, 2, 1, 1, 0) }], t);
    expect(s.map((x) => [x.key, x.values])).toEqual([
      ['sent', [2]],
      ['delivered', [1]],
      ['failed', [1]],
    ]);
  });

  it('writes counts with comma thousands, rates as percentages and cost in VND in tables', () => {
    const cols = counterColumns<ReturnType<typeof c>>(t);
    const render = (key: string, v: number) => (cols.find((x) => x.key === key) as { render: (v: number) => string }).render(v);
    expect(render('total', 1234567)).toBe('1,234,567');
    expect(render('deliveryRate', 0.935)).toBe('93.5%');
    expect(render('cost', 1800)).toBe('1,800 ₫');
  });

  it('names breakdown rows: types translated, missing keys as none / no OA', () => {
    expect(breakdownLabel('type', { key: 'CS', label: 'CS' }, t)).toBe('messages.types.CS');
    expect(breakdownLabel('template', { key: '', label: '' }, t)).toBe('messages.none');
    expect(breakdownLabel('oaRow', { key: '', label: '' }, t)).toBe('byOa.noOa');
    expect(breakdownLabel('template', { key: '123', label: 'Mã xác thực OTP' }, t)).toBe('Mã xác thực OTP');
  });
});
