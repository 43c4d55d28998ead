import { eq, sql } from 'drizzle-orm';
import type { AuditAction } from '@zc/shared/api/audit';
import type { DbOrTx, Tx } from '../db/client';
import { auditChainHeads, auditLogs } from '../db/schema/audit';
import { sha256 } from './crypto';
import { redactSecrets } from './redact';
import type { RequestCtx } from './context';

export const PLATFORM_CHAIN = 'platform';
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditInput {
  action: AuditAction;
  merchantId: string | null;
  tenantId?: string | null;
  actorId: string | null;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  requestId?: string | null;
}

/** JSON with sorted keys: jsonb reorders keys, the hash must not depend on that. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

interface HashedFields {
  chainKey: string;
  seq: number;
  merchantId: string | null;
  tenantId: string | null;
  actorId: string | null;
  action: AuditAction;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  requestId: string | null;
  createdAt: string;
}

/** The hash of one entry given the previous hash. */
export function entryHash(prevHash: string, f: HashedFields): string {
  return sha256(
    prevHash +
      canonicalJson({
        ...f,
        before: f.before ?? null,
        after: f.after ?? null,
        createdAt: new Date(f.createdAt).toISOString(),
      }),
  );
}

/**
 * Appends an entry inside the caller's transaction. The chain head row is locked FOR UPDATE so
 * concurrent writers of one organisation append in a single order.
 */
export async function appendAudit(tx: Tx, input: AuditInput): Promise<void> {
  const chainKey = input.merchantId ?? PLATFORM_CHAIN;
  await tx.insert(auditChainHeads).values({ chainKey, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
  const [head] = await tx.select().from(auditChainHeads).where(eq(auditChainHeads.chainKey, chainKey)).for('update');
  if (!head) throw new Error('audit chain head missing');
  const fields: HashedFields = {
    chainKey,
    seq: head.seq + 1,
    merchantId: input.merchantId,
    tenantId: input.tenantId ?? null,
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    before: input.before === undefined ? null : redactSecrets(input.before),
    after: input.after === undefined ? null : redactSecrets(input.after),
    ip: input.ip ?? null,
    requestId: input.requestId ?? null,
    createdAt: new Date().toISOString(),
  };
  const hash = entryHash(head.hash, fields);
  await tx.insert(auditLogs).values({ ...fields, prevHash: head.hash, hash });
  await tx.update(auditChainHeads).set({ seq: fields.seq, hash }).where(eq(auditChainHeads.chainKey, chainKey));
}

/** Audit input pre-filled from the request: actor, organisation, tenant, IP, request id. */
export function auditFromCtx(ctx: RequestCtx, action: AuditAction, rest: Omit<AuditInput, 'action' | 'merchantId' | 'actorId'> & { merchantId?: string | null; actorId?: string | null }): AuditInput {
  return {
    merchantId: rest.merchantId !== undefined ? rest.merchantId : ctx.merchantId,
    tenantId: rest.tenantId !== undefined ? rest.tenantId : ctx.tenantId,
    actorId: rest.actorId !== undefined ? rest.actorId : (ctx.user?.id ?? null),
    ip: ctx.ip,
    requestId: ctx.requestId,
    ...rest,
    action,
  };
}

export interface ChainVerification {
  ok: boolean;
  checked: number;
  brokenAtSeq: number | null;
}

/**
 * Re-computes the chain of one key in sequence order; reports the first sequence number whose
 * hash, link or numbering does not match (an edited, inserted or deleted entry), and a head
 * that no longer points at the last entry (a deleted tail).
 */
export async function verifyChain(db: DbOrTx, chainKey: string): Promise<ChainVerification> {
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chainKey, chainKey));
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  let checked = 0;
  const pageSize = 1000;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.chainKey} = ${chainKey} and ${auditLogs.seq} >= ${expectedSeq}`)
      .orderBy(auditLogs.seq)
      .limit(pageSize);
    for (const r of rows) {
      const recomputed = entryHash(prev, {
        chainKey: r.chainKey,
        seq: r.seq,
        merchantId: r.merchantId,
        tenantId: r.tenantId,
        actorId: r.actorId,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.before,
        after: r.after,
        ip: r.ip,
        requestId: r.requestId,
        createdAt: r.createdAt,
      });
      if (r.seq !== expectedSeq || r.prevHash !== prev || r.hash !== recomputed) {
        return { ok: false, checked, brokenAtSeq: expectedSeq };
      }
      prev = r.hash;
      expectedSeq += 1;
      checked += 1;
    }
    if (rows.length < pageSize) break;
  }
  if (head && (head.seq !== checked || head.hash !== prev)) {
    return { ok: false, checked, brokenAtSeq: checked + 1 };
  }
  return { ok: true, checked, brokenAtSeq: null };
}
