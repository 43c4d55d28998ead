import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@zc/shared/api/audit';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function orgWithHistory() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const h = s.headers({ 'x-merchant-id': org.id });
  for (const flag of [true, false, true]) {
    const r = await t.app.inject({ method: 'POST', url: '/api/merchant/service-manager/tenant-service', headers: s.headers({ 'x-tenant-id': tenant.id }), payload: { znsService: flag } });
    expect(r.statusCode).toBe(200);
  }
  await t.app.inject({ method: 'POST', url: '/api/merchant/merchant/add-user', headers: h, payload: { email: `a${Date.now()}@x.vn`, role: 'USER', tenantIds: [] } });
  return { org, tenant, owner, s, h };
}

describe('audit log', () => {
  it('lists entries by organisation and by tenant with filters, newest first', async () => {
    const { tenant, s, h, owner } = await orgWithHistory();
    const all = await t.app.inject({ url: '/api/merchant/audit-log/by-merchant', headers: h });
    // The 4 changes; the owner's sign-in is in their own chain, not the organisation's.
    expect(all.json().meta.total).toBe(4);
    expect(all.json().data.map((e: { action: string }) => e.action)).not.toContain('AUTH_LOGIN');
    expect(all.json().data[3].action).toBe('TENANT_SERVICES_UPDATE');
    expect(all.json().data[0].action).toBe('MERCHANT_INVITATION_CREATE');
    expect(all.json().data[0].actor).toMatchObject({ id: owner.id });
    const byAction = await t.app.inject({ url: '/api/merchant/audit-log/by-merchant?action=TENANT_SERVICES_UPDATE&orderBy=createdAt=asc', headers: h });
    expect(byAction.json().data.map((e: { after: { znsService: boolean } }) => e.after.znsService)).toEqual([true, false, true]);
    const byTenant = await t.app.inject({ url: '/api/merchant/audit-log/by-tenant', headers: s.headers({ 'x-tenant-id': tenant.id }) });
    expect(byTenant.json().meta.total).toBe(3);
    expect(byTenant.json().data[0].tenantName).toBe(tenant.name);
    const bad = await t.app.inject({ url: '/api/merchant/audit-log/by-merchant?action=DROP_TABLE', headers: h });
    expect(bad.statusCode).toBe(400);
    const enums = await t.app.inject({ url: '/api/merchant/audit-log/action-enums', headers: h });
    expect(enums.json().data).toEqual([...AUDIT_ACTIONS]);
  });

  it('redacts secrets in before/after', async () => {
    const { h } = await orgWithHistory();
    const res = await t.app.inject({ url: '/api/merchant/audit-log/by-merchant?action=MERCHANT_INVITATION_CREATE', headers: h });
    expect(res.json().meta.total).toBe(1);
    expect(JSON.stringify(res.json().data)).not.toContain('Passw0rd');
  });

  it('verifies the hash chain and detects an edited, a deleted and a truncated entry', async () => {
    const { org, h } = await orgWithHistory();
    const ok = await t.app.inject({ url: '/api/merchant/audit-log/verify', headers: h });
    expect(ok.json().data).toEqual({ ok: true, checked: 4, brokenAtSeq: null });

    // seq 1 recorded znsService: true; rewriting it to false must break the chain there.
    await t.database.raw.query(`update audit_logs set after = '{"znsService": false}'::jsonb where chain_key = $1 and seq = 1`, [org.id]);
    const edited = await t.app.inject({ url: '/api/merchant/audit-log/verify', headers: h });
    expect(edited.json().data).toMatchObject({ ok: false, brokenAtSeq: 1 });

    const other = await orgWithHistory();
    await t.database.raw.query(`delete from audit_logs where chain_key = $1 and seq = 3`, [other.org.id]);
    const deleted = await t.app.inject({ url: '/api/merchant/audit-log/verify', headers: other.h });
    expect(deleted.json().data).toMatchObject({ ok: false, brokenAtSeq: 3 });

    const third = await orgWithHistory();
    await t.database.raw.query(`delete from audit_logs where chain_key = $1 and seq = 4`, [third.org.id]);
    const truncated = await t.app.inject({ url: '/api/merchant/audit-log/verify', headers: third.h });
    expect(truncated.json().data.ok).toBe(false);
  });

  it('keeps one unbroken chain under concurrent writers of one organisation', async () => {
    const { tenant, s, h } = await orgWithHistory();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/merchant/service-manager/tenant-service', headers: s.headers({ 'x-tenant-id': tenant.id }), payload: { isMultiTeam: i % 2 === 0 } }),
      ),
    );
    const res = await t.app.inject({ url: '/api/merchant/audit-log/verify', headers: h });
    expect(res.json().data).toEqual({ ok: true, checked: 16, brokenAtSeq: null });
  });
});
