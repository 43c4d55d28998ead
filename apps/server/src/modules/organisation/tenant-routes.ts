import { z } from 'zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { dataResponse, listResponse, pageQuery } from '@zc/shared/api/common';
import { tenant, tenantFormFields, tenantServices, tenantServicesBody, tenantUpdateFields, tenantUser } from '@zc/shared/api/organisation';
import { TENANT_PERMISSIONS } from '@zc/shared/permissions';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { authenticated, merchantAccess, requireMerchant, requireTenant, requireUser, tenantAccess } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors';
import { parseFormFields, readImageForm } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { findTenantAccess } from '../../platform/access';
import { users } from '../../db/schema/auth';
import { tenants } from '../../db/schema/organisation';
import { tenantMembers, userGroups } from '../../db/schema/user-groups';
import { presentTenant } from './presenter';

const tags = ['Tenants'];

/** The user groups every new tenant starts with (tenant roles). */
export const DEFAULT_USER_GROUPS = [
  { name: 'Quản trị viên', permissions: [...TENANT_PERMISSIONS], isDefault: false },
  {
    name: 'Nhân viên',
    permissions: ['VIEW_DASHBOARD_AND_CHART', 'VIEW_TENANT_NOTIFICATION', 'VIEW_TENANT_TASK', 'VIEW_TICKET', 'CREATE_TICKET', 'VIEW_HISTORY'],
    isDefault: true,
  },
];

const serviceKeys = ['oaService', 'znsService', 'isMiniAppEnabled', 'isMultiTeam'] as const;
const pickServices = (t: typeof tenants.$inferSelect) => ({ oaService: t.oaService, znsService: t.znsService, isMiniAppEnabled: t.isMiniAppEnabled, isMultiTeam: t.isMultiTeam });

/** Tenant routes of §7 Tenants: detail, create/update with avatar, users, services. */
export function registerTenantRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/merchant/tenant/:id',
    { config: { access: authenticated }, schema: { tags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(tenant) } } },
    async (req) => {
      const grant = await findTenantAccess(deps.db, requireUser(req.ctx).id, req.params.id);
      if (!grant) throw notFound();
      return { data: presentTenant(grant.tenant) };
    },
  );

  app.post(
    '/merchant/tenant',
    {
      config: { access: merchantAccess('CREATE_TENANT'), audit: 'TENANT_CREATE' },
      schema: { tags, consumes: ['multipart/form-data'], description: 'multipart fields: `name` (required), `file` (avatar, JPG or PNG by content, at most 5 MB, required)', response: { 200: dataResponse(tenant) } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const { fields, image } = await readImageForm(req);
      const body = parseFormFields(tenantFormFields, fields);
      if (!image) throw fieldError('file', 'An avatar image is required', 'required');
      const key = await deps.files.put(image.buf, image.type);
      const created = await runMutation(deps.db, req, async (tx, record) => {
        const [row] = await tx.insert(tenants).values({ merchantId, name: body.name, avatar: key }).returning();
        if (!row) throw new Error('tenant insert returned nothing');
        await tx.insert(userGroups).values(DEFAULT_USER_GROUPS.map((g) => ({ ...g, tenantId: row.id })));
        await record({ tenantId: row.id, targetType: 'tenant', targetId: row.id, after: presentTenant(row) });
        return row;
      });
      return { data: presentTenant(created) };
    },
  );

  app.patch(
    '/merchant/tenant/:id',
    {
      config: { access: merchantAccess('UPDATE_TENANT'), audit: 'TENANT_UPDATE' },
      schema: { tags, consumes: ['multipart/form-data'], params: z.strictObject({ id: z.uuid() }), description: 'multipart fields: `name`, `file` (avatar)', response: { 200: dataResponse(tenant) } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const { fields, image } = await readImageForm(req);
      const body = parseFormFields(tenantUpdateFields, fields);
      const key = image ? await deps.files.put(image.buf, image.type) : undefined;
      const updated = await runMutation(deps.db, req, async (tx, record) => {
        const [before] = await tx.select().from(tenants).where(and(eq(tenants.id, req.params.id), eq(tenants.merchantId, merchantId))).for('update');
        if (!before) throw notFound();
        const [after] = await tx
          .update(tenants)
          .set({ ...(body.name ? { name: body.name } : {}), ...(key ? { avatar: key } : {}), updatedAt: new Date() })
          .where(eq(tenants.id, before.id))
          .returning();
        if (!after) throw notFound();
        await record({ tenantId: after.id, targetType: 'tenant', targetId: after.id, before: presentTenant(before), after: presentTenant(after) });
        return after;
      });
      return { data: presentTenant(updated) };
    },
  );

  app.get(
    '/merchant/tenant/list-user-by-tenant',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { tags, querystring: pageQuery, response: { 200: listResponse(tenantUser) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const rows = await deps.db
        .select({ user: users, groupId: userGroups.id, groupName: userGroups.name })
        .from(tenantMembers)
        .innerJoin(users, eq(users.id, tenantMembers.userId))
        .leftJoin(userGroups, eq(userGroups.id, tenantMembers.userGroupId))
        .where(eq(tenantMembers.tenantId, tenantId))
        .orderBy(asc(users.email))
        .limit(req.query.size)
        .offset(offsetOf(req.query));
      const [count] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(tenantMembers).where(eq(tenantMembers.tenantId, tenantId));
      return paged(
        rows.map((r) => ({
          id: r.user.id,
          email: r.user.email,
          displayName: r.user.displayName,
          avatar: r.user.avatar,
          userGroup: r.groupId && r.groupName ? { id: r.groupId, name: r.groupName } : null,
        })),
        count?.n ?? 0,
        req.query,
      );
    },
  );

  app.get(
    '/merchant/service-manager/tenant-service',
    { config: { access: tenantAccess('VIEW_TENANT_SERVICES') }, schema: { tags, response: { 200: dataResponse(tenantServices) } } },
    async (req) => {
      const [row] = await deps.db.select().from(tenants).where(eq(tenants.id, requireTenant(req.ctx)));
      if (!row) throw notFound();
      return { data: pickServices(row) };
    },
  );

  app.post(
    '/merchant/service-manager/tenant-service',
    {
      config: { access: merchantAccess('UPDATE_TENANT'), audit: 'TENANT_SERVICES_UPDATE' },
      schema: { tags, description: 'Enables or disables the OA, ZNS, mini-app and multi-team services of the tenant named by x-tenant-id.', body: tenantServicesBody, response: { 200: dataResponse(tenantServices) } },
    },
    async (req) => {
      const tenantId = req.ctx.tenantId;
      if (!tenantId) throw fieldError('x-tenant-id', 'A tenant must be selected', 'required');
      const patch: Partial<Record<(typeof serviceKeys)[number], boolean>> = {};
      for (const k of serviceKeys) if (req.body[k] !== undefined) patch[k] = req.body[k];
      const after = await runMutation(deps.db, req, async (tx, record) => {
        const [before] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
        if (!before) throw notFound();
        const [row] = await tx.update(tenants).set({ ...patch, updatedAt: new Date() }).where(eq(tenants.id, tenantId)).returning();
        if (!row) throw notFound();
        await record({ tenantId, targetType: 'tenant', targetId: tenantId, before: pickServices(before), after: pickServices(row) });
        return row;
      });
      return { data: pickServices(after) };
    },
  );
}
