import { OA_ERROR_ROWS, OAUTH_ERROR_ROWS } from './error-catalog-oa';
import { ZNS_ERROR_ROWS } from './error-catalog-zns';
import { GRAPH_ERROR_ROWS } from './error-catalog-graph';

/** Which Zalo host answered: the same code means different things on OA and ZNS (e.g. -100). */
export type ZaloApi = 'oa' | 'zns' | 'oauth' | 'graph';

/** What a caller should do with an error. */
export type ZaloErrorClass = 'retryable' | 'permanent' | 'token-refresh';

/** [code, class, Zalo's message, en meaning, vi meaning, en action, vi action] */
export type CatalogRow = readonly [number, ZaloErrorClass, string, string, string, string, string];

export interface ZaloErrorExplanation {
  code: number;
  api: ZaloApi;
  classification: ZaloErrorClass;
  /** Zalo's own message text (the sandbox answers with it). */
  zaloMessage: string;
  en: { meaning: string; action: string };
  vi: { meaning: string; action: string };
  /** False when the code is not in the catalogue (a generic explanation was built). */
  known: boolean;
}

function toMap(api: ZaloApi, rows: readonly CatalogRow[]): Map<number, ZaloErrorExplanation> {
  return new Map(
    rows.map(([code, classification, zaloMessage, en, vi, enAction, viAction]) => [
      code,
      { code, api, classification, zaloMessage, en: { meaning: en, action: enAction }, vi: { meaning: vi, action: viAction }, known: true },
    ]),
  );
}

const CATALOG: Record<ZaloApi, Map<number, ZaloErrorExplanation>> = {
  oa: toMap('oa', OA_ERROR_ROWS),
  zns: toMap('zns', ZNS_ERROR_ROWS),
  oauth: toMap('oauth', OAUTH_ERROR_ROWS),
  graph: toMap('graph', GRAPH_ERROR_ROWS),
};

/** Every catalogued code of one API (used by tests and the sandbox). */
export function listZaloErrorCodes(api: ZaloApi): number[] {
  return [...CATALOG[api].keys()];
}

/**
 * Explains a Zalo error code in Vietnamese and English with a suggested next action and whether
 * to retry, refresh the token or give up. Without `api`, OAuth codes (-14xxx) are recognised,
 * then OA, then ZNS. Unknown codes get a generic, permanent explanation rather than a throw.
 */
export function explainZaloError(code: number, api?: ZaloApi): ZaloErrorExplanation {
  const order: ZaloApi[] = api ? [api] : code <= -14000 && code > -15000 ? ['oauth'] : ['oa', 'zns', 'oauth'];
  for (const a of order) {
    const hit = CATALOG[a].get(code);
    if (hit) return hit;
  }
  return {
    code,
    api: api ?? 'oa',
    classification: 'permanent',
    zaloMessage: 'Unknown error',
    en: { meaning: `Zalo answered error ${code}, which is not in our catalogue.`, action: 'Check the Zalo documentation for this code and contact support if it persists.' },
    vi: { meaning: `Zalo trả về mã lỗi ${code}, chưa có trong danh mục.`, action: 'Tra cứu mã lỗi trong tài liệu Zalo và liên hệ hỗ trợ nếu lỗi lặp lại.' },
    known: false,
  };
}
