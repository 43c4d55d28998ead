import type { ErrorCode } from '@zc/shared/errors';
import { ERROR_COMPONENTS, RATE_LIMIT_HEADERS, errorCodesOf, errorDescription, errorSchema, takesIds, type RouteFacts } from './errors';
import { SEND_EXAMPLES, WEBHOOKS, WEBHOOK_COMPONENTS } from './webhooks';

/**
 * Completes the generated OpenAPI document (issue 17 #1) with what no single route says: servers,
 * tag descriptions, every operation's error responses, the public API's rate-limit headers and
 * examples, the webhooks we deliver, and schema fixes (no `nullable` keyword in 3.1).
 * Pure: takes the document @fastify/swagger built and the access facts recorded per route.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  description?: string;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: Json;
  responses?: Record<string, Json>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Tags in reading order (the public API first), with their descriptions. */
const TAGS: Array<{ name: string; description: string }> = [
  { name: 'Public send API', description: 'Send ZNS and OA messages from your own systems with an API key (`x-api-key`). Idempotent on `trackingId` and `Idempotency-Key`; limited per API key and per tenant (`RateLimit-*` headers, 429 with `Retry-After`).' },
  { name: 'Webhook events', description: 'What we POST to your endpoints (see `webhooks`), signed with `x-zc-signature`.' },
  { name: 'Tenant webhooks', description: 'Register the endpoints that receive webhook events, rotate their signing secret, test and replay deliveries.' },
  { name: 'API keys', description: 'API keys of the public send API, one official account each; actions confirmed by OTP.' },
  { name: 'Sending history', description: 'Messages sent by the tenant (ZNS and OA), with keyset pagination.' },
  { name: 'Auth', description: 'Sign-in, sessions, passwords and one-time passwords of the console.' },
  { name: 'Merchants', description: 'Organisations and their members.' },
  { name: 'Tenants', description: 'Tenants of an organisation and their services.' },
  { name: 'Users', description: 'Users and their permissions.' },
  { name: 'Invitations', description: 'Invitations to join an organisation.' },
  { name: 'User groups', description: 'Permission groups of a tenant.' },
  { name: 'Teams', description: 'Teams of a tenant, their members and daily quotas.' },
  { name: 'Official accounts', description: 'Zalo official accounts connected to the tenant, their profile and quotas.' },
  { name: 'Templates', description: 'ZNS templates: the library synced from Zalo and templates authored in the console.' },
  { name: 'ZNS campaigns', description: 'Bulk ZNS sending from an uploaded recipient file, reviewed before dispatch.' },
  { name: 'Tracked links', description: 'Click tracking of links in messages.' },
  { name: 'Discounts', description: 'Per-tenant ZNS price discounts.' },
  { name: 'Wallets', description: 'Balances and their history.' },
  { name: 'Tenant fallback', description: 'ZNS → OA fallback when a ZNS message fails.' },
  { name: 'Followers', description: 'Followers of an official account.' },
  { name: 'OA content', description: 'Posts and videos of an official account, and uploads.' },
  { name: 'OA broadcasts', description: 'Broadcasts of published content to followers.' },
  { name: 'OA analytics', description: 'Official-account statistics.' },
  { name: 'Playground', description: 'Try sending messages from the console.' },
  { name: 'Tasks', description: 'Reviews waiting for the caller and their history.' },
  { name: 'Approval workflows', description: 'Who reviews what, per tenant or team.' },
  { name: 'Tickets', description: 'Support tickets, comments and SLA settings.' },
  { name: 'Notifications', description: 'In-app notifications and their delivery preferences.' },
  { name: 'Audit log', description: 'The tamper-evident audit log.' },
  { name: 'Realtime', description: 'Server-sent events of the console.' },
  { name: 'Webhooks', description: 'Callbacks from Zalo into the console (not the webhooks we deliver: see `webhooks`).' },
  { name: 'System', description: 'Health, files and development helpers.' },
];

export function operationKey(method: string, path: string): string {
  return `${method.toLowerCase()} ${path}`;
}

/** Replaces every `nullable: true` (3.0 only) by a type union with null; drops `nullable: false`. */
export function fixNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) fixNullable(n);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const o = node as Json;
  for (const v of Object.values(o)) fixNullable(v);
  if (typeof o.nullable !== 'boolean') return;
  const nullable = o.nullable === true;
  delete o.nullable;
  if (!nullable) return;
  if (typeof o.type === 'string') o.type = [o.type, 'null'];
  else if (Array.isArray(o.type)) {
    if (!o.type.includes('null')) o.type = [...(o.type as string[]), 'null'];
  } else {
    const copy = { ...o };
    for (const k of Object.keys(o)) delete o[k];
    o.anyOf = [copy, { type: 'null' }];
  }
  if (Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...(o.enum as unknown[]), null];
}

function completeErrors(method: string, path: string, op: Operation, facts: RouteFacts | undefined): void {
  const responses = (op.responses ??= {});
  const declared: Record<string, string | undefined> = {};
  for (const [status, r] of Object.entries(responses)) if (/^4\d\d$/.test(status)) declared[status] = typeof r.description === 'string' ? r.description : undefined;
  const params = op.parameters ?? [];
  const codes = errorCodesOf(
    {
      operationId: op.operationId,
      method,
      takesIds: takesIds([params.filter((p) => p.in !== 'path'), op.requestBody ?? {}]),
      path,
      hasPathParams: params.some((p) => p.in === 'path'),
      hasInput: params.length > 0 || op.requestBody !== undefined,
      hasBody: op.requestBody !== undefined,
      description: op.description,
      declared,
    },
    facts,
  );
  for (const status of [...codes.keys()].sort((a, b) => a - b)) {
    const list = [...(codes.get(status) ?? [])].sort() as ErrorCode[];
    const lead = declared[String(status)];
    const response: Json = {
      description: errorDescription(status, list, lead === 'Default Response' ? undefined : lead),
      content: { 'application/json': { schema: errorSchema(list) } },
    };
    if (status === 429 && list.includes('RATE_LIMITED')) {
      response.headers = path.startsWith('/api/v1/') ? headerRefs(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']) : headerRefs(['Retry-After']);
    }
    responses[String(status)] = response;
  }
  for (const [status, r] of Object.entries(responses)) {
    if (r.description === 'Default Response' && SUCCESS_TEXT[status]) r.description = SUCCESS_TEXT[status];
  }
  // 2xx of the public API carry the RateLimit-* headers.
  if (path.startsWith('/api/v1/')) {
    for (const [status, r] of Object.entries(responses)) {
      if (/^2\d\d$/.test(status)) r.headers = { ...(r.headers as Json | undefined), ...headerRefs(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']) };
    }
  }
}

const SUCCESS_TEXT: Record<string, string> = { '200': 'Success', '201': 'Created', '202': 'Accepted: queued, the outcome follows as `message.status` webhook events', '204': 'No content', '302': 'Redirect' };

function headerRefs(names: Array<keyof typeof RATE_LIMIT_HEADERS>): Json {
  return Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
}

function addExamples(op: Operation): void {
  const ex = op.operationId ? SEND_EXAMPLES[op.operationId] : undefined;
  if (!ex) return;
  const media = (op.requestBody?.content as Record<string, Json> | undefined)?.['application/json'];
  if (media) media.examples = ex.request;
  for (const [status, examples] of Object.entries(ex.responses)) {
    const r = op.responses?.[status];
    const m = (r?.content as Record<string, Json> | undefined)?.['application/json'];
    if (m) m.examples = examples;
  }
}

/**
 * Who may call the operation, from the access the route declares (the same facts the access hook
 * enforces), appended to its description: every operation then says what it needs, and the text
 * cannot drift from the check.
 */
export function accessText(path: string, access: RouteFacts['access']): string | null {
  if (!access) return null;
  const perms = (p: string | readonly string[] | undefined) => {
    const list = p === undefined ? [] : typeof p === 'string' ? [p] : [...p];
    return list.length === 0 ? '' : list.length === 1 ? ` with the \`${list[0]}\` permission` : ` with one of the permissions ${list.map((x) => `\`${x}\``).join(', ')}`;
  };
  switch (access.kind) {
    case 'public':
      return path.startsWith('/api/v1/') ? '**Access:** an API key of the tenant in `x-api-key` (no console session).' : '**Access:** no sign-in needed.';
    case 'authenticated':
      return '**Access:** a signed-in console user (bearer access token).';
    case 'merchant':
      return `**Access:** a member of the organisation named by \`x-merchant-id\`${perms(access.permission)}.`;
    case 'tenant':
      return `**Access:** a member of the tenant named by \`x-tenant-id\`${perms(access.permission)}${access.module ? `; the tenant must have the \`${access.module}\` service` : ''}.`;
    case 'zma':
      return `**Access:** a member of the tenant named by \`x-tenant-id\`, acting on its mini app named by \`x-zma-id\`${perms(access.permission)} (tenant role ∪ organisation role ∪ mini-app role); the tenant must have the \`isMiniAppEnabled\` service.`;
  }
}

function addAccess(path: string, op: Operation, facts: RouteFacts | undefined): void {
  const text = accessText(path, facts?.access);
  if (!text) return;
  op.description = op.description ? `${op.description}\n\n${text}` : text;
}

/** `anyOf: [{}, …]` (zod's `unknown().nullable()`) matches anything: the node becomes `{}` with its annotations. */
export function collapseAnyOfAny(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) collapseAnyOfAny(n);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const o = node as Json;
  for (const v of Object.values(o)) collapseAnyOfAny(v);
  if (Array.isArray(o.anyOf) && o.anyOf.some((v) => v !== null && typeof v === 'object' && Object.keys(v as Json).length === 0)) delete o.anyOf;
}

/**
 * The document as published: `doc` is @fastify/swagger's (after the zod transform), `facts` what each
 * route declared about its access, keyed by `operationKey`.
 */
export function completeDocument(doc: Json, facts: ReadonlyMap<string, RouteFacts>, opts: { publicUrl: string }): Json {
  const out = structuredClone(doc);
  out.openapi = '3.1.0';
  out.servers = [{ url: opts.publicUrl.replace(/\/+$/, ''), description: 'This installation (PUBLIC_URL)' }];
  const paths = (out.paths ?? {}) as Record<string, Record<string, Operation>>;
  const used = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      for (const t of (op.tags as string[] | undefined) ?? []) used.add(t);
      completeErrors(method, path, op, facts.get(operationKey(method, path)));
      addAccess(path, op, facts.get(operationKey(method, path)));
      addExamples(op);
    }
  }
  used.add('Webhook events');
  const known = new Set(TAGS.map((t) => t.name));
  out.tags = [...TAGS.filter((t) => used.has(t.name)), ...[...used].filter((t) => !known.has(t)).sort().map((name) => ({ name }))];
  const components = (out.components ??= {}) as Json;
  components.schemas = { ...(components.schemas as Json | undefined), ...ERROR_COMPONENTS, ...WEBHOOK_COMPONENTS };
  components.headers = { ...(components.headers as Json | undefined), ...RATE_LIMIT_HEADERS };
  out.webhooks = structuredClone(WEBHOOKS);
  fixNullable(out);
  collapseAnyOfAny(out);
  return out;
}
