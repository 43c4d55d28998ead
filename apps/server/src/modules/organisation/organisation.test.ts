import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import { merchantInvitations } from '../../db/schema/invitations';
import { mailOutbox } from '../../db/schema/mail';
import { merchantMembers, tenants } from '../../db/schema/organisation';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, multipart, PNG_1PX, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function ownerSession() {
  const org = await buildOrganisation(t.database);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  return { org, owner, s: await loginAs(t.app, owner.email) };
}

describe('create tenant (§5: name and avatar required, JPG/PNG ≤ 5 MB by content)', () => {
  it('creates a tenant with its avatar, default user groups and an audit entry', async () => {
    const { org, s } = await ownerSession();
    const form = multipart({ name: 'Chi nhánh Hà Nội' }, { filename: 'logo.png', contentType: 'image/png', data: PNG_1PX });
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/tenant', payload: form.payload, headers: s.headers({ ...form.headers, 'x-merchant-id': org.id }) });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ name: 'Chi nhánh Hà Nội', merchantId: org.id, oaService: false });
    expect(created.avatar).toMatch(/^\/api\/files\/[a-f0-9]{40}\.png$/);
    const img = await t.app.inject({ url: created.avatar });
    expect(img.headers['content-type']).toBe('image/png');
    const groups = await t.app.inject({ url: '/api/merchant/user-group', headers: s.headers({ 'x-tenant-id': created.id }) });
    expect(groups.json().meta.total).toBe(2);
    const [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, created.id));
    expect(entry).toMatchObject({ action: 'TENANT_CREATE', merchantId: org.id, tenantId: created.id });
  });

  it('refuses a missing name (400), a missing avatar (400), a disguised file (415), an oversized one (413) and JSON (415), writing nothing', async () => {
    const { org, s } = await ownerSession();
    const h = (extra: Record<string, string>) => s.headers({ ...extra, 'x-merchant-id': org.id });
    const send = (form: ReturnType<typeof multipart>) => t.app.inject({ method: 'POST', url: '/api/merchant/tenant', payload: form.payload, headers: h(form.headers) });

    const noName = await send(multipart({}, { filename: 'a.png', contentType: 'image/png', data: PNG_1PX }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.details.fields[0].path).toBe('body.name');
    const noFile = await send(multipart({ name: 'X' }));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.details.fields[0].path).toBe('file');
    const disguised = await send(multipart({ name: 'X' }, { filename: 'evil.png', contentType: 'image/png', data: Buffer.from('<?php echo 1; ?>') }));
    expect(disguised.statusCode).toBe(415);
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await send(multipart({ name: 'X' }, { filename: 'big.png', contentType: 'image/png', data: big }));
    expect(tooBig.statusCode).toBe(413);
    const json = await t.app.inject({ method: 'POST', url: '/api/merchant/tenant', payload: { name: 'X' }, headers: h({}) });
    expect(json.statusCode).toBe(415);
    const unknown = await send(multipart({ name: 'X', hacker: '1' }, { filename: 'a.png', contentType: 'image/png', data: PNG_1PX }));
    expect(unknown.statusCode).toBe(400);
    expect(await t.database.db.select().from(tenants).where(eq(tenants.merchantId, org.id))).toHaveLength(0);
  });

  it('answers 403 to a member without CREATE_TENANT', async () => {
    const org = await buildOrganisation(t.database);
    const tenant = await buildTenant(t.database, org.id);
    const mod = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [tenant.id] });
    const s = await loginAs(t.app, mod.email);
    const form = multipart({ name: 'X' }, { filename: 'a.png', contentType: 'image/png', data: PNG_1PX });
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/tenant', payload: form.payload, headers: s.headers({ ...form.headers, 'x-merchant-id': org.id }) });
    expect(res.statusCode).toBe(403);
  });
});

describe('update tenant and services', () => {
  it('renames a tenant of the organisation and 404s for another organisation’s tenant', async () => {
    const { org, s } = await ownerSession();
    const mine = await buildTenant(t.database, org.id);
    const foreignOrg = await buildOrganisation(t.database);
    const foreign = await buildTenant(t.database, foreignOrg.id);
    const form = () => multipart({ name: 'Tên mới' });
    const f1 = form();
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/merchant/tenant/${mine.id}`, payload: f1.payload, headers: s.headers({ ...f1.headers, 'x-merchant-id': org.id }) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.name).toBe('Tên mới');
    const f2 = form();
    const other = await t.app.inject({ method: 'PATCH', url: `/api/merchant/tenant/${foreign.id}`, payload: f2.payload, headers: s.headers({ ...f2.headers, 'x-merchant-id': org.id }) });
    expect(other.statusCode).toBe(404);
  });

  it('enables services for the tenant in x-tenant-id and records before/after', async () => {
    const { org, s } = await ownerSession();
    const tenant = await buildTenant(t.database, org.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/merchant/service-manager/tenant-service',
      headers: s.headers({ 'x-tenant-id': tenant.id }),
      payload: { znsService: true, isMultiTeam: true },
    });
    expect(res.json().data).toEqual({ oaService: false, znsService: true, isMiniAppEnabled: false, isMultiTeam: true });
    const get = await t.app.inject({ url: '/api/merchant/service-manager/tenant-service', headers: s.headers({ 'x-tenant-id': tenant.id }) });
    expect(get.json().data.znsService).toBe(true);
    const [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'TENANT_SERVICES_UPDATE'));
    expect(entry?.before).toMatchObject({ znsService: false });
    expect(entry?.after).toMatchObject({ znsService: true });
  });
});

describe('organisation members', () => {
  it('invites a new user with tenants (member once accepted), updates role and tenants, removes them', async () => {
    const { org, s } = await ownerSession();
    const tenant = await buildTenant(t.database, org.id);
    const h = s.headers({ 'x-merchant-id': org.id });
    const add = await t.app.inject({ method: 'POST', url: '/api/merchant/merchant/add-user', headers: h, payload: { email: 'staff@new.vn', role: 'USER', tenantIds: [tenant.id] } });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data).toMatchObject({ email: 'staff@new.vn', role: 'USER', status: 'PENDING', tenants: [{ id: tenant.id }] });
    // Nothing changes before the holder of the address accepts the mailed invitation.
    expect(await t.database.db.select().from(users).where(eq(users.email, 'staff@new.vn'))).toHaveLength(0);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'staff@new.vn'));
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    const accepted = await t.app.inject({ method: 'POST', url: '/api/merchant/invitation/token/accept-with-password', payload: { token, password: 'Passw0rd!x', displayName: 'Nhân viên' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const member = accepted.json().data.user;
    const [joined] = (await t.app.inject({ url: '/api/merchant/user/by-merchant?email=staff', headers: h })).json().data;
    expect(joined).toMatchObject({ email: 'staff@new.vn', roleMerchant: { name: 'USER' } });
    expect(joined.tenants[0]).toMatchObject({ id: tenant.id, userGroup: { id: tenant.defaultGroupId } });
    await loginAs(t.app, 'staff@new.vn');

    const dup = await t.app.inject({ method: 'POST', url: '/api/merchant/merchant/add-user', headers: h, payload: { email: 'staff@new.vn', role: 'USER' } });
    expect(dup.statusCode).toBe(409);

    const list = await t.app.inject({ url: '/api/merchant/user/by-merchant?email=staff&orderBy=email=asc', headers: h });
    expect(list.json().meta.total).toBe(1);
    const byTenantName = await t.app.inject({ url: `/api/merchant/user/by-merchant?tenantName=${encodeURIComponent(tenant.name)}`, headers: h });
    expect(byTenantName.json().data.map((u: { email: string }) => u.email)).toEqual(['staff@new.vn']);
    const badOrder = await t.app.inject({ url: '/api/merchant/user/by-merchant?orderBy=password=asc', headers: h });
    expect(badOrder.statusCode).toBe(400);

    const upd = await t.app.inject({ method: 'PUT', url: `/api/merchant/merchant/update-user-info/${member.id}`, headers: h, payload: { role: 'MARKETING', tenantIds: [] } });
    expect(upd.json().data).toMatchObject({ roleMerchant: { name: 'MARKETING' }, tenants: [] });

    const rm = await t.app.inject({ method: 'POST', url: '/api/merchant/merchant/remove-user', headers: h, payload: { userId: member.id } });
    expect(rm.statusCode).toBe(200);
    expect(await t.database.db.select().from(merchantMembers).where(eq(merchantMembers.userId, member.id))).toHaveLength(0);
  });

  it('keeps the last owner and refuses unknown tenants without writing', async () => {
    const { org, owner, s } = await ownerSession();
    const h = s.headers({ 'x-merchant-id': org.id });
    const demote = await t.app.inject({ method: 'PUT', url: `/api/merchant/merchant/update-user-info/${owner.id}`, headers: h, payload: { role: 'ADMIN' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('LAST_OWNER');
    const foreignOrg = await buildOrganisation(t.database);
    const foreign = await buildTenant(t.database, foreignOrg.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/merchant/merchant/add-user',
      headers: h,
      payload: { email: 'x@new.vn', role: 'USER', tenantIds: [foreign.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].path).toBe('tenantIds');
    expect(await t.database.db.select().from(merchantInvitations).where(eq(merchantInvitations.email, 'x@new.vn'))).toHaveLength(0);
  });

  it('lets only an owner grant the owner role', async () => {
    const org = await buildOrganisation(t.database);
    const admin = await buildUser(t.database, { merchantId: org.id, role: 'ADMIN' });
    const s = await loginAs(t.app, admin.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/merchant/merchant/add-user',
      headers: s.headers({ 'x-merchant-id': org.id }),
      payload: { email: 'o2@new.vn', role: 'OWNER' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('user groups', () => {
  it('moves users between groups, edits permissions and refuses organisation-level permissions', async () => {
    const { org, s } = await ownerSession();
    const tenant = await buildTenant(t.database, org.id);
    const staff = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id] });
    const h = s.headers({ 'x-tenant-id': tenant.id });
    const avail = await t.app.inject({ url: `/api/merchant/user-group/list-available/${tenant.adminGroupId}`, headers: h });
    expect(avail.json().data.map((u: { id: string }) => u.id)).toContain(staff.id);
    const add = await t.app.inject({ method: 'POST', url: `/api/merchant/user-group/add-user/${tenant.adminGroupId}`, headers: h, payload: { userIds: [staff.id] } });
    expect(add.json().data.userCount).toBe(1);
    const es = await loginAs(t.app, staff.email);
    const perms = await t.app.inject({ url: '/api/merchant/user/get-user-permission-tenant', headers: es.headers({ 'x-tenant-id': tenant.id }) });
    expect(perms.json().data).toContain('CRUD_WEBHOOK');

    const bad = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group/update-user', headers: h, payload: { id: tenant.adminGroupId, permissions: ['DELETE_TENANT'] } });
    expect(bad.statusCode).toBe(400);
    const upd = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group/update-user', headers: h, payload: { id: tenant.adminGroupId, permissions: ['VIEW_HISTORY'] } });
    expect(upd.json().data.permissions).toEqual(['VIEW_HISTORY']);
    const perms2 = await t.app.inject({ url: '/api/merchant/user/get-user-permission-tenant', headers: es.headers({ 'x-tenant-id': tenant.id }) });
    expect(perms2.json().data).toEqual(['VIEW_HISTORY']);

    const rm = await t.app.inject({ method: 'DELETE', url: `/api/merchant/user-group/remove-user/${tenant.adminGroupId}`, headers: h, payload: { userIds: [staff.id] } });
    expect(rm.json().data.userCount).toBe(0);
    const list = await t.app.inject({ url: '/api/merchant/tenant/list-user-by-tenant', headers: h });
    expect(list.json().data[0]).toMatchObject({ id: staff.id, userGroup: null });
  });
});
