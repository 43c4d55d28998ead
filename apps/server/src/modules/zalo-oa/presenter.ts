import type { ZaloOa, ZaloOaDetail } from '@zc/shared/api/zalo-oa';
import type { Cipher } from '../../platform/crypto';
import type { Actor } from '../../platform/policy';
import { canSeeOaCredentials, oaAbilities } from './policy';
import type { OaRow } from './repo';

const mask = (cipher: Cipher, enc: string) => {
  const plain = cipher.decrypt(enc);
  return plain.length <= 4 ? '••••' : `••••${plain.slice(-4)}`;
};

/** OA row → §3 Zalo OA fields (audit view); credentials never. */
export function oaView(row: OaRow): Omit<ZaloOa, 'abilities'> {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    zaloOAvatar: row.avatar,
    zappId: row.zappId,
    zoaId: row.zoaId,
    tokenStatus: row.tokenStatus,
    accessTokenExpiresAt: row.accessTokenExpiresAt?.toISOString() ?? null,
    lastRefreshError: row.lastRefreshError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** OA row → §3 Zalo OA with what the actor may do with it (policy.ts). */
export function presentOa(actor: Actor, row: OaRow): ZaloOa {
  return { ...oaView(row), abilities: oaAbilities(actor, row) };
}

/** The OA setting page's detail: credentials masked to their last 4 characters, for VIEW_ZALO_OA_CREDENTIAL only. */
export function presentOaDetail(actor: Actor, row: OaRow, cipher: Cipher, publicUrl: string): ZaloOaDetail {
  return {
    ...presentOa(actor, row),
    credentials: canSeeOaCredentials(actor)
      ? {
          zoaSecretKey: mask(cipher, row.secretKeyEnc),
          zoaWebhookSecretKey: mask(cipher, row.webhookSecretEnc),
          zoaAccessToken: mask(cipher, row.accessTokenEnc),
          zoaRefreshToken: mask(cipher, row.refreshTokenEnc),
        }
      : null,
    webhookUrl: `${publicUrl}/api/webhooks/zalo`,
  };
}
