import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestContext } from '../test/helpers';

const ZALO_ORIGIN = 'https://mini.zalo.example';
const OTHER_ORIGIN = 'https://evil.example';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ zmaAllowedOrigins: [ZALO_ORIGIN] });
});
afterAll(async () => t.close());

const preflight = (origin: string, url = '/api/zma/app/session') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });

describe('CORS of the mini-app end-user API (ZMA_ALLOWED_ORIGINS)', () => {
  it('answers a preflight from a listed origin on an /api/zma/app route', async () => {
    const res = await preflight(ZALO_ORIGIN);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ZALO_ORIGIN);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(String(res.headers['access-control-allow-headers'])).toContain('authorization');
    // The customer token is a bearer header: no cookies cross origins.
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets a listed origin read the answer of an /api/zma/app call', async () => {
    const res = await t.app.inject({ url: '/api/zma/app/me', headers: { origin: ZALO_ORIGIN } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(ZALO_ORIGIN);
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  it('gives an unlisted origin no CORS headers and no preflight answer', async () => {
    const pre = await preflight(OTHER_ORIGIN);
    expect(pre.statusCode).not.toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const res = await t.app.inject({ url: '/api/zma/app/me', headers: { origin: OTHER_ORIGIN } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps the console API closed to the listed origin', async () => {
    const pre = await preflight(ZALO_ORIGIN, '/api/auth/login');
    expect(pre.statusCode).not.toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ZALO_ORIGIN }, payload: { email: 'a@b.c', password: 'x' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('ZMA_ALLOWED_ORIGINS setting', () => {
  const base = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'zc-cors-')) } as const;
  it('defaults to no origin and parses a comma-separated list', () => {
    expect(loadConfig({ ...base }).zmaAllowedOrigins).toEqual([]);
    expect(loadConfig({ ...base, ZMA_ALLOWED_ORIGINS: 'https://a.example, http://127.0.0.1:5174' }).zmaAllowedOrigins).toEqual(['https://a.example', 'http://127.0.0.1:5174']);
  });
  it('refuses a value that is not an origin', () => {
    expect(() => loadConfig({ ...base, ZMA_ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(/ZMA_ALLOWED_ORIGINS/);
    expect(() => loadConfig({ ...base, ZMA_ALLOWED_ORIGINS: '*' })).toThrow(/ZMA_ALLOWED_ORIGINS/);
  });
});
