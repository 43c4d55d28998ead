import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ZaloApiError } from '@zc/zalo/errors';
import { sendBroadcast } from '@zc/zalo/oa-broadcast';
import { SANDBOX_OA_ID } from '../seed';
import { startHarness, type Harness } from './harness';

const h: Harness = await startHarness();
afterAll(async () => h.close());
beforeEach(async () => {
  await h.control('/reset', {});
});
const OA = SANDBOX_OA_ID;
const HOUR = 3_600_000;
const articles = () => [...h.sb.sandbox.state.articles.values()].filter((a) => a.oaId === OA && a.type === 'normal').map((a) => a.id);
const codeOf = (p: Promise<unknown>) => p.then(() => 0, (e: unknown) => (e instanceof ZaloApiError ? e.code : -999999));
interface Ctl {
  broadcasts: Array<{ messageId: string; status: string; target: Record<string, string>; deliveredAt: number | null; moderatedAt: number }>;
}
const state = async () => (await h.control('/broadcasts')) as Ctl;
const raw = async (target: unknown, elements: unknown[]) => {
  const token = await h.client.getAccessToken(OA);
  const res = await fetch(`${h.sb.url}/openapi/v2.0/oa/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', access_token: token },
    body: JSON.stringify({ recipient: { target }, message: { attachment: { type: 'template', payload: { template_type: 'media', elements } } } }),
  });
  return (await res.json()) as { error: number; data?: { message_id: string } };
};

describe('OA broadcast against the sandbox', () => {
  it('takes the target as strings, integers or arrays and only 1–5 articles of the OA', async () => {
    const ids = articles();
    const sent = await sendBroadcast(h.client, OA, { target: { ages: [2, 3], gender: 2, cities: [4, 9] }, articleIds: ids.slice(0, 3) });
    expect(sent.messageId).toMatch(/\w+/);
    expect((await state()).broadcasts[0]?.target).toEqual({ ages: '2,3', gender: '2', cities: '4,9' });
    const one = (id: string) => [{ media_type: 'article', attachment_id: id }];
    expect((await raw({ ages: 2, gender: 0, cities: [4, '9'] }, one(ids[0] ?? ''))).error).toBe(0);
    expect((await raw({ cities: 63 }, one(ids[0] ?? ''))).error).toBe(-201);
    expect((await raw({ gender: '3' }, one(ids[0] ?? ''))).error).toBe(-201);
    expect((await raw({ gender: 0 }, [{ media_type: 'image', attachment_id: ids[0] }])).error).toBe(-201);
    expect((await raw({ gender: 0 }, [])).error).toBe(-201);
    expect((await raw({ gender: 0 }, ids.slice(0, 6).map((id) => ({ media_type: 'article', attachment_id: id })))).error).toBe(-201);
    expect((await raw({ gender: 0 }, one('0000'))).error).toBe(-201);
  });

  it('moderates before delivery; the control API approves, delays or fails one', async () => {
    const ids = articles();
    const a = await sendBroadcast(h.client, OA, { target: { gender: 0 }, articleIds: [ids[0] ?? ''] });
    const b = await sendBroadcast(h.client, OA, { target: { gender: 0 }, articleIds: [ids[1] ?? ''] });
    const c = await sendBroadcast(h.client, OA, { target: { gender: 0 }, articleIds: [ids[2] ?? ''] });
    const find = async (id: string) => (await state()).broadcasts.find((x) => x.messageId === id);
    expect((await find(a.messageId))?.status).toBe('MODERATING');
    await h.control(`/broadcasts/${a.messageId}/approve`, {});
    expect((await find(a.messageId))?.status).toBe('DELIVERED');
    await h.control(`/broadcasts/${b.messageId}/delay`, { ms: HOUR });
    await h.control(`/broadcasts/${c.messageId}/fail`, { reason: 'Violates our platform standards' });
    await h.control('/clock/advance', { ms: 31 * 60_000 });
    expect((await find(b.messageId))?.status).toBe('MODERATING');
    expect((await find(c.messageId))?.status).toBe('REJECTED');
    await h.control('/clock/advance', { ms: HOUR });
    expect((await find(b.messageId))?.status).toBe('DELIVERED');
  });

  it('refuses at night (-234) and delivers a late-moderated one at 06:00', async () => {
    const ids = articles();
    // 10:00 → 21:45 Vietnam time: accepted, moderated after 22:00, delivered next morning.
    await h.control('/clock/advance', { ms: 11.75 * HOUR });
    const late = await sendBroadcast(h.client, OA, { target: { gender: 0 }, articleIds: [ids[0] ?? ''] });
    await h.control('/clock/advance', { ms: 0.5 * HOUR });
    expect(await codeOf(sendBroadcast(h.client, OA, { target: { gender: 0 }, articleIds: [ids[1] ?? ''] }))).toBe(-234);
    const b = (await state()).broadcasts.find((x) => x.messageId === late.messageId);
    expect(b?.status).toBe('WAITING_WINDOW');
    await h.control('/clock/advance', { ms: 8 * HOUR });
    const d = (await state()).broadcasts.find((x) => x.messageId === late.messageId);
    expect(d?.status).toBe('DELIVERED');
    expect(new Date((d?.deliveredAt ?? 0) + 7 * HOUR).getUTCHours()).toBe(6);
  });

  it("counts each OA's monthly quota (-211 Out of quota)", async () => {
    const ids = articles();
    await h.control('/broadcasts/settings', { monthlyQuota: 2, oaId: OA });
    await sendBroadcast(h.client, OA, { target: { gender: 0 }, articleIds: [ids[0] ?? ''] });
    await sendBroadcast(h.client, OA, { target: { gender: 0 }, articleIds: [ids[1] ?? ''] });
    const err = await sendBroadcast(h.client, OA, { target: { gender: 0 }, articleIds: [ids[2] ?? ''] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZaloApiError);
    expect((err as ZaloApiError).code).toBe(-211);
    expect((err as ZaloApiError).zaloMessage).toBe('Out of quota');
  });
});
