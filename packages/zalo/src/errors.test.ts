import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { explainZaloError, listZaloErrorCodes } from './error-catalog';
import { ZaloApiError, ZaloHttpError, ZaloNetworkError, ZaloResponseParseError } from './errors';
import { createTransport, parseZaloBody, sendZaloRequest } from './transport';

// Every code of REFERENCE §6 (and the OAuth -14xxx of §2.2).
const OA_CODES = [-32, -100, -200, -201, -204, -205, -209, -210, -211, -212, -213, -214, -216, -217, -218, -219, -220, -221, -223, -224, -227, -230, -232, -233, -234, -235, -237, -238, -240, -241, -242, -244, -248, -249, -320, -321, -403, -1340, -1341];
const ZNS_CODES = [
  -100, -101, -102, -103, -104, -105, -106, -107, -108, -109, -1091, -110, -111, -112, -1121, -1122, -1123, -1124, -113, -1131, -114, -115, -116, -117, -118, -119,
  -120, -1201, -1202, -121, -122, -123, -124, -1241, -125, -126, -127, -128, -129, -130, -131, -132, -133, -134, -135, -1351, -136, -137, -138, -1381, -139, -140,
  -141, -142, -143, -144, -1441, -145, -146, -147, -1471, -1472, -148, -149, -1491, -150, -151, -152, -153, -158, -159, -160, -161, -162,
];
const OAUTH_CODES = [-14002, -14003, -14004, -14005, -14014, -14018];

describe('error catalogue', () => {
  it.each([
    ['oa', OA_CODES],
    ['zns', ZNS_CODES],
    ['oauth', OAUTH_CODES],
  ] as const)('explains every %s code in vi and en with an action', (api, codes) => {
    for (const code of codes) {
      const e = explainZaloError(code, api);
      expect(e.known, `${api} ${code}`).toBe(true);
      for (const s of [e.vi.meaning, e.vi.action, e.en.meaning, e.en.action, e.zaloMessage]) expect(s.length, `${api} ${code}`).toBeGreaterThan(3);
    }
    expect(listZaloErrorCodes(api).length).toBeGreaterThanOrEqual(codes.length);
  });

  it('classifies token, rate-limit and permanent errors', () => {
    expect(explainZaloError(-216, 'oa').classification).toBe('token-refresh');
    expect(explainZaloError(-220, 'oa').classification).toBe('token-refresh');
    expect(explainZaloError(-124, 'zns').classification).toBe('token-refresh');
    expect(explainZaloError(-32, 'oa').classification).toBe('retryable');
    expect(explainZaloError(-108, 'zns').classification).toBe('permanent');
  });

  it('resolves host-dependent meanings and unknown codes', () => {
    expect(explainZaloError(-100, 'oa').en.meaning).toMatch(/attachment/);
    expect(explainZaloError(-100, 'zns').en.meaning).toMatch(/Unknown/);
    expect(explainZaloError(-14014).api).toBe('oauth');
    expect(explainZaloError(-99999)).toMatchObject({ known: false, classification: 'permanent' });
  });
});

describe('response parsing never crashes', () => {
  it.each([
    ['', 'empty body'],
    ['<html>502</html>', 'body is not JSON'],
    ['[1,2]', 'body is not a JSON object'],
    ['{"data":{}}', 'missing or non-numeric "error" field'],
    ['{"error":"abc"}', 'missing or non-numeric "error" field'],
  ])('turns %j into a ZaloResponseParseError', (text, reason) => {
    expect(() => parseZaloBody('oa', text, true)).toThrow(ZaloResponseParseError);
    expect(() => parseZaloBody('oa', text, true)).toThrow(reason);
  });

  it('reads numeric-string error codes and OAuth error bodies', () => {
    expect(() => parseZaloBody('oa', '{"error":"404","message":"x"}', true)).toThrow(ZaloApiError);
    const e = (() => {
      try {
        parseZaloBody('oauth', '{"error":-14002,"error_name":"Invalid appId","error_description":"d"}', false);
      } catch (err) {
        return err as ZaloApiError;
      }
    })();
    expect(e).toMatchObject({ code: -14002, zaloMessage: 'Invalid appId' });
    expect(parseZaloBody('oauth', '{"access_token":"a"}', false)).toEqual({ access_token: 'a' });
  });
});

describe('transport over real HTTP', () => {
  let hits = 0;
  const server = createServer((req, res) => {
    hits += 1;
    if (req.url?.startsWith('/flaky') && hits % 2 === 1) {
      res.statusCode = 502;
      return res.end('<html>bad gateway</html>');
    }
    if (req.url?.startsWith('/garbage')) return res.end('not json at all');
    res.setHeader('content-type', 'application/json');
    res.end('{"error":0,"message":"Success","data":{"ok":true}}');
  });
  const ready = new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port)));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const transport = async () => {
    const base = `http://127.0.0.1:${await ready}`;
    return createTransport({ hosts: { oauth: base, openapi: base, business: base, graph: base }, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
  };

  it('retries a 502 on a GET but not on a POST', async () => {
    const t = await transport();
    hits = 0;
    await expect(sendZaloRequest(t, { api: 'oa', host: 'openapi', method: 'GET', path: '/flaky' })).resolves.toMatchObject({ data: { ok: true } });
    hits = 0;
    await expect(sendZaloRequest(t, { api: 'oa', host: 'openapi', method: 'POST', path: '/flaky', json: {} })).rejects.toBeInstanceOf(ZaloHttpError);
  });

  it('turns a garbage 200 into a typed error', async () => {
    await expect(sendZaloRequest(await transport(), { api: 'zns', host: 'business', method: 'GET', path: '/garbage' })).rejects.toBeInstanceOf(ZaloResponseParseError);
  });

  it('reports a refused connection as a network error that happened before sending', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    const port = await new Promise<number>((r) => probe.listen(0, '127.0.0.1', () => r((probe.address() as { port: number }).port)));
    await new Promise<void>((r) => probe.close(() => r()));
    const base = `http://127.0.0.1:${port}`;
    const t = createTransport({ hosts: { oauth: base, openapi: base, business: base, graph: base }, retry: { attempts: 1 } });
    const err = await sendZaloRequest(t, { api: 'oa', host: 'openapi', method: 'POST', path: '/x', json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZaloNetworkError);
    expect((err as ZaloNetworkError).beforeSend).toBe(true);
  });
});
