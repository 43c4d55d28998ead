import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { AUDIT_ACTIONS } from '@zc/shared/api/audit';
import { OTP_PURPOSES } from '@zc/shared/api/auth';
import { API_KEY_SERVICES, API_KEY_STATUSES } from '@zc/shared/api/api-keys';
import { FALLBACK_MESSAGE_KINDS, FALLBACK_NOTES } from '@zc/shared/api/fallback';
import { MESSAGE_MODULES, MESSAGE_STATUSES, MESSAGE_TYPES, SEND_MODES } from '@zc/shared/api/messaging';
import { INVITATION_STATUSES } from '@zc/shared/api/organisation';
import { ZNS_TEMPLATE_STATUSES } from '@zc/shared/api/templates';
import { WALLET_ENTRY_REASONS, WALLET_ENTRY_TYPES, WALLET_MODES } from '@zc/shared/api/wallet';
import { WEBHOOK_DELIVERY_EVENTS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '@zc/shared/api/webhooks';
import { MERCHANT_ROLES } from '@zc/shared/permissions';
import { createTestDatabase } from '../test/helpers';
import type { Database } from './client';
import { AUTH_THROTTLE_SCOPES } from './schema/auth';
import { DOMAIN_EVENT_TYPES } from './schema/events';
import { NOTIFICATION_ACTIONS, NOTIFICATION_STATUSES } from './schema/notifications';
import { TEMPLATE_REQUEST_STATUSES } from './schema/templates';
import { WALLET_HOLD_STATUSES } from './schema/wallets';
import { ZALO_OA_TOKEN_STATUSES } from './schema/zalo-oa';

/**
 * Migration 0010 (enum check constraints) on a database that already holds rows: every row written
 * under 0009 — one for each value of every list, plus values in the wrong case and one value no list
 * knows — is still there afterwards, near-misses are normalised, and a value outside a list is
 * refused (23514) from then on. Runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
 */

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const BEFORE = '0009_wallet_holds';

/** A copy of the migrations folder whose journal ends at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'zc-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`migration ${lastTag} not in the journal`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateFrom(database: Database, folder: string): Promise<void> {
  if (database.kind === 'postgres') await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
  else await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });
}

/** Every check constraint of 0010: table, column, the list it allows. */
const LISTS: Array<{ table: string; column: string; values: readonly string[] }> = [
  { table: 'auth_throttle', column: 'scope', values: AUTH_THROTTLE_SCOPES },
  { table: 'otp_codes', column: 'purpose', values: OTP_PURPOSES },
  { table: 'merchant_members', column: 'role', values: MERCHANT_ROLES },
  { table: 'merchant_invitations', column: 'status', values: INVITATION_STATUSES },
  { table: 'merchant_invitations', column: 'role', values: MERCHANT_ROLES },
  { table: 'audit_logs', column: 'action', values: AUDIT_ACTIONS },
  { table: 'zalo_oas', column: 'token_status', values: ZALO_OA_TOKEN_STATUSES },
  { table: 'wallets', column: 'mode', values: WALLET_MODES },
  { table: 'wallet_entries', column: 'type', values: WALLET_ENTRY_TYPES },
  { table: 'wallet_entries', column: 'reason', values: WALLET_ENTRY_REASONS },
  { table: 'wallet_holds', column: 'status', values: WALLET_HOLD_STATUSES },
  { table: 'api_keys', column: 'service', values: API_KEY_SERVICES },
  { table: 'api_keys', column: 'status', values: API_KEY_STATUSES },
  { table: 'template_requests', column: 'status', values: TEMPLATE_REQUEST_STATUSES },
  { table: 'message_history', column: 'module', values: MESSAGE_MODULES },
  { table: 'message_history', column: 'mode', values: SEND_MODES },
  { table: 'message_history', column: 'type', values: MESSAGE_TYPES },
  { table: 'message_history', column: 'status', values: MESSAGE_STATUSES },
  { table: 'message_history', column: 'fallback_note', values: FALLBACK_NOTES },
  { table: 'webhook_deliveries', column: 'event', values: WEBHOOK_DELIVERY_EVENTS },
  { table: 'webhook_deliveries', column: 'status', values: WEBHOOK_DELIVERY_STATUSES },
  { table: 'tenant_fallback_settings', column: 'message_kind', values: FALLBACK_MESSAGE_KINDS },
  { table: 'notifications', column: 'status', values: NOTIFICATION_STATUSES },
  { table: 'notifications', column: 'action', values: NOTIFICATION_ACTIONS },
  { table: 'domain_events', column: 'type', values: DOMAIN_EVENT_TYPES },
];
const TABLES = [...new Set([...LISTS.map((l) => l.table), 'users', 'merchants', 'tenants', 'tenant_webhooks', 'zns_templates'])];

/**
 * The values migration 0010 lists for a column: rows "written under 0009" can only hold those (or the
 * near-misses and unknown value seeded on purpose). Values added to a list later (issue 11, 12 …) are
 * introduced by the migration that adds them, which re-creates the constraint validated.
 */
function listedIn0010(table: string, column: string, values: readonly string[]): readonly string[] {
  const sql = readFileSync(path.join(migrationsFolder, '0010_enum_constraints.sql'), 'utf8');
  const m = new RegExp(`CHECK \\("${table}"\\."${column}" in \\(([^)]*)\\)\\)`).exec(sql);
  if (!m?.[1]) throw new Error(`0010 has no list for ${table}.${column}`);
  const known = new Set(m[1].split(',').map((v) => v.trim().replace(/^'|'$/g, '')));
  return values.filter((v) => known.has(v));
}

/** The i-th value of a list, cycling, so that `n` rows cover every value of each list. */
const at = <T,>(values: readonly T[], i: number): T => values[i % values.length] as T;
const widest = (...lists: Array<readonly unknown[]>) => Math.max(...lists.map((l) => l.length));

let database: Database & { drop(): Promise<void> };
let partialFolder: string;
const ids = { merchant: randomUUID(), tenants: [randomUUID(), randomUUID()], users: [] as string[], oa: randomUUID(), webhook: randomUUID() };
const normalised = { oa: randomUUID(), message: randomUUID(), member: randomUUID() };
let legacyEntry = '';
let postpaidWallet = '';
const countsBefore: Record<string, number> = {};

async function q(text: string, values: unknown[] = []) {
  return database.raw.query(text, values);
}

/** Rows as the code before 0010 could leave them: every listed value, some in the wrong case, one unknown. */
async function seedUnder0009(): Promise<void> {
  const userCount = widest(MERCHANT_ROLES, OTP_PURPOSES, NOTIFICATION_STATUSES, NOTIFICATION_ACTIONS) + 1;
  for (let i = 0; i < userCount; i += 1) {
    const id = randomUUID();
    ids.users.push(id);
    await q(`insert into users (id, email, password_hash, display_name) values ($1, $2, 'x', $3)`, [id, `u${i}-${id}@example.vn`, `User ${i}`]);
  }
  await q(`insert into merchants (id, name) values ($1, 'Org')`, [ids.merchant]);
  for (const [i, t] of ids.tenants.entries()) await q(`insert into tenants (id, merchant_id, name) values ($1, $2, $3)`, [t, ids.merchant, `Tenant ${i}`]);
  const [tenant] = ids.tenants;

  for (const [i, role] of MERCHANT_ROLES.entries()) await q(`insert into merchant_members (merchant_id, user_id, role) values ($1, $2, $3)`, [ids.merchant, ids.users[i], role]);
  // Written in the wrong case: normalised to 'ADMIN'.
  await q(`insert into users (id, email, password_hash, display_name) values ($1, $2, 'x', 'Lower')`, [normalised.member, `${normalised.member}@example.vn`]);
  await q(`insert into merchant_members (merchant_id, user_id, role) values ($1, $2, ' admin')`, [ids.merchant, normalised.member]);

  for (const [i, purpose] of OTP_PURPOSES.entries())
    await q(`insert into otp_codes (user_id, purpose, expires_at, last_sent_at) values ($1, $2, now(), now())`, [ids.users[i], purpose]);
  for (const scope of AUTH_THROTTLE_SCOPES) await q(`insert into auth_throttle (scope, key) values ($1, 'k')`, [scope]);

  for (let i = 0; i < widest(INVITATION_STATUSES, MERCHANT_ROLES); i += 1)
    await q(`insert into merchant_invitations (merchant_id, email, role, token_hash, status, expires_at) values ($1, $2, $3, $4, $5, now())`, [
      ids.merchant,
      `invite${i}@example.vn`,
      at(MERCHANT_ROLES, i),
      randomUUID(),
      at(INVITATION_STATUSES, i),
    ]);

  for (const [i, action] of listedIn0010('audit_logs', 'action', AUDIT_ACTIONS).entries())
    await q(`insert into audit_logs (chain_key, seq, merchant_id, action, created_at, prev_hash, hash) values ('platform', $1, $2, $3, now(), 'p', 'h')`, [i + 1, ids.merchant, action]);

  const oaRow = (id: string, zoa: string, status: string) =>
    q(
      `insert into zalo_oas (id, tenant_id, name, zapp_id, zoa_id, secret_key_enc, webhook_secret_enc, access_token_enc, refresh_token_enc, token_status)
       values ($1, $2, 'OA', 'app', $3, 's', 'w', 'a', 'r', $4)`,
      [id, tenant, zoa, status],
    );
  await oaRow(ids.oa, 'zoa-main', ZALO_OA_TOKEN_STATUSES[0]);
  for (const [i, status] of ZALO_OA_TOKEN_STATUSES.entries()) await oaRow(randomUUID(), `zoa-${i}`, status);
  await oaRow(normalised.oa, 'zoa-lower', 'refresh_failed');

  for (let i = 0; i < widest(API_KEY_SERVICES, API_KEY_STATUSES); i += 1)
    await q(`insert into api_keys (tenant_id, zalo_oa_id, name, service, status, key_prefix, secret_hash) values ($1, $2, 'k', $3, $4, 'zk', $5)`, [
      tenant,
      ids.oa,
      at(API_KEY_SERVICES, i),
      at(API_KEY_STATUSES, i),
      randomUUID(),
    ]);
  for (const [i, status] of ZNS_TEMPLATE_STATUSES.entries())
    await q(`insert into zns_templates (tenant_id, zalo_oa_id, zns_template_id, name, status) values ($1, $2, $3, 't', $4)`, [tenant, ids.oa, String(1000 + i), status]);
  for (const status of TEMPLATE_REQUEST_STATUSES)
    await q(`insert into template_requests (tenant_id, zalo_oa_id, name, payload, status) values ($1, $2, 'r', '{}'::jsonb, $3)`, [tenant, ids.oa, status]);

  // The organisation's prepaid wallet and a tenant's postpaid wallet whose usage predates the ledger.
  const merchantWallet = randomUUID();
  postpaidWallet = randomUUID();
  await q(`insert into wallets (id, merchant_id, tenant_id, mode, balance) values ($1, $2, null, $3, 100000)`, [merchantWallet, ids.merchant, WALLET_MODES[0]]);
  await q(`insert into wallets (id, merchant_id, tenant_id, mode, postpaid_usage) values ($1, $2, $3, $4, 4500)`, [postpaidWallet, ids.merchant, tenant, WALLET_MODES[1]]);
  for (let i = 0; i < widest(WALLET_ENTRY_TYPES, WALLET_ENTRY_REASONS); i += 1)
    await q(`insert into wallet_entries (wallet_id, type, value, new_balance, reason) values ($1, $2, 100, 100000, $3)`, [merchantWallet, at(WALLET_ENTRY_TYPES, i), at(WALLET_ENTRY_REASONS, i)]);
  // A reason no list knows and no mapping fits: kept as it is.
  legacyEntry = randomUUID();
  await q(`insert into wallet_entries (id, wallet_id, type, value, new_balance, reason, note) values ($1, $2, 'ADD', 1, 100000, 'PROMO_BONUS', 'legacy')`, [legacyEntry, merchantWallet]);
  for (const [i, status] of WALLET_HOLD_STATUSES.entries())
    await q(`insert into wallet_holds (wallet_id, ref, amount, used, status) values ($1, $2, 10, 0, $3)`, [merchantWallet, `campaign:${i}`, status]);

  for (let i = 0; i < widest(MESSAGE_MODULES, SEND_MODES, MESSAGE_TYPES, MESSAGE_STATUSES, FALLBACK_NOTES); i += 1)
    await q(`insert into message_history (tenant_id, module, zalo_oa_id, mode, type, status, fallback_note) values ($1, $2, $3, $4, $5, $6, $7)`, [
      tenant,
      at(MESSAGE_MODULES, i),
      ids.oa,
      at(SEND_MODES, i),
      at(MESSAGE_TYPES, i),
      at(MESSAGE_STATUSES, i),
      i === 0 ? null : at(FALLBACK_NOTES, i),
    ]);
  await q(`insert into message_history (id, tenant_id, module, zalo_oa_id, mode, type, status) values ($1, $2, 'zns', $3, 'Production', 'cs', 'received ')`, [
    normalised.message,
    tenant,
    ids.oa,
  ]);

  await q(`insert into tenant_webhooks (id, tenant_id, url, secret_enc, events) values ($1, $2, 'https://example.vn/h', 's', $3::jsonb)`, [ids.webhook, tenant, JSON.stringify(WEBHOOK_EVENTS)]);
  await q(`insert into tenant_webhooks (tenant_id, url, secret_enc) values ($1, 'https://example.vn/empty', 's')`, [tenant]);
  for (let i = 0; i < widest(WEBHOOK_DELIVERY_EVENTS, WEBHOOK_DELIVERY_STATUSES); i += 1)
    await q(`insert into webhook_deliveries (tenant_id, webhook_id, event, payload, status) values ($1, $2, $3, '{}'::jsonb, $4)`, [
      tenant,
      ids.webhook,
      at(WEBHOOK_DELIVERY_EVENTS, i),
      at(WEBHOOK_DELIVERY_STATUSES, i),
    ]);
  for (const [i, kind] of FALLBACK_MESSAGE_KINDS.entries()) await q(`insert into tenant_fallback_settings (tenant_id, message_kind) values ($1, $2)`, [ids.tenants[i], kind]);

  for (let i = 0; i < widest(NOTIFICATION_STATUSES, NOTIFICATION_ACTIONS); i += 1)
    await q(`insert into notifications (merchant_id, user_id, status, action, type, name) values ($1, $2, $3, $4, 'WALLET_LOW_BALANCE', 'n')`, [
      ids.merchant,
      ids.users[i],
      at(NOTIFICATION_STATUSES, i),
      at(NOTIFICATION_ACTIONS, i),
    ]);
  for (const type of listedIn0010('domain_events', 'type', DOMAIN_EVENT_TYPES)) await q(`insert into domain_events (type, merchant_id, payload) values ($1, $2, '{}'::jsonb)`, [type, ids.merchant]);
}

async function countRows(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const { rows } = await q(`select count(*)::int as n from ${t}`);
    out[t] = (rows[0] as { n: number }).n;
  }
  return out;
}

async function sqlState(text: string, values: unknown[] = []): Promise<string | undefined> {
  try {
    await q(text, values);
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
}

describe('migration 0010: enum columns with check constraints keep every row', () => {
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    partialFolder = migrationsUpTo(BEFORE);
    await migrateFrom(database, partialFolder);
    await seedUnder0009();
    Object.assign(countsBefore, await countRows());
    await migrateFrom(database, migrationsFolder);
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
    if (partialFolder) rmSync(partialFolder, { recursive: true, force: true });
  });

  it('keeps every row of every table (and adds one opening usage entry per postpaid wallet)', async () => {
    const after = await countRows();
    expect(after).toEqual({ ...countsBefore, wallet_entries: (countsBefore.wallet_entries ?? 0) + 1 });
    const { rows } = await q(`select type, value::int as value, reason, new_balance::int as new_balance from wallet_entries where wallet_id = $1`, [postpaidWallet]);
    expect(rows).toEqual([{ type: 'SUB', value: 4500, reason: 'USAGE', new_balance: 0 }]);
  });

  it('normalises values that differ from a listed one only in case or spaces', async () => {
    expect((await q(`select token_status from zalo_oas where id = $1`, [normalised.oa])).rows).toEqual([{ token_status: 'REFRESH_FAILED' }]);
    expect((await q(`select module, mode, type, status from message_history where id = $1`, [normalised.message])).rows).toEqual([
      { module: 'ZNS', mode: 'production', type: 'CS', status: 'RECEIVED' },
    ]);
    expect((await q(`select role from merchant_members where user_id = $1`, [normalised.member])).rows).toEqual([{ role: 'ADMIN' }]);
  });

  it('keeps a value no list knows and leaves only that constraint NOT VALID; every other constraint is validated', async () => {
    expect((await q(`select reason from wallet_entries where id = $1`, [legacyEntry])).rows).toEqual([{ reason: 'PROMO_BONUS' }]);
    const { rows } = await q(`select conname, convalidated from pg_constraint where contype = 'c' and conname like '%\\_ck' order by conname`);
    const state = Object.fromEntries((rows as Array<{ conname: string; convalidated: boolean }>).map((r) => [r.conname, r.convalidated]));
    const expected = Object.fromEntries(LISTS.map((l) => [`${l.table}_${l.column}_ck`, l.table !== 'wallet_entries' || l.column !== 'reason']));
    expect(state).toMatchObject({ ...expected, tenant_webhooks_events_ck: true, wallet_holds_amounts_ck: true });
  });

  it('refuses a value outside each list with a check violation (23514)', async () => {
    for (const { table, column } of LISTS) {
      // Every row of these tables holds a listed value; writing an unlisted one must fail.
      const state = await sqlState(`update ${table} set ${column} = 'NOT_IN_LIST' where ctid = (select ctid from ${table} where ${column} is not null limit 1)`);
      expect({ table, column, state }).toEqual({ table, column, state: '23514' });
    }
    expect(await sqlState(`update tenant_webhooks set events = '["message.status", "message.deleted"]'::jsonb where id = $1`, [ids.webhook])).toBe('23514');
    expect(await sqlState(`update tenant_webhooks set events = '{"message.status": true}'::jsonb where id = $1`, [ids.webhook])).toBe('23514');
  });

  it('refuses inserts of unlisted values on the hot tables', async () => {
    const [tenant] = ids.tenants;
    const insertMessage = (status: string) =>
      sqlState(`insert into message_history (tenant_id, module, zalo_oa_id, mode, type, status) values ($1, 'ZNS', $2, 'production', 'CS', $3)`, [tenant, ids.oa, status]);
    expect(await insertMessage('DELIVERED')).toBe('23514');
    expect(await insertMessage('PENDING')).toBeUndefined();
    const walletId = (await q(`select id from wallets where tenant_id is null and merchant_id = $1`, [ids.merchant])).rows[0] as { id: string };
    expect(await sqlState(`insert into wallet_entries (wallet_id, type, value, new_balance, reason) values ($1, 'ADD', 1, 1, 'GIFT')`, [walletId.id])).toBe('23514');
    expect(await sqlState(`insert into wallet_entries (wallet_id, type, value, new_balance, reason) values ($1, 'MUL', 1, 1, 'TOPUP')`, [walletId.id])).toBe('23514');
    expect(await sqlState(`insert into domain_events (type, merchant_id, payload) values ('message.exploded', $1, '{}'::jsonb)`, [ids.merchant])).toBe('23514');
  });

  it('leaves what Zalo sends open: a template status Zalo adds is stored', async () => {
    expect(await sqlState(`update zns_templates set status = 'PAUSED' where zns_template_id = '1000'`)).toBeUndefined();
  });

  it('allows one charge and one refund per message across kinds', async () => {
    const walletId = ((await q(`select id from wallets where tenant_id is null and merchant_id = $1`, [ids.merchant])).rows[0] as { id: string }).id;
    const messageId = randomUUID();
    const entry = (reason: string) => sqlState(`insert into wallet_entries (wallet_id, type, value, new_balance, reason, message_id) values ($1, 'SUB', 1, 1, $2, $3)`, [walletId, reason, messageId]);
    expect(await entry('CHARGE')).toBeUndefined();
    expect(await entry('USAGE')).toBe('23505');
    expect(await entry('REFUND')).toBeUndefined();
    expect(await entry('HOLD_REFUND')).toBe('23505');
  });
});
