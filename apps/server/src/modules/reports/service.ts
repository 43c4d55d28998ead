import {
  REPORT_NONE_KEY,
  REPORT_SCHEDULES_MAX,
  REPORT_SYNC_EXPORT_ROWS,
  type OrgReportGroupBy,
  type Report,
  type ReportExportBody,
  type ReportFailure,
  type ReportFormat,
  type ReportGroupBy,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@zc/shared/api/reports';
import { statRangeProblem } from '@zc/shared/api/stats';
import { STATS_NONE_UUID } from '../../db/schema/stats';
import { explainZaloError } from '@zc/zalo/error-catalog';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { keyedHash, safeEqual } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import { queueMail } from '../../platform/mail';
import type { Actor } from '../../platform/policy';
import { scopedTenantId, trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { apiKeyRefs } from '../api-keys/service';
import { campaignRefs } from '../campaigns/service';
import { organisationSums } from '../stats/service';
import { teamNames } from '../teams/service';
import { templateNames } from '../templates/service';
import { daysOf, previousPeriod, previousWeek, previousMonth } from './periods';
import { counters, NONE_LABEL, presentExport, presentSchedule, reportFile, reportFileName, scheduleAudit, STATUS_LABELS, type Lang, type ReportFile } from './presenter';
import {
  countSchedules,
  deleteExpiredExports,
  deleteSchedule,
  findDueScheduleIds,
  findExport,
  findExportById,
  findSchedule,
  findStalePendingExports,
  findTenantRef,
  findTenantsOfMerchant,
  finishExport,
  insertExport,
  insertSchedule,
  listSchedules,
  lockScheduleForSend,
  recordScheduleError,
  sumFailures,
  sumOrganisationByTenant,
  sumTenant,
  sumTenantByDay,
  sumTenantByKey,
  sumTenantByKeyAndCampaign,
  updateSchedule,
  type ReportExportRow,
  type Sums,
} from './repo';

/**
 * Reports (issue 16 #4) read the message statistics rollups only (ADR 0024). The query functions
 * (`tenantReport`, `tenantFailures`, `organisationReport`) are also what the dashboards bench times.
 */

const ZERO: Sums = { total: 0, pending: 0, sent: 0, delivered: 0, failed: 0, cost: 0, listCost: 0 };
/** How long an export's file (and a report mail's link) stays downloadable. */
export const REPORT_FILE_TTL_DAYS = 30;

/** 422 DATE_RANGE_INVALID naming the field, when the range is reversed, not days, or longer than allowed. */
export function assertReportRange(from: string, to: string, where: 'querystring' | 'body' = 'querystring'): void {
  const p = statRangeProblem(from, to);
  if (p) throw new AppError('DATE_RANGE_INVALID', p.message, { fields: [{ path: `${where}.${p.field}`, code: 'date_range', message: p.message }], maxDays: p.maxDays });
}

const byTotal = (a: { total: number; key: string }, b: { total: number; key: string }) => b.total - a.total || a.key.localeCompare(b.key);
const add = (a: Sums, b: Sums): Sums => ({
  total: a.total + b.total,
  pending: a.pending + b.pending,
  sent: a.sent + b.sent,
  delivered: a.delivered + b.delivered,
  failed: a.failed + b.failed,
  cost: a.cost + b.cost,
  listCost: a.listCost + b.listCost,
});
const isNone = (key: string) => key === '' || key === STATS_NONE_UUID;

/** Every day of the range, in order, with zeros for days without messages. */
function fillDays(rows: Array<Sums & { key: string }>, from: string, to: string) {
  const by = new Map(rows.map((r) => [r.key, r]));
  return daysOf(from, to).map((d) => ({ key: d, label: d, ...counters(by.get(d) ?? ZERO) }));
}

/** Rows whose key is an id: named by `names`, the none key (REPORT_NONE_KEY) for messages without one, the most messages first. */
function named(rows: Array<Sums & { key: string }>, names: Map<string, string>, lang: Lang) {
  const merged = new Map<string, Sums>();
  for (const r of rows) {
    const key = isNone(r.key) ? REPORT_NONE_KEY : r.key;
    merged.set(key, add(merged.get(key) ?? ZERO, r));
  }
  return [...merged]
    .map(([key, s]) => ({ key, label: key === REPORT_NONE_KEY ? NONE_LABEL[lang] : (names.get(key) ?? key), ...counters(s) }))
    .sort(byTotal);
}

/** The tenant's report: one row per day / type / status bucket / template / API key / campaign / team, and the totals. */
export async function tenantReport(db: DbOrTx, scope: TenantScope, q: { from: string; to: string; groupBy: ReportGroupBy }, lang: Lang = 'en'): Promise<Report> {
  assertReportRange(q.from, q.to);
  const range = { from: q.from, to: q.to };
  const total = await sumTenant(db, scope, range);
  let rows: Report['rows'];
  switch (q.groupBy) {
    case 'day':
      rows = fillDays(await sumTenantByDay(db, scope, range), q.from, q.to);
      break;
    case 'status': {
      // Disjoint buckets, so that the rows add up to the total: sent here is "sent, not yet delivered".
      const only = (key: 'pending' | 'sent' | 'delivered' | 'failed', n: number, extra: Partial<Sums> = {}) => ({
        key,
        label: STATUS_LABELS[lang][key],
        ...counters({ ...ZERO, total: n, [key]: n, ...extra }),
      });
      rows = [
        only('pending', total.pending),
        only('sent', total.sent - total.delivered),
        only('delivered', total.delivered, { sent: total.delivered }),
        only('failed', total.failed),
      ];
      break;
    }
    case 'type':
      rows = (await sumTenantByKey(db, scope, range, 'type')).map((r) => ({ key: r.key, label: r.key, ...counters(r) })).sort(byTotal);
      break;
    case 'template': {
      const raw = await sumTenantByKey(db, scope, range, 'templateId');
      rows = named(raw, await templateNames(db, scope, raw.map((r) => r.key).filter((k) => !isNone(k))), lang);
      break;
    }
    case 'apiKey': {
      const raw = await sumTenantByKey(db, scope, range, 'apiKeyId');
      const refs = await apiKeyRefs(db, scope, raw.map((r) => r.key).filter((k) => !isNone(k)));
      rows = named(raw, new Map([...refs].map(([id, r]) => [id, r.name])), lang);
      break;
    }
    case 'campaign': {
      const raw = await sumTenantByKey(db, scope, range, 'campaignId');
      const refs = await campaignRefs(db, scope, raw.map((r) => r.key).filter((k) => !isNone(k)));
      rows = named(raw, new Map([...refs].map(([id, r]) => [id, r.name])), lang);
      break;
    }
    case 'team': {
      // The team of a message is its campaign's team, else its API key's (ADR 0024: joined at read time).
      const raw = await sumTenantByKeyAndCampaign(db, scope, range);
      const keys = await apiKeyRefs(db, scope, [...new Set(raw.map((r) => r.apiKeyId).filter((k) => !isNone(k)))]);
      const camps = await campaignRefs(db, scope, [...new Set(raw.map((r) => r.campaignId).filter((k) => !isNone(k)))]);
      const withTeam = raw.map((r) => ({ ...r, key: camps.get(r.campaignId)?.teamId ?? keys.get(r.apiKeyId)?.teamId ?? '' }));
      rows = named(withTeam, await teamNames(db, scope, [...new Set(withTeam.map((r) => r.key).filter((k) => !isNone(k)))]), lang);
      break;
    }
  }
  return { from: q.from, to: q.to, groupBy: q.groupBy, rows, totals: counters(total) };
}

const NO_CODE = {
  en: { meaning: 'Failed before Zalo answered (no Zalo error code): the queue or the connection to Zalo failed.', action: 'Retry the send; contact support if it keeps happening.' },
  vi: { meaning: 'Lỗi trước khi Zalo phản hồi (không có mã lỗi Zalo): hàng đợi hoặc kết nối tới Zalo bị lỗi.', action: 'Gửi lại; liên hệ hỗ trợ nếu lỗi lặp lại.' },
};

/** The tenant's failed messages per module and Zalo error code, with the catalogue's explanation in English and Vietnamese. */
export async function tenantFailures(db: DbOrTx, scope: TenantScope, q: { from: string; to: string }): Promise<ReportFailure[]> {
  assertReportRange(q.from, q.to);
  return (await sumFailures(db, scope, q)).map((r) => {
    const e = r.errorCode === 0 ? NO_CODE : explainZaloError(r.errorCode, r.module === 'ZNS' ? 'zns' : 'oa');
    return { module: r.module, errorCode: r.errorCode, count: r.count, message: e.en.meaning, messageVi: e.vi.meaning, action: e.en.action, actionVi: e.vi.action };
  });
}

/** The organisation's report over all its tenants: per tenant (named), per day or per type. */
export async function organisationReport(db: DbOrTx, merchantId: string, q: { from: string; to: string; groupBy: OrgReportGroupBy }): Promise<Report> {
  assertReportRange(q.from, q.to);
  const range = { from: q.from, to: q.to };
  // Per tenant from the tenants' daily rollup; per type and per day from the organisation's own (a few rows a day).
  const raw =
    q.groupBy === 'tenant'
      ? await sumOrganisationByTenant(db, merchantId, range)
      : await organisationSums(db, merchantId, q.from, q.to, q.groupBy);
  const totals = counters(raw.reduce(add, ZERO));
  let rows: Report['rows'];
  if (q.groupBy === 'day') rows = fillDays(raw, q.from, q.to);
  else if (q.groupBy === 'type') rows = raw.map((r) => ({ key: r.key, label: r.key, ...counters(r) })).sort(byTotal);
  else {
    // Every tenant of the organisation, those without messages too.
    const by = new Map(raw.map((r) => [r.key, r]));
    rows = (await findTenantsOfMerchant(db, merchantId)).map((t) => ({ key: t.id, label: t.name, ...counters(by.get(t.id) ?? ZERO) })).sort(byTotal);
  }
  return { from: q.from, to: q.to, groupBy: q.groupBy, rows, totals };
}

/* ─── Exports ─── */

export type ExportTarget = { scope: 'tenant'; tenant: TenantScope; merchantId: string } | { scope: 'organisation'; merchantId: string };

async function buildReport(db: DbOrTx, target: ExportTarget, q: { from: string; to: string; groupBy: string }, lang: Lang): Promise<Report> {
  if (target.scope === 'organisation') return organisationReport(db, target.merchantId, { ...q, groupBy: q.groupBy as OrgReportGroupBy });
  return tenantReport(db, target.tenant, { ...q, groupBy: q.groupBy as ReportGroupBy }, lang);
}

const ORG_GROUPS: readonly string[] = ['tenant', 'day', 'type'];
const TENANT_GROUPS: readonly string[] = ['day', 'type', 'status', 'template', 'apiKey', 'campaign', 'team'];

export type ExportOutcome = { kind: 'file'; file: ReportFile } | { kind: 'async'; row: ReportExportRow };

/**
 * An export: at most `syncLimit` rows are answered as the file at once; a larger one becomes a
 * PENDING report_exports row the report export job writes (the caller enqueues it after commit).
 */
export async function requestExport(
  tx: Tx,
  target: ExportTarget,
  userId: string,
  body: Required<Pick<ReportExportBody, 'format' | 'groupBy' | 'from' | 'to'>> & { lang?: Lang | undefined },
  opts: { syncLimit?: number; now?: Date } = {},
): Promise<ExportOutcome> {
  const groups = target.scope === 'organisation' ? ORG_GROUPS : TENANT_GROUPS;
  if (!groups.includes(body.groupBy)) {
    throw new AppError('VALIDATION_FAILED', `groupBy must be one of ${groups.join(', ')} for this report`, { fields: [{ path: 'body.groupBy', code: 'invalid_value', message: `one of ${groups.join(', ')}` }] });
  }
  assertReportRange(body.from, body.to, 'body');
  const lang = body.lang ?? 'vi';
  const report = await buildReport(tx, target, body, lang);
  if (report.rows.length <= (opts.syncLimit ?? REPORT_SYNC_EXPORT_ROWS)) return { kind: 'file', file: reportFile(report, target.scope, body.format, lang) };
  const now = opts.now ?? new Date();
  const row = await insertExport(tx, {
    merchantId: target.merchantId,
    tenantId: target.scope === 'tenant' ? scopedTenantId(target.tenant) : null,
    userId,
    scope: target.scope,
    format: body.format,
    groupBy: body.groupBy,
    fromDay: body.from,
    toDay: body.to,
    lang,
    status: 'PENDING',
    rows: report.rows.length,
    fileName: reportFileName(target.scope, body.groupBy, body.from, body.to, body.format),
    expiresAt: new Date(now.getTime() + REPORT_FILE_TTL_DAYS * 86_400_000),
  });
  await emitEvent(tx, { type: 'report_export.changed', tenantId: row.tenantId, merchantId: row.merchantId, data: { exportId: row.id, userId, status: row.status, rows: row.rows } });
  return { kind: 'async', row };
}

/**
 * Writes a PENDING export's file (the report export job). Idempotent: a row already READY or FAILED,
 * or held by another worker, is left alone. A failure marks the row FAILED with the reason; the user
 * is told either way (report_export.changed).
 */
export async function runReportExport(db: Db, exportId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findExportById(tx, exportId, { lock: true });
    if (!row || row.status !== 'PENDING') return;
    const target: ExportTarget = row.scope === 'organisation' || !row.tenantId ? { scope: 'organisation', merchantId: row.merchantId } : { scope: 'tenant', tenant: trustedTenantScope(row.tenantId), merchantId: row.merchantId };
    let status: 'READY' | 'FAILED' = 'READY';
    let rows = row.rows;
    try {
      const report = await tx.transaction(async (inner) => buildReport(inner, target, { from: row.fromDay, to: row.toDay, groupBy: row.groupBy }, row.lang === 'en' ? 'en' : 'vi'));
      const file = reportFile(report, target.scope, row.format, row.lang === 'en' ? 'en' : 'vi');
      rows = file.rows;
      await finishExport(tx, row.id, { status, rows, content: file.buf, error: null });
    } catch (err) {
      status = 'FAILED';
      await finishExport(tx, row.id, { status, rows, content: null, error: err instanceof Error ? err.message.slice(0, 500) : 'export failed' });
    }
    if (row.userId) await emitEvent(tx, { type: 'report_export.changed', tenantId: row.tenantId, merchantId: row.merchantId, data: { exportId: row.id, userId: row.userId, status, rows } });
  });
}

/** Exports whose job was lost (still PENDING after a few minutes) are written now; expired files are dropped. */
export async function sweepReportExports(db: Db, now = new Date()): Promise<{ written: number; dropped: number }> {
  const stale = await findStalePendingExports(db, new Date(now.getTime() - 3 * 60_000), 20);
  for (const id of stale) await runReportExport(db, id);
  return { written: stale.length, dropped: await deleteExpiredExports(db, now) };
}

/** The caller's own export (another user's or another organisation's answers 404). */
export async function findOwnExport(db: DbOrTx, merchantId: string, userId: string, id: string): Promise<ReportExportRow> {
  const row = await findExport(db, merchantId, id);
  if (!row || row.userId !== userId) throw notFound();
  return row;
}

export const presentReportExport = presentExport;

/** The file of a READY export (409 while it is being written or when it failed). */
export function exportFile(row: ReportExportRow): ReportFile {
  if (row.status !== 'READY' || !row.content) throw new AppError('CONFLICT', row.status === 'FAILED' ? `The export failed: ${row.error ?? ''}` : 'The export is still being written');
  return { buf: row.content, contentType: row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: row.fileName, rows: row.rows };
}

/* ─── Signed download links of report mails ─── */

const linkKey = (secret: string) => `zc-report-link:${secret}`;

/** A download link of an export's file that works without a session until `expires` (the report mails carry it). */
export function signedExportLink(publicUrl: string, secret: string, exportId: string, expires: Date): string {
  const e = Math.floor(expires.getTime() / 1000);
  return `${publicUrl.replace(/\/$/, '')}/api/report-files/${exportId}?expires=${e}&sig=${keyedHash(linkKey(secret), `${exportId}.${e}`)}`;
}

/** The file behind a signed link (404 when the signature is wrong, the link expired or the file is gone). */
export async function fileOfSignedLink(db: DbOrTx, secret: string, q: { id: string; expires: number; sig: string }, now = new Date()): Promise<ReportFile> {
  const want = keyedHash(linkKey(secret), `${q.id}.${q.expires}`);
  if (!safeEqual(want, q.sig) || q.expires * 1000 < now.getTime()) throw notFound();
  const row = await findExportById(db, q.id);
  if (!row || row.status !== 'READY') throw notFound();
  return exportFile(row);
}

/* ─── Schedules ─── */

export async function findSchedules(db: DbOrTx, actor: Actor, scope: TenantScope): Promise<ReportSchedule[]> {
  return (await listSchedules(db, scope)).map((r) => presentSchedule(r, actor));
}

/** A new schedule; its first mail is for the next period that ends (the one in progress is not mailed half done). */
export async function createSchedule(tx: Tx, actor: Actor, scope: TenantScope, body: ReportScheduleBody, now = new Date()) {
  if ((await countSchedules(tx, scope)) >= REPORT_SCHEDULES_MAX) throw new AppError('CONFLICT', `A tenant keeps at most ${REPORT_SCHEDULES_MAX} report schedules`);
  const row = await insertSchedule(tx, {
    tenantId: scopedTenantId(scope),
    createdBy: actor.userId,
    frequency: body.frequency,
    recipients: body.recipients,
    format: body.format,
    groupBy: body.groupBy,
    lang: body.lang ?? 'vi',
    lastPeriod: previousPeriod(now, body.frequency).label,
  });
  return { view: presentSchedule(row, actor), audit: scheduleAudit(row), id: row.id };
}

export async function editSchedule(tx: Tx, actor: Actor, scope: TenantScope, id: string, body: ReportScheduleBody, now = new Date()) {
  const before = await findSchedule(tx, scope, id, { lock: true });
  if (!before) throw notFound();
  const after = await updateSchedule(tx, scope, id, {
    frequency: body.frequency,
    recipients: body.recipients,
    format: body.format,
    groupBy: body.groupBy,
    lang: body.lang ?? 'vi',
    ...(before.frequency !== body.frequency ? { lastPeriod: previousPeriod(now, body.frequency).label } : {}),
  });
  return { view: presentSchedule(after, actor), before: scheduleAudit(before), after: scheduleAudit(after) };
}

export async function removeSchedule(tx: Tx, scope: TenantScope, id: string) {
  const before = await findSchedule(tx, scope, id, { lock: true });
  if (!before) throw notFound();
  await deleteSchedule(tx, scope, id);
  return scheduleAudit(before);
}

const MAIL_TEXT: Record<Lang, { subject: (p: string, t: string) => string; body: (o: { tenant: string; period: string; from: string; to: string; total: number; delivered: number; failed: number; cost: number; link: string; days: number }) => string }> = {
  vi: {
    subject: (p, t) => `Báo cáo gửi tin ${p} — ${t}`,
    body: (o) =>
      `Báo cáo gửi tin của ${o.tenant} từ ${o.from} đến ${o.to} (${o.period}).\n\nTổng tin: ${o.total.toLocaleString('vi-VN')}\nĐã nhận: ${o.delivered.toLocaleString('vi-VN')}\nThất bại: ${o.failed.toLocaleString('vi-VN')}\nChi phí: ${o.cost.toLocaleString('vi-VN')} VND\n\nTải báo cáo (liên kết có hiệu lực ${o.days} ngày):\n${o.link}\n`,
  },
  en: {
    subject: (p, t) => `Sending report ${p} — ${t}`,
    body: (o) =>
      `Sending report of ${o.tenant} from ${o.from} to ${o.to} (${o.period}).\n\nMessages: ${o.total.toLocaleString('en-US')}\nDelivered: ${o.delivered.toLocaleString('en-US')}\nFailed: ${o.failed.toLocaleString('en-US')}\nCost: ${o.cost.toLocaleString('en-US')} VND\n\nDownload the report (the link works for ${o.days} days):\n${o.link}\n`,
  },
};

/**
 * The hourly report mails: each schedule whose last mailed period is not the previous week / month
 * gets that period's report, written as a file (report_exports, no user) and mailed to every recipient
 * through the mail outbox as a signed, expiring download link (the outbox carries text only). Each
 * schedule in its own transaction, locked (skip-locked) so two workers never mail it twice; a failing
 * schedule records its error and the others go on.
 */
export async function runReportSchedules(db: Db, opts: { publicUrl: string; secret: string; now?: Date }): Promise<{ sent: number; failed: number }> {
  const now = opts.now ?? new Date();
  const periods = { WEEKLY: previousWeek(now), MONTHLY: previousMonth(now) };
  let sent = 0;
  let failed = 0;
  for (const due of await findDueScheduleIds(db, { WEEKLY: periods.WEEKLY.label, MONTHLY: periods.MONTHLY.label })) {
    const scope = trustedTenantScope(due.tenantId);
    try {
      const mailed = await db.transaction(async (tx) => {
        const row = await lockScheduleForSend(tx, scope, due.id);
        if (!row) return false;
        const period = periods[row.frequency];
        if (row.lastPeriod === period.label) return false;
        const lang: Lang = row.lang === 'en' ? 'en' : 'vi';
        const report = await tenantReport(tx, scope, { from: period.from, to: period.to, groupBy: row.groupBy }, lang);
        const file = reportFile(report, 'tenant', row.format as ReportFormat, lang);
        const tenant = await findTenantRef(tx, scope);
        const expiresAt = new Date(now.getTime() + REPORT_FILE_TTL_DAYS * 86_400_000);
        const exp = await insertExport(tx, {
          merchantId: tenant.merchantId,
          tenantId: row.tenantId,
          userId: null,
          scope: 'tenant',
          format: row.format,
          groupBy: row.groupBy,
          fromDay: period.from,
          toDay: period.to,
          lang,
          status: 'READY',
          rows: file.rows,
          fileName: file.fileName,
          content: file.buf,
          finishedAt: now,
          expiresAt,
        });
        const link = signedExportLink(opts.publicUrl, opts.secret, exp.id, expiresAt);
        const t = MAIL_TEXT[lang];
        const text = t.body({ tenant: tenant.name, period: period.label, from: period.from, to: period.to, total: report.totals.total, delivered: report.totals.delivered, failed: report.totals.failed, cost: report.totals.cost, link, days: REPORT_FILE_TTL_DAYS });
        for (const to of row.recipients) await queueMail(tx, { to, subject: t.subject(period.label, tenant.name), text });
        await updateSchedule(tx, scope, row.id, { lastPeriod: period.label, lastSentAt: now, lastError: null });
        return true;
      });
      if (mailed) sent += 1;
    } catch (err) {
      failed += 1;
      await recordScheduleError(db, scope, due.id, err instanceof Error ? err.message : 'report mail failed').catch(() => undefined);
    }
  }
  return { sent, failed };
}
