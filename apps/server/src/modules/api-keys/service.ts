import { API_KEY_PREFIX_LENGTH, API_KEY_SECRET_PREFIX, type ApiKey } from '@zc/shared/api/api-keys';
import type { DbOrTx, Tx } from '../../db/client';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { consumeOtp, type OtpDeps } from '../../platform/otp';
import type { Actor } from '../../platform/policy';
import type { TenantScope } from '../../platform/tenant-scope';
import { canApplyKeyAction, canDeleteKey } from './policy';
import { apiKeyView, presentApiKey } from './presenter';
import { clearKeysTeam, deleteApiKey, findApiKey, findApiKeyRefs, findOaOfTenant, findTeamChoice, insertApiKey, listApiKeys, updateApiKey, type ApiKeyListQuery, type ApiKeyRow } from './repo';

/** OTP purpose of every key action (the dialog requests it with merchant/otp/generate {purpose}). */
export const API_KEY_OTP_PURPOSE = 'API_KEY';

/** A fresh secret: only its SHA-256 and display prefix are stored. 256 bits of randomness. */
export function newSecret(): { secret: string; secretHash: string; keyPrefix: string } {
  const secret = `${API_KEY_SECRET_PREFIX}${randomToken(32)}`;
  return { secret, secretHash: sha256(secret), keyPrefix: secret.slice(0, API_KEY_PREFIX_LENGTH) };
}

/** The tenant's keys as answered, each with the actor's abilities. */
export async function findApiKeys(db: DbOrTx, actor: Actor, scope: TenantScope, q: ApiKeyListQuery): Promise<{ rows: ApiKey[]; total: number }> {
  const r = await listApiKeys(db, scope, q);
  return { rows: r.rows.map((x) => presentApiKey(actor, x.key, x.oa)), total: r.total };
}

export async function createApiKey(tx: Tx, actor: Actor, scope: TenantScope, input: { name: string; zaloOAId: string; service: ApiKeyRow['service']; teamId?: string }) {
  const oa = await findOaOfTenant(tx, scope, input.zaloOAId);
  if (!oa) throw fieldError('zaloOAId', 'Official account not found in this tenant', 'not_found');
  const teamId = await checkTeamChoice(tx, scope, input.teamId ?? null);
  const { secret, secretHash, keyPrefix } = newSecret();
  const row = await insertApiKey(tx, scope, { zaloOaId: oa.id, teamId, name: input.name, service: input.service, status: 'ACTIVE', keyPrefix, secretHash, createdBy: actor.userId });
  return { row, view: presentApiKey(actor, row, oa), audit: apiKeyView(row, oa), secret };
}

/**
 * §5 "Team select required when multiple teams exist": with several teams a key must name one (400
 * TEAM_REQUIRED on `teamId`); a named team must be the tenant's (400 on `teamId`). A key of a team
 * counts against that team's daily quota when it sends.
 */
async function checkTeamChoice(tx: Tx, scope: TenantScope, teamId: string | null): Promise<string | null> {
  const choice = await findTeamChoice(tx, scope, teamId);
  if (teamId) {
    if (!choice.known) throw fieldError('teamId', 'Team not found in this tenant', 'not_found');
    return teamId;
  }
  if (choice.teams > 1) {
    throw new AppError('TEAM_REQUIRED', undefined, { fields: [{ path: 'teamId', code: 'required', message: 'A team must be chosen when the tenant has several teams' }] });
  }
  return null;
}

/** For the teams module: the keys of a team being deleted lose their team. */
export async function clearTeamOfKeys(tx: Tx, scope: TenantScope, teamId: string): Promise<void> {
  await clearKeysTeam(tx, scope, teamId);
}

export type OtpGate<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * Finds the tenant's key (404 otherwise), asks the policy whether the actor may do this to it (403,
 * or 409 when the key already has the status), both before any OTP attempt is spent, then checks the
 * OTP. A wrong OTP is returned, not thrown, so the caller commits the attempt count and throws after.
 */
async function lockKeyWithOtp(
  tx: Tx,
  otp: OtpDeps,
  scope: TenantScope,
  input: { userId: string; id: string; service: string; otp: string | undefined; allowed: (key: ApiKeyRow) => AppError | null },
): Promise<OtpGate<ApiKeyRow>> {
  const key = await findApiKey(tx, scope, input.id, { lock: true });
  if (!key || key.service !== input.service) throw notFound();
  const refusal = input.allowed(key);
  if (refusal) throw refusal;
  const outcome = await consumeOtp(tx, otp, { userId: input.userId, purpose: API_KEY_OTP_PURPOSE, otp: input.otp });
  return outcome.ok ? { ok: true, value: key } : outcome;
}

type KeyAction = 'ACTIVE' | 'INACTIVE' | 'ROTATE';

/**
 * OTP-confirmed ACTIVE / INACTIVE (set the status) or ROTATE (replace the hash: the old secret stops
 * at once), as the row's `abilities` say (policy.ts).
 */
export async function applyKeyAction(tx: Tx, otp: OtpDeps, actor: Actor, scope: TenantScope, input: { id: string; type: KeyAction; service: string; otp: string | undefined }) {
  const gate = await lockKeyWithOtp(tx, otp, scope, {
    userId: actor.userId,
    id: input.id,
    service: input.service,
    otp: input.otp,
    allowed: (key) => {
      if (canApplyKeyAction(actor, key, input.type)) return null;
      return key.status === input.type ? new AppError('CONFLICT', `The key is already ${key.status}`) : new AppError('FORBIDDEN');
    },
  });
  if (!gate.ok) return gate;
  const key = gate.value;
  const fresh = input.type === 'ROTATE' ? newSecret() : null;
  const after = await updateApiKey(tx, scope, key.id, fresh ? { secretHash: fresh.secretHash, keyPrefix: fresh.keyPrefix } : { status: input.type === 'ROTATE' ? key.status : input.type });
  if (!after) throw notFound();
  const oa = await findOaOfTenant(tx, scope, key.zaloOaId);
  const view = presentApiKey(actor, after, oa);
  return { ok: true as const, value: { before: apiKeyView(key, oa), after: apiKeyView(after, oa), data: fresh ? { ...view, secret: fresh.secret } : view } };
}

/** OTP-confirmed delete, as the row's `abilities.delete` says. */
export async function removeApiKey(tx: Tx, otp: OtpDeps, actor: Actor, scope: TenantScope, input: { id: string; service: string; otp: string | undefined }) {
  const gate = await lockKeyWithOtp(tx, otp, scope, { userId: actor.userId, ...input, allowed: () => (canDeleteKey(actor) ? null : new AppError('FORBIDDEN')) });
  if (!gate.ok) return gate;
  await deleteApiKey(tx, scope, gate.value.id);
  return { ok: true as const, value: { before: apiKeyView(gate.value, null) } };
}

/** The name and team of each of the tenant's keys among `ids` (the reports' labels and team grouping). */
export async function apiKeyRefs(db: DbOrTx, scope: TenantScope, ids: readonly string[]): Promise<Map<string, { name: string; teamId: string | null }>> {
  return new Map((await findApiKeyRefs(db, scope, ids)).map((r) => [r.id, { name: r.name, teamId: r.teamId }]));
}
