import { z } from 'zod';
import { dataResponse, listResponse } from '@zc/shared/api/common';
import { AUDIT_ACTIONS, auditEntry, auditQuery, auditVerifyResponse } from '@zc/shared/api/audit';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { authenticated, merchantAccess, requireMerchant, tenantAccess } from '../../platform/context';
import { offsetOf, paged } from '../../platform/pagination';
import { tenantScope } from '../../platform/tenant-scope';
import { listAuditEntries, verifyAuditChain, type AuditOwner } from './service';

const tags = ['Audit log'];

type AuditQuery = z.infer<typeof auditQuery>;

/** Audit log (§7 Audit): by organisation, by tenant, action names, chain verification. */
export function registerAuditRoutes(app: ZodApp, deps: ModuleDeps): void {
  async function list(owner: AuditOwner, q: AuditQuery) {
    const { page: _page, size: _size, ...filter } = q;
    const r = await listAuditEntries(deps.db, owner, { ...filter, limit: q.size, offset: offsetOf(q) });
    return paged(r.items, r.total, q);
  }

  app.get(
    '/merchant/audit-log/by-merchant',
    { config: { access: merchantAccess('VIEW_MERCHANT_AUDIT_LOG') }, schema: { operationId: 'listMerchantAuditLog', summary: 'List the organisation\'s audit log', tags, querystring: auditQuery, response: { 200: listResponse(auditEntry) } } },
    async (req) => list({ merchantId: requireMerchant(req.ctx) }, req.query),
  );

  app.get(
    '/merchant/audit-log/by-tenant',
    { config: { access: tenantAccess('VIEW_TENANT_AUDIT_LOG') }, schema: { operationId: 'listTenantAuditLog', summary: 'List the tenant\'s audit log', tags, querystring: auditQuery, response: { 200: listResponse(auditEntry) } } },
    async (req) => list({ tenant: tenantScope(req.ctx) }, req.query),
  );

  app.get(
    '/merchant/audit-log/action-enums',
    { config: { access: authenticated }, schema: { operationId: 'listAuditActions', summary: 'List the audit actions', tags, response: { 200: dataResponse(z.array(z.enum(AUDIT_ACTIONS))) } } },
    async () => ({ data: [...AUDIT_ACTIONS] }),
  );

  app.get(
    '/merchant/audit-log/verify',
    { config: { access: merchantAccess('VIEW_MERCHANT_AUDIT_LOG') }, schema: { operationId: 'verifyAuditLog', summary: 'Verify the audit log\'s hash chain', tags, response: { 200: auditVerifyResponse } } },
    async (req) => ({ data: await verifyAuditChain(deps.db, requireMerchant(req.ctx)) }),
  );
}
