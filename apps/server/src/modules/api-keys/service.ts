import { eq } from 'drizzle-orm';
import { API_KEY_PREFIX_LENGTH, API_KEY_SECRET_PREFIX } from '@zc/shared/api/api-keys';
import type { Tx } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { randomToken, sha256 } from '../../platform/crypto';
import { fieldError, notFound } from '../../platform/errors';
import { consumeOtp, type OtpDeps } from '../../platform/otp';
import type { AppError } from '../../platform/errors';
import { presentApiKey } from './presenter';
import { findApiKey, findOaOfTenant, type ApiKeyRow } from './repo';

/** OTP purpose of every key action (the dialog requests it with merchant/otp/generate {purpose}). */
export const API_KEY_OTP_PURPOSE = 'API_KEY';

/** A fresh secret: only its SHA-256 and display prefix are stored. 256 bits of randomness. */
export function newSecret(): { secret: string; secretHash: string; keyPrefix: string } {
  const secret = `${API_KEY_SECRET_PREFIX}${randomToken(32)}`;
  return { secret, secretHash: sha256(secret), keyPrefix: secret.slice(0, API_KEY_PREFIX_LENGTH) };
}

export async function createApiKey(tx: Tx, input: { tenantId: string; userId: string; name: string; zaloOAId: string; service: string; teamId?: string }) {
  const oa = await findOaOfTenant(tx, input.tenantId, input.zaloOAId);
  if (!oa) throw fieldError('zaloOAId', 'Official account not found in this tenant', 'not_found');
  const { secret, secretHash, keyPrefix } = newSecret();
  const [row] = await tx
    .insert(apiKeys)
    .values({ tenantId: input.tenantId, zaloOaId: oa.id, teamId: input.teamId ?? null, name: input.name, service: input.service, status: 'ACTIVE', keyPrefix, secretHash, createdBy: input.userId })
    .returning();
  if (!row) throw new Error('api key insert returned nothing');
  return { row, oa, secret };
}

export type OtpGate<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * Finds the tenant's key (404 otherwise, before any OTP attempt is spent), then checks the OTP.
 * A wrong OTP is returned, not thrown, so the caller commits the attempt count and throws after.
 */
export async function lockKeyWithOtp(tx: Tx, otp: OtpDeps, input: { tenantId: string; userId: string; id: string; service: string; otp: string | undefined }): Promise<OtpGate<ApiKeyRow>> {
  const key = await findApiKey(tx, input.tenantId, input.id, { lock: true });
  if (!key || key.service !== input.service) throw notFound();
  const outcome = await consumeOtp(tx, otp, { userId: input.userId, purpose: API_KEY_OTP_PURPOSE, otp: input.otp });
  return outcome.ok ? { ok: true, value: key } : outcome;
}

/** ACTIVE / INACTIVE set the status; ROTATE replaces the hash (the old secret stops at once). */
export async function applyKeyAction(tx: Tx, key: ApiKeyRow, type: 'ACTIVE' | 'INACTIVE' | 'ROTATE') {
  const fresh = type === 'ROTATE' ? newSecret() : null;
  const change = type === 'ROTATE' ? { secretHash: fresh?.secretHash, keyPrefix: fresh?.keyPrefix } : { status: type };
  const [after] = await tx
    .update(apiKeys)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(apiKeys.id, key.id))
    .returning();
  if (!after) throw notFound();
  const oa = await findOaOfTenant(tx, key.tenantId, key.zaloOaId);
  return { after, oa, secret: fresh?.secret ?? null, view: presentApiKey(after, oa) };
}
