import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import type { ZaloClient } from '@zc/zalo/client';
import { campaignRecipients, campaigns } from '../../db/schema/campaigns';
import { messageHistory } from '../../db/schema/messaging';
import { walletEntries, walletHolds, wallets } from '../../db/schema/wallets';
import { apiKeys } from '../../db/schema/api-keys';
import { teamDailyUsage, teams } from '../../db/schema/teams';
import { quotaDay } from '../teams/quota';
import { createTestApp, type TestContext } from '../../test/helpers';
import { processDueMessages } from '../messaging/delivery-worker';
import { startSandboxDelivery } from '../messaging/sandbox-fixture';
import { buildSendFixture, type SendFixture } from '../messaging/test-fixtures';
import { cancelCampaign, dispatchDueCampaigns, pauseCampaign, resumeCampaign, type DispatchDeps } from './dispatch';
import { buildApprovedCampaign } from './dispatch-fixture';
import { estimateFinish, nextVnMidnight } from './dispatch-schedule';
import { startCampaignDispatchLoop } from './dispatch-loop';
import { startDeliveryLoop } from '../messaging/delivery-loop';

let t: TestContext;
let sbx: RunningSandbox;
let zalo: ZaloClient;
let f: SendFixture;

beforeAll(async () => {
  t = await createTestApp();
  ({ sbx, zalo, f } = await startSandboxDelivery(t));
  await t.database.db.update(wallets).set({ balance: 10_000_000 }).where(eq(wallets.id, f.walletId));
}, 60_000);
afterAll(async () => {
  await sbx?.close();
  await t?.close();
});

const control = (path: string, body: object) => fetch(`${sbx.url}/_control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const sends = async () => ((await (await fetch(`${sbx.url}/_control/calls`)).json()) as { calls: Record<string, { count: number }> }).calls['POST /business/message/template']?.count ?? 0;
const resetCalls = () => fetch(`${sbx.url}/_control/calls`, { method: 'DELETE' });
const sbNow = () => new Date(sbx.sandbox.clock.now());
const campaignRow = async (id: string) => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
const balanceOf = async (walletId: string) => (await t.database.db.select().from(wallets).where(eq(wallets.id, walletId)))[0]?.balance ?? -1;

beforeEach(async () => {
  await control('reset', {});
  await control(`oa/${SANDBOX_OA_ID}`, { znsDailyQuota: 1_000_000 });
  await resetCalls();
  // Each test starts with no other campaign due and an empty queue.
  await t.database.db.update(campaigns).set({ nextRunAt: new Date('2100-01-01') }).where(eq(campaigns.status, 'APPROVED'));
  await t.database.db.update(messageHistory).set({ nextAttemptAt: new Date('2100-01-01') }).where(sql`status in ('PENDING', 'PROCESSING')`);
});

function deps(over: Partial<DispatchDeps> = {}): DispatchDeps {
  return { db: t.database.db, zalo, ratePerSecond: 10_000, now: sbNow, leaseMs: 30_000, maxBatch: 200, windowSeconds: 1, ...over };
}

/** Dispatcher and delivery passes in turn until the campaign settles (or `max` rounds). */
async function drive(id: string, d: DispatchDeps, max = 400) {
  for (let i = 0; i < max; i += 1) {
    await dispatchDueCampaigns(d).catch(() => undefined);
    await processDueMessages({ db: t.database.db, zalo, concurrency: 16 }, { limit: 500, now: d.now?.() });
    const c = await campaignRow(id);
    if (c?.dispatchState === 'FINISHED' || c?.dispatchState === 'QUOTA_WAIT' || c?.dispatchState === 'TEAM_QUOTA_WAIT' || c?.dispatchState === 'NIGHT_WAIT' || c?.dispatchState === 'PAUSED') return c;
  }
  return campaignRow(id);
}

/** The ledger of one campaign's hold: charges and refunds by reason. */
async function ledgerOf(holdId: string) {
  const rows = await t.database.db
    .select({ reason: walletEntries.reason, n: sql<number>`count(*)::int`, v: sql<number>`coalesce(sum(${walletEntries.value}), 0)::bigint`, distinct: sql<number>`count(distinct ${walletEntries.messageId})::int` })
    .from(walletEntries)
    .where(eq(walletEntries.holdId, holdId))
    .groupBy(walletEntries.reason);
  return Object.fromEntries(rows.map((r) => [r.reason, { n: r.n, v: Number(r.v), distinct: r.distinct }]));
}

describe('campaign dispatch through the outbox', () => {
  it('sends every recipient once through the outbox, paid from the hold, then closes the hold and finishes DONE', async () => {
    const before = await balanceOf(f.walletId);
    const c = await buildApprovedCampaign(t.database, f, { count: 40 });
    expect(await balanceOf(f.walletId)).toBe(before - 40 * 300);
    const done = await drive(c.id, deps());
    expect(done).toMatchObject({ status: 'DONE', dispatchState: 'FINISHED', sentCount: 40, failedCount: 0, cancelledCount: 0, cost: 12_000 });
    const msgs = await t.database.db.select().from(messageHistory).where(eq(messageHistory.campaignId, c.id));
    expect(msgs).toHaveLength(40);
    expect(new Set(msgs.map((m) => m.idempotencyKey)).size).toBe(40);
    expect(msgs.every((m) => m.apiKeyId === f.apiKeyId && m.idempotencyKey?.startsWith(`campaign:${c.id}:`) && m.status === 'PUSHED_ZALO' && m.isCharged)).toBe(true);
    expect(await sends()).toBe(40);
    const ledger = await ledgerOf(c.holdId ?? '');
    expect(ledger.HOLD_CHARGE).toMatchObject({ n: 40, distinct: 40, v: 12_000 });
    expect(ledger.RELEASE).toBeUndefined();
    const [hold] = await t.database.db.select().from(walletHolds).where(eq(walletHolds.id, c.holdId ?? ''));
    expect(hold).toMatchObject({ status: 'CLOSED', used: 12_000 });
    expect(await balanceOf(f.walletId)).toBe(before - 12_000);
    const states = await t.database.db.select({ s: campaignRecipients.state, n: sql<number>`count(*)::int` }).from(campaignRecipients).where(eq(campaignRecipients.uploadId, c.uploadId)).groupBy(campaignRecipients.state);
    expect(states).toEqual([{ s: 'ENQUEUED', n: 40 }]);
  });

  it('quota autopilot: stops at the OA quota with zero further sends, waits until next midnight UTC+7, continues the next (simulated) day', async () => {
    await control(`oa/${SANDBOX_OA_ID}`, { znsDailyQuota: 15 });
    const c = await buildApprovedCampaign(t.database, f, { count: 35 });
    const d = deps();
    const waiting = await drive(c.id, d);
    expect(waiting?.dispatchState).toBe('QUOTA_WAIT');
    expect(waiting?.nextRunAt?.getTime()).toBe(nextVnMidnight(sbNow()).getTime() + 5_000);
    expect(waiting?.estimatedFinishAt?.getTime()).toBeGreaterThan(nextVnMidnight(nextVnMidnight(sbNow())).getTime());
    const sentToday = await sends();
    expect(sentToday).toBe(15);
    // More passes the same day: not one more send call.
    for (let i = 0; i < 5; i += 1) {
      await dispatchDueCampaigns(d);
      await processDueMessages({ db: t.database.db, zalo }, { limit: 100, now: sbNow() });
    }
    expect(await sends()).toBe(15);
    // The next Vietnam day: Zalo refilled the quota and the campaign goes on by itself.
    await control('clock/advance', { ms: (waiting?.nextRunAt?.getTime() ?? 0) - sbNow().getTime() + 1_000 });
    const day2 = await drive(c.id, d);
    expect(day2?.dispatchState).toBe('QUOTA_WAIT');
    expect(await sends()).toBe(30);
    await control('clock/advance', { ms: (day2?.nextRunAt?.getTime() ?? 0) - sbNow().getTime() + 1_000 });
    const day3 = await drive(c.id, d);
    expect(day3).toMatchObject({ status: 'DONE', sentCount: 35 });
    expect(await sends()).toBe(35);
  });

  it("team quota: a key of a team with a ZNS cap sends no more than the team's day allows (what the API already sent counts), waits until the next Vietnam day, then goes on", async () => {
    const [team] = await t.database.db.insert(teams).values({ tenantId: f.tenantId, name: `Campaign team ${Date.now()}`, znsDailyQuota: 12 }).returning();
    if (!team) throw new Error('team');
    await t.database.db.update(apiKeys).set({ teamId: team.id }).where(eq(apiKeys.id, f.apiKeyId));
    try {
      // The public API already used 4 of today's 12.
      await t.database.db.insert(teamDailyUsage).values({ teamId: team.id, tenantId: f.tenantId, day: quotaDay(sbNow()), module: 'ZNS', used: 4 });
      const c = await buildApprovedCampaign(t.database, f, { count: 20 });
      const d = deps();
      const waiting = await drive(c.id, d);
      expect(waiting?.dispatchState).toBe('TEAM_QUOTA_WAIT');
      expect(waiting?.nextRunAt?.getTime()).toBe(nextVnMidnight(sbNow()).getTime() + 5_000);
      expect(await sends()).toBe(8);
      const usage = async (day: string) => (await t.database.db.select().from(teamDailyUsage).where(and(eq(teamDailyUsage.teamId, team.id), eq(teamDailyUsage.day, day))))[0]?.used;
      expect(await usage(quotaDay(sbNow()))).toBe(12);
      for (let i = 0; i < 3; i += 1) await dispatchDueCampaigns(d);
      expect(await sends()).toBe(8);
      // The next Vietnam day: the team's cap is whole again.
      await control('clock/advance', { ms: (waiting?.nextRunAt?.getTime() ?? 0) - sbNow().getTime() + 1_000 });
      const done = await drive(c.id, d);
      expect(done).toMatchObject({ status: 'DONE', sentCount: 20 });
      expect(await usage(quotaDay(sbNow()))).toBe(12);
    } finally {
      await t.database.db.update(apiKeys).set({ teamId: null }).where(eq(apiKeys.id, f.apiKeyId));
    }
  });

  it('a promotion template waits out the night ban (NIGHT_WAIT until 06:00 UTC+7)', async () => {
    const { znsTemplates } = await import('../../db/schema/templates');
    const c = await buildApprovedCampaign(t.database, f, { count: 3, tag: 'PROMOTION' });
    try {
      // 23:00 in Vietnam on the coming day: always after the campaign's start, whatever the hour the suite runs at.
      const midnight = nextVnMidnight(sbNow()).getTime() + 24 * 3600_000;
      const night = new Date(midnight - 3600_000);
      const waiting = await drive(c.id, deps({ now: () => night }), 3);
      expect(waiting?.dispatchState).toBe('NIGHT_WAIT');
      expect(waiting?.nextRunAt?.toISOString()).toBe(new Date(midnight + 6 * 3600_000).toISOString());
      expect(await sends()).toBe(0);
    } finally {
      // The template goes back to TRANSACTION even when an assertion fails, so no later test inherits the night ban.
      await t.database.db.update(campaigns).set({ nextRunAt: new Date('2100-01-01') }).where(eq(campaigns.id, c.id));
      await t.database.db.update(znsTemplates).set({ tag: 'TRANSACTION' }).where(eq(znsTemplates.znsTemplateId, f.templateId));
    }
  });

  it('pause stops new batches, resume continues; cancelling a finished campaign answers 409', async () => {
    const c = await buildApprovedCampaign(t.database, f, { count: 20 });
    const d = deps({ maxBatch: 5 });
    await dispatchDueCampaigns(d);
    await t.database.db.transaction((tx) => pauseCampaign(tx, f.tenantId, c.id));
    for (let i = 0; i < 3; i += 1) await dispatchDueCampaigns(d);
    const paused = await campaignRow(c.id);
    expect(paused?.dispatchState).toBe('PAUSED');
    const [{ n } = { n: -1 }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messageHistory).where(eq(messageHistory.campaignId, c.id));
    expect(n).toBe(5);
    await expect(t.database.db.transaction((tx) => pauseCampaign(tx, f.tenantId, c.id))).rejects.toMatchObject({ code: 'CONFLICT' });
    await t.database.db.transaction((tx) => resumeCampaign(tx, f.tenantId, c.id, sbNow()));
    expect(await drive(c.id, d)).toMatchObject({ status: 'DONE', sentCount: 20 });
    await expect(t.database.db.transaction((tx) => cancelCampaign(tx, f.tenantId, c.id))).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(t.database.db.transaction((tx) => resumeCampaign(tx, f.tenantId, c.id))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('another tenant cannot cancel, pause or resume the campaign (404)', async () => {
    const other = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const c = await buildApprovedCampaign(t.database, f, { count: 2, nextRunAt: new Date('2100-01-01') });
    await expect(t.database.db.transaction((tx) => cancelCampaign(tx, other.tenantId, c.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.database.db.transaction((tx) => pauseCampaign(tx, other.tenantId, c.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await t.database.db.transaction((tx) => cancelCampaign(tx, f.tenantId, c.id));
  });

  it('cancel stops sending within 2 s: zero sandbox calls after it, QUEUED recipients CANCELLED, the unspent hold released', async () => {
    const before = await balanceOf(f.walletId);
    const c = await buildApprovedCampaign(t.database, f, { count: 400 });
    const real: DispatchDeps = { db: t.database.db, zalo, ratePerSecond: 40, windowSeconds: 2 };
    const dispatch = startCampaignDispatchLoop(real, { idleMs: 50 });
    const delivery = startDeliveryLoop({ db: t.database.db, zalo }, { idleMs: 50 });
    try {
      const started = Date.now();
      while ((await sends()) < 40 && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 100));
      const out = await t.database.db.transaction((tx) => cancelCampaign(tx, f.tenantId, c.id));
      expect(out.campaign).toMatchObject({ status: 'CANCELLED', dispatchState: 'FINISHED' });
      expect(out.cancelledRecipients).toBeGreaterThan(300);
      await new Promise((r) => setTimeout(r, 2_000));
      const at2s = await sends();
      await new Promise((r) => setTimeout(r, 2_000));
      expect(await sends()).toBe(at2s);
      const msgs = await t.database.db.select({ status: messageHistory.status }).from(messageHistory).where(eq(messageHistory.campaignId, c.id));
      const pushed = msgs.filter((m) => m.status === 'PUSHED_ZALO').length;
      expect(pushed).toBe(at2s);
      const [hold] = await t.database.db.select().from(walletHolds).where(eq(walletHolds.id, c.holdId ?? ''));
      expect(hold?.status).toBe('CLOSED');
      expect(out.released).toBe(400 * 300 - (hold?.used ?? 0));
      // Balance = before − what was actually sent (in-flight ones settled after the close went back as REFUND).
      expect(await balanceOf(f.walletId)).toBe(before - pushed * 300);
      const cancelled = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(campaignRecipients).where(and(eq(campaignRecipients.uploadId, c.uploadId), eq(campaignRecipients.state, 'CANCELLED')));
      expect((cancelled[0]?.n ?? 0) + pushed).toBe(400);
    } finally {
      await dispatch.stop();
      await delivery.stop();
    }
  }, 60_000);

  // 500 recipients on PGlite (a hold-paid message is written alone: ~50 ms each on this shared host);
  // CAMPAIGN_KILL_TEST_N raises it (2,000+ on PostgreSQL).
  it('killing the worker five times mid-campaign: each recipient sent once, charged once', async () => {
    const N = Number(process.env.CAMPAIGN_KILL_TEST_N ?? 500);
    const t0 = Date.now();
    const c = await buildApprovedCampaign(t.database, f, { count: N });
    let batches = 0;
    const kills = new Set([2, 5, 7, 11, 13]);
    let killed = 0;
    const d = deps({
      maxBatch: Math.max(10, Math.floor(N / 20)),
      leaseMs: 1,
      afterOutbox: () => {
        batches += 1;
        if (kills.has(batches)) {
          killed += 1;
          throw new Error('worker killed');
        }
      },
    });
    const done = await drive(c.id, d, 2_000);
    expect(killed).toBe(5);
    expect(done).toMatchObject({ status: 'DONE', sentCount: N });
    const [agg] = await t.database.db
      .select({ n: sql<number>`count(*)::int`, keys: sql<number>`count(distinct ${messageHistory.idempotencyKey})::int`, phones: sql<number>`count(distinct ${messageHistory.phone})::int` })
      .from(messageHistory)
      .where(eq(messageHistory.campaignId, c.id));
    expect(agg).toEqual({ n: N, keys: N, phones: N });
    expect(await sends()).toBe(N);
    const ledger = await ledgerOf(c.holdId ?? '');
    expect(ledger.HOLD_CHARGE).toMatchObject({ n: N, distinct: N, v: N * 300 });
    console.log(`kill test: ${N} recipients in ${Date.now() - t0} ms`);
  }, 300_000);

  it('estimates the finish from the remaining and daily quota', () => {
    const start = new Date('2026-11-21T03:00:00Z'); // 10:00 in Vietnam
    expect(estimateFinish({ remaining: 100, remainingToday: 1000, dailyQuota: 1000, ratePerSecond: 10, startAt: start, promotion: false })?.toISOString()).toBe('2026-11-21T03:00:10.000Z');
    // 2,500 with 500 left today and 1,000 a day: today, tomorrow, and 1,000 on the third day.
    const e = estimateFinish({ remaining: 2500, remainingToday: 500, dailyQuota: 1000, ratePerSecond: 100, startAt: start, promotion: false });
    expect(e?.toISOString()).toBe('2026-11-22T17:00:10.000Z');
    expect(estimateFinish({ remaining: 10, remainingToday: 0, dailyQuota: 0, ratePerSecond: 1, startAt: start, promotion: false })).toBeNull();
  });
});
