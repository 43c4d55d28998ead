import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { systemSettings } from '../db/schema/platform';
import { zaloOas } from '../db/schema/zalo-oa';
import { createCipher, sha256 } from './crypto';

/** Names of the shared settings (one row each in `system_settings`). */
export const SETTING = {
  /** `{ fingerprint }`: which APP_SECRET encrypted this database's secrets. */
  keyFingerprint: 'app_secret_fingerprint',
  /** `{ url }`: where an API process in sandbox mode serves the in-process Zalo sandbox. */
  zaloSandboxUrl: 'zalo_sandbox_url',
} as const;

/** Reads one shared setting; undefined when no process has written it. */
export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key));
  return row ? (row.value as T) : undefined; // jsonb written only by writeSetting with this key's shape
}

/** Writes (or replaces) one shared setting. */
export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * A fingerprint of the at-rest key that reveals nothing usable about it: a hash of a hash of the
 * secret under its own label (the secret is ≥ 32 characters, so it cannot be guessed back).
 */
export function keyFingerprint(appSecret: string): string {
  return `sha256:${sha256(`zc-key-fingerprint:${sha256(appSecret)}`).slice(0, 32)}`;
}

/** The message an operator sees when this process's APP_SECRET is not the database's. */
export class KeyMismatchError extends Error {}

/**
 * Refuses a process whose APP_SECRET is not the one this database's secrets were encrypted with
 * (a worker that generated its own secret into its DATA_DIR could not decrypt a single OA
 * credential). The first process records the fingerprint; on a database that already holds
 * encrypted OA credentials from before the fingerprint existed, it first checks that it can
 * decrypt one of them.
 */
export async function ensureKeyFingerprint(db: Db, appSecret: string, opts: { generated: boolean }): Promise<void> {
  const mine = keyFingerprint(appSecret);
  const hint = opts.generated
    ? 'This process generated its own APP_SECRET (DATA_DIR/app-secret); give every process of one database the same APP_SECRET.'
    : 'Give every process of one database the same APP_SECRET.';
  const stored = await readSetting<{ fingerprint: string }>(db, SETTING.keyFingerprint);
  if (stored) {
    if (stored.fingerprint !== mine) {
      throw new KeyMismatchError(`APP_SECRET does not match the key this database's secrets were encrypted with (database ${stored.fingerprint}, this process ${mine}). ${hint}`);
    }
    return;
  }
  const [sealed] = await db.select({ secret: zaloOas.secretKeyEnc }).from(zaloOas).limit(1);
  if (sealed) {
    try {
      createCipher(appSecret).decrypt(sealed.secret);
    } catch {
      throw new KeyMismatchError(`APP_SECRET cannot decrypt the OA credentials already in this database. ${hint}`);
    }
  }
  // Two processes starting together: the first insert wins and the loser re-checks against it.
  await db.insert(systemSettings).values({ key: SETTING.keyFingerprint, value: { fingerprint: mine } }).onConflictDoNothing();
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, SETTING.keyFingerprint));
  const winner = (row?.value as { fingerprint?: string } | undefined)?.fingerprint; // jsonb of the shape written just above
  if (winner !== mine) throw new KeyMismatchError(`APP_SECRET does not match the key another process recorded for this database (database ${winner}, this process ${mine}). ${hint}`);
}

/** The API process (sandbox mode, in-process sandbox) records where it serves the sandbox. */
export async function recordSandboxUrl(db: Db, url: string): Promise<void> {
  await writeSetting(db, SETTING.zaloSandboxUrl, { url });
}

/** Raised when a worker in sandbox mode cannot find a sandbox to call. */
export class SandboxNotFoundError extends Error {}

/**
 * Where a worker in sandbox mode finds the Zalo sandbox: the address the API process recorded,
 * if it answers. Otherwise the worker must not start: it would call its own (absent) port and
 * every send would stay PENDING.
 */
export async function findRecordedSandbox(db: Db, opts: { timeoutMs?: number } = {}): Promise<string> {
  const advice =
    'Start the API process (--role=api) first — it records where it serves the sandbox — or set ZALO_SANDBOX_URL to the sandbox base URL (the API process\'s http://host:port/zalo-sandbox, or a standalone `npm run sandbox`); in production use ZALO_MODE=live.';
  const recorded = await readSetting<{ url: string }>(db, SETTING.zaloSandboxUrl);
  if (!recorded?.url) throw new SandboxNotFoundError(`Worker in sandbox mode: no Zalo sandbox is recorded in the database. ${advice}`);
  try {
    // Any answer will do (the control API is unauthenticated and read-only here); only no answer is fatal.
    await fetch(`${recorded.url}/_control/state`, { signal: AbortSignal.timeout(opts.timeoutMs ?? 3_000) });
  } catch {
    throw new SandboxNotFoundError(`Worker in sandbox mode: the Zalo sandbox recorded at ${recorded.url} does not answer. ${advice}`);
  }
  return recorded.url;
}
