import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, type ErrorCode } from '@zc/shared/errors';
import { LIMITS } from '@zc/shared/limits';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  WEBHOOK_RETRY_WINDOW_SECONDS,
  WEBHOOK_TEST_EVENT,
} from '@zc/shared/api/webhooks';
import { explainZaloError, listZaloErrorCodes, type ZaloApi } from '@zc/zalo/error-catalog';
import { MAX_OFFSET_ROWS } from '../../modules/messaging/repo';

/**
 * What the reference page (`/api/docs`, Scalar) shows beyond the generated document, issue 17 #3:
 * the public API first (tag order and `x-tagGroups`), code samples (`x-codeSamples`: curl, Node with
 * `@zc/sdk`, Python) on every public operation, and the developer guides as `info.description`
 * sections (Scalar lists each `#` heading in its sidebar). The guides are the Markdown files in
 * ./guides (stable order below); their `{{placeholders}}` are filled from the code they describe —
 * the error table from packages/shared/src/errors.ts and the console's vi/en texts, the Zalo decoder
 * from packages/zalo's catalogue, the retry schedule from the webhook constants — so they cannot drift.
 */

export const PUBLIC_GROUP = 'Public API';
export const CONSOLE_GROUP = 'Console API';
export const WEBHOOKS_TAG = 'Webhook events';
/** Operations under this prefix are the public API (API-key authenticated, versioned). */
export const PUBLIC_PREFIX = '/api/v1/';

const GUIDES_DIR = fileURLToPath(new URL('./guides/', import.meta.url));
/** The console's translations of the shared error codes (apps/web/src/locales/<lng>/errors.json). */
const LOCALES_DIR = fileURLToPath(new URL('../../../../web/src/locales/', import.meta.url));
/** Guides in reading order; any other `*.md` in ./guides follows, alphabetically. */
const GUIDE_ORDER = ['authentication.md', 'idempotency.md', 'pagination.md', 'errors.md', 'zalo-errors.md', 'webhooks.md', 'rate-limits.md', 'sandbox.md'];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

type Json = Record<string, unknown>;
interface Operation extends Json {
  tags?: string[];
  summary?: string;
  requestBody?: { content?: Record<string, { schema?: Json; example?: unknown; examples?: Record<string, { value?: unknown }> }> };
  'x-codeSamples'?: CodeSample[];
}
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}
interface Doc extends Json {
  info?: { title?: string; description?: string; version?: string } & Json;
  servers?: Array<{ url?: string }>;
  tags?: Array<{ name: string; description?: string } & Json>;
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
}

function operationsOf(items: Record<string, Record<string, unknown>> | undefined): Array<{ path: string; method: string; op: Operation }> {
  const out: Array<{ path: string; method: string; op: Operation }> = [];
  for (const [path, item] of Object.entries(items ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (op && typeof op === 'object') out.push({ path, method, op: op as Operation });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Markdown helpers

function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').trim();
}

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

// ---------------------------------------------------------------------------------------------
// Generated sections

export interface ErrorRow {
  code: ErrorCode;
  status: number;
  vi: string;
  en: string;
}

function readLocale(lng: 'vi' | 'en'): Record<string, unknown> {
  return JSON.parse(readFileSync(`${LOCALES_DIR}${lng}/errors.json`, 'utf8')) as Record<string, unknown>;
}

/** Every shared error code with its HTTP status and the console's vi/en text for it (a missing text fails loudly). */
export function errorRows(): ErrorRow[] {
  const vi = readLocale('vi');
  const en = readLocale('en');
  return (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => {
    const v = vi[code];
    const e = en[code];
    if (typeof v !== 'string' || typeof e !== 'string') throw new Error(`errors.json has no vi/en text for ${code}`);
    return { code, status: ERROR_CODES[code].status, vi: v, en: e };
  });
}

function errorTable(): string {
  const rows = errorRows().sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
  return table(['HTTP', 'Code', 'English', 'Tiếng Việt'], rows.map((r) => [String(r.status), `\`${r.code}\``, r.en, r.vi]));
}

const ZALO_APIS: Array<{ api: ZaloApi; title: string }> = [
  { api: 'zns', title: 'ZNS (notification messages, `business.openapi.zalo.me`)' },
  { api: 'oa', title: 'Official Account API (`openapi.zalo.me`)' },
  { api: 'oauth', title: 'OAuth (connecting an Official Account)' },
];

function zaloErrorTables(): string {
  return ZALO_APIS.map(({ api, title }) => {
    const rows = listZaloErrorCodes(api).map((code) => {
      const x = explainZaloError(code, api);
      return [`\`${code}\``, `\`${x.classification}\``, `${x.en.meaning} ${x.en.action} (Zalo: “${x.zaloMessage}”)`, `${x.vi.meaning} ${x.vi.action}`];
    });
    return `## ${title}\n\n${table(['Code', 'Kind', 'Meaning and action', 'Ý nghĩa và cách xử lý'], rows)}`;
  }).join('\n\n');
}

const EXAMPLE_MESSAGE_ID = '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11';
function deliveryExample(status: string, extra: Json): string {
  return JSON.stringify(
    { id: '6b1f0d8e-2c4a-4f7e-9a51-3e8d2f1c7b90', event: WEBHOOK_EVENTS[0], createdAt: '2026-11-26T03:15:42.118Z', data: { id: EXAMPLE_MESSAGE_ID, trackingId: 'order-88213', module: 'ZNS', status, ...extra } },
    null,
    2,
  );
}

const EVENT_TEXTS: Record<string, string> = {
  'message.status': 'A message sent through the public API, a campaign or the console changed status (`PROCESSING`, `PUSHED_ZALO`, `RECEIVED`, `ERROR_CALL_ZALO`, …).',
  [WEBHOOK_TEST_EVENT]: 'Sent once by **Send test event** in the console (no retries), to check your endpoint.',
};

function webhookPlaceholders(): Record<string, string> {
  const schedule = WEBHOOK_RETRY_SCHEDULE_SECONDS.map(duration);
  const events = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].map((e) => {
    const text = EVENT_TEXTS[e];
    if (!text) throw new Error(`no reference text for webhook event ${e}`);
    return `| \`${e}\` | ${text} |`;
  });
  return {
    WEBHOOK_EVENT_ROWS: events.join('\n'),
    HEADER_SIGNATURE: WEBHOOK_HEADERS.signature,
    HEADER_EVENT: WEBHOOK_HEADERS.event,
    HEADER_DELIVERY: WEBHOOK_HEADERS.deliveryId,
    PAYLOAD_PUSHED: deliveryExample('PUSHED_ZALO', { sessionId: '8a1c2f0e9d3b4a5c' }),
    PAYLOAD_RECEIVED: deliveryExample('RECEIVED', { deliveredAt: '2026-11-26T03:15:44.002Z' }),
    PAYLOAD_FAILED: deliveryExample('ERROR_CALL_ZALO', { errorCode: -114, errorMsg: `${explainZaloError(-114, 'zns').vi.meaning} / ${explainZaloError(-114, 'zns').en.meaning} (-114)` }),
    REQUEST_TIMEOUT: '10 seconds',
    RETRY_SCHEDULE: schedule.join(', '),
    RETRY_LAST: schedule[schedule.length - 1] ?? '',
    RETRY_WINDOW: duration(WEBHOOK_RETRY_WINDOW_SECONDS),
  };
}

function paramMaximum(doc: Doc, path: string, name: string): number | undefined {
  const get = doc.paths?.[path]?.get as { parameters?: Array<{ name?: string; in?: string; schema?: { maximum?: number } }> } | undefined;
  return get?.parameters?.find((p) => p.name === name && p.in === 'query')?.schema?.maximum;
}

function placeholders(doc: Doc): Record<string, string> {
  const historyMax = paramMaximum(doc, '/api/merchant/zns/history', 'size');
  return {
    ERROR_TABLE: errorTable(),
    ZALO_ERROR_TABLES: zaloErrorTables(),
    DEFAULT_PAGE_SIZE: String(LIMITS.defaultPageSize),
    MAX_PAGE_SIZE: LIMITS.maxPageSize.toLocaleString('en-US'),
    HISTORY_MAX_PAGE_SIZE: historyMax === undefined ? 'less' : String(historyMax),
    MAX_OFFSET_ROWS: MAX_OFFSET_ROWS.toLocaleString('en-US'),
    EXACT_TOTAL_CAP: LIMITS.exactTotalCap.toLocaleString('en-US'),
    ...webhookPlaceholders(),
  };
}

/** The guide files in reading order. */
export function guideFiles(): string[] {
  const present = readdirSync(GUIDES_DIR).filter((f) => f.endsWith('.md'));
  const known = GUIDE_ORDER.filter((f) => present.includes(f));
  const rest = present.filter((f) => !GUIDE_ORDER.includes(f)).sort();
  return [...known, ...rest];
}

/** The guides as one Markdown text, every `{{name}}` filled (an unknown one fails loudly). */
export function renderGuides(doc: Doc): string {
  const values = placeholders(doc);
  return guideFiles()
    .map((file) =>
      readFileSync(`${GUIDES_DIR}${file}`, 'utf8')
        .trim()
        .replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
          const v = values[name];
          if (v === undefined) throw new Error(`guides/${file}: unknown placeholder {{${name}}}`);
          return v;
        }),
    )
    .join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Code samples

const FALLBACK_EXAMPLES: Record<string, unknown> = {
  '/api/v1/zns/send': {
    phone: '0987654321',
    templateId: '7895417a7d3f9461cd2e',
    templateData: { customer_name: 'Nguyễn Thị Hoàng Anh', order_code: 'DH2611210001', amount: '1.250.000đ', order_date: '21/11/2026' },
    trackingId: 'order-88213',
  },
  '/api/v1/oa/send': { uid: '2512523625412515', trackingId: 'ticket-42-reply-1', message: { kind: 'text', text: 'Xin chào! Đơn hàng của bạn đã được giao.' } },
};

function exampleBody(path: string, op: Operation): unknown {
  const media = op.requestBody?.content?.['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0]?.value;
  if (first !== undefined) return first;
  const fromSchema = media.schema?.example ?? (Array.isArray(media.schema?.examples) ? (media.schema.examples as unknown[])[0] : undefined);
  return fromSchema ?? FALLBACK_EXAMPLES[path] ?? {};
}

/** A JSON value as a Python literal (None/True/False), indented like json.dumps(indent=4). */
function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => pad + pythonLiteral(v, indent + 4)).join(',\n')},\n${end}]`;
  }
  const entries = Object.entries(value as Json);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, indent + 4)}`).join(',\n')},\n${end}}`;
}

/** A JSON value as a JavaScript object literal (identifier keys unquoted). */
function jsLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 2);
  const end = ' '.repeat(indent);
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => pad + jsLiteral(v, indent + 2)).join(',\n')},\n${end}]`;
  }
  const entries = Object.entries(value as Json);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`}: ${jsLiteral(v, indent + 2)}`).join(',\n')},\n${end}}`;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The SDK call of each public operation (packages/sdk: `ZaloConsole`, `zc.zns.send`, `zc.oa.send`). */
const SDK_CALLS: Record<string, { call: string; result: string }> = {
  'post /api/v1/zns/send': { call: 'zc.zns.send', result: 'msg' },
  'post /api/v1/oa/send': { call: 'zc.oa.send', result: 'msg' },
};

function idempotencyKeyOf(body: unknown): string | null {
  const t = body && typeof body === 'object' ? (body as Json).trackingId : undefined;
  return typeof t === 'string' ? t : null;
}

export function codeSamples(baseUrl: string, method: string, path: string, op: Operation): CodeSample[] {
  const body = exampleBody(path, op);
  const url = `${baseUrl}${path}`;
  const idem = idempotencyKeyOf(body);
  const upper = method.toUpperCase();

  const curl = [
    `curl -X ${upper} ${shellQuote(url)} \\`,
    `  -H "x-api-key: $ZC_API_KEY" \\`,
    ...(idem ? [`  -H ${shellQuote(`Idempotency-Key: ${idem}`)} \\`] : []),
    ...(body === undefined ? [] : [`  -H 'content-type: application/json' \\`, `  -d ${shellQuote(JSON.stringify(body, null, 2))}`]),
  ];
  if (body === undefined) curl[curl.length - 1] = (curl[curl.length - 1] ?? '').replace(/ \\$/, '');

  const sdk = SDK_CALLS[`${method} ${path}`];
  const node = sdk
    ? [
        `import { ZaloConsole } from '@zc/sdk';`,
        '',
        `const zc = new ZaloConsole({ apiKey: process.env.ZC_API_KEY!, baseUrl: '${baseUrl}' });`,
        '',
        `// Retried safely on network errors, 429, 502, 503 and 504: every call carries an Idempotency-Key, and trackingId is idempotent too.`,
        `const ${sdk.result} = await ${sdk.call}(${jsLiteral(body)});`,
        `console.log(${sdk.result}.id, ${sdk.result}.status, ${sdk.result}.replayed);`,
      ]
    : [
        `const res = await fetch('${url}', {`,
        `  method: '${upper}',`,
        `  headers: { 'x-api-key': process.env.ZC_API_KEY!${body === undefined ? '' : ", 'content-type': 'application/json'"} },`,
        ...(body === undefined ? [] : [`  body: JSON.stringify(${jsLiteral(body, 2)}),`]),
        `});`,
        `console.log(res.status, await res.json());`,
      ];

  const python = [
    'import os',
    '',
    'import requests',
    '',
    `response = requests.${method}(`,
    `    "${url}",`,
    `    headers={"x-api-key": os.environ["ZC_API_KEY"]${idem ? `, "Idempotency-Key": ${JSON.stringify(idem)}` : ''}},`,
    ...(body === undefined ? [] : [`    json=${pythonLiteral(body, 4)},`]),
    '    timeout=30,',
    ')',
    'response.raise_for_status()',
    'print(response.json()["data"])',
  ];

  return [
    { lang: 'shell', label: 'curl', source: curl.join('\n') },
    { lang: 'javascript', label: 'Node (@zc/sdk)', source: node.join('\n') },
    { lang: 'python', label: 'Python (requests)', source: python.join('\n') },
  ];
}

const WEBHOOK_SAMPLES: CodeSample[] = [
  {
    lang: 'javascript',
    label: 'Node (@zc/sdk)',
    source: [
      `import { verifyWebhook } from '@zc/sdk';`,
      '',
      `// rawBody: the request body exactly as received; secret: the endpoint's signing secret`,
      `const event = verifyWebhook({ payload: rawBody, header: req.headers['x-zc-signature'], secret });`,
      `if (event.event === 'message.status') console.log(event.data.trackingId, event.data.status);`,
    ].join('\n'),
  },
  {
    lang: 'python',
    label: 'Python',
    source: [
      'import hashlib, hmac, json, time',
      '',
      'def verify_webhook(raw_body: bytes, header: str, secret: str, tolerance: int = 300) -> dict:',
      '    parts = dict(item.split("=", 1) for item in header.split(","))',
      '    t, v1 = parts["t"], parts["v1"]',
      '    expected = hmac.new(secret.encode(), f"{t}.".encode() + raw_body, hashlib.sha256).hexdigest()',
      '    if not hmac.compare_digest(expected, v1) or abs(time.time() - int(t)) > tolerance:',
      '        raise ValueError("invalid webhook signature")',
      '    return json.loads(raw_body)',
    ].join('\n'),
  },
];

// ---------------------------------------------------------------------------------------------

const PUBLIC_TAG_TEXT =
  'The public API: send ZNS and OA messages from your own systems with an API key (`x-api-key`). Versioned under `/api/v1`; see *Authentication*, *Idempotency* and *Errors* above.';
const WEBHOOKS_TAG_TEXT = 'Events we POST to your endpoints, signed with `x-zc-signature` (see the *Webhooks* guide).';

const decorated = new WeakSet<object>();

/**
 * Decorates the finished document for the reference page (H1's pipeline calls it last): mutates and
 * returns `doc`; a document already decorated is returned as it is.
 */
export function decorateForReference<T extends object>(input: T): T {
  // Idempotent: the pipeline and the JSON route may both ask for the same (cached) document.
  if (decorated.has(input)) return input;
  decorated.add(input);
  const doc = input as unknown as Doc;
  const baseUrl = (doc.servers?.[0]?.url ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');

  const all = operationsOf(doc.paths);
  const publicOps = all.filter((o) => o.path.startsWith(PUBLIC_PREFIX));
  const hooks = operationsOf(doc.webhooks);

  for (const { path, method, op } of publicOps) op['x-codeSamples'] = codeSamples(baseUrl, method, path, op);
  for (const { op } of hooks) {
    if (!op.tags?.length) op.tags = [WEBHOOKS_TAG];
    op['x-codeSamples'] = WEBHOOK_SAMPLES;
  }

  const ordered = (ops: typeof all) => [...new Set(ops.flatMap((o) => o.op.tags ?? []))];
  const publicTags = ordered([...publicOps, ...hooks]);
  const consoleTags = [...new Set([...(doc.tags ?? []).map((t) => t.name), ...ordered(all)])].filter((t) => !publicTags.includes(t)).sort((a, b) => a.localeCompare(b));
  const known = new Map((doc.tags ?? []).map((t) => [t.name, t]));
  doc.tags = [...publicTags, ...consoleTags].map((name) => {
    const t = known.get(name) ?? { name };
    if (!t.description && publicTags.includes(name)) t.description = hooks.some((h) => h.op.tags?.includes(name)) && !publicOps.some((p) => p.op.tags?.includes(name)) ? WEBHOOKS_TAG_TEXT : PUBLIC_TAG_TEXT;
    return t;
  });
  doc['x-tagGroups'] = [
    { name: PUBLIC_GROUP, tags: publicTags },
    { name: CONSOLE_GROUP, tags: consoleTags },
  ];

  const intro = doc.info?.description?.trim() ?? '';
  doc.info = {
    ...doc.info,
    description: [intro, renderGuides(doc)].filter(Boolean).join('\n\n'),
  };
  return input;
}
