import { z } from 'zod';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { dataResponse, listResponse } from '@zc/shared/api/common';
import { AUDIT_ACTIONS, auditEntry, auditQuery, auditVerifyResponse, type AuditAction } from '@zc/shared/api/audit';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { authenticated, merchantAccess, requireMerchant, requireTenant, tenantAccess } from '../../platform/context';
import { offsetOf, paged } from '../../platform/pagination';
import { verifyChain } from '../../platform/audit';
import { ilikeContains } from '../../platform/sql';
import { auditLogs } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import { tenants } from '../../db/schema/organisation';

const tags = ['Audit log'];

type AuditQuery = z.infer<typeof auditQuery>;

/** Audit log (§7 Audit): by organisation, by tenant, action names, chain verification. */
export function registerAuditRoutes(app: ZodApp, deps: ModuleDeps): void {
  async function list(scope: SQL, q: AuditQuery) {
    const conds: SQL[] = [scope];
    if (q.action) conds.push(eq(auditLogs.action, q.action));
    if (q.targetType) conds.push(eq(auditLogs.targetType, q.targetType));
    if (q.from) conds.push(gte(auditLogs.createdAt, new Date(q.from).toISOString()));
    if (q.to) conds.push(lte(auditLogs.createdAt, new Date(q.to).toISOString()));
    if (q.actorEmail) {
      const actorIds = deps.db.select({ id: users.id }).from(users).where(ilikeContains(users.email, q.actorEmail));
      conds.push(inArray(auditLogs.actorId, actorIds));
    }
    const where = and(...conds);
    const rows = await deps.db
      .select({ log: auditLogs, actorEmail: users.email, actorName: users.displayName, tenantName: tenants.name })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .leftJoin(tenants, eq(tenants.id, auditLogs.tenantId))
      .where(where)
      .orderBy(q.orderBy.direction === 'asc' ? asc(auditLogs.createdAt) : desc(auditLogs.createdAt), q.orderBy.direction === 'asc' ? asc(auditLogs.seq) : desc(auditLogs.seq))
      .limit(q.size)
      .offset(offsetOf(q));
    const [c] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(where);
    return paged(
      rows.map((r) => ({
        id: r.log.id,
        seq: r.log.seq,
        merchantId: r.log.merchantId,
        tenantId: r.log.tenantId,
        tenantName: r.tenantName,
        actor: r.log.actorId && r.actorEmail ? { id: r.log.actorId, email: r.actorEmail, displayName: r.actorName ?? '' } : null,
        action: r.log.action as AuditAction,
        targetType: r.log.targetType,
        targetId: r.log.targetId,
        before: r.log.before,
        after: r.log.after,
        ip: r.log.ip,
        requestId: r.log.requestId,
        createdAt: new Date(r.log.createdAt).toISOString(),
      })),
      c?.n ?? 0,
      q,
    );
  }

  app.get(
    '/merchant/audit-log/by-merchant',
    { config: { access: merchantAccess('VIEW_MERCHANT_AUDIT_LOG') }, schema: { tags, querystring: auditQuery, response: { 200: listResponse(auditEntry) } } },
    async (req) => list(eq(auditLogs.merchantId, requireMerchant(req.ctx)), req.query),
  );

  app.get(
    '/merchant/audit-log/by-tenant',
    { config: { access: tenantAccess('VIEW_TENANT_AUDIT_LOG') }, schema: { tags, querystring: auditQuery, response: { 200: listResponse(auditEntry) } } },
    async (req) => list(eq(auditLogs.tenantId, requireTenant(req.ctx)), req.query),
  );

  app.get(
    '/merchant/audit-log/action-enums',
    { config: { access: authenticated }, schema: { tags, response: { 200: dataResponse(z.array(z.enum(AUDIT_ACTIONS))) } } },
    async () => ({ data: [...AUDIT_ACTIONS] }),
  );

  app.get(
    '/merchant/audit-log/verify',
    { config: { access: merchantAccess('VIEW_MERCHANT_AUDIT_LOG') }, schema: { tags, response: { 200: auditVerifyResponse } } },
    async (req) => ({ data: await verifyChain(deps.db, requireMerchant(req.ctx)) }),
  );
}
