import { withDeliveryRate, type StatCounters } from '@zc/shared/api/stats';
import type { Report, ReportExport, ReportFormat, ReportSchedule } from '@zc/shared/api/reports';
import { CSV_BOM, csvRow } from '../../platform/csv';
import { writeXlsx, XLSX_CONTENT_TYPE, type XlsxCell } from '../../platform/xlsx';
import type { Actor } from '../../platform/policy';
import { scheduleAbilities } from './policy';
import type { ReportExportRow, ReportScheduleRow, Sums } from './repo';

export type Lang = 'vi' | 'en';

/** Counters with the delivery rate; cost and list cost rounded to whole đồng. */
export function counters(s: Sums): StatCounters {
  return withDeliveryRate({ total: s.total, sent: s.sent, delivered: s.delivered, failed: s.failed, pending: s.pending, cost: Math.round(s.cost), listCost: Math.round(s.listCost) });
}

const HEADINGS: Record<Lang, { key: string; label: string; total: string; sent: string; delivered: string; failed: string; pending: string; rate: string; cost: string; listCost: string; discount: string; totals: string }> = {
  vi: {
    key: 'Mã',
    label: 'Tên',
    total: 'Tổng tin',
    sent: 'Đã gửi',
    delivered: 'Đã nhận',
    failed: 'Thất bại',
    pending: 'Đang chờ',
    rate: 'Tỷ lệ nhận (%)',
    cost: 'Chi phí (VND)',
    listCost: 'Giá niêm yết (VND)',
    discount: 'Chiết khấu (VND)',
    totals: 'Tổng cộng',
  },
  en: {
    key: 'Key',
    label: 'Name',
    total: 'Messages',
    sent: 'Sent',
    delivered: 'Delivered',
    failed: 'Failed',
    pending: 'Pending',
    rate: 'Delivery rate (%)',
    cost: 'Cost (VND)',
    listCost: 'List cost (VND)',
    discount: 'Discount (VND)',
    totals: 'Total',
  },
};

/** Labels the server writes into files and mails (the web translates the keys itself). */
export const STATUS_LABELS: Record<Lang, Record<'pending' | 'sent' | 'delivered' | 'failed', string>> = {
  vi: { pending: 'Đang chờ', sent: 'Đã gửi, chưa nhận', delivered: 'Đã nhận', failed: 'Thất bại' },
  en: { pending: 'Pending', sent: 'Sent, not yet delivered', delivered: 'Delivered', failed: 'Failed' },
};
export const NONE_LABEL: Record<Lang, string> = { vi: '(không có)', en: '(none)' };

const percent = (rate: number) => Math.round(rate * 10_000) / 100;

/** A file row; `noCost` for the status buckets, whose cost is not kept apart (cost is per message: the totals row carries it). */
function cells(key: string, label: string, c: StatCounters, noCost = false): XlsxCell[] {
  const money: XlsxCell[] = noCost ? ['', '', ''] : [c.cost, c.listCost, c.listCost - c.cost];
  return [key, label, c.total, c.sent, c.delivered, c.failed, c.pending, percent(c.deliveryRate), ...money];
}

export interface ReportFile {
  buf: Buffer;
  contentType: string;
  fileName: string;
  rows: number;
}

export function reportFileName(scope: 'tenant' | 'organisation', groupBy: string, from: string, to: string, format: ReportFormat): string {
  return `${scope === 'organisation' ? 'organisation-report' : 'report'}-${groupBy}-${from}-${to}.${format}`;
}

/** The report as a CSV (UTF-8 with BOM; cells made formula-safe) or XLSX file: one row per report row, then the totals. */
export function reportFile(r: Report, scope: 'tenant' | 'organisation', format: ReportFormat, lang: Lang): ReportFile {
  const h = HEADINGS[lang];
  const header = [h.key, h.label, h.total, h.sent, h.delivered, h.failed, h.pending, h.rate, h.cost, h.listCost, h.discount];
  const body = r.rows.map((x) => cells(x.key, x.label, x, r.groupBy === 'status'));
  const all = [...body, cells('', h.totals, r.totals)];
  const fileName = reportFileName(scope, r.groupBy, r.from, r.to, format);
  if (format === 'csv') {
    const text = CSV_BOM + csvRow(header) + all.map((c) => csvRow(c)).join('');
    return { buf: Buffer.from(text, 'utf8'), contentType: 'text/csv; charset=utf-8', fileName, rows: r.rows.length };
  }
  return { buf: writeXlsx({ name: `${r.from} ${r.to}`, header, rows: all }), contentType: XLSX_CONTENT_TYPE, fileName, rows: r.rows.length };
}

export function presentExport(row: ReportExportRow): ReportExport {
  return {
    id: row.id,
    scope: row.scope,
    format: row.format,
    groupBy: row.groupBy,
    from: row.fromDay,
    to: row.toDay,
    status: row.status,
    rows: row.rows,
    fileName: row.fileName,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function presentSchedule(row: ReportScheduleRow, actor: Actor): ReportSchedule {
  return {
    id: row.id,
    frequency: row.frequency,
    recipients: row.recipients,
    format: row.format,
    groupBy: row.groupBy,
    lang: row.lang === 'en' ? 'en' : 'vi',
    lastPeriod: row.lastPeriod,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    abilities: scheduleAbilities(actor),
  };
}

/** What the audit log keeps of a schedule. */
export function scheduleAudit(row: ReportScheduleRow) {
  return { frequency: row.frequency, recipients: row.recipients, format: row.format, groupBy: row.groupBy, lang: row.lang };
}
