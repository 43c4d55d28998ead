import { z } from 'zod';
import { dataResponse, errorResponse, idParam, okResponse } from '@zc/shared/api/common';
import { servicePackage, servicePackageInput, tenantPackage, tenantPackageAssignment } from '@zc/shared/api/service-packages';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { merchantAccess, requireMerchant, tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { assignTenantPackage, createServicePackage, deleteServicePackage, getServicePackage, getTenantPackage, listServicePackages, updateServicePackage } from './service';

const tags = ['Service packages'];
const RULES =
  'Prices are whole VND per message (0–1,000,000); null keeps the standard price of that kind (ZNS: the template\'s own price; OA: 55 đ consultation, 165 đ transaction and promotion). A tenant on a package is charged its prices as the list price of each message; the wallet discount and the tenant\'s discounts still apply on top (ADR 0025). Names are unique in the organisation (409 SERVICE_PACKAGE_NAME_TAKEN); a negative price answers 400 naming the field.';

/** Settings › packageManage (issue 16 #6): the organisation's service packages and the tenant's own view. */
export function registerServicePackageRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/service-packages',
    { config: { access: merchantAccess('VIEW_TENANT') }, schema: { operationId: 'listServicePackages', summary: 'List the organisation\'s service packages', tags, description: `Every package of the organisation (x-merchant-id) with the tenants on it. ${RULES}`, response: { 200: dataResponse(z.array(servicePackage)) } } },
    async (req) => ({ data: await listServicePackages(deps.db, actorOf(req.ctx), requireMerchant(req.ctx)) }),
  );

  app.get(
    '/merchant/service-packages/:id',
    { config: { access: merchantAccess('VIEW_TENANT') }, schema: { operationId: 'getServicePackage', summary: 'Get a service package', tags, params: idParam, response: { 200: dataResponse(servicePackage) } } },
    async (req) => ({ data: await getServicePackage(deps.db, actorOf(req.ctx), requireMerchant(req.ctx), req.params.id) }),
  );

  app.post(
    '/merchant/service-packages',
    { config: { access: merchantAccess('UPDATE_TENANT'), audit: 'SERVICE_PACKAGE_CREATE' }, schema: { operationId: 'createServicePackage', summary: 'Create a service package', tags, description: RULES, body: servicePackageInput, response: { 200: dataResponse(servicePackage), 409: errorResponse.describe('SERVICE_PACKAGE_NAME_TAKEN') } } },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await createServicePackage(tx, actorOf(req.ctx), merchantId, req.body);
        await record({ targetType: 'service_package', targetId: r.row.id, after: r.audit });
        return r.view;
      });
      return { data };
    },
  );

  app.put(
    '/merchant/service-packages/:id',
    { config: { access: merchantAccess('UPDATE_TENANT'), audit: 'SERVICE_PACKAGE_UPDATE' }, schema: { operationId: 'updateServicePackage', summary: 'Replace a service package', tags, description: `Replaces name, description and prices; tenants on the package pay the new prices from their next message. ${RULES}`, params: idParam, body: servicePackageInput, response: { 200: dataResponse(servicePackage), 409: errorResponse.describe('SERVICE_PACKAGE_NAME_TAKEN') } } },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await updateServicePackage(tx, actorOf(req.ctx), merchantId, req.params.id, req.body);
        await record({ targetType: 'service_package', targetId: req.params.id, before: r.before, after: r.after });
        return r.view;
      });
      return { data };
    },
  );

  app.delete(
    '/merchant/service-packages/:id',
    { config: { access: merchantAccess('UPDATE_TENANT'), audit: 'SERVICE_PACKAGE_DELETE' }, schema: { operationId: 'deleteServicePackage', summary: 'Delete a service package', tags, description: 'Deletes a package no tenant is on; 409 SERVICE_PACKAGE_IN_USE with `details.tenants` (id, name) otherwise. Messages already sent keep their price.', params: idParam, response: { 200: okResponse, 409: errorResponse.describe('SERVICE_PACKAGE_IN_USE') } } },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const r = await deleteServicePackage(tx, merchantId, req.params.id);
        await record({ targetType: 'service_package', targetId: req.params.id, before: r.before });
      });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/merchant/service-packages/assign',
    { config: { access: merchantAccess('UPDATE_TENANT'), audit: 'TENANT_PACKAGE_ASSIGN' }, schema: { operationId: 'assignServicePackage', summary: 'Put a tenant on a service package', tags, description: 'Assigns the package to the tenant of the organisation (packageId null: back to the standard prices). Another organisation\'s tenant or package: 404. Announced as tenant.settings_changed.', body: tenantPackageAssignment, response: { 200: okResponse } } },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const r = await assignTenantPackage(tx, actorOf(req.ctx), merchantId, req.body);
        await record({ tenantId: r.tenant.id, targetType: 'tenant', targetId: r.tenant.id, before: r.before, after: r.after });
      });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/merchant/tenant-package',
    { config: { access: tenantAccess('VIEW_TENANT_SERVICES') }, schema: { operationId: 'getTenantPackage', summary: 'The tenant\'s service package and unit prices', tags, description: 'The package the organisation put the tenant (x-tenant-id) on, if any, and the list price of each kind it pays before its discounts (zns null: each template\'s own price).', response: { 200: dataResponse(tenantPackage) } } },
    async (req) => ({ data: await getTenantPackage(deps.db, scopedTenantId(tenantScope(req.ctx))) }),
  );
}
