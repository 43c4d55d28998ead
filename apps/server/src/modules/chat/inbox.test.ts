import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Permission } from '@zc/shared/permissions';
import { auditLogs } from '../../db/schema/audit';
import { chatConversations, chatMessages, chatPresence } from '../../db/schema/chat';
import { domainEvents } from '../../db/schema/events';
import { notifications } from '../../db/schema/notifications';
import { oaBroadcasts } from '../../db/schema/broadcasts';
import { messageHistory } from '../../db/schema/messaging';
import { teamMembers, teams } from '../../db/schema/teams';
import { userGroups } from '../../db/schema/user-groups';
import { zaloOas } from '../../db/schema/zalo-oa';
import { dispatchPendingEvents } from '../../events/dispatcher';
import { EVENT_HANDLERS } from '../../events/handlers';
import { emitEvent } from '../../platform/events';
import { trustedTenantScope } from '../../platform/tenant-scope';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { listConversationRows, planSearch, type SearchPlan } from './inbox-repo';
import { searchTerms } from './inbox-service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const db = () => t.database.db;
const CHAT: Permission[] = ['VIEW_ZALO_OA_CHAT', 'ACTION_ZALO_OA_CHAT'];

async function group(tenantId: string, permissions: Permission[]) {
  const [g] = await db().insert(userGroups).values({ tenantId, name: `g${crypto.randomUUID()}`, permissions }).returning();
  if (!g) throw new Error('group');
  return g.id;
}

async function oa(tenantId: string, name = 'Shop OA') {
  const [row] = await db()
    .insert(zaloOas)
    .values({ tenantId, name, zappId: 'app', zoaId: `zoa-${crypto.randomUUID()}`, secretKeyEnc: 'x', webhookSecretEnc: 'x', accessTokenEnc: 'x', refreshTokenEnc: 'x' })
    .returning();
  if (!row) throw new Error('oa');
  return row;
}

let seq = 0;
async function conv(tenantId: string, zaloOaId: string, o: Partial<typeof chatConversations.$inferInsert> = {}) {
  seq += 1;
  const at = o.lastMessageAt ?? new Date(Date.UTC(2026, 10, 20, 8, 0, seq));
  const [row] = await db()
    .insert(chatConversations)
    .values({
      tenantId,
      zaloOaId,
      userId: `u${seq}-${crypto.randomUUID().slice(0, 8)}`,
      displayName: `Follower ${seq}`,
      lastMessageAt: at,
      lastMessageKind: 'text',
      lastMessageDirection: 'IN',
      lastMessagePreview: 'hello',
      lastUserMessageAt: at,
      historyImportedAt: new Date(),
      ...o,
    })
    .returning();
  if (!row) throw new Error('conv');
  return row;
}

async function msg(c: { id: string; tenantId: string; zaloOaId: string }, o: Partial<typeof chatMessages.$inferInsert> & { sentAt: Date }) {
  const [row] = await db()
    .insert(chatMessages)
    .values({ tenantId: c.tenantId, conversationId: c.id, zaloOaId: c.zaloOaId, direction: 'IN', kind: 'text', text: 'hi', zaloMsgId: crypto.randomUUID(), ...o })
    .returning();
  if (!row) throw new Error('msg');
  return row;
}

async function world() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { oaService: true });
  const other = await buildTenant(t.database, org.id, { oaService: true });
  const chatGroup = await group(tenant.id, CHAT);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const anna = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: chatGroup });
  const binh = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: chatGroup });
  const viewer = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: await group(tenant.id, ['VIEW_ZALO_OA_CHAT']) });
  const nobody = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: await group(tenant.id, []) });
  const oa1 = await oa(tenant.id, 'OA one');
  const oa2 = await oa(tenant.id, 'OA two');
  const otherOa = await oa(other.id, 'Other OA');
  const sessions = {
    owner: await loginAs(t.app, owner.email),
    anna: await loginAs(t.app, anna.email),
    binh: await loginAs(t.app, binh.email),
    viewer: await loginAs(t.app, viewer.email),
    nobody: await loginAs(t.app, nobody.email),
  };
  const call = (s: Session, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/merchant/chat${url}`, headers: s.headers({ 'x-tenant-id': tenant.id }), ...(payload ? { payload } : {}) });
  return { org, tenant, other, owner, anna, binh, viewer, nobody, oa1, oa2, otherOa, sessions, call };
}

type W = Awaited<ReturnType<typeof world>>;
const ids = (r: { json(): { data: Array<{ id: string }> } }) => r.json().data.map((c) => c.id);

describe('chat inbox: the conversation list', () => {
  let w: W;
  let c: Record<string, typeof chatConversations.$inferSelect>;
  beforeAll(async () => {
    w = await world();
    const base = Date.UTC(2026, 10, 20, 9, 0, 0);
    const at = (m: number) => new Date(base + m * 60_000);
    c = {
      // Newest first: a(9:10) b(9:09) … by minute.
      a: await conv(w.tenant.id, w.oa1.id, { displayName: 'Nguyễn An', phone: '84901234567', unreadCount: 2, lastMessageAt: at(10) }),
      b: await conv(w.tenant.id, w.oa1.id, { displayName: 'Trần Bình', lastMessageDirection: 'OUT', lastMessageAt: at(9), lastUserMessageAt: at(8), lastOaMessageAt: at(9) }),
      spam: await conv(w.tenant.id, w.oa1.id, { displayName: 'Spammer', spam: true, lastMessageAt: at(8) }),
      group: await conv(w.tenant.id, w.oa2.id, { displayName: 'Nhóm khách', isGroup: true, lastMessageAt: at(7) }),
      closed: await conv(w.tenant.id, w.oa2.id, { displayName: 'Closed one', status: 'CLOSED', lastMessageAt: at(6) }),
      mine: await conv(w.tenant.id, w.oa2.id, { displayName: 'anh Cường', assigneeUserId: w.anna.id, lastMessageAt: at(5) }),
      silent: await conv(w.tenant.id, w.oa2.id, { displayName: 'No messages', lastMessageAt: null, lastMessageKind: null, lastMessageDirection: null, lastUserMessageAt: null }),
      foreign: await conv(w.other.id, w.otherOa.id, { displayName: 'Nguyễn Khác', lastMessageAt: at(20) }),
    };
    await msg(c.b!, { sentAt: at(8), text: 'Cho tôi hỏi giá áo khoác mùa đông' });
    await msg(c.foreign!, { sentAt: at(20), text: 'áo khoác' });
  });

  it('main: open, not spam, of every OA of the tenant, by last activity; never another tenant\'s', async () => {
    const r = await w.call(w.sessions.anna, 'GET', '/conversations');
    expect(r.statusCode, r.body).toBe(200);
    expect(ids(r)).toEqual([c.a!.id, c.b!.id, c.group!.id, c.mine!.id]);
    const first = r.json().data[0];
    expect(first).toMatchObject({ displayName: 'Nguyễn An', zaloOA: { id: w.oa1.id, name: 'OA one' }, unreadCount: 2, replied: false, spam: false, status: 'OPEN', lastMessage: { kind: 'text', direction: 'IN', preview: 'hello' } });
    expect(new Date(first.window.closesAt).getTime() - new Date(first.lastUserMessageAt).getTime()).toBe(7 * 24 * 3600_000);
    expect(new Date(first.window.freeUntil).getTime() - new Date(first.lastUserMessageAt).getTime()).toBe(48 * 3600_000);
    expect(r.json().data[1]).toMatchObject({ replied: true });
  });

  it('one OA, the §3 filters and the status', async () => {
    expect(ids(await w.call(w.sessions.anna, 'GET', `/conversations?zaloOAId=${w.oa1.id}`))).toEqual([c.a!.id, c.b!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?filter=unread'))).toEqual([c.a!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?filter=unreplied'))).toEqual([c.a!.id, c.group!.id, c.mine!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?filter=spam'))).toEqual([c.spam!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?filter=group'))).toEqual([c.group!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?status=CLOSED'))).toEqual([c.closed!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?status=ALL'))).toEqual([c.a!.id, c.b!.id, c.group!.id, c.closed!.id, c.mine!.id]);
    // Another tenant's OA: 404.
    expect((await w.call(w.sessions.anna, 'GET', `/conversations?zaloOAId=${w.otherOa.id}`)).statusCode).toBe(404);
  });

  it('assignment: mine, assigned, unassigned, team', async () => {
    const [team] = await db().insert(teams).values({ tenantId: w.tenant.id, name: `Sales ${crypto.randomUUID()}` }).returning();
    await db().insert(teamMembers).values({ teamId: team!.id, userId: w.binh.id, tenantId: w.tenant.id });
    await db().update(chatConversations).set({ teamId: team!.id }).where(eq(chatConversations.id, c.group!.id));
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?assignment=mine'))).toEqual([c.mine!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?assignment=assigned'))).toEqual([c.group!.id, c.mine!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?assignment=unassigned'))).toEqual([c.a!.id, c.b!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', `/conversations?assignment=team&teamId=${team!.id}`))).toEqual([c.group!.id]);
    // Without a team id: the caller's teams (binh is in Sales, anna in none).
    expect(ids(await w.call(w.sessions.binh, 'GET', '/conversations?assignment=team'))).toEqual([c.group!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?assignment=team'))).toEqual([]);
    await db().update(chatConversations).set({ teamId: null }).where(eq(chatConversations.id, c.group!.id));
  });

  it('search: name prefix (any case, accents kept), phone digits (0… is 84…), message words; tenant-confined', async () => {
    expect(ids(await w.call(w.sessions.anna, 'GET', `/conversations?q=${encodeURIComponent('nguyễn')}`))).toEqual([c.a!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', `/conversations?q=${encodeURIComponent('ANH c')}`))).toEqual([c.mine!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?q=0901234'))).toEqual([c.a!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?q=84901'))).toEqual([c.a!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', `/conversations?q=${encodeURIComponent('áo khoác')}`))).toEqual([c.b!.id]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?q=zzz'))).toEqual([]);
  });

  it('search: each way finds the same conversations whether it is narrow (ids from its index) or broad (tested on the ordered walk)', async () => {
    const scope = trustedTenantScope(w.tenant.id);
    const list = (terms: ReturnType<typeof searchTerms>, plan: SearchPlan) =>
      listConversationRows(db(), scope, { filter: 'main', assignment: 'all', status: 'ALL', search: { terms, plan }, limit: 50, userId: w.anna.id, myTeamIds: [] }).then((rows) => rows.map((r) => r.id));
    for (const q of ['nguyễn', 'ANH c', '0901234', 'áo khoác', 'zzz']) {
      const terms = searchTerms(q);
      const narrow = await planSearch(db(), scope, terms);
      expect(narrow.broad).toEqual({ name: false, phone: false, words: false });
      const broad: SearchPlan = { ids: [], broad: { name: true, phone: terms.phone !== null, words: true } };
      expect(await list(terms, broad), q).toEqual(await list(terms, narrow));
    }
  });

  it('cursor paging: every row once, in order, then null; a forged cursor is 400', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i += 1) {
      const r = await w.call(w.sessions.anna, 'GET', `/conversations?status=ALL&filter=main&size=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.statusCode, r.body).toBe(200);
      seen.push(...ids(r));
      cursor = r.json().meta.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([c.a!.id, c.b!.id, c.group!.id, c.closed!.id, c.mine!.id]);
    const bad = await w.call(w.sessions.anna, 'GET', '/conversations?cursor=bm9wZQ');
    expect(bad.statusCode).toBe(400);
  });

  it('ties on last activity page by id without loss', async () => {
    const same = new Date(Date.UTC(2026, 0, 1));
    const tie = [];
    for (let i = 0; i < 5; i += 1) tie.push(await conv(w.other.id, w.otherOa.id, { lastMessageAt: same, displayName: `Tie ${i}` }));
    const s = await loginAs(t.app, w.owner.email);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i += 1) {
      const r: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ url: `/api/merchant/chat/conversations?size=2${cursor ? `&cursor=${cursor}` : ''}&q=tie`, headers: s.headers({ 'x-tenant-id': w.other.id }) });
      seen.push(...ids(r));
      cursor = r.json().meta.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(tie.map((x) => x.id).sort());
  });

  it('detail: the tenant\'s conversation; another tenant\'s is 404', async () => {
    const r = await w.call(w.sessions.viewer, 'GET', `/conversations/${c.mine!.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ id: c.mine!.id, assignee: { id: w.anna.id }, team: null });
    expect((await w.call(w.sessions.anna, 'GET', `/conversations/${c.foreign!.id}`)).statusCode).toBe(404);
  });

  it('permissions: no VIEW_ZALO_OA_CHAT → 403', async () => {
    expect((await w.call(w.sessions.nobody, 'GET', '/conversations')).statusCode).toBe(403);
    expect((await w.call(w.sessions.nobody, 'GET', `/conversations/${c.a!.id}`)).statusCode).toBe(403);
    expect((await w.call(w.sessions.nobody, 'GET', '/canned-replies')).statusCode).toBe(403);
  });
});

describe('chat inbox: messages', () => {
  it('pages oldest first within a page, the cursor reads older pages; notes carry their author', async () => {
    const w = await world();
    const c = await conv(w.tenant.id, w.oa1.id);
    const base = Date.UTC(2026, 10, 1);
    const rows = [];
    for (let i = 0; i < 7; i += 1) rows.push(await msg(c, { sentAt: new Date(base + i * 1000), text: `m${i}`, direction: i % 2 ? 'OUT' : 'IN', status: i % 2 ? 'SENT' : null, authorUserId: i % 2 ? w.anna.id : null }));
    const p1 = await w.call(w.sessions.viewer, 'GET', `/conversations/${c.id}/messages?size=3`);
    expect(p1.statusCode, p1.body).toBe(200);
    expect(p1.json().data.map((m: { text: string }) => m.text)).toEqual(['m4', 'm5', 'm6']);
    expect(p1.json().meta.importing).toBe(false);
    expect(p1.json().data[1]).toMatchObject({ direction: 'OUT', status: 'SENT', author: { id: w.anna.id }, error: null, quote: null, reactions: [] });
    const p2 = await w.call(w.sessions.viewer, 'GET', `/conversations/${c.id}/messages?size=3&before=${p1.json().meta.nextCursor}`);
    expect(p2.json().data.map((m: { text: string }) => m.text)).toEqual(['m1', 'm2', 'm3']);
    const p3 = await w.call(w.sessions.viewer, 'GET', `/conversations/${c.id}/messages?size=3&before=${p2.json().meta.nextCursor}`);
    expect(p3.json().data.map((m: { text: string }) => m.text)).toEqual(['m0']);
    expect(p3.json().meta.nextCursor).toBeNull();
    const foreign = await conv(w.other.id, w.otherOa.id);
    expect((await w.call(w.sessions.anna, 'GET', `/conversations/${foreign.id}/messages`)).statusCode).toBe(404);
  });

  it('a FAILED message shows Zalo\'s explanation in both languages', async () => {
    const w = await world();
    const c = await conv(w.tenant.id, w.oa1.id);
    await msg(c, { sentAt: new Date(), direction: 'OUT', status: 'FAILED', errorCode: -230, errorMessage: 'User has not interacted', errorMessageVi: 'Người dùng chưa tương tác' });
    const r = await w.call(w.sessions.anna, 'GET', `/conversations/${c.id}/messages`);
    expect(r.json().data[0].error).toEqual({ code: -230, message: 'User has not interacted', messageVi: 'Người dùng chưa tương tác' });
  });
});

describe('chat inbox: read, assign, spam, status', () => {
  const events = async (conversationId: string, type: string) =>
    db().select().from(domainEvents).where(and(sql`${domainEvents.type} = ${type}`, sql`${domainEvents.payload}->>'conversationId' = ${conversationId}`));
  const audits = (action: string, targetId: string) => db().select().from(auditLogs).where(and(sql`${auditLogs.action} = ${action}`, eq(auditLogs.targetId, targetId)));

  it('read clears the unread count once and announces it (VIEW is enough)', async () => {
    const w = await world();
    const c = await conv(w.tenant.id, w.oa1.id, { unreadCount: 3 });
    const r = await w.call(w.sessions.viewer, 'POST', `/conversations/${c.id}/read`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.unreadCount).toBe(0);
    await w.call(w.sessions.viewer, 'POST', `/conversations/${c.id}/read`);
    const ev = await events(c.id, 'chat.conversation_changed');
    expect(ev).toHaveLength(1);
    expect(ev[0]?.payload).toMatchObject({ fields: ['unread'], actorId: w.viewer.id });
  });

  it('assignees: the members who may view the chat, for an agent without VIEW_USER_GROUPS; no VIEW → 403', async () => {
    const w = await world();
    const r = await w.call(w.sessions.anna, 'GET', '/assignees');
    expect(r.statusCode, r.body).toBe(200);
    const ids = (r.json().data as Array<{ id: string }>).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([w.anna.id, w.binh.id, w.viewer.id, w.owner.id]));
    expect(ids).not.toContain(w.nobody.id);
    expect((await w.call(w.sessions.nobody, 'GET', '/assignees')).statusCode).toBe(403);
  });

  it('assign to a chat member or a team of the tenant, audited and announced; others are 422; null clears', async () => {
    const w = await world();
    const c = await conv(w.tenant.id, w.oa1.id);
    const [team] = await db().insert(teams).values({ tenantId: w.tenant.id, name: `Care ${crypto.randomUUID()}` }).returning();
    const [foreignTeam] = await db().insert(teams).values({ tenantId: w.other.id, name: `X ${crypto.randomUUID()}` }).returning();
    const r = await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/assign`, { assigneeUserId: w.binh.id, teamId: team!.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ assignee: { id: w.binh.id }, team: { id: team!.id } });
    const [a] = await audits('CHAT_ASSIGN', c.id);
    expect(a?.before).toMatchObject({ assigneeUserId: null, teamId: null });
    expect(a?.after).toMatchObject({ assigneeUserId: w.binh.id, teamId: team!.id });
    expect((await events(c.id, 'chat.conversation_changed'))[0]?.payload).toMatchObject({ fields: ['assignee'], assigneeUserId: w.binh.id, teamId: team!.id, actorId: w.anna.id });

    // Not allowed to view the chat, outside the tenant, another tenant's team.
    const outsider = await buildUser(t.database, { merchantId: (await buildOrganisation(t.database)).id, role: 'OWNER' });
    for (const body of [{ assigneeUserId: w.nobody.id, teamId: null }, { assigneeUserId: outsider.id, teamId: null }, { assigneeUserId: null, teamId: foreignTeam!.id }]) {
      const bad = await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/assign`, body);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.code).toBe('CHAT_ASSIGNEE_INVALID');
    }
    // The organisation owner holds the chat permissions in every tenant.
    expect((await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/assign`, { assigneeUserId: w.owner.id, teamId: null })).statusCode).toBe(200);
    const cleared = await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/assign`, { assigneeUserId: null, teamId: null });
    expect(cleared.json().data).toMatchObject({ assignee: null, team: null });
    expect(await audits('CHAT_ASSIGN', c.id)).toHaveLength(3);
    // VIEW only → 403; another tenant's conversation → 404.
    expect((await w.call(w.sessions.viewer, 'POST', `/conversations/${c.id}/assign`, { assigneeUserId: w.viewer.id, teamId: null })).statusCode).toBe(403);
    const foreign = await conv(w.other.id, w.otherOa.id);
    expect((await w.call(w.sessions.anna, 'POST', `/conversations/${foreign.id}/assign`, { assigneeUserId: w.anna.id, teamId: null })).statusCode).toBe(404);
  });

  it('spam and status: audited, announced, move the conversation between tabs', async () => {
    const w = await world();
    const c = await conv(w.tenant.id, w.oa1.id);
    const s = await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/spam`, { spam: true });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json().data.spam).toBe(true);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations'))).toEqual([]);
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations?filter=spam'))).toEqual([c.id]);
    expect(await audits('CHAT_SPAM', c.id)).toHaveLength(1);
    await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/spam`, { spam: false });
    const st = await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/status`, { status: 'CLOSED' });
    expect(st.json().data.status).toBe('CLOSED');
    expect(ids(await w.call(w.sessions.anna, 'GET', '/conversations'))).toEqual([]);
    expect(await audits('CHAT_STATUS', c.id)).toHaveLength(1);
    const fields = (await events(c.id, 'chat.conversation_changed')).map((e) => (e.payload as { fields: string[] }).fields[0]);
    expect(fields).toEqual(['spam', 'spam', 'status']);
    expect((await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/status`, { status: 'DONE' })).statusCode).toBe(400);
    expect((await w.call(w.sessions.viewer, 'POST', `/conversations/${c.id}/spam`, { spam: true })).statusCode).toBe(403);
  });
});

describe('chat inbox: notes', () => {
  it('a note is a NOTE message with its author, never a Zalo message; only its author (or an OWNER/ADMIN) deletes it, audited', async () => {
    const w = await world();
    const c = await conv(w.tenant.id, w.oa1.id);
    const r = await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/notes`, { text: 'Khách VIP, ưu tiên' });
    expect(r.statusCode, r.body).toBe(201);
    const note = r.json().data;
    expect(note).toMatchObject({ direction: 'NOTE', kind: 'note', text: 'Khách VIP, ưu tiên', zaloMsgId: null, status: null, author: { id: w.anna.id } });
    const [stored] = await db().select().from(chatMessages).where(eq(chatMessages.id, note.id));
    expect(stored?.messageHistoryId).toBeNull();
    // The last message stays the follower's.
    const [after] = await db().select().from(chatConversations).where(eq(chatConversations.id, c.id));
    expect(after?.lastMessageDirection).toBe('IN');
    expect((await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/notes`, { text: '' })).statusCode).toBe(400);
    expect((await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/notes`, { text: 'x'.repeat(2001) })).statusCode).toBe(400);

    const notYours = await w.call(w.sessions.binh, 'DELETE', `/conversations/${c.id}/notes/${note.id}`);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error.code).toBe('CHAT_NOTE_NOT_YOURS');
    expect((await w.call(w.sessions.viewer, 'DELETE', `/conversations/${c.id}/notes/${note.id}`)).statusCode).toBe(403);
    const del = await w.call(w.sessions.anna, 'DELETE', `/conversations/${c.id}/notes/${note.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.id, note.id))).toHaveLength(0);
    const [audit] = await db().select().from(auditLogs).where(and(eq(auditLogs.action, 'CHAT_NOTE_DELETE'), eq(auditLogs.targetId, note.id)));
    expect(audit?.before).toMatchObject({ authorUserId: w.anna.id, text: 'Khách VIP, ưu tiên' });

    // The owner deletes anyone's note; a follower's message is not a note (404).
    const other = (await w.call(w.sessions.binh, 'POST', `/conversations/${c.id}/notes`, { text: 'n2' })).json().data;
    expect((await w.call(w.sessions.owner, 'DELETE', `/conversations/${c.id}/notes/${other.id}`)).statusCode).toBe(200);
    const inbound = await msg(c, { sentAt: new Date() });
    expect((await w.call(w.sessions.anna, 'DELETE', `/conversations/${c.id}/notes/${inbound.id}`)).statusCode).toBe(404);
  });

  it('tenant isolation: another tenant\'s conversation or note is 404', async () => {
    const w = await world();
    const foreign = await conv(w.other.id, w.otherOa.id);
    const [fnote] = await db().insert(chatMessages).values({ tenantId: w.other.id, conversationId: foreign.id, zaloOaId: w.otherOa.id, direction: 'NOTE', kind: 'note', text: 'secret', authorUserId: w.anna.id, sentAt: new Date() }).returning();
    expect((await w.call(w.sessions.anna, 'POST', `/conversations/${foreign.id}/notes`, { text: 'x' })).statusCode).toBe(404);
    expect((await w.call(w.sessions.anna, 'DELETE', `/conversations/${foreign.id}/notes/${fnote!.id}`)).statusCode).toBe(404);
    const mine = await conv(w.tenant.id, w.oa1.id);
    expect((await w.call(w.sessions.anna, 'DELETE', `/conversations/${mine.id}/notes/${fnote!.id}`)).statusCode).toBe(404);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.id, fnote!.id))).toHaveLength(1);
  });
});

describe('chat inbox: presence', () => {
  it('announces a change of state only, answers the others present, LEFT removes the mark', async () => {
    const w = await world();
    const c = await conv(w.tenant.id, w.oa1.id);
    const presence = async () => db().select().from(domainEvents).where(and(eq(domainEvents.type, 'chat.presence'), sql`${domainEvents.payload}->>'conversationId' = ${c.id}`));
    const a1 = await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/presence`, { state: 'VIEWING' });
    expect(a1.statusCode, a1.body).toBe(200);
    expect(a1.json().data).toEqual([]);
    await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/presence`, { state: 'VIEWING' });
    expect(await presence()).toHaveLength(1);
    const b1 = await w.call(w.sessions.viewer, 'POST', `/conversations/${c.id}/presence`, { state: 'TYPING' });
    expect(b1.json().data).toMatchObject([{ user: { id: w.anna.id }, state: 'VIEWING' }]);
    const until = new Date(b1.json().data[0].until).getTime();
    expect(until - Date.now()).toBeGreaterThan(40_000);
    expect(until - Date.now()).toBeLessThanOrEqual(45_000);
    await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/presence`, { state: 'TYPING' });
    expect((await presence()).map((e) => e.payload)).toMatchObject([
      { userId: w.anna.id, state: 'VIEWING' },
      { userId: w.viewer.id, state: 'TYPING' },
      { userId: w.anna.id, state: 'TYPING' },
    ]);
    // A lapsed mark is not "present", and renewing it is a change.
    await db().update(chatPresence).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(chatPresence.userId, w.anna.id));
    expect((await w.call(w.sessions.viewer, 'POST', `/conversations/${c.id}/presence`, { state: 'TYPING' })).json().data).toEqual([]);
    await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/presence`, { state: 'TYPING' });
    expect(await presence()).toHaveLength(4);
    await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/presence`, { state: 'LEFT' });
    await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/presence`, { state: 'LEFT' });
    expect((await presence()).map((e) => (e.payload as { state: string }).state).slice(4)).toEqual(['LEFT']);
    expect((await w.call(w.sessions.viewer, 'POST', `/conversations/${c.id}/presence`, { state: 'VIEWING' })).json().data).toEqual([]);
    const foreign = await conv(w.other.id, w.otherOa.id);
    expect((await w.call(w.sessions.anna, 'POST', `/conversations/${foreign.id}/presence`, { state: 'VIEWING' })).statusCode).toBe(404);
    expect((await w.call(w.sessions.nobody, 'POST', `/conversations/${c.id}/presence`, { state: 'VIEWING' })).statusCode).toBe(403);
  });
});

describe('chat inbox: follower timeline', () => {
  it('OA messages by uid, ZNS by phone, the OA\'s broadcasts since the follower came; newest first', async () => {
    const w = await world();
    const c = await conv(w.tenant.id, w.oa1.id, { phone: '84912345678', createdAt: new Date(Date.UTC(2026, 9, 1)) });
    const h = (o: Partial<typeof messageHistory.$inferInsert>) => ({ tenantId: w.tenant.id, zaloOaId: w.oa1.id, type: 'CS' as const, status: 'RECEIVED' as const, module: 'OA' as const, ...o });
    await db().insert(messageHistory).values([
      h({ uid: c.userId, createdAt: new Date(Date.UTC(2026, 10, 2)) } as never),
      h({ module: 'ZNS', phone: '84912345678', templateName: 'Order shipped', type: 'TRANSACTION', createdAt: new Date(Date.UTC(2026, 10, 3)) } as never),
      h({ uid: 'someone-else', createdAt: new Date(Date.UTC(2026, 10, 4)) } as never),
    ]);
    // A reply sent from this chat is one of its messages, not a timeline item.
    const [reply] = await db().insert(messageHistory).values(h({ uid: c.userId, createdAt: new Date(Date.UTC(2026, 10, 7)) } as never)).returning();
    await db().insert(chatMessages).values({ tenantId: w.tenant.id, conversationId: c.id, zaloOaId: w.oa1.id, direction: 'OUT', kind: 'text', text: 'Dạ', status: 'SENT', messageHistoryId: reply!.id, sentAt: new Date(Date.UTC(2026, 10, 7)) });
    const b = (name: string, sentAt: Date | null, zaloOaId = w.oa1.id) => ({ tenantId: w.tenant.id, groupId: crypto.randomUUID(), zaloOaId, name, status: 'APPROVED' as const, sendState: sentAt ? ('SENT' as const) : null, scheduleTime: new Date(), target: {} as never, sentAt });
    await db().insert(oaBroadcasts).values([b('Black Friday', new Date(Date.UTC(2026, 10, 5))), b('Before they came', new Date(Date.UTC(2026, 8, 1))), b('Not sent', null), b('Other OA', new Date(Date.UTC(2026, 10, 6)), w.oa2.id)] as never);
    const r = await w.call(w.sessions.viewer, 'GET', `/conversations/${c.id}/timeline`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.map((x: { source: string; title: string }) => `${x.source}:${x.title}`)).toEqual(['BROADCAST:Black Friday', 'ZNS:Order shipped', 'OA:CS']);
    // A sent broadcast shows its hand-over state, not its review state.
    expect(r.json().data[0]).toMatchObject({ source: 'BROADCAST', status: 'SENT' });
    const foreign = await conv(w.other.id, w.otherOa.id);
    expect((await w.call(w.sessions.anna, 'GET', `/conversations/${foreign.id}/timeline`)).statusCode).toBe(404);
  });
});

describe('chat inbox: canned replies', () => {
  it('CRUD with a shortcut unique per tenant regardless of case (409), audited; another tenant\'s is 404', async () => {
    const w = await world();
    const create = (shortcut: string, text = 'Cảm ơn anh/chị!', s = w.sessions.anna) => w.call(s, 'POST', '/canned-replies', { shortcut, text });
    const r = await create('camon');
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().data.id;
    const dup = await create('CaMon');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('CHAT_CANNED_SHORTCUT_TAKEN');
    expect((await create('bad shortcut!')).statusCode).toBe(400);
    expect((await create('chao', 'Xin chào')).statusCode).toBe(201);
    expect((await w.call(w.sessions.anna, 'PATCH', `/canned-replies/${id}`, { shortcut: 'CHAO', text: 'x' })).statusCode).toBe(409);
    const up = await w.call(w.sessions.anna, 'PATCH', `/canned-replies/${id}`, { shortcut: 'CamOn', text: 'Cảm ơn!' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ shortcut: 'CamOn', text: 'Cảm ơn!' });
    const list = await w.call(w.sessions.viewer, 'GET', '/canned-replies');
    expect(list.json().data.map((x: { shortcut: string }) => x.shortcut)).toEqual(['CamOn', 'chao']);
    expect((await create('viewer', 'x', w.sessions.viewer)).statusCode).toBe(403);

    // Another tenant: its own namespace, and our id is 404 there.
    const os = w.sessions.owner;
    const inOther = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) => t.app.inject({ method, url: `/api/merchant/chat${url}`, headers: os.headers({ 'x-tenant-id': w.other.id }), ...(payload ? { payload } : {}) });
    expect((await inOther('POST', '/canned-replies', { shortcut: 'camon', text: 'ok' })).statusCode).toBe(201);
    expect((await inOther('PATCH', `/canned-replies/${id}`, { shortcut: 'z', text: 'z' })).statusCode).toBe(404);
    expect((await inOther('DELETE', `/canned-replies/${id}`)).statusCode).toBe(404);

    expect((await w.call(w.sessions.anna, 'DELETE', `/canned-replies/${id}`)).statusCode).toBe(200);
    const actions = await db().select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, id));
    expect(actions.map((a) => a.action).sort()).toEqual(['CHAT_CANNED_REPLY_CREATE', 'CHAT_CANNED_REPLY_DELETE', 'CHAT_CANNED_REPLY_UPDATE']);
  });
});

describe('chat inbox: notifications', () => {
  const mine = (userId: string, kind: string) => db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, kind)));

  it('the new assignee is told of an assignment, not when they assigned themselves', async () => {
    const w = await world();
    const c = await conv(w.tenant.id, w.oa1.id, { displayName: 'Chị Hoa' });
    await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/assign`, { assigneeUserId: w.binh.id, teamId: null });
    await w.call(w.sessions.anna, 'POST', `/conversations/${c.id}/assign`, { assigneeUserId: w.anna.id, teamId: null });
    await dispatchPendingEvents(db(), EVENT_HANDLERS);
    const told = await mine(w.binh.id, 'CHAT_ASSIGNED');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ name: 'Chị Hoa', referenceId: c.id, referenceType: 'CHAT_CONVERSATION', tenantId: w.tenant.id, createdBy: w.anna.id });
    expect(await mine(w.anna.id, 'CHAT_ASSIGNED')).toHaveLength(0);
  });

  it('a follower\'s message reaches the assignee when not looking, once until viewed', async () => {
    const w = await world();
    const c = await conv(w.tenant.id, w.oa1.id, { displayName: 'Anh Tú', assigneeUserId: w.binh.id });
    const inbound = async (direction: 'IN' | 'OUT' = 'IN') => {
      const m = await msg(c, { sentAt: new Date(), direction });
      await db().transaction((tx) => emitEvent(tx, { type: 'chat.message', tenantId: w.tenant.id, data: { conversationId: c.id, zaloOaId: c.zaloOaId, messageId: m.id, direction, status: null, assigneeUserId: w.binh.id } }));
      await dispatchPendingEvents(db(), EVENT_HANDLERS);
    };
    // Looking at it: nothing.
    await w.call(w.sessions.binh, 'POST', `/conversations/${c.id}/presence`, { state: 'VIEWING' });
    await inbound();
    expect(await mine(w.binh.id, 'CHAT_MESSAGE')).toHaveLength(0);
    await w.call(w.sessions.binh, 'POST', `/conversations/${c.id}/presence`, { state: 'LEFT' });
    await inbound();
    await inbound();
    await inbound('OUT');
    const told = await mine(w.binh.id, 'CHAT_MESSAGE');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ name: 'Anh Tú', referenceId: c.id, referenceType: 'CHAT_CONVERSATION' });
    await db().update(notifications).set({ status: 'viewed' }).where(eq(notifications.id, told[0]!.id));
    await inbound();
    expect(await mine(w.binh.id, 'CHAT_MESSAGE')).toHaveLength(2);
  });
});
