import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { auditQuery } from '@zc/shared/api/audit';
import type { DbOrTx } from '../../db/client';
import { auditLogs } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import { tenants } from '../../db/schema/organisation';
import { ilikeContains } from '../../platform/sql';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';

export type AuditFilter = Omit<z.infer<typeof auditQuery>, 'page' | 'size'> & { limit: number; offset: number };

/** Whose chain to read: an organisation's entries, or one tenant's. */
export type AuditOwner = { merchantId: string } | { tenant: TenantScope };

/** A page of audit entries with the actor's and tenant's names, and the total. */
export async function findAuditEntries(db: DbOrTx, owner: AuditOwner, q: AuditFilter) {
  const conds: SQL[] = [];
  if (q.action) conds.push(eq(auditLogs.action, q.action));
  if (q.targetType) conds.push(eq(auditLogs.targetType, q.targetType));
  if (q.from) conds.push(gte(auditLogs.createdAt, new Date(q.from).toISOString()));
  if (q.to) conds.push(lte(auditLogs.createdAt, new Date(q.to).toISOString()));
  if (q.actorEmail) conds.push(inArray(auditLogs.actorId, db.select({ id: users.id }).from(users).where(ilikeContains(users.email, q.actorEmail))));
  const where = 'tenant' in owner ? inTenant(owner.tenant, auditLogs, ...conds) : and(eq(auditLogs.merchantId, owner.merchantId), ...conds);
  const order = q.orderBy.direction === 'asc' ? [asc(auditLogs.createdAt), asc(auditLogs.seq)] : [desc(auditLogs.createdAt), desc(auditLogs.seq)];
  const rows = await db
    .select({ log: auditLogs, actorEmail: users.email, actorName: users.displayName, tenantName: tenants.name })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .leftJoin(tenants, eq(tenants.id, auditLogs.tenantId))
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(where);
  return { items: rows, total: c?.n ?? 0 };
}

export type AuditEntryRow = Awaited<ReturnType<typeof findAuditEntries>>['items'][number];
