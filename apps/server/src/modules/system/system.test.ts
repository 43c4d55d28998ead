import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { routeTables } from '../../platform/mutation';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('platform endpoints', () => {
  it('answers health, metrics and security headers with a request id', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', db: 'ok' });
    expect(health.headers['x-request-id']).toBeTruthy();
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toContain('http_request_duration_seconds');
  });

  it('documents every /api route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));
    const routes = (routeTables.get(t.app) ?? []).filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    const missing = routes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('serves the dev outbox to loopback callers only', async () => {
    expect((await t.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/dev/outbox', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
  });

  it('answers unknown API paths with the stable NOT_FOUND error', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
