import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { requireTenant, type RequestCtx } from './context';

declare const tenantScopeBrand: unique symbol;

/**
 * The tenant a piece of work is confined to. Opaque on purpose: a repo function over tenant-owned
 * rows takes a `TenantScope` (never a bare id), and the only ways to use it are `inTenant` (the
 * where clause, tenant filter always first) and `scopedTenantId` (the value of an inserted row's
 * tenant_id). Calling such a repo function without a scope, or building its filter without the
 * tenant, is therefore a type error instead of a cross-tenant read (ARCHITECTURE rule 5).
 */
export interface TenantScope {
  readonly [tenantScopeBrand]: string;
}

const scopes = new WeakMap<TenantScope, string>();

function make(tenantId: string): TenantScope {
  const scope = Object.freeze({}) as TenantScope;
  scopes.set(scope, tenantId);
  return scope;
}

/** The tenant a request was authorised for by the access hook (x-tenant-id, membership, permission). */
export function tenantScope(ctx: RequestCtx): TenantScope {
  return make(requireTenant(ctx));
}

/**
 * A scope for work that is not a request: a worker or an event handler acting on a row it has
 * already read (the row's own tenant_id), or a test. Never with an id taken from user input.
 */
export function trustedTenantScope(tenantId: string): TenantScope {
  return make(tenantId);
}

/** The tenant id of a scope, for writing the tenant_id of a new row or for answering it. */
export function scopedTenantId(scope: TenantScope): string {
  const id = scopes.get(scope);
  if (id === undefined) throw new Error('not a tenant scope');
  return id;
}

/** A table owned by a tenant: it has a tenant_id column. */
export type TenantTable = PgTable & { tenantId: PgColumn };

/** The where clause of a query on a tenant-owned table: its tenant filter, and the given conditions. */
export function inTenant(scope: TenantScope, table: TenantTable, ...conditions: Array<SQL | undefined>): SQL {
  const where = and(eq(table.tenantId, scopedTenantId(scope)), ...conditions);
  if (!where) throw new Error('unreachable: a tenant filter is always present');
  return where;
}
