import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MERCHANT_ROLES, type MerchantRole } from '@zc/shared/permissions';
import type { MemberUser } from '@zc/shared/api/organisation';
import { merchantMembers } from '../../db/schema/organisation';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';

let t: TestContext;
const viewers = {} as Record<'OWNER' | 'ADMIN' | 'MODERATOR', { id: string; session: Session }>;

beforeAll(async () => {
  t = await createTestApp();
  const home = await buildOrganisation(t.database);
  const homeTenant = await buildTenant(t.database, home.id);
  for (const role of ['OWNER', 'ADMIN', 'MODERATOR'] as const) {
    const user = await buildUser(t.database, { merchantId: home.id, role, tenantIds: [homeTenant.id] });
    viewers[role] = { id: user.id, session: await loginAs(t.app, user.email) };
  }
});
afterAll(async () => t.close());

type Viewer = keyof typeof viewers;
/** An organisation where the viewer holds `role` beside members holding `others`; answers its members as the viewer sees them. */
async function organisation(viewer: Viewer, others: MerchantRole[]) {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id);
  await t.database.db.insert(merchantMembers).values({ merchantId: org.id, userId: viewers[viewer].id, role: viewer });
  for (const role of others) await buildUser(t.database, { merchantId: org.id, role, tenantIds: [tenant.id] });
  const headers = viewers[viewer].session.headers({ 'x-merchant-id': org.id });
  const list = await t.app.inject({ url: '/api/merchant/user/by-merchant?size=50', headers });
  expect(list.statusCode, list.body).toBe(200);
  const rows = list.json().data as MemberUser[];
  return { org, tenant, headers, rows };
}

const shapes: Array<{ viewer: Viewer; others: MerchantRole[] }> = [
  { viewer: 'OWNER', others: ['OWNER', 'ADMIN', 'USER'] },
  { viewer: 'OWNER', others: ['ADMIN', 'USER'] },
  { viewer: 'ADMIN', others: ['OWNER', 'ADMIN', 'USER'] },
  { viewer: 'MODERATOR', others: ['OWNER', 'USER'] },
];

describe('member abilities agree with the routes that perform the actions', () => {
  for (const shape of shapes) {
    const members = [shape.viewer, ...shape.others];
    for (const [index, targetRole] of members.entries()) {
      const label = `${shape.viewer} among ${shape.others.join('+')} → ${index === 0 ? 'self' : targetRole}`;
      const pick = (rows: MemberUser[]) => {
        const row = index === 0 ? rows.find((r) => r.id === viewers[shape.viewer].id) : rows.filter((r) => r.id !== viewers[shape.viewer].id && r.roleMerchant.name === targetRole)[0];
        if (!row) throw new Error(`no row for ${label}`);
        return row;
      };

      it(`remove: ${label}`, async () => {
        const { org, headers, rows } = await organisation(shape.viewer, shape.others);
        const target = pick(rows);
        const res = await t.app.inject({ method: 'POST', url: '/api/merchant/merchant/remove-user', headers, payload: { userId: target.id } });
        expect(res.statusCode < 300, `${res.statusCode} ${res.body}`).toBe(target.abilities.remove);
        if (!target.abilities.remove) expect([403, 409]).toContain(res.statusCode);
        const still = await t.database.db.select().from(merchantMembers).where(and(eq(merchantMembers.merchantId, org.id), eq(merchantMembers.userId, target.id)));
        expect(still.length === 0).toBe(target.abilities.remove);
      });

      it(`changeRole: ${label}`, async () => {
        const { headers, rows } = await organisation(shape.viewer, shape.others);
        const target = pick(rows);
        const statuses: number[] = [];
        // A refused change writes nothing, so every other role can be tried in turn until one is accepted.
        for (const role of MERCHANT_ROLES.filter((r) => r !== target.roleMerchant.name)) {
          const res = await t.app.inject({ method: 'PUT', url: `/api/merchant/merchant/update-user-info/${target.id}`, headers, payload: { role } });
          statuses.push(res.statusCode);
          if (res.statusCode === 200) break;
        }
        expect(statuses.includes(200), statuses.join(',')).toBe(target.abilities.changeRole);
        expect(statuses.every((s) => s === 200 || s === 403 || s === 409)).toBe(true);
      });

      it(`update (tenants): ${label}`, async () => {
        const { headers, rows } = await organisation(shape.viewer, shape.others);
        const target = pick(rows);
        const res = await t.app.inject({ method: 'PUT', url: `/api/merchant/merchant/update-user-info/${target.id}`, headers, payload: { tenantIds: [] } });
        expect(res.statusCode === 200, `${res.statusCode} ${res.body}`).toBe(target.abilities.update);
      });
    }
  }

  it('answers the updated member with its abilities recomputed (an owner demoted to admin becomes removable by admins)', async () => {
    const { headers, rows } = await organisation('OWNER', ['OWNER']);
    const other = rows.find((r) => r.id !== viewers.OWNER.id);
    if (!other) throw new Error('no other owner');
    const res = await t.app.inject({ method: 'PUT', url: `/api/merchant/merchant/update-user-info/${other.id}`, headers, payload: { role: 'ADMIN' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ roleMerchant: { name: 'ADMIN' }, abilities: { update: true, changeRole: true, remove: true } });
    const me = (await t.app.inject({ url: '/api/merchant/user/by-merchant', headers })).json().data.find((r: MemberUser) => r.id === viewers.OWNER.id);
    expect(me.abilities).toEqual({ update: true, changeRole: false, remove: false });
  });
});

describe('invitation abilities agree with revoke and resend', () => {
  it('an admin sees an owner invitation as neither resendable nor revocable, and the routes refuse both', async () => {
    const owner = await organisation('OWNER', []);
    await t.database.db.insert(merchantMembers).values({ merchantId: owner.org.id, userId: viewers.ADMIN.id, role: 'ADMIN' });
    for (const role of ['OWNER', 'USER'] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/merchant/merchant/add-user', headers: owner.headers, payload: { email: `inv-${role.toLowerCase()}-${owner.org.id.slice(0, 8)}@test.vn`, role } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.abilities).toEqual({ resend: true, revoke: true });
    }
    const adminHeaders = viewers.ADMIN.session.headers({ 'x-merchant-id': owner.org.id });
    const list = (await t.app.inject({ url: '/api/merchant/invitation/by-merchant', headers: adminHeaders })).json().data as Array<{ id: string; email: string; role: MerchantRole; abilities: { resend: boolean; revoke: boolean } }>;
    expect(list.map((i) => [i.role, i.abilities])).toEqual(
      expect.arrayContaining([
        ['OWNER', { resend: false, revoke: false }],
        ['USER', { resend: true, revoke: true }],
      ]),
    );
    for (const inv of list) {
      const resend = await t.app.inject({ method: 'POST', url: '/api/merchant/merchant/add-user', headers: adminHeaders, payload: { email: inv.email, role: inv.role } });
      expect(resend.statusCode === 200, resend.body).toBe(inv.abilities.resend);
      const revoke = await t.app.inject({ method: 'POST', url: `/api/merchant/invitation/revoke/${inv.id}`, headers: adminHeaders });
      expect(revoke.statusCode === 200, revoke.body).toBe(inv.abilities.revoke);
    }
  });
});
