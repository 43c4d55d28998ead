import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getZnsQuota, sendZns } from '@zc/zalo/zns';
import { SANDBOX_OA_ID, SANDBOX_TEMPLATE_IDS } from '../seed';
import { startHarness, type Harness } from './harness';

/** Issue 13 #10: the per-OA ZNS daily quota refilling at midnight UTC+7, and the call counter. */
// 23:59:00 in Vietnam on 2026-11-21 (16:59 UTC).
const BEFORE_MIDNIGHT = Date.parse('2026-11-21T16:59:00Z');

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ startTime: BEFORE_MIDNIGHT });
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.control('/reset', {});
  await fetch(`${h.sb.url}/_control/calls`, { method: 'DELETE' });
});

const codeOf = (p: Promise<unknown>) => p.then(() => 0, (e: { code?: number }) => e.code ?? NaN);
const send = () => codeOf(sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: '12' } }));
const calls = async () => (await (await fetch(`${h.sb.url}/_control/calls`)).json()) as { total: number; calls: Record<string, { count: number; lastAt: number }> };

describe('sandbox ZNS quota and call counter', () => {
  it('refuses sends beyond the daily quota with -144, reflected by /message/quota, and refills at midnight UTC+7', async () => {
    await h.control('/clock/advance', { ms: 0 });
    await h.control(`/oa/${SANDBOX_OA_ID}`, { znsDailyQuota: 3 });
    expect([await send(), await send(), await send(), await send()]).toEqual([0, 0, 0, -144]);
    expect(await getZnsQuota(h.client, SANDBOX_OA_ID)).toMatchObject({ dailyQuota: 3, remainingQuota: 0 });
    // 59 s later is still the same Vietnam day (23:59:59); one more second crosses midnight.
    await h.control('/clock/advance', { ms: 59_000 });
    expect(await send()).toBe(-144);
    await h.control('/clock/advance', { ms: 1_000 });
    expect(await getZnsQuota(h.client, SANDBOX_OA_ID)).toMatchObject({ dailyQuota: 3, remainingQuota: 3 });
    expect(await send()).toBe(0);
  });

  it('counts every Zalo call by method and path (refused ones too), not control calls; DELETE resets it', async () => {
    await h.control(`/oa/${SANDBOX_OA_ID}`, { znsDailyQuota: 1 });
    expect([await send(), await send()]).toEqual([0, -144]);
    await getZnsQuota(h.client, SANDBOX_OA_ID);
    const c = await calls();
    expect(c.calls['POST /business/message/template']?.count).toBe(2);
    expect(c.calls['GET /business/message/quota']?.count).toBe(1);
    expect(Object.keys(c.calls).some((k) => k.includes('_control'))).toBe(false);
    expect(c.total).toBe(3);
    await fetch(`${h.sb.url}/_control/calls`, { method: 'DELETE' });
    expect((await calls()).total).toBe(0);
  });
});
