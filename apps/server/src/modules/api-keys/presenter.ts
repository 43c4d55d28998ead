import type { ApiKey } from '@zc/shared/api/api-keys';
import type { Actor } from '../../platform/policy';
import { apiKeyAbilities } from './policy';
import type { ApiKeyRow, OaRef } from './repo';

/** Key row → §3 API key fields; a whitelist, so the hash can never leak into an answer or an audit entry. */
export function apiKeyView(k: ApiKeyRow, oa: OaRef | null): Omit<ApiKey, 'abilities'> {
  return {
    id: k.id,
    name: k.name,
    zaloOAId: k.zaloOaId,
    zaloOA: oa ? { id: oa.id, name: oa.name, zaloOAvatar: oa.avatar } : null,
    teamId: k.teamId,
    // Written only from the API_KEY_STATUSES / API_KEY_SERVICES enums.
    status: k.status as ApiKey['status'],
    service: k.service as ApiKey['service'],
    keyPrefix: k.keyPrefix,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  };
}

/** Key row → §3 API key as answered, with what the actor may do with it (policy.ts). */
export function presentApiKey(actor: Actor, k: ApiKeyRow, oa: OaRef | null): ApiKey {
  return { ...apiKeyView(k, oa), abilities: apiKeyAbilities(actor, k) };
}
