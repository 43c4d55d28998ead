import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONTEXT_HEADERS, errorResponse } from '@zc/shared/api/common';
import {
  API_KEY_HEADER,
  IDEMPOTENCY_HEADER,
  historyListResponse,
  oaSendBody,
  sendAccepted,
  uidHistoryQuery,
  znsHistoryQuery,
  znsSendBody,
  type MessageModule,
} from '@zc/shared/api/messaging';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { publicAccess, tenantAccess } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { tenantScope } from '../../platform/tenant-scope';
import { sha256 } from '../../platform/crypto';
import { findOa } from '../zalo-oa/service';
import { iterateHistory, listHistory, type HistoryPageQuery } from './repo';
import { csvHeader, csvLine, presentHistory } from './presenter';
import { loadSendContext, sendOa, sendZns, type SendContext } from './send-service';
import type { SendResult } from './outbox';

const sendTags = ['Public send API'];
const historyTags = ['Sending history'];
/** The scheme named in app.ts `components.securitySchemes`. */
const apiKeySecurity = [{ apiKey: [] }];

const contexts = new WeakMap<FastifyRequest, SendContext>();

function header(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() ? s.trim() : null;
}

/** Keys that passed a full check lately: sha256 → valid until (ms). Bounded; cleared when full. */
type RecentKeys = Map<string, number>;
const RECENT_KEY_MS = 60_000;
const RECENT_KEY_MAX = 10_000;

function rememberKey(recent: RecentKeys, hash: string): void {
  if (recent.size >= RECENT_KEY_MAX) recent.clear();
  recent.set(hash, Date.now() + RECENT_KEY_MS);
}

/**
 * onRequest, before the body is read or parsed: a missing, oversized or unknown key answers 401
 * whatever the body (docs/api-gateway.md). A key that passed the full check within the last minute
 * skips this read, so the hot path keeps one context read per send; that full check in
 * preValidation stays the authority (a key revoked since then is refused there).
 */
async function authenticateApiKeyFirst(deps: ModuleDeps, recent: RecentKeys, req: FastifyRequest): Promise<void> {
  const secret = header(req, API_KEY_HEADER);
  if (!secret || secret.length > 200) throw new AppError('API_KEY_INVALID');
  const hash = sha256(secret);
  if ((recent.get(hash) ?? 0) > Date.now()) return;
  if (!(await loadSendContext(deps, secret, null))) throw new AppError('API_KEY_INVALID');
  rememberKey(recent, hash);
}

/** preValidation: the key's send context (tenant, OA, wallet terms, template) for the handler. */
async function authenticateApiKey(deps: ModuleDeps, recent: RecentKeys, req: FastifyRequest): Promise<void> {
  const secret = header(req, API_KEY_HEADER);
  // The body is parsed but not yet validated here: only a string template id is used for the read.
  const raw = req.body as { templateId?: unknown } | undefined; // unvalidated JSON at this stage
  const templateId = typeof raw?.templateId === 'string' ? raw.templateId.trim() : null;
  const ctx = secret && secret.length <= 200 ? await loadSendContext(deps, secret, templateId) : null;
  if (!ctx) throw new AppError('API_KEY_INVALID');
  if (secret) rememberKey(recent, sha256(secret));
  contexts.set(req, ctx);
}

function contextOf(req: FastifyRequest): SendContext {
  const ctx = contexts.get(req);
  if (!ctx) throw new Error('public send route ran without its API-key check');
  return ctx;
}

function idempotencyKeyOf(req: FastifyRequest): string | null {
  const v = header(req, IDEMPOTENCY_HEADER);
  if (v !== null && v.length > 100) throw new AppError('VALIDATION_FAILED', undefined, { fields: [{ path: 'headers.idempotency-key', code: 'too_long', message: 'at most 100 characters' }] });
  return v;
}

const sendResponses = {
  202: sendAccepted,
  400: errorResponse.describe('Schema violation: details.fields names each field'),
  401: errorResponse.describe('API_KEY_INVALID: missing, unknown or revoked x-api-key'),
  402: errorResponse.describe('INSUFFICIENT_BALANCE: the prepaid wallet cannot pay the price; nothing was written'),
  403: errorResponse.describe('MODULE_NOT_ENABLED for the key’s tenant'),
  422: errorResponse.describe('TEMPLATE_NOT_FOUND / TEMPLATE_NOT_SENDABLE / TEMPLATE_DATA_INVALID / PHONE_INVALID / IDEMPOTENCY_MISMATCH, with details.fields'),
};

const noAudit = { none: 'public send: the history row and its ledger entry are the record; an audit entry per message would serialise sends on the audit chain head' };

function accepted(result: SendResult) {
  return { data: { id: result.id, trackingId: result.trackingId, status: result.status } };
}

const OA_HEADER = CONTEXT_HEADERS.oa;
const OA_SCOPE_TEXT = `\`${OA_HEADER}\` (the console's current OA): when present and non-empty only that OA's messages are listed and counted; it must name one of the tenant's OAs, else 404 NOT_FOUND (an unknown id, another tenant's, or not a uuid). Absent: every OA of the tenant.`;
/** Documents the §7 OA header; loose so every other header passes through untouched. */
const historyHeaders = z.looseObject({
  [OA_HEADER]: z.string().optional().describe('Current OA id (uuid); absent or empty = every OA of the tenant'),
});
const oaNotFound = errorResponse.describe(`NOT_FOUND: \`${OA_HEADER}\` names no OA of this tenant`);
/** Any 8-4-4-4-12 hex spelling: checked before the lookup so a malformed id never reaches a uuid cast. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The OA scope of a history read: the `x-oa-id` header when present and non-empty, else undefined
 * (every OA). A malformed id, an unknown one and another tenant's all answer the same 404, so the
 * header never tells whether an id exists elsewhere.
 */
async function historyOa(deps: ModuleDeps, req: FastifyRequest): Promise<string | undefined> {
  const id = header(req, OA_HEADER);
  if (id === null) return undefined;
  if (!UUID.test(id)) throw notFound();
  const oa = await findOa(deps.db, tenantScope(req.ctx), id);
  if (!oa) throw notFound();
  return oa.id;
}

/** Public send API (x-api-key) and the sending-history lists (§2.13). */
export function registerMessagingRoutes(app: ZodApp, deps: ModuleDeps): void {
  const recentKeys: RecentKeys = new Map();
  const onRequest = (req: FastifyRequest) => authenticateApiKeyFirst(deps, recentKeys, req);
  const preValidation = (req: FastifyRequest) => authenticateApiKey(deps, recentKeys, req);

  app.post(
    '/v1/zns/send',
    {
      config: { access: publicAccess, audit: noAudit },
      onRequest,
      preValidation,
      schema: {
        operationId: 'sendZnsMessage',
        tags: sendTags,
        summary: 'Send a ZNS message by phone',
        description:
          'Authenticated by `x-api-key`. Validates the phone (normalised to 84…) and the template data against the synced template params, charges a prepaid wallet the template price after the tenant discount (postpaid: accumulates usage) and enqueues the message, atomically. Idempotent on (API key, trackingId) and on the `Idempotency-Key` header: the same body answers the same 202, a different body 422 IDEMPOTENCY_MISMATCH.',
        security: apiKeySecurity,
        body: znsSendBody,
        response: sendResponses,
      },
    },
    async (req, reply) => {
      const result = await sendZns(deps, contextOf(req), req.body, idempotencyKeyOf(req));
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(202).send(accepted(result));
    },
  );

  app.post(
    '/v1/oa/send',
    {
      config: { access: publicAccess, audit: noAudit },
      onRequest,
      preValidation,
      schema: {
        operationId: 'sendOaMessage',
        tags: sendTags,
        summary: 'Send an OA message by Zalo user id',
        description:
          'Authenticated by `x-api-key`. `message.kind` is one of text, image, file, sticker, quote, request, transaction, promotion with the §5 limits (text 2000, request title 100 / subtitle 500, header 100, text 250, table ≤ 5 rows, buttons ≤ 4). Charged at the OA list price (CS 55 đ, transaction/promotion 165 đ) after the tenant discount. Same idempotency rules as ZNS.',
        security: apiKeySecurity,
        body: oaSendBody,
        response: sendResponses,
      },
    },
    async (req, reply) => {
      const result = await sendOa(deps, contextOf(req), req.body, idempotencyKeyOf(req));
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(202).send(accepted(result));
    },
  );

  const list = async (req: FastifyRequest, module: MessageModule, query: HistoryPageQuery) => {
    const q = { ...query, zaloOaId: await historyOa(deps, req) };
    const page = await listHistory(deps.db, tenantScope(req.ctx), module, q);
    return {
      data: page.rows.map(presentHistory),
      meta: { total: page.total, totalIsEstimate: page.totalIsEstimate, page: q.page, size: q.size, nextCursor: page.nextCursor, prevCursor: page.prevCursor },
    };
  };

  app.get(
    '/merchant/uid',
    {
      config: { access: tenantAccess('VIEW_HISTORY', 'oaService') },
      schema: {
        operationId: 'listOaHistory',
        tags: historyTags,
        summary: 'Official-account (UID) sending history',
        description: `Keyset pagination: \`page\` works within the first 1,000 rows; beyond, follow \`meta.nextCursor\` / \`meta.prevCursor\`. \`meta.total\` is exact up to 10,000, an estimate beyond (\`meta.totalIsEstimate\`). ${OA_SCOPE_TEXT}`,
        headers: historyHeaders,
        querystring: uidHistoryQuery,
        response: { 200: historyListResponse, 404: oaNotFound },
      },
    },
    async (req) => list(req, 'OA', req.query),
  );

  app.get(
    '/merchant/zns/history',
    {
      config: { access: tenantAccess('VIEW_HISTORY', 'znsService') },
      schema: {
        operationId: 'listZnsHistory',
        tags: historyTags,
        summary: 'Notification-message (ZNS) sending history',
        description: `Same paging rules as \`merchant/uid\`; filters trackingId, sessionId, uid, templateId, phone (any spelling), templateName (exact), status (multi), type, isCharged. ${OA_SCOPE_TEXT}`,
        headers: historyHeaders,
        querystring: znsHistoryQuery,
        response: { 200: historyListResponse, 404: oaNotFound },
      },
    },
    async (req) => list(req, 'ZNS', req.query),
  );

  app.get(
    '/merchant/uid/export',
    {
      config: { access: tenantAccess('VIEW_HISTORY', 'oaService') },
      schema: {
        operationId: 'exportOaHistory',
        tags: historyTags,
        summary: 'Official-account sending history as a CSV download (same filters as merchant/uid)',
        description: OA_SCOPE_TEXT,
        headers: historyHeaders,
        querystring: uidHistoryQuery,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      // Resolved before the stream starts, so an unknown OA answers 404 rather than a broken download.
      const q = { ...req.query, zaloOaId: await historyOa(deps, req) };
      const rows = iterateHistory(deps.db, tenantScope(req.ctx), 'OA', q, q.orderBy === 'createdAt=desc');
      async function* csv() {
        // UTF-8 BOM so spreadsheet apps read Vietnamese text correctly.
        yield `\uFEFF${csvHeader()}`;
        for await (const batch of rows) yield batch.map((r) => csvLine(presentHistory(r))).join('');
      }
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="uid-history-${stamp}.csv"`)
        .send(Readable.from(csv()));
    },
  );
}
