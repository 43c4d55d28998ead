import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@zc/shared/errors';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from '@zc/shared/api/webhooks';
import { explainZaloError, listZaloErrorCodes } from '@zc/zalo/error-catalog';
import { createTestApp, type TestContext } from '../../test/helpers';
import { CONSOLE_GROUP, PUBLIC_GROUP, PUBLIC_PREFIX, decorateForReference, errorRows, guideFiles } from './reference-content';
import { scalarBundlePath } from './reference';

interface Doc {
  info: { description: string };
  tags: Array<{ name: string }>;
  'x-tagGroups': Array<{ name: string; tags: string[] }>;
  paths: Record<string, Record<string, { tags?: string[]; 'x-codeSamples'?: Array<{ lang: string; label: string; source: string }> }>>;
}

let t: TestContext;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Doc;
});
afterAll(async () => t.close());

const locale = (lng: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../web/src/locales/${lng}/errors.json`, import.meta.url)), 'utf8')) as Record<string, string>;

describe('the API reference page (/api/docs)', () => {
  it('answers HTML that loads the self-hosted Scalar bundle under its own CSP', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const scripts = [...res.body.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/^\/api\/docs\/assets\/scalar-[0-9a-f]{16}\.js$/);
    expect(res.body).not.toMatch(/https?:\/\//); // nothing from another origin
    expect(res.body).not.toMatch(/<script>/); // no inline script
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/scalar\.com|jsdelivr|unpkg/);
  });

  it('serves the bundle and the init script cached for a year, compressed, with the same CSP', async () => {
    const html = (await t.app.inject({ url: '/api/docs' })).body;
    const [bundle, init] = [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1] ?? '');
    const res = await t.app.inject({ url: bundle, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).equals(readFileSync(scalarBundlePath()))).toBe(true);
    const plain = await t.app.inject({ url: init ?? '', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain("createApiReference('#app'");
    expect(plain.body).toContain('"withDefaultFonts":false');
    expect(plain.body).toContain('/api/docs/json');
    expect((await t.app.inject({ url: '/api/docs/assets/scalar-0000000000000000.js' })).statusCode).toBe(404);
  });

  it('keeps the document at /api/docs/json', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('paths');
  });
});

describe('the reference content of the document', () => {
  it('puts the public API group first, and every tag in a group', () => {
    const groups = doc['x-tagGroups'];
    expect(groups.map((g) => g.name)).toEqual([PUBLIC_GROUP, CONSOLE_GROUP]);
    const publicTags = groups[0]?.tags ?? [];
    const sendTags = doc.paths['/api/v1/zns/send']?.post?.tags ?? [];
    expect(sendTags.length).toBeGreaterThan(0);
    for (const tag of sendTags) expect(publicTags).toContain(tag);
    expect(doc.tags.slice(0, publicTags.length).map((x) => x.name)).toEqual(publicTags);
    const grouped = new Set(groups.flatMap((g) => g.tags));
    const used = Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? []));
    expect(used.filter((tag) => !grouped.has(tag))).toEqual([]);
  });

  it('gives every public operation curl, Node (SDK) and Python samples', () => {
    const publicOps = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith(PUBLIC_PREFIX))
      .flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ key: `${m} ${p}`, op })));
    expect(publicOps.map((o) => o.key)).toEqual(expect.arrayContaining(['post /api/v1/zns/send', 'post /api/v1/oa/send']));
    for (const { key, op } of publicOps) {
      const samples = op['x-codeSamples'] ?? [];
      expect(samples.map((s) => s.label), key).toEqual(['curl', 'Node (@zc/sdk)', 'Python (requests)']);
      expect(samples[0]?.source).toContain('x-api-key: $ZC_API_KEY');
      expect(samples[2]?.source).toContain('requests.');
    }
    const zns = doc.paths['/api/v1/zns/send']?.post?.['x-codeSamples'] ?? [];
    expect(zns[1]?.source).toContain("import { ZaloConsole } from '@zc/sdk';");
    expect(zns[1]?.source).toContain('await zc.zns.send({');
    expect(zns[0]?.source).toMatch(/curl -X POST '.*\/api\/v1\/zns\/send'/);
    expect(doc.paths['/api/v1/oa/send']?.post?.['x-codeSamples']?.[1]?.source).toContain('await zc.oa.send({');
  });

  it('has the guides, and an error table with every shared code in vi and en', () => {
    const md = doc.info.description;
    for (const h of ['# Authentication', '# Idempotency', '# Pagination', '# Errors', '# Zalo error decoder', '# Webhooks', '# Sandbox']) expect(md).toContain(`\n${h}\n`);
    expect(md).not.toMatch(/\{\{[A-Z_]+\}\}/);
    const vi = locale('vi');
    const en = locale('en');
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(md, code).toContain(`| ${status} | \`${code}\` | ${(en[code] ?? '').replace(/\|/g, '\\|')} | ${(vi[code] ?? '').replace(/\|/g, '\\|')} |`);
    }
    expect(errorRows()).toHaveLength(Object.keys(ERROR_CODES).length);
    // The Zalo decoder lists every catalogued code with both languages.
    for (const code of listZaloErrorCodes('zns')) expect(md).toContain(explainZaloError(code, 'zns').vi.meaning);
    expect(md).toContain('| `-114` |');
    // The retry schedule comes from the constants.
    expect(md).toContain(`after ${WEBHOOK_RETRY_SCHEDULE_SECONDS[0]} s, 2 min, 10 min`);
    expect(md).toContain('x-zc-signature');
  });

  it('includes every guide file in a stable order, and decorates a document once', () => {
    const files = guideFiles();
    expect(files.slice(0, 3)).toEqual(['authentication.md', 'idempotency.md', 'pagination.md']);
    expect(files).toContain('sandbox.md');
    const sample = { info: { title: 'x', description: 'Intro.' }, servers: [{ url: 'https://api.example.vn/' }], paths: { '/api/v1/zns/send': { post: { tags: ['Send'], requestBody: { content: { 'application/json': { example: { phone: '0987654321', templateId: '1', templateData: { a: null }, trackingId: 't-1' } } } } } } } };
    const once = JSON.stringify(decorateForReference(sample));
    expect(JSON.stringify(decorateForReference(sample))).toBe(once);
    const py = (sample.paths['/api/v1/zns/send'].post as { 'x-codeSamples'?: Array<{ source: string }> })['x-codeSamples']?.[2]?.source;
    expect(py).toContain('"a": None');
    expect(py).toContain('"https://api.example.vn/api/v1/zns/send"');
  });
});
