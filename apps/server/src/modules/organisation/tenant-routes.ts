import { z } from 'zod';
import { dataResponse } from '@zc/shared/api/common';
import { tenant, tenantFormFields, tenantServices, tenantServicesBody, tenantUpdateFields } from '@zc/shared/api/organisation';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { authenticated, merchantAccess, requireMerchant, requireUser, tenantAccess } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors';
import { parseFormFields, readImageForm } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { actorOf } from '../../platform/policy';
import { tenantScope } from '../../platform/tenant-scope';
import { findTenantAccess } from '../../platform/access';
import { organisationActor } from './policy';
import { presentTenant } from './presenter';
import { createTenant, getTenantServices, updateTenant, updateTenantServices } from './service';

const tags = ['Tenants'];

/** Tenant routes of §7 Tenants: detail, create/update with avatar, services. */
export function registerTenantRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/merchant/tenant/:id',
    { config: { access: authenticated }, schema: { tags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(tenant) } } },
    async (req) => {
      const userId = requireUser(req.ctx).id;
      const grant = await findTenantAccess(deps.db, userId, req.params.id);
      if (!grant) throw notFound();
      return { data: presentTenant(grant.tenant, organisationActor(userId, grant.merchantRole)) };
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
      const data = await runMutation(deps.db, req, (tx, record) => createTenant(tx, actorOf(req.ctx), { merchantId, name: body.name, avatar: key }, record));
      return { data };
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
      const data = await runMutation(deps.db, req, (tx, record) => updateTenant(tx, actorOf(req.ctx), merchantId, req.params.id, { name: body.name, avatar: key }, record));
      return { data };
    },
  );

  app.get(
    '/merchant/service-manager/tenant-service',
    { config: { access: tenantAccess('VIEW_TENANT_SERVICES') }, schema: { tags, response: { 200: dataResponse(tenantServices) } } },
    async (req) => ({ data: await getTenantServices(deps.db, tenantScope(req.ctx)) }),
  );

  app.post(
    '/merchant/service-manager/tenant-service',
    {
      config: { access: merchantAccess('UPDATE_TENANT'), audit: 'TENANT_SERVICES_UPDATE' },
      schema: { tags, description: 'Enables or disables the OA, ZNS, mini-app and multi-team services of the tenant named by x-tenant-id.', body: tenantServicesBody, response: { 200: dataResponse(tenantServices) } },
    },
    async (req) => {
      if (!req.ctx.tenantId) throw fieldError('x-tenant-id', 'A tenant must be selected', 'required');
      const scope = tenantScope(req.ctx);
      const { oaService, znsService, isMiniAppEnabled, isMultiTeam } = req.body;
      const patch = Object.fromEntries(Object.entries({ oaService, znsService, isMiniAppEnabled, isMultiTeam }).filter(([, v]) => v !== undefined));
      const data = await runMutation(deps.db, req, (tx, record) => updateTenantServices(tx, actorOf(req.ctx), scope, patch, record));
      return { data };
    },
  );
}
