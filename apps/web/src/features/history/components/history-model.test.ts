import { describe, expect, it } from 'vitest';
import { defaultStatuses, HISTORY_COLUMNS, hiddenColumnsKey, historyPagination, LOCKED_COLUMNS, pageRequest, PINNED_LEFT, PINNED_RIGHT, sanitizeHidden, statusChoices, statusColor, statusLabel } from './history-model';

describe('sending history rules (§2.13, §4)', () => {
  it('uses the §4 default filters and OA choices', () => {
    expect(defaultStatuses('ZNS').sort()).toEqual(['ERROR', 'ERROR_CALL_ZALO', 'ERROR_PUSH_QUEUE', 'RECEIVED']);
    expect(defaultStatuses('OA')).toContain('PROCESSING');
    expect(statusChoices('OA')).not.toContain('PUSHED_ZALO');
    expect(statusChoices('ZNS')).toContain('PUSHED_ZALO');
  });

  it('colours and labels statuses', () => {
    expect(statusColor('PENDING')).toBe('gold');
    expect(statusColor('PROCESSING')).toBe('blue');
    expect(statusColor('ERROR_CALL_ZALO')).toBe('red');
    expect(statusColor('PUSHED_ZALO')).toBe('lime');
    expect(statusColor('RECEIVED')).toBe('green');
    expect(statusLabel('ERROR_CALL_ZALO', 'en')).toBe('ERROR CALL ZALO');
    expect(statusLabel('RECEIVED', 'vi')).toBe('Đã nhận');
  });

  it('walks pages by number within 1,000 rows, by cursor beyond', () => {
    const meta = { nextCursor: 'n', prevCursor: 'p' };
    expect(pageRequest(5, 10, 1, meta)).toEqual({ page: 5 });
    expect(pageRequest(101, 10, 100, meta)).toEqual({ page: 101 });
    expect(pageRequest(102, 10, 101, meta)).toEqual({ page: 102, cursor: 'n' });
    expect(pageRequest(102, 10, 103, meta)).toEqual({ page: 102, cursor: 'p' });
    expect(pageRequest(150, 10, 101, meta)).toBeNull();
  });

  it('shows the size changer from 10 records and hides a single page', () => {
    expect(historyPagination(9, 10)).toEqual({ showSizeChanger: false, hideOnSinglePage: true });
    expect(historyPagination(10, 10)).toEqual({ showSizeChanger: true, hideOnSinglePage: true });
    expect(historyPagination(11, 10)).toEqual({ showSizeChanger: true, hideOnSinglePage: false });
  });
});

describe('history columns (§2.9 drawer, §2.13)', () => {
  it('keeps only hideable columns of the module, once each', () => {
    expect(sanitizeHidden('ZNS', ['sessionId', 'phone', 'sessionId', 'status', 'trackingId', 'uid', 'nonsense'])).toEqual(['sessionId', 'phone']);
    expect(sanitizeHidden('OA', ['uid', 'phone', 'isCharged'])).toEqual(['uid']);
  });

  it('pins columns that exist in both modules and keeps them at the ends', () => {
    for (const module of ['ZNS', 'OA'] as const) {
      const columns: readonly string[] = HISTORY_COLUMNS[module];
      expect(columns.slice(0, PINNED_LEFT.length)).toEqual(PINNED_LEFT);
      expect(columns.slice(-PINNED_RIGHT.length)).toEqual(PINNED_RIGHT);
      for (const locked of LOCKED_COLUMNS) expect(columns).toContain(locked);
    }
    expect(hiddenColumnsKey('ZNS')).not.toEqual(hiddenColumnsKey('OA'));
  });
});
