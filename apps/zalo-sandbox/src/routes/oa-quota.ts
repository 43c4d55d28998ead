import type { FastifyInstance } from 'fastify';
import type { Sandbox } from '../sandbox';

/**
 * Message quota assets of each OA (`POST /v3.0/oa/quota/message`, asset form, REFERENCE §3.8):
 * `{asset_id, product_type, quota_type, valid_through, total, remain}`. Unset, an OA answers one
 * asset of 2,000 with 1,990 left per product type; the control API sets or clears them.
 */
export interface SandboxQuotaAsset {
  asset_id: string;
  product_type: string;
  quota_type: string;
  valid_through: string;
  total: number;
  remain: number;
}

// Keyed by the state's OA map, which a reset replaces: a reset forgets what the control API set.
const configured = new WeakMap<object, Map<string, SandboxQuotaAsset[]>>();

function table(sb: Sandbox): Map<string, SandboxQuotaAsset[]> {
  let t = configured.get(sb.state.oas);
  if (!t) {
    t = new Map();
    configured.set(sb.state.oas, t);
  }
  return t;
}

const key = (oaId: string, product: string, quotaType: string) => `${oaId}|${product}|${quotaType}`;

/** The assets the OA answers for one product type and quota type. */
export function quotaAssetsOf(sb: Sandbox, oaId: string, product: string, quotaType: string): SandboxQuotaAsset[] {
  const set = table(sb).get(key(oaId, product, quotaType));
  if (set) return set.map((a) => ({ ...a }));
  return [{ asset_id: `asset-${oaId}-${product}`, product_type: product, quota_type: quotaType, valid_through: '31/12/2026', total: 2000, remain: 1990 }];
}

const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** `POST /_control/oa-quota {oaId, productType?, quotaType?, assets: [{assetId?, total, remain, validThrough?}]}`; `assets: null` restores the default. */
export function registerOaQuotaControl(app: FastifyInstance, sb: Sandbox): void {
  app.post('/_control/oa-quota', async (req, reply) => {
    const b = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const oaId = typeof b.oaId === 'string' ? b.oaId : '';
    if (!sb.state.oas.has(oaId)) return reply.status(404).send({ error: 'unknown oaId' });
    const product = typeof b.productType === 'string' ? b.productType : 'cs';
    const quotaType = typeof b.quotaType === 'string' ? b.quotaType : 'sub_quota';
    if (b.assets === null) {
      table(sb).delete(key(oaId, product, quotaType));
      return { ok: true, assets: quotaAssetsOf(sb, oaId, product, quotaType) };
    }
    if (!Array.isArray(b.assets)) return reply.status(400).send({ error: 'assets must be an array or null' });
    const assets: SandboxQuotaAsset[] = [];
    for (const [i, raw] of (b.assets as unknown[]).entries()) {
      const a = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const total = int(a.total);
      const remain = int(a.remain);
      if (total === undefined || remain === undefined || remain > total) return reply.status(400).send({ error: `assets[${i}]: total and remain must be integers, 0 ≤ remain ≤ total` });
      assets.push({
        asset_id: typeof a.assetId === 'string' ? a.assetId : `asset-${oaId}-${product}-${i}`,
        product_type: product,
        quota_type: quotaType,
        valid_through: typeof a.validThrough === 'string' ? a.validThrough : '31/12/2026',
        total,
        remain,
      });
    }
    table(sb).set(key(oaId, product, quotaType), assets);
    return { ok: true, assets };
  });
}
