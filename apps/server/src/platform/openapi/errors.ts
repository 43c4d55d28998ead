import { ERROR_CODES, type ErrorCode } from '@zc/shared/errors';
import type { RouteAccess } from '../context';

/**
 * The error responses of one operation (issue 17 #1): what a route declares for itself, completed
 * from what the platform answers before or around its handler — the access hook (401/403/400 for a
 * missing context header), input validation and the input-safety rule (400 on every /api route),
 * path ids (404), bodies (413/415), the public API's key check and rate limits (401/429) — and the
 * codes its description names. Each response lists its possible codes as an enum on `error.code`
 * and, with their messages, in its description.
 */

export interface RouteFacts {
  access?: RouteAccess;
  /** The route has a @fastify/rate-limit config (sign-in and password reset). */
  rateLimited: boolean;
}

/** What `error.code` a bare status in a description stands for. */
const DEFAULT_CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  402: 'INSUFFICIENT_BALANCE',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const KNOWN: ReadonlySet<string> = new Set(Object.keys(ERROR_CODES));
const isCode = (s: string): s is ErrorCode => KNOWN.has(s);

/** Codes named in a text (`409 TEMPLATE_NOT_DELETABLE`, `API_KEY_INVALID: …`), and bare statuses (`answers 409`). */
export function codesInText(text: string | undefined): { codes: ErrorCode[]; statuses: number[] } {
  if (!text) return { codes: [], statuses: [] };
  const words: string[] = text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[A-Z]{5,}\b/g) ?? [];
  const codes = [...new Set(words.filter(isCode))];
  const statuses = [...new Set((text.match(/\b4\d\d\b/g) ?? []).map(Number).filter((s) => s in DEFAULT_CODE_OF_STATUS || s === 422 || s === 410))];
  return { codes, statuses };
}

export const RATE_LIMIT_HEADERS = {
  'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Limit': { description: 'Requests allowed in the current window by the tighter of the API-key and tenant limits (draft-ietf-httpapi-ratelimit-headers).', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Policy': { description: 'The limits that apply, e.g. `100;w=1;comment="api-key", 500;w=1;comment="tenant"`.', schema: { type: 'string' } },
} as const;

/**
 * Codes a service answers that neither the access, the inputs nor the route's text reveal, by
 * operationId (each checked against the service and seen answered by the OpenAPI fuzz suite).
 */
const ZALO: ErrorCode[] = ['ZALO_REJECTED'];
const OTP: ErrorCode[] = ['OTP_REQUIRED', 'OTP_INCORRECT', 'OTP_EXPIRED', 'OTP_MAX_ATTEMPTS'];
const INVITATION_TOKEN: ErrorCode[] = ['INVITATION_INVALID', 'INVITATION_EXPIRED', 'INVITATION_DECIDED', 'INVITATION_EMAIL_MISMATCH', 'ALREADY_MEMBER'];
const KEYSET: ErrorCode[] = ['CURSOR_INVALID', 'PAGE_NEEDS_CURSOR'];
export const SERVICE_CODES: Readonly<Record<string, readonly ErrorCode[]>> = {
  createZaloOa: [...ZALO, 'OA_ALREADY_CONNECTED'],
  updateZaloOa: [...ZALO, 'OA_ALREADY_CONNECTED'],
  getOaProfile: ZALO,
  listFollowerTags: ZALO,
  getZaloCallConsent: ZALO,
  requestZaloCall: ZALO,
  updateFollowerInformation: ZALO,
  updateFollower: ZALO,
  uploadTemplateImage: ZALO,
  copyTemplateImage: ZALO,
  getTemplateRating: ZALO,
  getPlaygroundConversation: [...ZALO, 'API_KEY_NOT_FOUND'],
  uploadPlaygroundFile: [...ZALO, 'API_KEY_NOT_FOUND'],
  sendPlaygroundMessage: ['API_KEY_NOT_FOUND'],
  updateApiKey: OTP,
  deleteApiKey: OTP,
  createApiKey: ['TEAM_REQUIRED'],
  previewInvitationToken: ['INVITATION_INVALID', 'INVITATION_EXPIRED', 'INVITATION_DECIDED'],
  acceptInvitationToken: INVITATION_TOKEN,
  acceptInvitationTokenWithPassword: [...INVITATION_TOKEN, 'EMAIL_TAKEN', 'LOGIN_FAILED'],
  declineInvitationToken: ['INVITATION_INVALID', 'INVITATION_EXPIRED', 'INVITATION_DECIDED', 'INVITATION_EMAIL_MISMATCH'],
  acceptInvitation: ['INVITATION_EXPIRED', 'INVITATION_DECIDED', 'INVITATION_EMAIL_MISMATCH', 'ALREADY_MEMBER'],
  declineInvitation: ['INVITATION_DECIDED', 'INVITATION_EMAIL_MISMATCH'],
  addMerchantUser: ['ALREADY_MEMBER'],
  leaveMerchant: ['NOT_FOUND', 'LAST_OWNER'],
  createTicket: ['TICKET_ASSIGNEE_INVALID'],
  updateTicket: ['TICKET_ASSIGNEE_INVALID', 'TICKET_STATUS_TRANSITION'],
  createTicketComment: ['TICKET_MENTION_INVALID'],
  updateTicketComment: ['TICKET_MENTION_INVALID'],
  listOaHistory: KEYSET,
  listZnsHistory: KEYSET,
  listCampaignHistory: KEYSET,
};

/** Whether a schema (or one of its parts) takes a record id (a uuid). */
export function takesIds(node: unknown): boolean {
  if (Array.isArray(node)) return node.some((n) => takesIds(n));
  if (node === null || typeof node !== 'object') return false;
  const o = node as Record<string, unknown>;
  if (o.format === 'uuid') return true;
  return Object.values(o).some((v) => typeof v === 'object' && takesIds(v));
}

export interface OperationShape {
  operationId?: string;
  /** GET and HEAD read no body; every other method may be sent one (413, 415). */
  method: string;
  /** A query, header or body value names a record by id (a uuid): 404 when it names none of the caller's. */
  takesIds: boolean;
  path: string;
  hasPathParams: boolean;
  hasInput: boolean;
  hasBody: boolean;
  description?: string;
  /** Statuses the route declared itself, with their descriptions. */
  declared: Record<string, string | undefined>;
}

/** Every 4xx status of an operation with its possible codes. */
export function errorCodesOf(op: OperationShape, facts: RouteFacts | undefined): Map<number, Set<ErrorCode>> {
  const out = new Map<number, Set<ErrorCode>>();
  const add = (code: ErrorCode, status: number = ERROR_CODES[code].status) => {
    if (status < 400 || status >= 500) return;
    const set = out.get(status) ?? new Set<ErrorCode>();
    set.add(code);
    out.set(status, set);
  };
  const access = facts?.access;
  const isApi = op.path.startsWith('/api/');
  const isPublicApi = op.path.startsWith('/api/v1/');

  // Every /api route refuses text the database cannot store (params, query, headers, body) and invalid input.
  if (isApi || op.hasInput) add('VALIDATION_FAILED');
  // Any body (a JSON or multipart route, or one that takes none) is refused when too large or of another type.
  if (op.hasBody || !['get', 'head'].includes(op.method)) {
    add('PAYLOAD_TOO_LARGE');
    add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (op.hasPathParams || op.takesIds) add('NOT_FOUND');
  for (const c of (op.operationId ? SERVICE_CODES[op.operationId] : undefined) ?? []) add(c);
  if (isPublicApi) {
    add('API_KEY_INVALID');
    add('RATE_LIMITED');
  }
  if (facts?.rateLimited) add('RATE_LIMITED');
  if (access && access.kind !== 'public') {
    add('UNAUTHORIZED');
    add('TOKEN_EXPIRED');
    // x-user-id naming somebody other than the signed-in user.
    add('FORBIDDEN');
    if (access.kind === 'merchant') {
      add('MERCHANT_REQUIRED');
      add('MERCHANT_ACCESS_DENIED');
      add('TENANT_ACCESS_DENIED');
    }
    if (access.kind === 'tenant') {
      add('TENANT_REQUIRED');
      add('TENANT_ACCESS_DENIED');
      add('MERCHANT_ACCESS_DENIED');
      if (access.module) add('MODULE_NOT_ENABLED');
    }
    if (access.kind === 'zma') {
      add('TENANT_REQUIRED');
      add('TENANT_ACCESS_DENIED');
      add('MERCHANT_ACCESS_DENIED');
      add('ZMA_APP_REQUIRED');
      add('ZMA_APP_ACCESS_DENIED');
      add('MODULE_NOT_ENABLED');
    }
  }
  for (const text of [op.description, ...Object.values(op.declared)]) {
    const { codes, statuses } = codesInText(text);
    for (const c of codes) add(c);
    const named = new Set<number>(codes.map((c) => ERROR_CODES[c].status));
    for (const s of statuses) {
      const fallback = DEFAULT_CODE_OF_STATUS[s];
      if (fallback && !named.has(s)) add(fallback, s);
    }
  }
  // A status the route declared with no code named: its default code.
  for (const status of Object.keys(op.declared).map(Number)) {
    if (status >= 400 && status < 500 && !out.has(status)) {
      const fallback = DEFAULT_CODE_OF_STATUS[status];
      if (fallback) add(fallback, status);
      else out.set(status, new Set());
    }
  }
  return out;
}

/** The shared error body, `error.code` restricted to `codes` when there are any. */
export function errorSchema(codes: readonly ErrorCode[]): Record<string, unknown> {
  return {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: codes.length > 0 ? { type: 'string', enum: [...codes], description: 'Stable error code (packages/shared/src/errors.ts).' } : { type: 'string', description: 'Stable error code (packages/shared/src/errors.ts).' },
          message: { type: 'string', description: 'English text; the console translates `code` instead.' },
          details: { $ref: '#/components/schemas/ErrorDetails' },
          requestId: { type: 'string', description: 'Echoed in the `x-request-id` header; quote it to support.' },
        },
      },
    },
  };
}

export const ERROR_COMPONENTS = {
  FieldIssue: {
    type: 'object',
    required: ['path', 'code', 'message'],
    properties: {
      path: { type: 'string', description: 'Where the problem is: `body.phone`, `querystring.size`, `headers.idempotency-key`.' },
      code: { type: 'string', description: 'What is wrong (`too_big`, `invalid_format`, …).' },
      message: { type: 'string' },
    },
  },
  ErrorDetails: {
    type: 'object',
    description: 'Extra facts: `fields` for validation problems, `retryAfterSeconds` for rate limits and lock-outs, `rule` for business rules.',
    properties: {
      fields: { type: 'array', items: { $ref: '#/components/schemas/FieldIssue' } },
      retryAfterSeconds: { type: 'integer', minimum: 0 },
    },
    additionalProperties: true,
  },
} as const;

/** `Lead text.\n\n- \`CODE\`: message` for a response description. */
export function errorDescription(status: number, codes: readonly ErrorCode[], lead: string | undefined): string {
  const head = lead?.trim() || STATUS_TEXT[status] || 'Client error';
  if (codes.length === 0) return head;
  return `${head}\n\nPossible codes:\n${codes.map((c) => `- \`${c}\`: ${ERROR_CODES[c].message}`).join('\n')}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: the input, a context header or the text of a field is refused (`details.fields` names each field)',
  401: 'Not authenticated',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found (or not visible to the caller)',
  406: 'Not acceptable',
  409: 'Conflict with the current state',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Refused by a business rule',
  429: 'Too many requests',
};
