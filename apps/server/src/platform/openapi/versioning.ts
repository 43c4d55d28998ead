/**
 * Versioning of the public API (issue 17 #5): `docs/openapi/v1.json` is the last released `/api/v1`
 * (its operations, the webhooks we deliver and the components they reference). A change to the
 * current document that would break an integration written against it — a removed operation or
 * webhook, a removed parameter, a removed request or response field, a removed enum value — is
 * reported by `breakingChanges`; additions are fine. Error bodies are compared for presence only:
 * their code lists are derived and may narrow.
 */

type Json = Record<string, unknown>;

export const PUBLIC_PREFIX = '/api/v1/';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

function isObj(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Every `$ref` target under `node`, followed transitively through `doc`. */
function collectRefs(doc: Json, node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) collectRefs(doc, n, into);
    return;
  }
  if (!isObj(node)) return;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/') && !into.has(node.$ref)) {
    into.add(node.$ref);
    collectRefs(doc, resolvePointer(doc, node.$ref), into);
  }
  for (const v of Object.values(node)) collectRefs(doc, v, into);
}

function resolvePointer(doc: Json, ref: string): unknown {
  let cur: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    cur = isObj(cur) ? cur[key] : undefined;
  }
  return cur;
}

/** A copy without specification extensions (`x-codeSamples` and the like): presentation, not contract. */
function withoutExtensions(node: unknown, parentKey = ''): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutExtensions(n));
  if (!isObj(node)) return node;
  const keepAll = parentKey === 'properties' || parentKey === 'headers';
  return Object.fromEntries(Object.entries(node).filter(([k]) => keepAll || !k.startsWith('x-')).map(([k, v]) => [k, withoutExtensions(v, k)]));
}

/** The public part of a document: `/api/v1` operations, webhooks and the components they reference, without extensions. */
export function publicSubset(doc: Json): Json {
  const paths = Object.fromEntries(Object.entries((doc.paths ?? {}) as Json).filter(([p]) => p.startsWith(PUBLIC_PREFIX)));
  const webhooks = (doc.webhooks ?? {}) as Json;
  const refs = new Set<string>();
  collectRefs(doc, [paths, webhooks], refs);
  const allComponents = (doc.components ?? {}) as Record<string, Json>;
  const components: Record<string, Json> = {};
  for (const ref of [...refs].sort()) {
    const m = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
    if (!m?.[1] || !m[2]) continue;
    const value = allComponents[m[1]]?.[m[2]];
    if (value !== undefined) (components[m[1]] ??= {})[m[2]] = value;
  }
  const securitySchemes = (allComponents.securitySchemes ?? {}) as Json;
  if (securitySchemes.apiKey) components.securitySchemes = { apiKey: securitySchemes.apiKey };
  const info = (doc.info ?? {}) as Json;
  return withoutExtensions({ openapi: doc.openapi, info: { title: info.title, version: info.version }, paths, webhooks, components }) as Json;
}

/** A schema with its `$ref`s resolved (one level at a time, cycle-safe through `seen`). */
function deref(doc: Json, node: unknown): Json | undefined {
  let cur = node;
  for (let i = 0; i < 20 && isObj(cur) && typeof cur.$ref === 'string'; i += 1) cur = resolvePointer(doc, cur.$ref);
  return isObj(cur) ? cur : undefined;
}

/** The view of a schema that breaking-change checks compare: its properties and enum values, unions merged. */
function flatten(doc: Json, node: unknown, depth = 0): { properties: Map<string, unknown[]>; values: Set<string>; items: unknown[] } {
  const out = { properties: new Map<string, unknown[]>(), values: new Set<string>(), items: [] as unknown[] };
  const s = deref(doc, node);
  if (!s || depth > 10) return out;
  if (Array.isArray(s.enum)) for (const v of s.enum) out.values.add(JSON.stringify(v));
  if ('const' in s) out.values.add(JSON.stringify(s.const));
  if (isObj(s.properties)) for (const [k, v] of Object.entries(s.properties)) out.properties.set(k, [...(out.properties.get(k) ?? []), v]);
  if (s.items !== undefined) out.items.push(s.items);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = s[key];
    if (!Array.isArray(list)) continue;
    for (const v of list) {
      const f = flatten(doc, v, depth + 1);
      for (const [k, vs] of f.properties) out.properties.set(k, [...(out.properties.get(k) ?? []), ...vs]);
      for (const x of f.values) out.values.add(x);
      out.items.push(...f.items);
    }
  }
  return out;
}

function compareSchemas(oldDoc: Json, oldNode: unknown, newDoc: Json, newNode: unknown, where: string, out: string[], depth = 0): void {
  if (depth > 12) return;
  const a = flatten(oldDoc, oldNode);
  const b = flatten(newDoc, newNode);
  // An enum that disappears entirely widens the type (any value): not breaking.
  if (b.values.size > 0) for (const v of a.values) if (!b.values.has(v)) out.push(`${where}: enum value ${v} removed`);
  for (const [name, olds] of a.properties) {
    const news = b.properties.get(name);
    if (!news) {
      out.push(`${where}.${name}: field removed`);
      continue;
    }
    compareSchemas(oldDoc, { anyOf: olds }, newDoc, { anyOf: news }, `${where}.${name}`, out, depth + 1);
  }
  if (a.items.length > 0 && b.items.length > 0) compareSchemas(oldDoc, { anyOf: a.items }, newDoc, { anyOf: b.items }, `${where}[]`, out, depth + 1);
}

function mediaSchema(doc: Json, holder: unknown): unknown {
  const h = deref(doc, holder);
  const content = isObj(h?.content) ? h.content : undefined;
  const media = content ? (content['application/json'] ?? Object.values(content)[0]) : undefined;
  return isObj(media) ? media.schema : undefined;
}

function compareOperation(oldDoc: Json, oldOp: Json, newDoc: Json, newOp: Json, where: string, out: string[]): void {
  const key = (p: unknown) => {
    const d = deref(oldDoc, p) ?? deref(newDoc, p);
    return d ? `${String(d.in)}:${String(d.name).toLowerCase()}` : '';
  };
  const newParams = new Map(((newOp.parameters ?? []) as unknown[]).map((p) => [key(p), deref(newDoc, p)]));
  for (const p of (oldOp.parameters ?? []) as unknown[]) {
    const k = key(p);
    const np = newParams.get(k);
    if (!np) {
      out.push(`${where}: parameter ${k} removed`);
      continue;
    }
    compareSchemas(oldDoc, deref(oldDoc, p)?.schema, newDoc, np.schema, `${where} parameter ${k}`, out);
  }
  if (oldOp.requestBody !== undefined) {
    if (newOp.requestBody === undefined) out.push(`${where}: request body removed`);
    else compareSchemas(oldDoc, mediaSchema(oldDoc, oldOp.requestBody), newDoc, mediaSchema(newDoc, newOp.requestBody), `${where} request`, out);
  }
  const oldResponses = (oldOp.responses ?? {}) as Json;
  const newResponses = (newOp.responses ?? {}) as Json;
  for (const [status, r] of Object.entries(oldResponses)) {
    const nr = newResponses[status];
    if (nr === undefined) {
      out.push(`${where}: response ${status} removed`);
      continue;
    }
    if (/^2/.test(status)) compareSchemas(oldDoc, mediaSchema(oldDoc, r), newDoc, mediaSchema(newDoc, nr), `${where} response ${status}`, out);
    const oldHeaders = Object.keys((deref(oldDoc, r)?.headers ?? {}) as Json);
    const newHeaders = new Set(Object.keys((deref(newDoc, nr)?.headers ?? {}) as Json).map((h) => h.toLowerCase()));
    for (const h of oldHeaders) if (!newHeaders.has(h.toLowerCase())) out.push(`${where} response ${status}: header ${h} removed`);
  }
}

/** What `current` breaks of `released` (both whole documents or public subsets); empty when compatible. */
export function breakingChanges(released: Json, current: Json): string[] {
  const out: string[] = [];
  for (const section of ['paths', 'webhooks'] as const) {
    const oldItems = (released[section] ?? {}) as Record<string, Json>;
    const newItems = (current[section] ?? {}) as Record<string, Json>;
    for (const [path, item] of Object.entries(oldItems)) {
      if (section === 'paths' && !path.startsWith(PUBLIC_PREFIX)) continue;
      for (const method of METHODS) {
        const oldOp = item[method];
        if (!isObj(oldOp)) continue;
        const where = `${section === 'webhooks' ? 'webhook ' : ''}${method.toUpperCase()} ${path}`;
        const newOp = newItems[path]?.[method];
        if (!isObj(newOp)) {
          out.push(`${where}: removed`);
          continue;
        }
        if (oldOp.operationId !== undefined && newOp.operationId !== oldOp.operationId) out.push(`${where}: operationId ${String(oldOp.operationId)} renamed to ${String(newOp.operationId)}`);
        compareOperation(released, oldOp, current, newOp, where, out);
      }
    }
  }
  return out;
}
