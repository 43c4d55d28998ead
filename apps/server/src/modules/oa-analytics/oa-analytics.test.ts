import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signZaloWebhook } from '@zc/zalo/webhook-signature';
import { OA_STAT_FIELDS, type OaStatField } from '@zc/shared/api/oa-analytics';
import type { Permission } from '@zc/shared/permissions';
import { messageHistory } from '../../db/schema/messaging';
import { oaStatsDaily, oaStatsHourly } from '../../db/schema/oa-analytics';
import { zaloOas } from '../../db/schema/zalo-oa';
import { createCipher } from '../../platform/crypto';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { drainZaloEvents } from '../zalo-webhooks/consumer';
import { ingestZaloWebhook } from '../zalo-webhooks/service';
import { CHAT_SESSION_GAP_MS, countOaMessageSent } from './service';

let t: TestContext;
const APP_ID = 'analytics-app';
const SECRET = 'analytics-webhook-secret';
let tenantId: string;
let otherTenantId: string;
let oaIds: string[] = [];
let zoaIds: string[] = [];
let otherOaId: string;
let h: Record<string, string>;
let hNoPerm: Record<string, string>;
let hOther: Record<string, string>;

async function groupWith(tid: string, permissions: Permission[]) {
  const { rows: [g] } = await t.database.raw.query<{ id: string }>(`insert into user_groups (tenant_id, name, permissions) values ($1, $2, $3::jsonb) returning id`, [tid, `g${Math.random()}`, JSON.stringify(permissions)]);
  if (!g) throw new Error('group');
  return g.id;
}

async function addOa(tid: string, zoaId: string): Promise<string> {
  const c = createCipher(t.config.appSecret);
  const [oa] = await t.database.db
    .insert(zaloOas)
    .values({ tenantId: tid, name: `OA ${zoaId}`, zappId: APP_ID, zoaId, secretKeyEnc: c.encrypt('s'), webhookSecretEnc: c.encrypt(SECRET), accessTokenEnc: c.encrypt('a'), refreshTokenEnc: c.encrypt('r') })
    .returning();
  if (!oa) throw new Error('oa');
  return oa.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { oaService: true });
  const other = await buildTenant(t.database, org.id, { oaService: true });
  tenantId = tenant.id;
  otherTenantId = other.id;
  const run = Date.now().toString(36);
  zoaIds = [`zoa-a-${run}`, `zoa-b-${run}`, `zoa-c-${run}`];
  oaIds = [await addOa(tenantId, zoaIds[0]!), await addOa(tenantId, zoaIds[1]!)];
  otherOaId = await addOa(otherTenantId, zoaIds[2]!);
  const viewer = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenantId], groupId: await groupWith(tenantId, ['VIEW_DASHBOARD_AND_CHART']) });
  const noPerm = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenantId], groupId: await groupWith(tenantId, ['VIEW_TICKET']) });
  const outsider = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [otherTenantId], groupId: await groupWith(otherTenantId, ['VIEW_ZALO_OA_SERVICE']) });
  h = (await loginAs(t.app, viewer.email)).headers({ 'x-tenant-id': tenantId });
  hNoPerm = (await loginAs(t.app, noPerm.email)).headers({ 'x-tenant-id': tenantId });
  hOther = (await loginAs(t.app, outsider.email)).headers({ 'x-tenant-id': otherTenantId });
});
afterAll(async () => t.close());

/** A deterministic PRNG (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Ev { zoa: string; name: string; user: string; at: number; admin?: boolean }

function bodyOf(e: Ev, i: number): Record<string, unknown> {
  const base = { app_id: APP_ID, event_name: e.name, timestamp: String(e.at) };
  switch (e.name) {
    case 'follow':
    case 'unfollow':
      return { ...base, oa_id: e.zoa, follower: { id: e.user }, source: 'oa_profile' };
    case 'user_send_text':
      return { ...base, sender: { id: e.user }, recipient: { id: e.zoa }, message: { text: 'hi', msg_id: `um-${i}-${e.at}` } };
    case 'oa_send_text':
      return { ...base, sender: e.admin ? { id: e.zoa, admin_id: 'adm1' } : { id: e.zoa }, recipient: { id: e.user }, message: { text: 'reply', msg_id: `om-${i}-${e.at}` } };
    case 'user_seen_message':
      return { ...base, sender: { id: e.zoa }, recipient: { id: e.user }, message: { msg_ids: [`x-${i}`, `y-${i}`] } };
    case 'user_received_message':
      return { ...base, sender: { id: e.zoa }, recipient: { id: e.user }, message: { msg_id: `rm-${i}-${e.at}` } };
    default:
      return { ...base, oa_id: e.zoa, user_id: e.user, sender: { id: e.user }, recipient: { id: e.zoa } };
  }
}

const sign = (raw: string, at: number) => signZaloWebhook({ appId: APP_ID, rawBody: raw, timestamp: String(at), secret: SECRET });

async function ingestAll(events: Ev[], now: number) {
  const cipher = createCipher(t.config.appSecret);
  for (const [i, e] of events.entries()) {
    const raw = JSON.stringify(bodyOf(e, i));
    const out = await ingestZaloWebhook(t.database.db, cipher, raw, { 'x-zevent-signature': sign(raw, e.at) }, { now });
    expect(out.status, JSON.stringify(out)).toBe(200);
  }
  // The rollups are applied by the webhook consumer, off the request path (ADR 0019).
  await drainZaloEvents(t.database.db);
}

/** The definition of ADR 0014 computed directly over the raw stored events (not the rollup). */
async function directCounts(): Promise<Map<string, Record<OaStatField, number>>> {
  const res = await t.database.raw.query<{ oa: string; name: string; payload: Record<string, unknown> }>(
    `select e.zalo_oa_id::text as oa, e.event_name as name, e.payload from zalo_events e join zalo_oas o on o.id = e.zalo_oa_id where o.zapp_id = $1`,
    [APP_ID],
  );
  const out = new Map<string, Record<OaStatField, number>>();
  const bump = (oa: string, at: number, f: OaStatField) => {
    const k = `${oa}|${new Date(Math.floor(at / 3_600_000) * 3_600_000).toISOString()}`;
    const r = out.get(k) ?? (Object.fromEntries(OA_STAT_FIELDS.map((x) => [x, 0])) as Record<OaStatField, number>);
    r[f] += 1;
    out.set(k, r);
  };
  const byUser = new Map<string, { user: number[]; oa: number[] }>();
  for (const r of res.rows) {
    const p = r.payload;
    const at = Number(p.timestamp);
    const map: Record<string, OaStatField> = { follow: 'followCount', unfollow: 'unFollowCount', user_seen_message: 'userSeenMessageCount', user_received_message: 'userReceivedMessageCount', user_click_chatnow: 'userClickChatNowCount', user_send_text: 'userMessageCount' };
    const f = map[r.name];
    if (f) bump(r.oa, at, f);
    if (r.name === 'oa_send_text' && (p.sender as { admin_id?: string }).admin_id) bump(r.oa, at, 'oaMessageCount');
    if (r.name === 'user_send_text' || r.name === 'oa_send_text') {
      const user = r.name === 'user_send_text' ? (p.sender as { id: string }).id : (p.recipient as { id: string }).id;
      const k = `${r.oa}|${user}`;
      const s = byUser.get(k) ?? { user: [], oa: [] };
      (r.name === 'user_send_text' ? s.user : s.oa).push(at);
      byUser.set(k, s);
    }
  }
  for (const [k, s] of byUser) {
    const oa = k.split('|')[0]!;
    s.user.sort((a, b) => a - b);
    const sessions: Array<{ start: number; msgs: number[] }> = [];
    for (const at of s.user) {
      const cur = sessions.at(-1);
      if (!cur || at - cur.msgs.at(-1)! >= CHAT_SESSION_GAP_MS) sessions.push({ start: at, msgs: [at] });
      else cur.msgs.push(at);
    }
    for (const sess of sessions) {
      bump(oa, sess.start, 'chatSessionCount');
      // Replied: an OA message after a user message of the session, less than the gap after the latest one before it.
      const replied = s.oa.some((o) => {
        const before = sess.msgs.filter((m) => m <= o);
        return before.length > 0 && o - before.at(-1)! < CHAT_SESSION_GAP_MS;
      });
      if (replied) bump(oa, sess.start, 'repliedChatSessionCount');
    }
  }
  return out;
}

async function rollup(): Promise<Map<string, Record<OaStatField, number>>> {
  const rows = await t.database.db.select().from(oaStatsHourly).where(sql`${oaStatsHourly.zaloOaId} in (${sql.join([...oaIds, otherOaId].map((id) => sql`${id}::uuid`), sql`, `)})`);
  const out = new Map<string, Record<OaStatField, number>>();
  for (const r of rows) {
    const v = Object.fromEntries(OA_STAT_FIELDS.map((f) => [f, r[f]])) as Record<OaStatField, number>;
    if (OA_STAT_FIELDS.some((f) => v[f] !== 0)) out.set(`${r.zaloOaId}|${r.hour.toISOString()}`, v);
  }
  return out;
}

// Around midnight in Asia/Ho_Chi_Minh (17:00 UTC): hours and the day boundary of UTC+7 are crossed.
const T0 = Date.parse('2026-11-20T15:00:00Z');
const SPAN = 5 * 3_600_000;

describe('OA analytics: rollup', () => {
  it('equals a direct count over the raw events (random events, several OAs, UTC+7 hour and day boundaries)', async () => {
    const rnd = prng(20261120);
    const names = ['follow', 'unfollow', 'user_seen_message', 'user_received_message', 'user_click_chatnow', 'user_send_text', 'user_send_text', 'user_send_text', 'oa_send_text', 'oa_send_text'];
    const events: Ev[] = [];
    const used = new Set<number>();
    for (let i = 0; i < 400; i++) {
      let at = T0 + Math.floor(rnd() * SPAN);
      while (used.has(at)) at += 1;
      used.add(at);
      events.push({ zoa: zoaIds[Math.floor(rnd() * 3)]!, name: names[Math.floor(rnd() * names.length)]!, user: `u${Math.floor(rnd() * 6)}`, at, admin: rnd() < 0.5 });
    }
    events.sort((a, b) => a.at - b.at);
    await ingestAll(events, T0 + SPAN);
    // A Zalo retry of a stored event counts nothing.
    await ingestAll(events.slice(0, 20), T0 + SPAN);
    const direct = await directCounts();
    const rolled = await rollup();
    expect(rolled.size).toBeGreaterThan(10);
    expect(Object.fromEntries(rolled)).toEqual(Object.fromEntries(direct));
    // The daily rows equal the direct count summed per day in Asia/Ho_Chi_Minh (every field).
    const daily = new Map<string, Record<OaStatField, number>>();
    for (const [k, v] of direct) {
      const [oa, hour] = k.split('|') as [string, string];
      const dk = `${oa}|${new Date(Date.parse(hour) + 7 * 3_600_000).toISOString().slice(0, 10)}`;
      const d = daily.get(dk) ?? (Object.fromEntries(OA_STAT_FIELDS.map((x) => [x, 0])) as Record<OaStatField, number>);
      for (const f of OA_STAT_FIELDS) d[f] += v[f];
      daily.set(dk, d);
    }
    const dayRows = await t.database.db.select().from(oaStatsDaily).where(sql`${oaStatsDaily.zaloOaId} in (${sql.join([...oaIds, otherOaId].map((id) => sql`${id}::uuid`), sql`, `)})`);
    expect(Object.fromEntries(dayRows.map((r) => [`${r.zaloOaId}|${r.day}`, Object.fromEntries(OA_STAT_FIELDS.map((f) => [f, r[f]]))]))).toEqual(Object.fromEntries(daily));
    expect(new Set(dayRows.map((r) => r.day))).toEqual(new Set(['2026-11-20', '2026-11-21']));
  });

  it('answers DAILY / HOURLY / MONTHLY buckets cut in Asia/Ho_Chi_Minh, per OA and for All, equal to the direct count', async () => {
    const direct = await directCounts();
    const day = (iso: string) => new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 10);
    const expectDaily = (oa?: string) => {
      const m = new Map<string, number>();
      for (const [k, v] of direct) {
        const [o, hour] = k.split('|') as [string, string];
        if (o === otherOaId || (oa && o !== oa)) continue;
        m.set(day(hour), (m.get(day(hour)) ?? 0) + v.userMessageCount);
      }
      return m;
    };
    for (const oa of [undefined, oaIds[0]]) {
      const res = await t.app.inject({ url: `/api/merchant/oa-analytics/statistics?from=2026-11-20&to=2026-11-21&period=DAILY${oa ? `&zaloOAId=${oa}` : ''}`, headers: h });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { points: Array<{ time: string; userMessageCount: number }>; totals: Record<string, number> };
      expect(data.points.map((p) => p.time)).toEqual(['2026-11-20', '2026-11-21']);
      const exp = expectDaily(oa);
      for (const p of data.points) expect(p.userMessageCount, `${oa} ${p.time}`).toBe(exp.get(p.time) ?? 0);
      expect(data.points[0]!.userMessageCount).toBeGreaterThan(0);
      expect(data.points[1]!.userMessageCount).toBeGreaterThan(0);
    }
    const hourly = await t.app.inject({ url: `/api/merchant/oa-analytics/statistics?from=2026-11-20&to=2026-11-21&period=HOURLY`, headers: h });
    expect(hourly.json().data.points).toHaveLength(48);
    expect(hourly.json().data.points[22].time).toBe('2026-11-20T22:00');
    const monthly = await t.app.inject({ url: `/api/merchant/oa-analytics/statistics?from=2026-10-15&to=2026-11-30&period=MONTHLY`, headers: h });
    const m = monthly.json().data as { points: Array<{ time: string; followCount: number }>; totals: { followCount: number } };
    expect(m.points.map((p) => p.time)).toEqual(['2026-10', '2026-11']);
    expect(m.points[1]!.followCount).toBe(m.totals.followCount);
    const csv = await t.app.inject({ url: `/api/merchant/oa-analytics/export?from=2026-11-20&to=2026-11-21&period=DAILY`, headers: h });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(['time', ...OA_STAT_FIELDS].join(','));
    expect(lines).toHaveLength(4);
    expect(lines[3]!.startsWith('total,')).toBe(true);
  });

  it('counts an OA message the product sent (message.status_changed PUSHED_ZALO) once, replying to the open session', async () => {
    const at = Date.parse('2026-11-22T03:10:00Z');
    await ingestAll([{ zoa: zoaIds[1]!, name: 'user_send_text', user: 'sess-user', at }], at + 60_000);
    const [msg] = await t.database.db.insert(messageHistory).values({ tenantId, module: 'OA', zaloOaId: oaIds[1]!, uid: 'sess-user', type: 'CS', status: 'PUSHED_ZALO' }).returning();
    const event = { id: 1, type: 'message.status_changed' as const, merchantId: '', tenantId, data: { messageId: msg!.id, module: 'OA' as const, status: 'PUSHED_ZALO' }, at: new Date(at + 5 * 60_000).toISOString() };
    await t.database.db.transaction((tx) => countOaMessageSent(tx, event));
    // A ZNS or non-final status changes nothing.
    await t.database.db.transaction((tx) => countOaMessageSent(tx, { ...event, data: { ...event.data, status: 'RECEIVED' } }));
    const res = await t.app.inject({ url: `/api/merchant/oa-analytics/statistics?from=2026-11-22&to=2026-11-22&period=DAILY&zaloOAId=${oaIds[1]}`, headers: h });
    expect(res.json().data.totals).toMatchObject({ userMessageCount: 1, oaMessageCount: 1, chatSessionCount: 1, repliedChatSessionCount: 1 });
  });
});

describe('OA analytics: access and input', () => {
  const url = (q: string) => `/api/merchant/oa-analytics/statistics?${q}`;
  it('another tenant’s OA → 404; a missing permission → 403', async () => {
    expect((await t.app.inject({ url: url(`from=2026-11-20&to=2026-11-21&zaloOAId=${otherOaId}`), headers: h })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url(`from=2026-11-20&to=2026-11-21&zaloOAId=${oaIds[0]}`), headers: hOther })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/merchant/oa-analytics/export?from=2026-11-20&to=2026-11-21&zaloOAId=${otherOaId}`, headers: h })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url('from=2026-11-20&to=2026-11-21'), headers: hNoPerm })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/merchant/oa-analytics/export?from=2026-11-20&to=2026-11-21`, headers: hNoPerm })).statusCode).toBe(403);
    // 'All' of the other tenant sees only its own OA's counts.
    const all = await t.app.inject({ url: url('from=2026-11-20&to=2026-11-21'), headers: hOther });
    const mine = await t.app.inject({ url: url(`from=2026-11-20&to=2026-11-21&zaloOAId=${otherOaId}`), headers: hOther });
    expect(all.json().data.totals).toEqual(mine.json().data.totals);
  });

  it('an invalid or too long range → 422 naming the field; a malformed date → 400', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-11-21&to=2026-11-20', 'querystring.to'],
      ['from=2026-01-01&to=2026-02-01&period=HOURLY', 'querystring.to'],
      ['from=2024-01-01&to=2026-01-01&period=DAILY', 'querystring.to'],
      ['from=2026-02-30&to=2026-03-01', 'querystring.from'],
    ];
    for (const [q, field] of cases) {
      const res = await t.app.inject({ url: url(q), headers: h });
      expect(res.statusCode, q).toBe(422);
      expect(res.json().error.code).toBe('DATE_RANGE_INVALID');
      expect(res.json().error.details.fields[0].path).toBe(field);
    }
    const bad = await t.app.inject({ url: url('from=20-11-2026&to=2026-11-21'), headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].path).toBe('querystring.from');
    expect((await t.app.inject({ url: url('from=2026-11-20&to=2026-11-21&period=WEEKLY'), headers: h })).statusCode).toBe(400);
  });
});

describe('OA analytics: rollup of concurrent deliveries (group commit, ADR 0015)', () => {
  it('equals the direct count when events arrive 60 at a time, with Zalo retries inside the same batch', async () => {
    const rnd = prng(20260915);
    const t0 = Date.parse('2026-09-15T15:00:00Z');
    const names = ['follow', 'unfollow', 'user_seen_message', 'user_received_message', 'user_click_chatnow', 'user_send_text', 'user_send_text', 'user_send_text', 'oa_send_text', 'oa_send_text'];
    const events: Ev[] = [];
    const used = new Set<number>();
    for (let i = 0; i < 600; i++) {
      let at = t0 + Math.floor(rnd() * SPAN);
      while (used.has(at)) at += 1;
      used.add(at);
      events.push({ zoa: zoaIds[Math.floor(rnd() * 3)]!, name: names[Math.floor(rnd() * names.length)]!, user: `c${Math.floor(rnd() * 5)}`, at, admin: rnd() < 0.5 });
    }
    events.sort((a, b) => a.at - b.at);
    const cipher = createCipher(t.config.appSecret);
    const deliver = (e: Ev, i: number) => {
      const raw = JSON.stringify(bodyOf(e, 10_000 + i));
      return ingestZaloWebhook(t.database.db, cipher, raw, { 'x-zevent-signature': sign(raw, e.at) }, { now: t0 + SPAN });
    };
    let duplicates = 0;
    for (let i = 0; i < events.length; i += 60) {
      const chunk = events.slice(i, i + 60).map((e, j) => [e, i + j] as const);
      // Every tenth event is delivered twice at once (a retry racing its original).
      const outs = await Promise.all([...chunk, ...chunk.filter(([, n]) => n % 10 === 0)].map(([e, n]) => deliver(e, n)));
      for (const o of outs) expect(o.status).toBe(200);
      duplicates += outs.filter((o) => o.status === 200 && o.duplicate).length;
    }
    expect(duplicates).toBe(60);
    await drainZaloEvents(t.database.db);
    const inWindow = (m: Map<string, Record<OaStatField, number>>) => Object.fromEntries([...m].filter(([k]) => k.split('|')[1]!.startsWith('2026-09-')));
    const direct = inWindow(await directCounts());
    expect(Object.keys(direct).length).toBeGreaterThan(10);
    expect(inWindow(await rollup())).toEqual(direct);
  });
});
