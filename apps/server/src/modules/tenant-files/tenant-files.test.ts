import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit';
import { teams } from '../../db/schema/teams';
import { tenantFiles } from '../../db/schema/service-packages';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, multipart, PNG_1PX, type TestContext } from '../../test/helpers';
import { FILE_USES } from './uses';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PDF = Buffer.from('%PDF-1.4 file stand');

async function setup() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { oaService: true, znsService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const h = s.headers({ 'x-tenant-id': tenant.id });
  const upload = async (name: string, data: Buffer, contentType: string) => {
    const form = multipart({}, { filename: name, contentType, data });
    const res = await t.app.inject({ method: 'POST', url: '/api/upload', payload: form.payload, headers: { ...form.headers, ...h } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { avatar: string };
  };
  const list = async (query = '') => {
    const res = await t.app.inject({ url: `/api/merchant/tenant-files${query}`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Array<{ id: string; key: string; url: string; name: string; contentType: string; size: number | null; uploadedBy: { id: string } | null; uses: Array<{ kind: string; label: string; id: string; page: string | null }>; abilities: { delete: boolean } }>; meta: { total: number } };
  };
  return { org, tenant, owner, s, h, upload, list };
}

describe('file stand', () => {
  it('lists what the tenant uploaded with URL, type, size and uploader; search and paging', async () => {
    const a = await setup();
    const img = await a.upload('bìa.png', PNG_1PX, 'image/png');
    // The multi-file upload records each file.
    const form = multipart({}, { filename: 'hợp đồng.pdf', contentType: 'application/pdf', data: PDF });
    const multi = await t.app.inject({ method: 'POST', url: '/api/upload/multi/file', payload: form.payload, headers: { ...form.headers, ...a.h } });
    expect(multi.statusCode, multi.body).toBe(200);
    // The same content again is one file.
    await a.upload('again.png', PNG_1PX, 'image/png');
    const all = await a.list();
    expect(all.meta.total).toBe(2);
    const png = all.data.find((f) => f.contentType === 'image/png');
    expect(png).toMatchObject({ url: img.avatar, name: 'bìa.png', size: PNG_1PX.length, uploadedBy: { id: a.s.userId }, uses: [], abilities: { delete: true } });
    expect(all.data.find((f) => f.contentType === 'application/pdf')).toMatchObject({ name: 'hợp đồng.pdf', size: PDF.length });
    expect((await a.list('?search=h%E1%BB%A3p')).data.map((f) => f.name)).toEqual(['hợp đồng.pdf']);
    expect((await a.list('?search=%25')).meta.total).toBe(0);
    const page = await a.list('?page=2&size=1');
    expect(page.data).toHaveLength(1);
    expect(page.meta.total).toBe(2);
  });

  it('names where a file is used, refuses to delete it then (409 listing the uses), deletes it once unused', async () => {
    const a = await setup();
    const img = await a.upload('team.png', PNG_1PX, 'image/png');
    const [team] = await t.database.db.insert(teams).values({ tenantId: a.tenant.id, name: 'Đội bán hàng', avatar: img.avatar }).returning();
    const [file] = (await a.list()).data;
    expect(file?.uses).toEqual([{ kind: 'team', label: 'Đội bán hàng', id: team!.id, page: 'teams' }]);
    expect(file?.abilities.delete).toBe(false);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/merchant/tenant-files/${file!.id}`, headers: a.h });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'TENANT_FILE_IN_USE', details: { uses: [{ kind: 'team', label: 'Đội bán hàng' }] } });
    await t.database.db.update(teams).set({ avatar: null }).where(eq(teams.id, team!.id));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/merchant/tenant-files/${file!.id}`, headers: a.h });
    expect(del.statusCode, del.body).toBe(200);
    expect((await a.list()).meta.total).toBe(0);
    const audits = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, a.tenant.id), eq(auditLogs.action, 'TENANT_FILE_DELETE')));
    expect(audits).toHaveLength(1);
  });

  it("keeps tenants apart: another tenant's file is neither listed nor deletable (404), its uses are not counted", async () => {
    const a = await setup();
    const b = await setup();
    const img = await a.upload('a.png', PNG_1PX, 'image/png');
    // The same bytes uploaded by b are b's own row; a team of b using them does not make a's file used.
    await b.upload('b.png', PNG_1PX, 'image/png');
    await t.database.db.insert(teams).values({ tenantId: b.tenant.id, name: 'B team', avatar: img.avatar });
    const [fa] = (await a.list()).data;
    expect(fa?.uses).toEqual([]);
    const [fb] = (await b.list()).data;
    expect(fb?.uses.map((u) => u.label)).toEqual(['B team']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/tenant-files/${fa!.id}`, headers: b.h })).statusCode).toBe(404);
    expect((await a.list()).meta.total).toBe(1);
  });

  it('needs one of the page permissions to list (403) and an upload permission to delete (403)', async () => {
    const a = await setup();
    await a.upload('a.png', PNG_1PX, 'image/png');
    const [f] = (await a.list()).data;
    const eu = await buildUser(t.database, { merchantId: a.org.id, role: 'EU', tenantIds: [a.tenant.id] });
    const he = (await loginAs(t.app, eu.email)).headers({ 'x-tenant-id': a.tenant.id });
    expect((await t.app.inject({ url: '/api/merchant/tenant-files', headers: he })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/tenant-files/${f!.id}`, headers: he })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/merchant/tenant-files?size=0', headers: a.h })).statusCode).toBe(400);
  });

  it('the migration backfill lists files already kept by rows of the tenant, sized from the store when listed', async () => {
    const a = await setup();
    const key = await t.app.inject({ method: 'POST', url: '/api/upload', ...(() => { const f = multipart({}, { filename: 'x.png', contentType: 'image/png', data: PNG_1PX }); return { payload: f.payload, headers: { ...f.headers, ...a.h } }; })() });
    const url = (key.json().data as { avatar: string }).avatar;
    // As before this change: the file is kept by a team, with no tenant_files row.
    await t.database.db.delete(tenantFiles).where(eq(tenantFiles.tenantId, a.tenant.id));
    await t.database.db.insert(teams).values({ tenantId: a.tenant.id, name: 'Old team', avatar: url });
    const here = path.dirname(fileURLToPath(import.meta.url));
    const backfill = readFileSync(path.join(here, '../../db/migrations/0043_tenant_files_backfill.sql'), 'utf8');
    await t.database.db.execute(sql.raw(backfill));
    const [f] = (await a.list()).data;
    expect(f).toMatchObject({ url, contentType: 'image/png', size: PNG_1PX.length, uploadedBy: null, uses: [{ kind: 'team', label: 'Old team' }] });
  });

  it('every declared use is a valid statement', async () => {
    const a = await setup();
    // Exercised together by the list; here each declaration alone, so a broken one is named.
    for (const u of FILE_USES) {
      await expect(t.database.db.execute(sql.raw(`select (${u.label})::text, (${u.id})::text from ${u.table} t where position('x' in (${u.text})) > 0 and ${u.table === 'tenants' ? 't.id' : 't.tenant_id'} = '${a.tenant.id}' limit 1`)), u.kind).resolves.toBeDefined();
    }
  });
});
