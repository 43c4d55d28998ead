import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import { merchantInvitations } from '../../db/schema/invitations';
import { mailOutbox } from '../../db/schema/mail';
import { merchantMembers } from '../../db/schema/organisation';
import { tenantMembers } from '../../db/schema/user-groups';
import { body, buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, PASSWORD, type Session, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An organisation registered through the public sign-up: its creator is its OWNER. */
async function selfRegisteredOwner() {
  const email = `attacker${Date.now()}${Math.floor(Math.random() * 1e6)}@evil.vn`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: PASSWORD, displayName: 'Kẻ tấn công', organisationName: 'Tổ chức tự lập' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const s = await loginAs(t.app, email);
  const [m] = await t.database.db.select().from(merchantMembers).where(eq(merchantMembers.userId, s.userId));
  if (!m) throw new Error('no membership after register');
  return { s, merchantId: m.merchantId, h: s.headers({ 'x-merchant-id': m.merchantId }) };
}

async function orgWithOwner() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  return { org, tenant, owner, s, h: s.headers({ 'x-merchant-id': org.id }) };
}

/** The token of the latest invitation mail sent to `to`. */
async function mailedToken(to: string): Promise<string> {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const token = /invitation\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail to ${to}`);
  return token;
}

const invite = (h: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/merchant/merchant/add-user', headers: h, payload });
const uniqueEmail = (prefix: string) => `${prefix}${Date.now()}${Math.floor(Math.random() * 1e6)}@test.vn`;

describe('add-user invites instead of enrolling (issue 8)', () => {
  it('lets the owner of a self-registered organisation only invite another organisation’s member: no membership, no profile change, EU check unchanged', async () => {
    const victimOrg = await buildOrganisation(t.database);
    const victimTenant = await buildTenant(t.database, victimOrg.id);
    const victim = await buildUser(t.database, { merchantId: victimOrg.id, role: 'EU', tenantIds: [victimTenant.id] });
    const vs = await loginAs(t.app, victim.email);
    const euBefore = body<{ data: unknown }>(await t.app.inject({ url: '/api/merchant/merchant/check-eu-by-user', headers: vs.headers() })).data;
    const { h, merchantId } = await selfRegisteredOwner();

    const res = await invite(h, { email: victim.email, role: 'OWNER', tenantIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: victim.email, role: 'OWNER', status: 'PENDING', isExpired: false, tenants: [] });

    expect(await t.database.db.select().from(merchantMembers).where(and(eq(merchantMembers.merchantId, merchantId), eq(merchantMembers.userId, victim.id)))).toHaveLength(0);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, victim.id));
    expect(after?.displayName).toBe(victim.displayName);
    const euAfter = body<{ data: unknown }>(await t.app.inject({ url: '/api/merchant/merchant/check-eu-by-user', headers: vs.headers() })).data;
    expect(euAfter).toEqual(euBefore);
    // The attacker cannot edit or see the person: not a member of that organisation.
    const upd = await t.app.inject({ method: 'PUT', url: `/api/merchant/merchant/update-user-info/${victim.id}`, headers: h, payload: { role: 'USER' } });
    expect(upd.statusCode).toBe(404);
    // The mail went to the address with a link; the invitation is visible to its holder in the app.
    expect(await mailedToken(victim.email)).toMatch(/^[\w-]{40,}$/);
    const mine = await t.app.inject({ url: '/api/merchant/invitation/mine', headers: vs.headers() });
    expect(mine.json().data).toHaveLength(1);
    expect(mine.json().data[0]).toMatchObject({ merchant: { id: merchantId, name: 'Tổ chức tự lập' }, role: 'OWNER', invitedBy: { displayName: 'Kẻ tấn công' } });
    const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.chainKey, merchantId), eq(auditLogs.action, 'MERCHANT_INVITATION_CREATE')));
    expect(entry).toMatchObject({ targetType: 'invitation', targetId: res.json().data.id });
  });

  it('answers identically for an address with an account and one without', async () => {
    const { h } = await orgWithOwner();
    const existing = await buildUser(t.database, { merchantId: (await buildOrganisation(t.database)).id, role: 'OWNER' });
    const unknown = uniqueEmail('nobody');
    const a = await invite(h, { email: existing.email, role: 'USER' });
    const b = await invite(h, { email: unknown, role: 'USER' });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(a.statusCode);
    const shape = (r: typeof a) => {
      const d = r.json().data as Record<string, unknown>;
      return { ...d, id: 'x', email: 'x', expiresAt: 'x', createdAt: 'x' };
    };
    expect(shape(b)).toEqual(shape(a));
    expect(Object.keys(b.json().data).sort()).toEqual(Object.keys(a.json().data).sort());
    expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
    // Both got the same mail, apart from the address and the link.
    const mails = await Promise.all([existing.email, unknown].map((to) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))));
    expect(mails.map((m) => m.length)).toEqual([1, 1]);
    const strip = (text: string) => text.replace(/token=[\w-]+/, 'token=x');
    expect(strip(mails[0]?.[0]?.text ?? 'a')).toBe(strip(mails[1]?.[0]?.text ?? 'b'));
    // No account was created for the unknown address.
    expect(await t.database.db.select().from(users).where(eq(users.email, unknown))).toHaveLength(0);
  });

  it('renews an open invitation of the same address, refuses members, foreign tenants and the old password fields', async () => {
    const { h, org, tenant, owner } = await orgWithOwner();
    const email = uniqueEmail('twice');
    const first = await invite(h, { email, role: 'USER' });
    const oldToken = await mailedToken(email);
    const second = await invite(h, { email, role: 'MARKETING', tenantIds: [tenant.id] });
    expect(second.json().data).toMatchObject({ id: first.json().data.id, role: 'MARKETING', tenants: [{ id: tenant.id, name: tenant.name }] });
    const stale = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/preview', payload: { token: oldToken } });
    expect(stale.json().error.code).toBe('INVITATION_INVALID');

    const member = await invite(h, { email: owner.email, role: 'USER' });
    expect(member.statusCode).toBe(409);
    expect(member.json().error).toMatchObject({ code: 'ALREADY_MEMBER', details: { fields: [{ path: 'email' }] } });
    const foreign = await buildTenant(t.database, (await buildOrganisation(t.database)).id);
    const bad = await invite(h, { email: uniqueEmail('f'), role: 'USER', tenantIds: [foreign.id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].path).toBe('tenantIds');
    const legacy = await invite(h, { email: uniqueEmail('l'), role: 'USER', password: PASSWORD, displayName: 'X' });
    expect(legacy.statusCode).toBe(400);
    const pending = await t.app.inject({ url: '/api/merchant/invitation/by-merchant', headers: h });
    expect(pending.json().meta.total).toBe(1);
    expect(pending.json().data[0]).toMatchObject({ email, invitedBy: { id: owner.id } });
    expect(await t.database.db.select().from(merchantInvitations).where(eq(merchantInvitations.merchantId, org.id))).toHaveLength(1);
  });

  it('lets only an owner invite an owner', async () => {
    const org = await buildOrganisation(t.database);
    const admin = await buildUser(t.database, { merchantId: org.id, role: 'ADMIN' });
    const s = await loginAs(t.app, admin.email);
    const res = await invite(s.headers({ 'x-merchant-id': org.id }), { email: uniqueEmail('o'), role: 'OWNER' });
    expect(res.statusCode).toBe(403);
  });
});

describe('accepting and declining', () => {
  it('accepts by id: membership with the invited role and tenants, in one step, audited in that organisation', async () => {
    const { h, org, tenant } = await orgWithOwner();
    const other = await buildOrganisation(t.database);
    const person = await buildUser(t.database, { merchantId: other.id, role: 'OWNER' });
    const inv = (await invite(h, { email: person.email, role: 'MODERATOR', tenantIds: [tenant.id] })).json().data;
    const ps = await loginAs(t.app, person.email);
    const ok = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/accept/${inv.id}`, headers: ps.headers() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ merchantId: org.id, merchantName: org.name, role: 'MODERATOR' });
    const [m] = await t.database.db.select().from(merchantMembers).where(and(eq(merchantMembers.merchantId, org.id), eq(merchantMembers.userId, person.id)));
    expect(m?.role).toBe('MODERATOR');
    const tm = await t.database.db.select().from(tenantMembers).where(eq(tenantMembers.userId, person.id));
    expect(tm).toEqual([expect.objectContaining({ tenantId: tenant.id, userGroupId: tenant.defaultGroupId })]);
    const again = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/accept/${inv.id}`, headers: ps.headers() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'INVITATION_DECIDED', details: { status: 'ACCEPTED' } });
    const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.chainKey, org.id), eq(auditLogs.action, 'MERCHANT_INVITATION_ACCEPT')));
    expect(entry).toMatchObject({ actorId: person.id, targetId: person.id, merchantId: org.id });
    const list = await t.app.inject({ url: '/api/merchant/user/by-merchant', headers: h });
    expect(list.json().data.map((u: { id: string }) => u.id)).toContain(person.id);
  });

  it('accepts from the mail link signed in as the address, and refuses another signed-in address', async () => {
    const { h, org } = await orgWithOwner();
    const person = await buildUser(t.database, { merchantId: (await buildOrganisation(t.database)).id, role: 'OWNER' });
    const stranger = await buildUser(t.database, { merchantId: (await buildOrganisation(t.database)).id, role: 'OWNER' });
    await invite(h, { email: person.email, role: 'USER' });
    const token = await mailedToken(person.email);
    const preview = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/preview', payload: { token } });
    expect(preview.json().data).toMatchObject({ email: person.email, hasAccount: true, merchant: { id: org.id }, role: 'USER' });
    const ss = await loginAs(t.app, stranger.email);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept', headers: ss.headers(), payload: { token } });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.code).toBe('INVITATION_EMAIL_MISMATCH');
    expect(await t.database.db.select().from(merchantMembers).where(eq(merchantMembers.userId, stranger.id))).toHaveLength(1);
    const ps = await loginAs(t.app, person.email);
    const ok = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept', headers: ps.headers(), payload: { token } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.merchantId).toBe(org.id);
  });

  it('creates the account of an unknown address on acceptance with a password, signed in', async () => {
    const { h, org, tenant } = await orgWithOwner();
    const email = uniqueEmail('newbie');
    await invite(h, { email, role: 'USER', tenantIds: [tenant.id] });
    const token = await mailedToken(email);
    const preview = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/preview', payload: { token } });
    expect(preview.json().data.hasAccount).toBe(false);
    const noName = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept-with-password', payload: { token, password: PASSWORD } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.details.fields[0].path).toBe('displayName');
    const short = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept-with-password', payload: { token, password: 'x', displayName: 'Mới' } });
    expect(short.json().error.details.fields[0].path).toBe('password');
    const ok = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept-with-password', payload: { token, password: PASSWORD, displayName: 'Người mới' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ merchantId: org.id, role: 'USER', user: { email, displayName: 'Người mới' } });
    const me = await t.app.inject({ url: '/api/auth', headers: { authorization: `Bearer ${ok.json().data.accessToken}` } });
    expect(me.json().data.email).toBe(email);
    await loginAs(t.app, email);
  });

  it('lets a person without any organisation sign in while an invitation waits, and not otherwise', async () => {
    const { h } = await orgWithOwner();
    const loner = await buildUser(t.database);
    const before = await t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email: loner.email, password: PASSWORD } });
    expect(before.json().error.code).toBe('NO_MERCHANT');
    await invite(h, { email: loner.email, role: 'USER' });
    const s = await loginAs(t.app, loner.email);
    const mine = await t.app.inject({ url: '/api/merchant/invitation/mine', headers: s.headers() });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toHaveLength(1);
  });

  it('signs an existing account in through the link with its password (also without any organisation)', async () => {
    const { h, org } = await orgWithOwner();
    const loner = await buildUser(t.database); // no organisation: the login route answers NO_MERCHANT
    await invite(h, { email: loner.email, role: 'ADMIN' });
    const token = await mailedToken(loner.email);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept-with-password', payload: { token, password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('LOGIN_FAILED');
    expect(await t.database.db.select().from(merchantMembers).where(eq(merchantMembers.userId, loner.id))).toHaveLength(0);
    const ok = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept-with-password', payload: { token, password: PASSWORD, displayName: 'Ignored' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ merchantId: org.id, role: 'ADMIN', user: { id: loner.id, displayName: loner.displayName } });
  });

  it('counts wrong passwords through the link against the same per-account allowance as the login', async () => {
    const { h } = await orgWithOwner();
    const person = await buildUser(t.database, { merchantId: (await buildOrganisation(t.database)).id, role: 'OWNER' });
    await invite(h, { email: person.email, role: 'USER' });
    const token = await mailedToken(person.email);
    const attempt = (password: string) => t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept-with-password', payload: { token, password } });
    for (let i = 0; i < 5; i += 1) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const locked = await attempt(PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email: person.email, password: PASSWORD } });
    expect(login.statusCode).toBe(429);
    expect(await t.database.db.select().from(merchantMembers).where(eq(merchantMembers.userId, person.id))).toHaveLength(1);
  });

  it('declines by id and by token; decided, revoked and expired invitations answer stable codes', async () => {
    const { h, org } = await orgWithOwner();
    const person = await buildUser(t.database, { merchantId: (await buildOrganisation(t.database)).id, role: 'OWNER' });
    const ps = await loginAs(t.app, person.email);
    const inv = (await invite(h, { email: person.email, role: 'USER' })).json().data;
    const no = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/decline/${inv.id}`, headers: ps.headers() });
    expect(no.statusCode).toBe(200);
    const late = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/accept/${inv.id}`, headers: ps.headers() });
    expect(late.json().error).toMatchObject({ code: 'INVITATION_DECIDED', details: { status: 'DECLINED' } });
    const [declined] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.chainKey, org.id), eq(auditLogs.action, 'MERCHANT_INVITATION_DECLINE')));
    expect(declined).toMatchObject({ actorId: person.id, targetId: inv.id });

    const email = uniqueEmail('decliner');
    await invite(h, { email, role: 'USER' });
    const token = await mailedToken(email);
    const byToken = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/decline', payload: { token } });
    expect(byToken.statusCode).toBe(200);
    const reuse = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept-with-password', payload: { token, password: PASSWORD, displayName: 'X' } });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().error.code).toBe('INVITATION_DECIDED');

    const expiring = uniqueEmail('expired');
    const exp = (await invite(h, { email: expiring, role: 'USER' })).json().data;
    const expToken = await mailedToken(expiring);
    await t.database.db.update(merchantInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(merchantInvitations.id, exp.id));
    const gone = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept-with-password', payload: { token: expToken, password: PASSWORD, displayName: 'X' } });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.code).toBe('INVITATION_EXPIRED');
    expect(await t.database.db.select().from(users).where(eq(users.email, expiring))).toHaveLength(0);
    const listed = await t.app.inject({ url: '/api/merchant/invitation/by-merchant', headers: h });
    expect(listed.json().data.find((i: { id: string }) => i.id === exp.id)).toMatchObject({ isExpired: true });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/decline', payload: { token: 'x'.repeat(43) } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('INVITATION_INVALID');
  });

  it('revokes: the organisation withdraws, the link stops working, audited', async () => {
    const { h, org } = await orgWithOwner();
    const email = uniqueEmail('revoked');
    const inv = (await invite(h, { email, role: 'USER' })).json().data;
    const token = await mailedToken(email);
    const res = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/revoke/${inv.id}`, headers: h });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/preview', payload: { token } });
    expect(after.json().error).toMatchObject({ code: 'INVITATION_DECIDED', details: { status: 'REVOKED' } });
    const twice = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/revoke/${inv.id}`, headers: h });
    expect(twice.statusCode).toBe(409);
    const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.chainKey, org.id), eq(auditLogs.action, 'MERCHANT_INVITATION_REVOKE')));
    expect(entry).toMatchObject({ targetId: inv.id });
    expect((await t.app.inject({ url: '/api/merchant/invitation/by-merchant', headers: h })).json().meta.total).toBe(0);
  });
});

describe('isolation', () => {
  it('hides an invitation from everyone but its address and its organisation (404)', async () => {
    const a = await orgWithOwner();
    const b = await orgWithOwner();
    const person = await buildUser(t.database, { merchantId: (await buildOrganisation(t.database)).id, role: 'OWNER' });
    const inv = (await invite(a.h, { email: person.email, role: 'USER' })).json().data;

    // Another organisation's owner: neither its list, nor revoke, nor accept/decline by id.
    expect((await t.app.inject({ url: '/api/merchant/invitation/by-merchant', headers: b.h })).json().meta.total).toBe(0);
    const revoke = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/revoke/${inv.id}`, headers: b.h });
    expect(revoke.statusCode).toBe(404);
    const accept = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/accept/${inv.id}`, headers: b.s.headers() });
    expect(accept.statusCode).toBe(404);
    const decline = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/decline/${inv.id}`, headers: b.s.headers() });
    expect(decline.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/merchant/invitation/mine', headers: b.s.headers() })).json().data).toEqual([]);
    // The inviting organisation cannot accept for the person either.
    const self = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/accept/${inv.id}`, headers: a.s.headers() });
    expect(self.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(merchantInvitations).where(eq(merchantInvitations.id, inv.id));
    expect(row?.status).toBe('PENDING');
    // A member without CREATE_USER/DELETE_USER cannot revoke; without VIEW_USER cannot list.
    const eu = await buildUser(t.database, { merchantId: a.org.id, role: 'EU', tenantIds: [a.tenant.id] });
    const es = await loginAs(t.app, eu.email);
    expect((await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/revoke/${inv.id}`, headers: es.headers({ 'x-merchant-id': a.org.id }) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/merchant/invitation/by-merchant', headers: es.headers({ 'x-merchant-id': a.org.id }) })).statusCode).toBe(403);
  });
});

describe('membership data and leaving', () => {
  it('update-user-info changes role and tenants but never the display name', async () => {
    const { h, org, tenant } = await orgWithOwner();
    const member = await buildUser(t.database, { merchantId: org.id, role: 'USER' });
    const rename = await t.app.inject({ method: 'PUT', url: `/api/merchant/merchant/update-user-info/${member.id}`, headers: h, payload: { displayName: 'Đổi tên' } });
    expect(rename.statusCode).toBe(400);
    const mixed = await t.app.inject({ method: 'PUT', url: `/api/merchant/merchant/update-user-info/${member.id}`, headers: h, payload: { displayName: 'Đổi tên', role: 'ADMIN' } });
    expect(mixed.statusCode).toBe(400);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(u?.displayName).toBe(member.displayName);
    const ok = await t.app.inject({ method: 'PUT', url: `/api/merchant/merchant/update-user-info/${member.id}`, headers: h, payload: { role: 'MARKETING', tenantIds: [tenant.id] } });
    expect(ok.json().data).toMatchObject({ displayName: member.displayName, roleMerchant: { name: 'MARKETING' }, tenants: [{ id: tenant.id }] });
  });

  it('lets a member leave (tenants included, audited in that organisation) and keeps the last owner', async () => {
    const { h, org, tenant, owner } = await orgWithOwner();
    const member = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id] });
    const ms = await loginAs(t.app, member.email);
    const leave = (s: Session) => t.app.inject({ method: 'POST', url: '/api/merchant/merchant/leave', headers: s.headers({ 'x-merchant-id': org.id }) });
    const res = await leave(ms);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(merchantMembers).where(eq(merchantMembers.userId, member.id))).toHaveLength(0);
    expect(await t.database.db.select().from(tenantMembers).where(eq(tenantMembers.userId, member.id))).toHaveLength(0);
    const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.chainKey, org.id), eq(auditLogs.action, 'MERCHANT_LEAVE')));
    expect(entry).toMatchObject({ actorId: member.id, targetId: member.id });
    expect((await leave(ms)).statusCode).toBe(403); // no longer a member

    const os = await loginAs(t.app, owner.email);
    const last = await leave(os);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LAST_OWNER');
    const second = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    expect((await leave(os)).statusCode).toBe(200);
    const ss = await loginAs(t.app, second.email);
    expect((await leave(ss)).json().error.code).toBe('LAST_OWNER');
    expect((await t.app.inject({ url: '/api/merchant/user/by-merchant', headers: h })).statusCode).toBe(403);
  });

  it('a person invited somewhere else can still leave the inviting organisation after accepting', async () => {
    const { h, org } = await orgWithOwner();
    const person = await buildUser(t.database, { merchantId: (await buildOrganisation(t.database)).id, role: 'OWNER' });
    const inv = (await invite(h, { email: person.email, role: 'USER' })).json().data;
    const ps = await loginAs(t.app, person.email);
    await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/accept/${inv.id}`, headers: ps.headers() });
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/merchant/leave', headers: ps.headers({ 'x-merchant-id': org.id }) });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(merchantMembers).where(eq(merchantMembers.userId, person.id))).toHaveLength(1);
  });
});
