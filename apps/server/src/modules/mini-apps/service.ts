/**
 * The mini-apps module's face (issue 14): the registry of a tenant's mini apps, their API keys,
 * staff roles, settings and the activity history. Other modules import from here only.
 */
import {
  ZMA_API_KEY_PREFIX_LENGTH,
  ZMA_API_KEY_SECRET_PREFIX,
  ZMA_SETTINGS_DEFAULTS,
  zmaSettings,
  type CreateMiniAppBody,
  type MiniApp,
  type UpdateMiniAppBody,
  type ZmaSettings,
} from '@zc/shared/api/zma-apps';
import type { ZmaStatus } from '@zc/shared/api/zma';
import type { Permission } from '@zc/shared/permissions';
import type { DbOrTx, Tx } from '../../db/client';
import { randomToken, sha256, type Cipher } from '../../platform/crypto';
import { AppError, fieldError, notFound, uniqueConflict } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import type { Actor } from '../../platform/policy';
import { scopedTenantId, trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { canDeleteRole, canRevokeKey, canUpdateRole, seesEveryMiniApp } from './policy';
import { apiKeyAuditView, miniAppAuditView, presentActivity, presentApiKey, presentMiniApp, presentRole, roleAuditView } from './presenter';
import * as repo from './repo';

export { recordZmaActivity, zmaActivityInsertFromSql, zmaActivityInsertSql, type ZmaActivityInput } from './activity';
export { requireZmaApiKey, zmaApiKeyOnRequest, zmaApiRateLimit, ZMA_API_PER_KEY_PER_MINUTE, type ZmaApiKeyCaller } from './api-key-auth';

// ---- Settings ----

/** Stored settings with every missing or unreadable field at its default. */
export function parseZmaSettings(raw: Record<string, unknown> | null | undefined): ZmaSettings {
  const out: Record<string, unknown> = { ...ZMA_SETTINGS_DEFAULTS };
  const shape = zmaSettings.shape;
  for (const key of Object.keys(shape) as Array<keyof typeof shape>) {
    const parsed = shape[key].safeParse(raw?.[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as ZmaSettings;
}

/** A mini app's settings (defaults when unset); null for an unknown mini app. */
export async function getZmaSettings(db: DbOrTx, zmaAppId: string): Promise<ZmaSettings | null> {
  const row = await repo.findAppById(db, zmaAppId);
  return row ? parseZmaSettings(row.settings) : null;
}

export async function updateZmaSettings(tx: Tx, scope: TenantScope, zmaAppId: string, patch: Partial<ZmaSettings>) {
  const row = await repo.findApp(tx, scope, zmaAppId, { lock: true });
  if (!row) throw notFound();
  const before = parseZmaSettings(row.settings);
  const after: ZmaSettings = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
  await repo.updateApp(tx, scope, zmaAppId, { settings: after });
  return { before, after };
}

// ---- Lookups for other modules ----

export interface ZmaAppConfig {
  id: string;
  tenantId: string;
  name: string;
  logoUrl: string | null;
  zaloOaId: string | null;
  /** Zalo's id of that OA (what zmp-sdk followOA takes), when one is linked. */
  zaloOaZoaId: string | null;
  status: ZmaStatus;
  settings: ZmaSettings;
  /** The app secret, unsealed: for appsecret_proof and customer tokens only; never answered or logged. */
  appSecret: string;
}

function configOf(cipher: Cipher, row: repo.ZmaAppRow & { zoaId?: string | null }): ZmaAppConfig {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    logoUrl: row.logoUrl,
    zaloOaId: row.zaloOaId,
    zaloOaZoaId: row.zoaId ?? null,
    status: row.status,
    settings: parseZmaSettings(row.settings),
    appSecret: cipher.decrypt(row.appSecretEnc),
  };
}

/** The end-user sign-in's lookup: the mini app registered under Zalo's app id, with its secret. */
export async function findZmaAppByZaloAppId(db: DbOrTx, cipher: Cipher, zaloAppId: string): Promise<ZmaAppConfig | null> {
  if (!/^\d{1,30}$/.test(zaloAppId)) return null;
  const row = await repo.findAppByZaloAppId(db, zaloAppId);
  return row ? configOf(cipher, row) : null;
}

/** A mini app of the tenant (null otherwise), without its secret. */
export async function findZmaApp(db: DbOrTx, tenantId: string, id: string) {
  const row = await repo.findApp(db, trustedTenantScope(tenantId), id);
  if (!row) return null;
  return { id: row.id, tenantId: row.tenantId, name: row.name, logoUrl: row.logoUrl, zaloAppId: row.zaloAppId, zaloOaId: row.zaloOaId, status: row.status, settings: parseZmaSettings(row.settings), createdAt: row.createdAt };
}

/** The tenant's mini apps (id, name, status), oldest first. */
export async function listZmaAppsOfTenant(db: DbOrTx, tenantId: string): Promise<Array<{ id: string; name: string; logoUrl: string | null; status: ZmaStatus }>> {
  const rows = await repo.listApps(db, trustedTenantScope(tenantId), null);
  return rows.map(({ app }) => ({ id: app.id, name: app.name, logoUrl: app.logoUrl, status: app.status }));
}

// ---- Registry ----

async function announce(tx: Tx, tenantId: string, zmaAppId: string, actorId: string | null): Promise<void> {
  await emitEvent(tx, { type: 'zma.app_changed', tenantId, data: { zmaAppId, actorId } });
}

/** The mini apps the caller may open: every one with a tenant-level mini-app permission, else those where they hold a role. */
export async function listMiniApps(db: DbOrTx, actor: Actor, scope: TenantScope): Promise<MiniApp[]> {
  const rows = await repo.listApps(db, scope, seesEveryMiniApp(actor.permissions) ? null : actor.userId);
  return rows.map((r) => presentMiniApp(r.app, r.customers, actor.permissions));
}

/** One mini app as presented, with abilities from the given (tenant-level) permissions. */
export async function presentZmaApp(db: DbOrTx, scope: TenantScope, id: string, tenantPermissions: ReadonlySet<Permission>): Promise<MiniApp> {
  const row = await repo.findApp(db, scope, id);
  if (!row) throw notFound();
  return presentMiniApp(row, await repo.countCustomers(db, id), tenantPermissions);
}

async function checkOa(tx: Tx, scope: TenantScope, zaloOaId: string | null | undefined): Promise<void> {
  if (zaloOaId && !(await repo.oaOfTenant(tx, scope, zaloOaId))) throw fieldError('zaloOaId', 'Official account not found in this tenant', 'not_found');
}

function appIdTaken(): AppError {
  return new AppError('ZMA_APP_ID_TAKEN', undefined, { fields: [{ path: 'zaloAppId', code: 'taken', message: 'This Zalo app id is already registered' }] });
}

/** Runs an insert/update that may hit the unique Zalo app id (two registrations racing). */
async function guardAppId<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueConflict(err)?.constraint === 'zma_apps_zalo_app_key' || uniqueConflict(err)?.constraint === null) throw appIdTaken();
    throw err;
  }
}

export async function createMiniApp(tx: Tx, cipher: Cipher, actor: Actor, scope: TenantScope, body: CreateMiniAppBody) {
  if (await repo.zaloAppIdTaken(tx, body.zaloAppId, null)) throw appIdTaken();
  await checkOa(tx, scope, body.zaloOaId);
  const row = await guardAppId(() =>
    repo.insertApp(tx, scope, {
      name: body.name,
      zaloAppId: body.zaloAppId,
      appSecretEnc: cipher.encrypt(body.appSecret),
      zaloOaId: body.zaloOaId ?? null,
      logoUrl: body.logo ?? null,
      createdBy: actor.userId,
    }),
  );
  await announce(tx, scopedTenantId(scope), row.id, actor.userId);
  return { row, view: presentMiniApp(row, 0, actor.permissions), audit: miniAppAuditView(row) };
}

export async function updateMiniApp(tx: Tx, cipher: Cipher, actor: Actor, scope: TenantScope, id: string, body: UpdateMiniAppBody) {
  const before = await repo.findApp(tx, scope, id, { lock: true });
  if (!before) throw notFound();
  await checkOa(tx, scope, body.zaloOaId);
  const after = await repo.updateApp(tx, scope, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.logo !== undefined ? { logoUrl: body.logo } : {}),
    ...(body.zaloOaId !== undefined ? { zaloOaId: body.zaloOaId } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.appSecret !== undefined ? { appSecretEnc: cipher.encrypt(body.appSecret) } : {}),
  });
  if (!after) throw notFound();
  await announce(tx, scopedTenantId(scope), id, actor.userId);
  return {
    view: presentMiniApp(after, await repo.countCustomers(tx, id), actor.permissions),
    before: miniAppAuditView(before),
    after: { ...miniAppAuditView(after), ...(body.appSecret !== undefined ? { credentialRotated: true } : {}) },
  };
}

export async function deleteMiniApp(tx: Tx, actor: Actor, scope: TenantScope, id: string) {
  const before = await repo.findApp(tx, scope, id, { lock: true });
  if (!before) throw notFound();
  await repo.deleteApp(tx, scope, id);
  await announce(tx, scopedTenantId(scope), id, actor.userId);
  return { before: miniAppAuditView(before) };
}

// ---- API keys ----

/** A fresh key: only its SHA-256 and display prefix are stored. 256 bits of randomness. */
export function newZmaApiKeySecret(): { secret: string; secretHash: string; keyPrefix: string } {
  const secret = `${ZMA_API_KEY_SECRET_PREFIX}${randomToken(32)}`;
  return { secret, secretHash: sha256(secret), keyPrefix: secret.slice(0, ZMA_API_KEY_PREFIX_LENGTH) };
}

async function appOrNotFound(db: DbOrTx, scope: TenantScope, id: string, lock = false): Promise<repo.ZmaAppRow> {
  const row = await repo.findApp(db, scope, id, { lock });
  if (!row) throw notFound();
  return row;
}

export async function listZmaApiKeys(db: DbOrTx, actor: Actor, scope: TenantScope, zmaAppId: string) {
  await appOrNotFound(db, scope, zmaAppId);
  return (await repo.listKeys(db, scope, zmaAppId)).map((k) => presentApiKey(actor, k));
}

export async function createZmaApiKey(tx: Tx, actor: Actor, scope: TenantScope, zmaAppId: string, name: string) {
  await appOrNotFound(tx, scope, zmaAppId, true);
  const { secret, secretHash, keyPrefix } = newZmaApiKeySecret();
  const row = await repo.insertKey(tx, scope, { zmaAppId, name, keyPrefix, secretHash, createdBy: actor.userId });
  return { row, view: { ...presentApiKey(actor, row), secret }, audit: apiKeyAuditView(row) };
}

export async function revokeZmaApiKey(tx: Tx, actor: Actor, scope: TenantScope, zmaAppId: string, keyId: string) {
  await appOrNotFound(tx, scope, zmaAppId);
  const key = await repo.findKey(tx, scope, zmaAppId, keyId);
  if (!key) throw notFound();
  if (!canRevokeKey(actor, key)) throw key.revokedAt ? new AppError('CONFLICT', 'The key is already revoked') : new AppError('FORBIDDEN');
  const after = await repo.revokeKey(tx, scope, keyId);
  if (!after) throw new AppError('CONFLICT', 'The key is already revoked');
  return { view: presentApiKey(actor, after), before: apiKeyAuditView(key), after: apiKeyAuditView(after) };
}

// ---- Roles ----

export async function listZmaRoles(db: DbOrTx, actor: Actor, scope: TenantScope, zmaAppId: string) {
  return (await repo.listRoles(db, scope, zmaAppId)).map((r) => presentRole(actor, r.role, r.members));
}

export async function getZmaRole(db: DbOrTx, actor: Actor, scope: TenantScope, zmaAppId: string, roleId: string) {
  const r = await repo.findRole(db, scope, zmaAppId, roleId);
  if (!r) throw notFound();
  return presentRole(actor, r.role, r.members);
}

function roleNameTaken(): AppError {
  return new AppError('CONFLICT', 'A role of this mini app already has this name', { fields: [{ path: 'name', code: 'taken', message: 'A role of this mini app already has this name' }] });
}

const uniquePermissions = (list: readonly string[]) => [...new Set(list)].sort();

export async function createZmaRole(tx: Tx, actor: Actor, scope: TenantScope, zmaAppId: string, body: { name: string; description?: string | null; permissions: string[] }) {
  if (await repo.roleNameTaken(tx, zmaAppId, body.name, null)) throw roleNameTaken();
  const row = await repo.insertRole(tx, scope, { zmaAppId, name: body.name, description: body.description ?? null, permissions: uniquePermissions(body.permissions) });
  return { row, view: presentRole(actor, row, 0), audit: roleAuditView(row) };
}

export async function updateZmaRole(
  tx: Tx,
  actor: Actor,
  scope: TenantScope,
  zmaAppId: string,
  roleId: string,
  body: { name?: string; description?: string | null; permissions?: string[] },
) {
  const current = await repo.findRole(tx, scope, zmaAppId, roleId);
  if (!current) throw notFound();
  if (!canUpdateRole(actor)) throw new AppError('FORBIDDEN');
  if (body.name !== undefined && (await repo.roleNameTaken(tx, zmaAppId, body.name, roleId))) throw roleNameTaken();
  const after = await repo.updateRole(tx, scope, zmaAppId, roleId, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.permissions !== undefined ? { permissions: uniquePermissions(body.permissions) } : {}),
  });
  if (!after) throw notFound();
  return { view: presentRole(actor, after, current.members), before: roleAuditView(current.role), after: roleAuditView(after) };
}

export async function deleteZmaRole(tx: Tx, actor: Actor, scope: TenantScope, zmaAppId: string, roleId: string) {
  const current = await repo.findRole(tx, scope, zmaAppId, roleId);
  if (!current) throw notFound();
  if (!canDeleteRole(actor)) throw new AppError('FORBIDDEN');
  await repo.deleteRole(tx, scope, zmaAppId, roleId);
  return { before: { ...roleAuditView(current.role), members: current.members } };
}

// ---- Users ----

export async function listZmaUsers(db: DbOrTx, scope: TenantScope, zmaAppId: string, q: { search?: string; roleId?: string; page: number; pageSize: number }) {
  return repo.listTenantUsers(db, scope, zmaAppId, { search: q.search, roleId: q.roleId, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
}

/** Gives (or with null takes away) the user's role in this mini app; only people who may open the tenant. */
export async function assignZmaRole(tx: Tx, scope: TenantScope, zmaAppId: string, userId: string, roleId: string | null) {
  const user = await repo.findTenantUser(tx, scope, zmaAppId, userId);
  if (!user) {
    throw new AppError('ZMA_USER_NOT_IN_TENANT', undefined, { fields: [{ path: 'userId', code: 'not_member', message: 'This person is not a member of the tenant' }] });
  }
  let roleName: string | null = null;
  if (roleId !== null) {
    const role = await repo.findRole(tx, scope, zmaAppId, roleId);
    if (!role) throw fieldError('roleId', 'Role not found in this mini app', 'not_found');
    roleName = role.role.name;
  }
  await repo.setRoleMember(tx, zmaAppId, userId, roleId);
  return {
    view: { userId: user.userId, displayName: user.displayName, email: user.email, avatar: user.avatar, roleId, roleName },
    before: { zmaAppId, userId, roleId: user.roleId },
    after: { zmaAppId, userId, roleId },
  };
}

// ---- Activity ----

export async function listZmaActivity(db: DbOrTx, scope: TenantScope, filter: repo.ActivityFilter, page: { page: number; pageSize: number }) {
  const r = await repo.listActivity(db, scope, filter, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize });
  return { rows: r.rows.map(presentActivity), total: r.total };
}

export async function* iterateZmaActivity(db: DbOrTx, scope: TenantScope, filter: repo.ActivityFilter, max: number) {
  for await (const batch of repo.iterateActivity(db, scope, filter, max)) yield batch.map(presentActivity);
}

/** Whether the mini app is the tenant's (for a filter naming one: another tenant's id → 404). */
export async function zmaAppOfTenant(db: DbOrTx, scope: TenantScope, id: string): Promise<boolean> {
  return Boolean(await repo.findApp(db, scope, id));
}

/**
 * Spins, wins and code redemptions of all the tenant's mini apps per bucket of [start, end) in
 * Asia/Ho_Chi_Minh (labels YYYY-MM-DDTHH:00, YYYY-MM-DD or YYYY-MM), for the tenant dashboard.
 */
export async function zmaActivityCountsByBucket(db: DbOrTx, scope: TenantScope, q: { start: Date; end: Date; unit: 'hour' | 'day' | 'month' }) {
  return repo.activityCountsByBucket(db, scope, q);
}
