import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_ACTIONS } from '@zc/shared/api/audit';
import type { Db, Tx } from '../db/client';
import { appendAudit, auditFromCtx, type AuditInput } from './audit';
import type { RouteAccess } from './context';
import { moduleDeclarationProblem } from './module-gate';

export type AuditRecord = Omit<AuditInput, 'action' | 'merchantId' | 'actorId'> & { merchantId?: string | null; actorId?: string | null };
export type RecordAudit = (entry: AuditRecord) => Promise<void>;

/**
 * Runs a mutating request's work in one transaction together with its audit entry; the action
 * comes from the route's `audit` declaration, so a route cannot record under a wrong name.
 */
export async function runMutation<T>(db: Db, request: FastifyRequest, work: (tx: Tx, record: RecordAudit) => Promise<T>): Promise<T> {
  const action = request.routeOptions.config.audit;
  if (typeof action !== 'string') throw new Error(`route ${request.routeOptions.url} declares no audit action`);
  return db.transaction(async (tx) => {
    const record: RecordAudit = async (entry) => {
      await appendAudit(tx, auditFromCtx(request.ctx, action, entry));
      request.ctx.auditWritten = true;
    };
    return work(tx, record);
  });
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KNOWN_AUDIT_ACTIONS: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

/**
 * Why a route's `audit` declaration is refused, or null. The action must be one of the shared
 * catalogue (AUDIT_ACTIONS), which the web labels in every language (locales test), so an entry
 * can never show as a raw code; `{ none }` must say why nothing is recorded.
 */
export function auditDeclarationProblem(audit: unknown): string | null {
  if (audit === undefined) return null;
  if (typeof audit === 'string') {
    return KNOWN_AUDIT_ACTIONS.has(audit) ? null : `declares audit action ${audit}, which is not in AUDIT_ACTIONS (packages/shared/src/api/audit.ts)`;
  }
  if (typeof audit === 'object' && audit !== null && 'none' in audit && typeof audit.none === 'string' && audit.none.trim()) return null;
  return 'declares an audit value that is neither a catalogued action nor { none: reason }';
}

/**
 * Registration-time rules: every /api route declares its access, every mutating one its audit
 * action, every tenant route under a service's path prefix its module (module-gate.ts). In tests
 * a successful mutation that wrote no entry fails loudly.
 */
export interface RouteEntry {
  method: string;
  url: string;
  config: { access?: unknown; audit?: unknown };
}

/** Every route registered on the app, for the permission-matrix test and docs. */
export const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

export function registerRouteRules(app: FastifyInstance, options: { strictAudit: boolean }): void {
  const table: RouteEntry[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
      table.push({ method: String(m), url: route.url, config: (route.config ?? {}) as RouteEntry['config'] });
    }
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const config = route.config as { access?: unknown; audit?: unknown } | undefined;
    if (!config?.access) throw new Error(`route ${String(route.method)} ${route.url} declares no access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => MUTATING.has(m)) && !config.audit) {
      throw new Error(`mutating route ${String(route.method)} ${route.url} declares no audit action`);
    }
    const problem = auditDeclarationProblem(config.audit);
    if (problem) throw new Error(`route ${String(route.method)} ${route.url} ${problem}`);
    const gate = moduleDeclarationProblem(route.url, config.access as RouteAccess);
    if (gate) throw new Error(`route ${String(route.method)} ${route.url} ${gate}`);
  });
  if (!options.strictAudit) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config.audit;
    if (typeof audit === 'string' && reply.statusCode < 400 && !request.ctx?.auditWritten) {
      request.log.error({ route: request.routeOptions.url }, 'mutation succeeded without an audit entry');
      void reply.status(500);
      return JSON.stringify({ error: { code: 'INTERNAL', message: `audit entry missing for ${audit}` } });
    }
    return payload;
  });
}
