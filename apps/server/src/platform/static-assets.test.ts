import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';

// A built SPA in miniature: index.html and one hashed asset, each with its build-time .br and .gz.
const webDist = mkdtempSync(path.join(tmpdir(), 'zc-web-'));
const js = `export const greeting = ${JSON.stringify('xin chào '.repeat(200))};\n`;
const html = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';
mkdirSync(path.join(webDist, 'assets'));
for (const [file, body] of [
  ['assets/index-AbC123.js', js],
  ['index.html', html],
] as const) {
  writeFileSync(path.join(webDist, file), body);
  writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(body));
  writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(body));
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ webDist });
});
afterAll(async () => t.close());

describe('static assets of the SPA', () => {
  it('sends the brotli file to a browser that accepts it, cached for a year without revalidation', async () => {
    const res = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends gzip to a gzip-only client and the plain file to one that accepts no encoding', async () => {
    const gz = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('revalidates index.html, also when it answers a client route', async () => {
    for (const url of ['/index.html', '/tenant/zns-service/history']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
  });

  it('answers a missing asset with the stable NOT_FOUND error, not index.html', async () => {
    const res = await t.app.inject({ url: '/assets/gone-123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
