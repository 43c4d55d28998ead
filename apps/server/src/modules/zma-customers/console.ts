import type { ZmaCustomer, ZmaCustomerDetail, ZmaDashboard, ZmaDashboardPeriod } from '@zc/shared/api/zma-customer';
import { zaloReferralLink } from '@zc/shared/zma-referral';
import type { DbOrTx } from '../../db/client';
import { csvRow, CSV_BOM } from '../../platform/csv';
import { fieldError, notFound } from '../../platform/errors';
import { listOpenDraws, turnsFor } from '../zma-draw/service';
import { listCustomerGifts } from '../zma-loyalty/service';
import * as repo from './repo';

/** The console's customers and dashboard of one mini app (x-zma-id): read straight from the tables. */

const iso = (v: Date | string | null | undefined): string | null => (v === null || v === undefined ? null : new Date(v).toISOString());

function presentCustomer(c: repo.ZmaCustomerRow, n: repo.CustomerCounts | undefined): ZmaCustomer {
  return {
    id: c.id,
    zaloUserId: c.zaloUserId,
    name: c.name,
    avatar: c.avatar,
    phone: c.phone,
    gender: c.gender,
    isFollower: c.isFollower,
    bonusTurns: c.bonusTurns,
    spins: n?.spins ?? 0,
    gifts: n?.gifts ?? 0,
    redeemed: n?.redeemed ?? 0,
    createdAt: c.createdAt.toISOString(),
    lastSeenAt: iso(c.lastSeenAt),
  };
}

export async function listCustomers(db: DbOrTx, f: repo.CustomerFilter, page: { page: number; pageSize: number }) {
  const [total, rows] = await Promise.all([repo.countCustomers(db, f), repo.selectCustomers(db, f, page)]);
  const counts = await repo.selectCustomerCounts(db, f.zmaAppId, rows.map((r) => r.id));
  return { data: rows.map((r) => presentCustomer(r, counts.get(r.id))), meta: { total, page: page.page, size: page.pageSize } };
}

export async function getCustomerDetail(db: DbOrTx, zmaAppId: string, id: string, now = new Date()): Promise<ZmaCustomerDetail> {
  const row = await repo.selectCustomerRow(db, zmaAppId, id);
  if (!row) throw notFound();
  const counts = (await repo.selectCustomerCounts(db, zmaAppId, [id])).get(id);
  const referrer = row.referredBy ? await repo.selectCustomerRef(db, zmaAppId, row.referredBy) : null;
  const gifts = await listCustomerGifts(db, { zmaAppId, customerId: id });
  const draws = await listOpenDraws(db, zmaAppId, now);
  const turns = await Promise.all(draws.map(async (d) => ({ drawId: d.id, drawName: d.name, turnsLeft: await turnsFor(db, { drawId: d.id, customerId: id, now }) })));
  const activity = await repo.selectCustomerActivity(db, zmaAppId, id, 20);
  const zaloAppId = await repo.selectZaloAppId(db, zmaAppId);
  const { gifts: giftCount, ...base } = presentCustomer(row, counts);
  return {
    ...base,
    giftCount,
    referralLink: zaloAppId ? zaloReferralLink(zaloAppId, id) : null,
    referredBy: referrer ? { id: referrer.id, name: referrer.name } : null,
    gifts,
    turns,
    activity: activity.map((a) => ({ id: Number(a.id), kind: a.kind, detail: a.detail ?? {}, createdAt: new Date(a.createdAt).toISOString() })),
  };
}

// ---------------------------------------------------------------------------- dashboard

const VN_MS = 7 * 3600_000;
const DAY_MS = 86_400_000;
/** At most this many buckets (about 2 years of days; 20 years of months). */
const MAX_BUCKETS = 740;

/** The first instant of the Vietnam day or month containing `t`. */
function bucketStart(t: number, period: ZmaDashboardPeriod): number {
  const local = new Date(t + VN_MS);
  const start = period === 'DAILY' ? Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) : Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return start - VN_MS;
}

function nextBucket(t: number, period: ZmaDashboardPeriod): number {
  if (period === 'DAILY') return t + DAY_MS;
  const local = new Date(t + VN_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - VN_MS;
}

export interface DashboardQuery {
  from?: string;
  to?: string;
  period: ZmaDashboardPeriod;
}

/** The range asked for: `to` defaults to now, `from` to 30 days before `to`; `from` < `to`, bounded in buckets. */
export function dashboardRange(q: DashboardQuery, now = new Date()): { from: Date; to: Date } {
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * DAY_MS);
  if (from.getTime() >= to.getTime()) throw fieldError('query.from', 'must be before to', 'date_range');
  const buckets = q.period === 'DAILY' ? (to.getTime() - from.getTime()) / DAY_MS : (to.getTime() - from.getTime()) / (28 * DAY_MS);
  if (buckets > MAX_BUCKETS) throw fieldError('query.from', `covers more than ${MAX_BUCKETS} ${q.period === 'DAILY' ? 'days' : 'months'}`, 'too_big');
  return { from, to };
}

const rate = (num: number, den: number): number => (den > 0 ? Math.round((num / den) * 10_000) / 10_000 : 0);

export async function getDashboard(db: DbOrTx, zmaAppId: string, q: DashboardQuery, now = new Date()): Promise<ZmaDashboard> {
  const { from, to } = dashboardRange(q, now);
  const range: repo.DashboardRange = { zmaAppId, from, to, unit: q.period === 'DAILY' ? 'day' : 'month' };
  const [totals, series, branches, lowStock, topPrizes] = await Promise.all([
    repo.selectDashboardTotals(db, range),
    repo.selectDashboardSeries(db, range),
    repo.selectRedemptionsByBranch(db, range),
    repo.selectLowStock(db, zmaAppId),
    repo.selectTopPrizes(db, zmaAppId),
  ]);
  const byAt = new Map<number, { players: number; spins: number; wins: number; redeemed: number }>();
  for (let t = bucketStart(from.getTime(), q.period); t < to.getTime(); t = nextBucket(t, q.period)) byAt.set(t, { players: 0, spins: 0, wins: 0, redeemed: 0 });
  for (const s of series.spins) {
    const b = byAt.get(new Date(s.at).getTime());
    if (b) Object.assign(b, { players: s.players, spins: s.spins, wins: s.wins });
  }
  for (const u of series.used) {
    const b = byAt.get(new Date(u.at).getTime());
    if (b) b.redeemed = u.redeemed;
  }
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    period: q.period,
    totals: {
      players: totals.players,
      newPlayers: totals.newPlayers,
      spins: totals.spins,
      wins: totals.wins,
      giftsWon: totals.giftsWon,
      redeemed: totals.redeemed,
      redemptionRate: rate(totals.wonAndUsed, totals.giftsWon),
    },
    series: [...byAt.entries()].map(([at, v]) => ({ at: new Date(at).toISOString(), ...v })),
    byBranch: branches.map((b) => ({ branchId: b.branchId, name: b.name, redeemed: b.redeemed, redemptionRate: rate(b.wonAndUsedHere, totals.giftsWon) })),
    lowStock,
    topPrizes,
  };
}

/** The dashboard as CSV: the totals, then one line per bucket, then branches, low stock and top prizes (sections titled). */
export function dashboardCsv(d: ZmaDashboard): string {
  const lines: string[] = [CSV_BOM + csvRow(['section', 'key', 'players', 'spins', 'wins', 'redeemed', 'value'])];
  const t = d.totals;
  lines.push(csvRow(['totals', `${d.from}/${d.to}`, t.players, t.spins, t.wins, t.redeemed, '']));
  lines.push(csvRow(['totals', 'newPlayers', '', '', '', '', t.newPlayers]));
  lines.push(csvRow(['totals', 'giftsWon', '', '', '', '', t.giftsWon]));
  lines.push(csvRow(['totals', 'redemptionRate', '', '', '', '', t.redemptionRate]));
  for (const s of d.series) lines.push(csvRow([d.period === 'DAILY' ? 'day' : 'month', s.at, s.players, s.spins, s.wins, s.redeemed, '']));
  for (const b of d.byBranch) lines.push(csvRow(['branch', b.name, '', '', '', b.redeemed, b.redemptionRate]));
  for (const l of d.lowStock) lines.push(csvRow(['lowStock', `${l.branchName} / ${l.giftName}`, '', '', '', '', `${l.quantity} ≤ ${l.lowThreshold}`]));
  for (const p of d.topPrizes) lines.push(csvRow(['topPrize', `${p.drawName} / ${p.label}`, '', '', p.won, '', p.stock ?? '']));
  return lines.join('');
}
