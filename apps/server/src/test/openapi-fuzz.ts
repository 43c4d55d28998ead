/**
 * Test-only: hostile requests generated from the app's own OpenAPI document (issue 8). Every
 * operation gets malformed and hostile bodies, query values, path ids and headers, so a route added
 * later is fuzzed without anyone writing a case for it. Pure and deterministic: all randomness comes
 * from a seeded PRNG.
 */

export interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
}

export interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Array<Record<string, string[]>>;
  description?: string;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Whom a request goes out as: the seeded OWNER (or the API key of apiKey-secured operations), or nobody. */
export type Caller = 'owner' | 'anon';

export interface FuzzRequest {
  /** `METHOD /path/{template}` as the document names the operation. */
  op: string;
  label: string;
  caller: Caller;
  method: Uppercase<HttpMethod>;
  url: string;
  /** Set on top of the caller's headers; a null value removes that caller header. */
  headers: Record<string, string | null>;
  payload?: string | Buffer;
  /** The case carries NUL, a lone surrogate or a 1 MB string in a mutating body: a 2xx means it was stored. */
  mustRefuse?: boolean;
}

export interface OperationRef {
  op: string;
  path: string;
  method: HttpMethod;
  operation: Operation;
}

/** Every operation of the document, in document order. */
export function listOperations(doc: OpenApiDoc): OperationRef[] {
  const out: OperationRef[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) out.push({ op: `${method.toUpperCase()} ${path}`, path, method, operation });
    }
  }
  return out;
}

/** The sandbox's seeded PRNG (mulberry32), so every run sends the same requests. */
export { createPrng as createRng } from '@zc/zalo-sandbox/prng';

/** A version-4-shaped uuid drawn from the PRNG (it names nothing in the database). */
export function seededUuid(rng: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16));
  hex[12] = '4';
  hex[16] = (Math.floor(rng() * 4) + 8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** A JSON fragment written verbatim into a body (numbers JSON.stringify cannot write, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

const MISSING = Symbol('missing');

/** JSON.stringify that writes RawJson fragments verbatim and drops MISSING properties. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v === MISSING) return undefined;
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  // JSON.stringify writes U+0001 as the escape \u0001, so the markers cannot collide with input text.
  return (text ?? '').replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)] ?? 'null');
}

const DEPTH = 10_000;
export const DEEP_ARRAY = new RawJson(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);
export const DEEP_OBJECT = new RawJson(`${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`);
export const MEGABYTE_STRING = 'A'.repeat(1_000_000);
/** Under the 1 MiB body limit together with the rest of a body, so it reaches validation. */
export const NUL_STRING = 'a\u0000b';
export const LONE_SURROGATE = 'x\ud800y';
export const LONE_LOW_SURROGATE = '\udfff';
export const SQLISH = ["' OR '1'='1", "1; DROP TABLE users; --", "Robert'); DROP TABLE students;--", '"; $1 \\ %_'];

/** Numbers past what a double, a bigint column or JSON.stringify can carry. */
export const HUGE_NUMBERS: Array<[string, unknown]> = [
  ['1e309', new RawJson('1e309')],
  ['-1e309', new RawJson('-1e309')],
  ['2^64', new RawJson('18446744073709551616')],
  ['2^53+1', new RawJson('9007199254740993')],
  ['-0', new RawJson('-0')],
  ['1.5', 1.5],
  ['-1', -1],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"1e309"', '1e309'],
];

function firstVariant(schema: Schema): Schema {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return variants.find((v) => v.type !== 'null') ?? variants[0] ?? {};
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf) as Schema;
  return schema;
}

export interface SampleContext {
  rng: () => number;
  /** A real id for a field or parameter name, where the fixture has one. */
  idFor(name: string): string | undefined;
}

function sampleFromPattern(pattern: string): string | undefined {
  // orderBy-style `^(a|b)=(asc|desc)$`
  const order = /^\^\(([A-Za-z_][\w]*)[|)].*=\((asc\|desc)\)\$$/.exec(pattern);
  if (order) return `${order[1]}=asc`;
  if (/^\^\\d/.test(pattern) || /^\^\[0-9\]/.test(pattern)) return '84987654321';
  if (/^\^\(84\|0\)|^\^\(\?:84\|0\)/.test(pattern)) return '0987654321';
  return undefined;
}

function sampleString(schema: Schema, name: string, ctx: SampleContext): string {
  if (schema.format === 'uuid') return ctx.idFor(name) ?? seededUuid(ctx.rng);
  const known = ctx.idFor(name);
  if (known) return known;
  if (schema.format === 'email' || /email/i.test(name)) return 'fuzz.target@example.vn';
  if (schema.format === 'uri' || /url$/i.test(name)) return 'https://example.vn/fuzz.png';
  if (/password/i.test(name)) return 'Fuzz-Passw0rd!';
  if (/phone/i.test(name)) return '0987654321';
  let s = (schema.pattern && sampleFromPattern(schema.pattern)) ?? 'fuzz';
  if (schema.minLength && s.length < schema.minLength) s = s.padEnd(schema.minLength, 'z');
  if (schema.maxLength !== undefined && s.length > schema.maxLength) s = s.slice(0, schema.maxLength);
  return s;
}

/** A plausible value for a schema (the `example` where the document gives one). */
export function sampleValue(schema: Schema | undefined, name: string, ctx: SampleContext, depth = 0): unknown {
  if (!schema) return 'fuzz';
  if (schema.example !== undefined) return schema.example;
  const s = firstVariant(schema);
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined && s.type !== 'object' && s.type !== 'array') return s.default;
  switch (s.type) {
    case 'string':
      return sampleString(s, name, ctx);
    case 'integer':
    case 'number':
      return Math.min(Math.max(s.minimum ?? 1, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return false;
    case 'array': {
      if (depth > 6 || s.maxItems === 0) return [];
      return [sampleValue(s.items, singular(name), ctx, depth + 1)];
    }
    case 'object': {
      if (depth > 6) return {};
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sampleValue(v, k, ctx, depth + 1);
      if (!s.properties && typeof s.additionalProperties === 'object') out.fuzz_key = sampleValue(s.additionalProperties, 'fuzz_key', ctx, depth + 1);
      return out;
    }
    default:
      return s.properties ? sampleValue({ ...s, type: 'object' }, name, ctx, depth) : 'fuzz';
  }
}

function singular(name: string): string {
  return name.endsWith('Ids') ? name.slice(0, -1) : name;
}

interface FieldRef {
  /** Path of property names from the body root (array items appear as index 0). */
  path: Array<string | number>;
  schema: Schema;
}

/** The properties of a body, top level first, then nested object properties and first array items. */
export function listFields(schema: Schema | undefined, maxDepth = 3): FieldRef[] {
  const out: FieldRef[] = [];
  const walk = (s: Schema | undefined, path: Array<string | number>, depth: number) => {
    if (!s || depth > maxDepth) return;
    const v = firstVariant(s);
    if (v.type === 'object' || v.properties) {
      for (const [k, child] of Object.entries(v.properties ?? {})) {
        out.push({ path: [...path, k], schema: child });
        walk(child, [...path, k], depth + 1);
      }
    } else if (v.type === 'array' && v.items) {
      const item = firstVariant(v.items);
      if (item.type === 'object' || item.properties) walk(item, [...path, 0], depth + 1);
    }
  };
  walk(schema, [], 0);
  return out;
}

function setAt(root: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy: unknown = structuredCloneSafe(root);
  let cur = copy as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i += 1) {
    const key = path[i] as string | number;
    const next = cur[key];
    if (next === null || typeof next !== 'object') return copy;
    cur = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (value === MISSING && !Array.isArray(cur)) delete cur[last];
  else cur[last] = value;
  return copy;
}

function structuredCloneSafe(v: unknown): unknown {
  if (v instanceof RawJson) return v;
  if (Array.isArray(v)) return v.map(structuredCloneSafe);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, structuredCloneSafe(x)]));
  return v;
}

/**
 * Deterministic round-robin over value lists: each call takes the next `n` values of the named list,
 * so every value is sent (to some operation) while each operation gets only a few of the values
 * that exercise shared code (the access hook, the JSON parser, the page parser).
 */
export function createRotation() {
  const cursors = new Map<string, number>();
  return <T>(name: string, list: readonly T[], n: number): T[] => {
    if (n >= list.length) return [...list];
    const at = cursors.get(name) ?? 0;
    cursors.set(name, (at + n) % list.length);
    return Array.from({ length: n }, (_v, i) => list[(at + i) % list.length] as T);
  };
}
export type Rotation = ReturnType<typeof createRotation>;

interface Mutation {
  label: string;
  value: unknown;
  /** The database cannot store it (or it is 1 MB): a 2xx on a mutating call means it got through. */
  refuse?: boolean;
}

/** Hostile values for one field: the essentials for its type always, two of the rest in rotation. */
function fieldMutations(schema: Schema, rng: () => number, rotate: Rotation): Mutation[] {
  const s = firstVariant(schema);
  const always: Mutation[] = [
    { label: 'missing', value: MISSING },
    { label: 'null', value: null },
  ];
  const unstorable: Mutation[] = [
    { label: 'NUL', value: NUL_STRING, refuse: true },
    { label: 'lone surrogate', value: LONE_SURROGATE, refuse: true },
  ];
  const big: Mutation = { label: '1 MB string', value: MEGABYTE_STRING, refuse: true };
  switch (s.type) {
    case 'string': {
      const out: Mutation[] = [...always, ...unstorable, big, { label: 'number', value: 12345 }, { label: 'empty', value: '' }];
      if (s.format === 'uuid') {
        out.push({ label: 'non-uuid', value: 'not-a-uuid' }, { label: 'uuid of nothing', value: seededUuid(rng) }, { label: 'sql', value: SQLISH[0] });
      }
      if (s.enum) out.push({ label: 'unknown enum', value: 'NOT_A_MEMBER' });
      const extra: Mutation[] = [
        { label: 'lone low surrogate', value: LONE_LOW_SURROGATE, refuse: true },
        { label: 'object', value: { a: 1 } },
        { label: 'array', value: ['x'] },
        { label: 'huge number', value: new RawJson('1e309') },
        ...SQLISH.map((v, i) => ({ label: `sql ${i}`, value: v })),
        { label: 'enum lower', value: String(s.enum?.[0] ?? 'X').toLowerCase() },
      ];
      return [...out, ...rotate('string extras', extra, 2)];
    }
    case 'integer':
    case 'number': {
      const core = HUGE_NUMBERS.filter(([label]) => ['1e309', '2^64', '-0', '-1', '"NaN"'].includes(label));
      const rest = HUGE_NUMBERS.filter(([label]) => !core.some(([l]) => l === label));
      return [
        ...always,
        ...core.map(([label, value]) => ({ label, value })),
        { label: 'string', value: 'abc' },
        ...rotate('number extras', [...rest.map(([label, value]) => ({ label, value })), { label: 'object', value: {} }, { label: 'NUL', value: NUL_STRING }, { label: 'deep array', value: DEEP_ARRAY }], 2),
      ];
    }
    case 'boolean':
      return [...always, { label: 'string', value: 'true' }, ...rotate('boolean extras', [{ label: 'number', value: 1 }, { label: 'NUL', value: NUL_STRING }, { label: 'object', value: {} }], 1)];
    case 'array':
      return [
        ...always,
        { label: 'string', value: 'x' },
        { label: '[NUL]', value: [NUL_STRING], refuse: true },
        { label: '[lone surrogate]', value: [LONE_SURROGATE], refuse: true },
        { label: '[1 MB string]', value: [MEGABYTE_STRING], refuse: true },
        { label: 'deep array', value: DEEP_ARRAY },
        ...rotate('array extras', [{ label: 'object', value: { 0: 'x' } }, { label: '[null]', value: [null] }, { label: '10k items', value: Array.from({ length: 10_000 }, () => 1) }], 1),
      ];
    case 'object':
    default:
      return [
        ...always,
        { label: 'string', value: 'x' },
        { label: 'deep object', value: DEEP_OBJECT },
        { label: '__proto__ key', value: new RawJson('{"__proto__":{"polluted":true}}') },
        { label: 'NUL key', value: new RawJson('{"a\\u0000b":"x"}'), refuse: true },
        ...unstorable,
        ...rotate('object extras', [{ label: 'array', value: [] }, big, { label: 'constructor key', value: new RawJson('{"constructor":{"prototype":{"polluted":true}}}') }], 1),
      ];
  }
}

export interface BuildOptions {
  rng: () => number;
  rotate: Rotation;
  ctx: SampleContext;
  /** A value for a path parameter (a real id where the fixture has one). */
  pathValue(path: string, name: string, schema: Schema | undefined): string;
  /** Multipart field names an operation reads, when its description says so. */
  multipartFields(op: OperationRef): string[] | null;
  /** Tokens signed with the app's real key but carrying hostile claims (a non-uuid session id, …). */
  signedTokens?: Array<[string, string]>;
}

const JSON_CT = { 'content-type': 'application/json' };

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? 'x');
}

function queryString(params: Array<[string, string]>): string {
  // Values arrive already percent-encoded (raw cases need bytes encodeURIComponent refuses).
  return params.length ? `?${params.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

const enc = (v: string) => encodeURIComponent(v);

const ORDER_BY_VALUES: Array<[string, string]> = [
  ['injection', enc('createdAt;drop table users=asc')],
  ['unknown field', 'unknownField=asc'],
  ['quote', enc(`createdAt'=asc`)],
  ['double-quoted', enc(`"createdAt"=desc`)],
  ['bad direction', enc('createdAt=sideways')],
  ['no direction', 'createdAt'],
  ['two orders', enc('createdAt=asc,name=desc')],
  ['extra equals', enc('createdAt=asc=desc')],
  ['upper direction', enc('createdAt=DESC')],
  ['only direction', enc('=asc')],
  ['sql in direction', enc("createdAt=asc' OR '1'='1")],
];

/** Every hostile request for one operation, as the OWNER (or its API key) and unauthenticated. */
export function buildCases(ref: OperationRef, opts: BuildOptions): FuzzRequest[] {
  const { op, path, method, operation } = ref;
  const { rotate } = opts;
  const M = method.toUpperCase() as Uppercase<HttpMethod>;
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const pathValues: Record<string, string> = {};
  for (const p of pathParams) pathValues[p.name] = opts.pathValue(path, p.name, p.schema);
  const baseQuery: Array<[string, string]> = queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, enc(String(sampleValue(p.schema, p.name, opts.ctx)))]);
  const url = (pv = pathValues, q = baseQuery) => `${fillPath(path, pv)}${queryString(q)}`;
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  const multipartFields = opts.multipartFields(ref);
  const jsonBody = !multipartFields && (Boolean(jsonSchema) || (M !== 'GET' && M !== 'DELETE'));
  const baseBody = jsonSchema ? sampleValue(jsonSchema, 'body', opts.ctx) : {};
  const baseJson = toJson(baseBody);
  const baseHeaders: Record<string, string> = jsonBody ? { ...JSON_CT } : {};
  const cases: FuzzRequest[] = [];
  const add = (label: string, extra: Partial<FuzzRequest> = {}) =>
    cases.push({ op, label, caller: 'owner', method: M, url: url(), headers: { ...baseHeaders }, payload: jsonBody ? baseJson : undefined, ...extra });

  add('baseline');

  // Whole-body cases: the parser's hard cases for every operation, the milder ones in rotation.
  if (jsonBody) {
    const withBase = (prefix: string) => (baseJson.startsWith('{') && baseJson !== '{}' ? `{${prefix},${baseJson.slice(1)}` : `{${prefix}}`);
    const always: Array<[string, string | Buffer]> = [
      ['malformed JSON', '{"a":'],
      ['empty body', ''],
      ['deep array body', DEEP_ARRAY.text],
      ['deep object body', DEEP_OBJECT.text],
      ['raw NUL byte', Buffer.from('{"a":"x\u0000y"}', 'utf8')],
      ['__proto__ key', withBase('"__proto__":{"polluted":true}')],
      ['constructor.prototype key', withBase('"constructor":{"prototype":{"polluted":true}}')],
    ];
    const rotating: Array<[string, string | Buffer]> = [
      ['trailing garbage', `${baseJson}}`],
      ['body null', 'null'],
      ['body array', '[]'],
      ['body string', '"x"'],
      ['body number 1e309', '1e309'],
      ['invalid UTF-8 (CESU surrogate bytes)', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])],
      ['unknown field', withBase('"zzUnknownField":1')],
      ['duplicate key', withBase('"__dup":1,"__dup":2')],
    ];
    for (const [label, payload] of [...always, ...rotate('body extras', rotating, 3)]) add(label, { payload });
    for (const [label, ct, payload] of rotate('content types', [
      ['text/plain body', 'text/plain', baseJson],
      ['form-urlencoded body', 'application/x-www-form-urlencoded', 'a=1&__proto__[x]=1'],
      ['json with charset latin1', 'application/json; charset=latin1', baseJson],
      ['no content-type', '', baseJson],
    ] as Array<[string, string, string]>, 1)) {
      add(label, { headers: { 'content-type': ct || null } as Record<string, string | null>, payload });
    }
  }

  // Field-by-field mutations of the JSON body (nested objects and first array items too).
  for (const field of listFields(jsonSchema)) {
    for (const m of fieldMutations(field.schema, opts.rng, rotate)) {
      add(`body.${field.path.join('.')}: ${m.label}`, { payload: toJson(setAt(baseBody, field.path, m.value)), mustRefuse: m.refuse && M !== 'GET' });
    }
  }

  // Multipart operations (no JSON schema in the document): the fields their description names.
  if (multipartFields) {
    for (const mc of multipartCases(multipartFields)) add(`multipart ${mc.label}`, { headers: { 'content-type': mc.contentType }, payload: mc.payload, mustRefuse: mc.refuse });
    add('JSON instead of multipart', { headers: { ...JSON_CT }, payload: '{"file":"x"}' });
    add('malformed JSON instead of multipart', { headers: { ...JSON_CT }, payload: '{"a":' });
  }

  // Query parameters, one at a time; the page parser is shared, so its generic values rotate.
  const withQuery = (name: string, value: string): Array<[string, string]> => [...baseQuery.filter(([k]) => k !== name), [name, value]];
  for (const p of queryParams) {
    const s = firstVariant(p.schema ?? {});
    const numeric = s.type === 'integer' || s.type === 'number';
    const generic: Array<[string, string]> = [
      ['empty', ''],
      ['NUL', '%00'],
      ['embedded NUL', 'a%00b'],
      ['CESU surrogate bytes', '%ED%A0%80'],
      ['100 kB', 'A'.repeat(100_000)],
      ['sql', enc(SQLISH[0] ?? '')],
      ['quotes and backslash', enc(`"'\\\`;--`)],
      ['percent and underscore', enc('%_%')],
      ['array (repeated)', `x&${p.name}=y`],
    ];
    const values: Array<[string, string]> = numeric ? rotate('query generic (numeric)', generic, 1) : [...generic.slice(0, 2), ...rotate('query generic', generic.slice(2), 4)];
    if (numeric) {
      values.push(['-1', '-1'], ['0', '0'], ['1e309', '1e309'], ['2^64', '18446744073709551616']);
      values.push(...rotate('query numeric', [['-0', '-0'], ['NaN', 'NaN'], ['Infinity', 'Infinity'], ['1.5', '1.5'], ['1e3', '1e3'], ['hex', '0x10'], ['huge', '99999999999999999999999'], ['-2^63', '-9223372036854775809']] as Array<[string, string]>, 1));
    }
    if (s.format === 'uuid') values.push(['non-uuid', 'not-a-uuid'], ['uuid of nothing', seededUuid(opts.rng)]);
    if (s.enum) values.push(['unknown enum', 'NOT_A_MEMBER']);
    if (p.name === 'orderBy' || /asc\|desc/.test(s.pattern ?? '')) values.push(...ORDER_BY_VALUES);
    for (const [label, value] of values) add(`query.${p.name}: ${label}`, { url: url(pathValues, withQuery(p.name, value)) });
    add(`query.${p.name}: bracket object`, { url: url(pathValues, [...baseQuery.filter(([k]) => k !== p.name), [`${p.name}[__proto__][x]`, '1']]) });
  }
  const size = queryParams.find((p) => p.name === 'size');
  const page = queryParams.find((p) => p.name === 'page');
  const maxSize = String(firstVariant(size?.schema ?? {}).maximum ?? 1000);
  if (size) {
    add('query: size at max', { url: url(pathValues, [...baseQuery, ['size', maxSize]]) });
    add('query: size 1e9', { url: url(pathValues, [...baseQuery, ['size', '1000000000']]) });
  }
  if (page) {
    add('query: page 2^31', { url: url(pathValues, [...baseQuery, ['page', '2147483648']]) });
    add('query: last safe page at max size', { url: url(pathValues, [...baseQuery, ['page', '9007199254740991'], ...(size ? [['size', maxSize] as [string, string]] : [])]) });
  }
  add('query: __proto__', { url: url(pathValues, [...baseQuery, ['__proto__', 'x'], ['constructor', 'y']]) });
  add('query: unknown parameter', { url: url(pathValues, [...baseQuery, ['zzUnknown', '1']]) });

  // Path parameters: invalid ids in each one.
  for (const p of pathParams) {
    const bad: Array<[string, string]> = [
      ['non-uuid', 'not-a-uuid'],
      ['uuid of nothing', seededUuid(opts.rng)],
      ['nil uuid', '00000000-0000-0000-0000-000000000000'],
      ['sql', enc(SQLISH[0] ?? '')],
      ['NUL', '%00'],
      ['CESU surrogate bytes', '%ED%A0%80'],
      ['10 kB', 'A'.repeat(10_000)],
      ['traversal', '..%2F..%2Fetc%2Fpasswd'],
      ['negative', '-1'],
      ['uppercase', (pathValues[p.name] ?? '').toUpperCase()],
    ];
    for (const [label, value] of bad) add(`path.${p.name}: ${label}`, { url: url({ ...pathValues, [p.name]: value }) });
  }

  // Headers: every operation gets each context header and the bearer token fuzzed twice (in
  // rotation, since one hook reads them for all routes); a header the operation documents itself
  // (x-oa-id on the history routes) gets every value.
  const usesApiKey = (operation.security ?? []).some((s) => 'apiKey' in s);
  const headerValues: Array<[string, string]> = [
    ['garbage', 'garbage'],
    ['non-uuid', 'not-a-uuid'],
    ['uuid of nothing', seededUuid(opts.rng)],
    ['NUL', `${seededUuid(opts.rng)}\u0000`],
    ['lone surrogate', 'x\ud800'],
    ['sql', SQLISH[0] ?? ''],
    ['10 kB', 'A'.repeat(10_000)],
    ['empty', ''],
    ['comma list', `${seededUuid(opts.rng)}, ${seededUuid(opts.rng)}`],
  ];
  const documented = new Set(headerParams.map((h) => h.name.toLowerCase()));
  for (const h of new Set(['x-tenant-id', 'x-merchant-id', 'x-oa-id', ...documented])) {
    for (const [label, value] of documented.has(h) ? headerValues : rotate(`header ${h}`, headerValues, 2)) add(`header ${h}: ${label}`, { headers: { ...baseHeaders, [h]: value } });
  }
  const authValues: Array<[string, string]> = [
    ['Bearer garbage', 'Bearer garbage'],
    ['Bearer empty', 'Bearer '],
    ['Basic', 'Basic Zm9vOmJhcg=='],
    ['three dots', 'Bearer a.b.c'],
    ['alg none', `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: seededUuid(opts.rng), sid: seededUuid(opts.rng) })}.`],
    ['NUL', 'Bearer \u0000'],
    ['lone surrogate', 'Bearer \ud800'],
    ['10 kB', `Bearer ${'A'.repeat(10_000)}`],
    ...(opts.signedTokens ?? []).map(([label, token]): [string, string] => [label, `Bearer ${token}`]),
  ];
  for (const [label, value] of rotate('authorization', authValues, 2)) add(`header authorization: ${label}`, { headers: { ...baseHeaders, authorization: value } });
  if (usesApiKey) for (const [label, value] of headerValues) add(`header x-api-key: ${label}`, { headers: { ...baseHeaders, 'x-api-key': value } });

  // Unauthenticated: no credentials at all; the body must not be read (or must be refused) first.
  const anon = (label: string, extra: Partial<FuzzRequest> = {}) => add(`anon ${label}`, { caller: 'anon', ...extra });
  anon('baseline');
  if (jsonBody) {
    const bodies: Array<[string, string]> = [
      ['malformed JSON', '{"a":'],
      ['deep array body', DEEP_ARRAY.text],
      ['NUL body', toJson({ a: NUL_STRING, b: LONE_SURROGATE })],
      ['1 MB body', toJson({ a: MEGABYTE_STRING })],
    ];
    for (const [label, payload] of usesApiKey ? bodies : rotate('anon bodies', bodies, 1)) anon(label, { payload });
  }
  for (const [label, value] of rotate('anon headers', [['x-tenant-id: NUL', 'a\u0000b'], ['authorization: Bearer garbage', 'Bearer garbage']] as Array<[string, string]>, 1)) {
    const [name] = label.split(':') as [string];
    anon(`header ${label}`, { headers: { ...baseHeaders, [name]: value } });
  }
  if (usesApiKey) anon('header x-api-key: garbage', { headers: { ...baseHeaders, 'x-api-key': 'zck_garbage' } });
  return cases;
}

function b64url(v: unknown): string {
  return Buffer.from(JSON.stringify(v)).toString('base64url');
}

function multipartCases(fields: string[]): Array<{ label: string; contentType: string; payload: Buffer; refuse?: boolean }> {
  const boundary = '----zcfuzzboundary7d1f';
  const ct = `multipart/form-data; boundary=${boundary}`;
  const body = (parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>, close = true) =>
    Buffer.concat([
      ...parts.flatMap((p) => [
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`),
        typeof p.value === 'string' ? Buffer.from(p.value) : p.value,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(close ? `--${boundary}--\r\n` : ''),
    ]);
  const textFields = fields.filter((f) => f !== 'file');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const file = { name: 'file', value: png, filename: 'a.png', type: 'image/png' };
  const out: Array<{ label: string; contentType: string; payload: Buffer; refuse?: boolean }> = [
    { label: 'no parts', contentType: ct, payload: body([]) },
    { label: 'unterminated', contentType: ct, payload: body([{ name: textFields[0] ?? 'name', value: 'x' }], false) },
    { label: 'no boundary', contentType: 'multipart/form-data', payload: body([file]) },
    { label: 'file not an image', contentType: ct, payload: body([{ ...file, value: Buffer.from('<?php system($_GET[1]); ?>'), filename: 'x.png' }]) },
    { label: 'file named with traversal', contentType: ct, payload: body([{ ...file, filename: '../../../etc/passwd\u0000.png' }]) },
    { label: 'two files', contentType: ct, payload: body([file, file]) },
    { label: 'file under unknown field', contentType: ct, payload: body([{ ...file, name: 'zzOther' }]) },
    { label: '__proto__ field', contentType: ct, payload: body([{ name: '__proto__', value: 'x' }, file]) },
  ];
  for (const f of textFields) {
    out.push(
      { label: `${f}: NUL`, contentType: ct, payload: body([{ name: f, value: NUL_STRING }, file]), refuse: true },
      { label: `${f}: CESU surrogate bytes`, contentType: ct, payload: body([{ name: f, value: Buffer.from([0x78, 0xed, 0xa0, 0x80]) }, file]) },
      { label: `${f}: 1 MB`, contentType: ct, payload: body([{ name: f, value: MEGABYTE_STRING }, file]), refuse: true },
      { label: `${f}: sql`, contentType: ct, payload: body([{ name: f, value: SQLISH[0] ?? '' }, file]) },
      { label: `${f}: repeated`, contentType: ct, payload: body([{ name: f, value: 'a' }, { name: f, value: 'b' }, file]) },
      { label: `${f}: empty`, contentType: ct, payload: body([{ name: f, value: '' }, file]) },
      { label: `${f}: sent as a file`, contentType: ct, payload: body([{ name: f, value: 'x', filename: 'x.txt', type: 'text/plain' }, file]) },
    );
  }
  return out;
}

/** Multipart field names from a description such as "multipart fields: `name` (required), `file` (…)". */
export function multipartFieldsFromDescription(description: string | undefined): string[] | null {
  if (!description || !/multipart field/i.test(description)) return null;
  // The completed document appends who may call it (permission and service names in backticks): not fields.
  const names = [...(description.split('**Access:**')[0] ?? '').matchAll(/`([A-Za-z_][\w]*)`/g)].map((m) => m[1] as string);
  return names.length ? [...new Set(names)] : ['file'];
}

/** Text a response body must never carry: stack frames, SQL, server paths, runtime error names. */
export const LEAK_PATTERNS: Array<[string, RegExp]> = [
  ['stack frame', /\n\s+at \S+ \(|\bat (?:async )?\S+ \(\S+:\d+:\d+\)/],
  ['SQL select', /\bselect (?:"|\*|count|distinct|\w+\.)/],
  ['SQL insert', /\binsert into\b/],
  ['SQL update', /\bupdate "\w+" set\b/],
  ['SQL delete', /\bdelete from\b/],
  ['failed query', /Failed query/],
  ['constraint', /violates/],
  ['syntax error', /syntax error at/],
  ['pg input error', /invalid input syntax|invalid byte sequence|unsupported Unicode escape/],
  ['duplicate key', /duplicate key value/],
  ['server path', /\/work\/|\/home\/|\/usr\/|node_modules|node:internal/],
  ['source file', /\.(?:ts|js|mjs):\d+/],
  ['runtime error', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError|AggregateError)\b/],
  ['runtime text', /Cannot read propert|is not a function|is not defined|Maximum call stack|undefined is not|ECONNREFUSED|ETIMEDOUT/],
];

/** What is wrong with one answer, or null. */
export function judge(req: FuzzRequest, status: number, body: string, contentType: string | undefined): string | null {
  if (status >= 500) return `status ${status}`;
  for (const [name, re] of LEAK_PATTERNS) {
    if (re.test(body)) return `leaks ${name}`;
  }
  if (status >= 400) {
    if (!contentType?.includes('application/json')) return `error answer is ${contentType ?? 'untyped'}, not JSON`;
    try {
      const parsed = JSON.parse(body) as { error?: { code?: unknown } };
      if (typeof parsed.error?.code !== 'string') return 'error answer without error.code';
    } catch {
      return 'error answer is not JSON';
    }
  }
  if (req.mustRefuse && status >= 200 && status < 300) return `accepted (${status}) a value the database cannot store or a 1 MB string`;
  return null;
}
