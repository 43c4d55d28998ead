import type { ZaloErrorDetail } from '@zc/shared/api/zma-customer';
import { ZaloApiError, ZaloError } from '@zc/zalo/errors';
import { getMe, getPhoneNumber, type GraphMe } from '@zc/zalo/graph';
import type { Transport } from '@zc/zalo/transport';
import { AppError } from '../../platform/errors';

/** Zalo's refusal as the mini app receives it in `details.zaloError` (code, Zalo's message, vi/en explanation). */
export function zaloErrorDetail(e: ZaloApiError): ZaloErrorDetail {
  const x = e.explanation;
  return {
    code: e.code,
    message: e.zaloMessage || x.zaloMessage,
    explanation: { en: x.en.meaning, vi: x.vi.meaning, actionEn: x.en.action, actionVi: x.vi.action },
  };
}

/** Transport trouble (timeout, 5xx, unreadable answer) is Zalo being unreachable: 502, never the user's fault. */
function unavailable(e: unknown): AppError {
  return new AppError('ZALO_UNAVAILABLE', undefined, { reason: e instanceof Error ? e.message : String(e) });
}

/** Who the mini app's access token is (Zalo `/me` with appsecret_proof); 401 ZMA_ACCESS_TOKEN_INVALID when Zalo refuses. */
export async function verifyZaloUser(transport: Transport, accessToken: string, appSecret: string): Promise<GraphMe> {
  try {
    return await getMe(transport, accessToken, appSecret);
  } catch (e) {
    if (e instanceof ZaloApiError && e.classification !== 'retryable') throw new AppError('ZMA_ACCESS_TOKEN_INVALID', undefined, { zaloError: zaloErrorDetail(e) });
    if (e instanceof ZaloError) throw unavailable(e);
    throw e;
  }
}

/** The number behind a getPhoneNumber token (Zalo `/me/info`); 401 ZMA_PHONE_TOKEN_INVALID when Zalo refuses it. */
export async function exchangePhoneToken(transport: Transport, accessToken: string, code: string, appSecret: string): Promise<string> {
  try {
    return await getPhoneNumber(transport, accessToken, code, appSecret);
  } catch (e) {
    if (e instanceof ZaloApiError && e.classification === 'token-refresh') throw new AppError('ZMA_ACCESS_TOKEN_INVALID', undefined, { zaloError: zaloErrorDetail(e) });
    if (e instanceof ZaloApiError && e.classification !== 'retryable') throw new AppError('ZMA_PHONE_TOKEN_INVALID', undefined, { zaloError: zaloErrorDetail(e) });
    if (e instanceof ZaloError) throw unavailable(e);
    throw e;
  }
}
