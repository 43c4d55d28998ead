import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';

// The console and the mini app in miniature, each with index.html and one hashed asset (+ .br/.gz).
function fakeBuild(prefix: string, html: string, js: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
  for (const [file, body] of [
    ['assets/index-Mini01.js', js],
    ['index.html', html],
  ] as const) {
    writeFileSync(path.join(dir, file), body);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
  }
  return dir;
}

const consoleHtml = '<!doctype html><html><body><div id="root">console</div></body></html>';
const miniHtml = '<!doctype html><html><head><script type="module" src="/mini-app/assets/index-Mini01.js"></script></head><body><div id="app"></div></body></html>';
const miniJs = `export const hello = ${JSON.stringify('vòng quay '.repeat(200))};\n`;
const webDist = fakeBuild('zc-web-', consoleHtml, 'export {};\n');
const miniAppDist = fakeBuild('zc-mini-', miniHtml, miniJs);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ webDist, miniAppDist });
});
afterAll(async () => t.close());

describe('the mini app served at /mini-app/', () => {
  it('answers its own index.html at /mini-app/ (revalidated, with the CSP that allows its own scripts)', async () => {
    const res = await t.app.inject({ url: '/mini-app/', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(miniHtml);
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'/);
  });

  it('redirects /mini-app to /mini-app/', async () => {
    const res = await t.app.inject({ url: '/mini-app', headers: { accept: 'text/html' } });
    expect([301, 302, 308]).toContain(res.statusCode);
    expect(res.headers.location).toBe('/mini-app/');
  });

  it('sends hashed assets precompressed and cached for a year', async () => {
    const res = await t.app.inject({ url: '/mini-app/assets/index-Mini01.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('answers a missing file under /mini-app/ with NOT_FOUND, never the console index.html', async () => {
    for (const url of ['/mini-app/assets/gone-1.js', '/mini-app/somewhere']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  it('keeps the build manifest private', async () => {
    const res = await t.app.inject({ url: '/mini-app/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
  });

  it('stays out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/mini-app'))).toEqual([]);
  });

  it('leaves the console and its SPA fallback as they were', async () => {
    const res = await t.app.inject({ url: '/tenant/mini-app/x', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(consoleHtml);
  });
});
