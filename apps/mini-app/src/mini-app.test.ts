import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setCustomerToken, setRenew } from './api';
import { errorText, PlatformDenied } from './errors';
import { t } from './i18n';
import { rotationFor, sliceAt } from './wheel-math';

describe('the wheel stops on the slice the server chose', () => {
  it('for every slice of wheels of 2 to 12, from any starting angle and any jitter', () => {
    for (let n = 2; n <= 12; n += 1) {
      for (let index = 0; index < n; index += 1) {
        for (const start of [0, 17, 359, 1234.5]) {
          for (const jitter of [-0.5, 0, 0.49]) {
            const r = rotationFor(start, index, n, 6, jitter);
            expect(sliceAt(r, n), `n=${n} index=${index} start=${start} jitter=${jitter}`).toBe(index);
            expect(r).toBeGreaterThan(start + 5 * 360);
          }
        }
      }
    }
  });
});

describe('what the customer is told (vi by default)', () => {
  it('a 409 spin names its reason, with when new turns come', () => {
    const err = new ApiError(409, 'ZMA_NO_TURNS', { reason: 'NO_TURNS', nextTurnsAt: '2026-11-27T00:00:00.000Z' }, 'No turns left');
    expect(errorText(err)).toBe(`${t('reason_NO_TURNS')} ${t('nextTurnsAt')} 07:00 27/11/2026.`);
  });

  it('a draw that is not open says why; an unknown reason falls back to the code', () => {
    expect(errorText(new ApiError(409, 'ZMA_DRAW_NOT_OPEN', { reason: 'ENDED' }, ''))).toBe('Vòng quay đã kết thúc.');
    expect(errorText(new ApiError(409, 'ZMA_PLAY_NOT_ALLOWED', { reason: 'SOMETHING_NEW' }, ''))).toBe(t('err_ZMA_PLAY_NOT_ALLOWED'));
  });

  it('an expired phone token, a refused Zalo dialog and an unknown error', () => {
    expect(errorText(new ApiError(401, 'ZMA_PHONE_TOKEN_INVALID', undefined, ''))).toBe(t('err_ZMA_PHONE_TOKEN_INVALID'));
    expect(errorText(new PlatformDenied('-201'))).toBe(t('err_DENIED'));
    expect(errorText(new Error('boom'))).toBe(t('err_OTHER'));
  });
});

describe('an expired customer token', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setRenew(null);
  });

  it('is renewed once by signing in again, and the call repeated with the new token', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: { headers: Record<string, string> }) => {
      seen.push(init.headers.authorization ?? '');
      return init.headers.authorization === 'Bearer fresh'
        ? new Response(JSON.stringify({ data: [] }), { status: 200 })
        : new Response(JSON.stringify({ error: { code: 'TOKEN_EXPIRED', message: 'expired' } }), { status: 401 });
    });
    setCustomerToken('old');
    setRenew(async () => setCustomerToken('fresh'));
    await expect(api.gifts()).resolves.toEqual([]);
    expect(seen).toEqual(['Bearer old', 'Bearer fresh']);
  });

  it('is not renewed in a loop: a second refusal is the error', async () => {
    let renewals = 0;
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'no' } }), { status: 401 }));
    setRenew(async () => void (renewals += 1));
    await expect(api.me()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(renewals).toBe(1);
  });
});
