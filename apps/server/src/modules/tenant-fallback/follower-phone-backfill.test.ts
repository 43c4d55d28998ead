import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { normalizeVietnamPhone } from '@zc/shared/phone';
import { oaFollowers } from '../../db/schema/followers';
import { createTestApp, type TestContext } from '../../test/helpers';
import { buildSendFixture } from '../messaging/test-fixtures';

const migration = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/0004_fallback.sql'), 'utf8');
/** The migration's last statement: the backfill of oa_followers.phone. */
const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('migration 0004 backfill of follower phones', () => {
  it('normalises shared phones exactly like parseVietnamPhone where it can, and leaves the rest null', async () => {
    expect(backfill).toContain('UPDATE "oa_followers"');
    const f = await buildSendFixture(t.database, t.config.appSecret);
    const spellings = [
      '84987654321', '0987654321', '+84 987 654 321', '+84987654321', '0084987654321', '840987654321', '987654321', '098.765.4321', '(098) 765-4321',
      '0912345678', '0351234567', '0521234567', '0551234567', '0871234567', '0591234567',
      // not mobile numbers on a known prefix, or not numbers at all
      '0951234567', '0281234567', '12345', 'không có', '', '+0084987654321', '84 98765432', '8409876543210',
    ];
    const rows: Array<typeof oaFollowers.$inferInsert> = spellings.map((phone, i) => ({ tenantId: f.tenantId, zaloOaId: f.zaloOaId, userId: `u${i}`, displayName: `Người ${i}`, sharedInfo: { name: `Người ${i}`, phone } }));
    rows.push({ tenantId: f.tenantId, zaloOaId: f.zaloOaId, userId: 'no-info', displayName: 'Không chia sẻ', sharedInfo: null });
    await t.database.db.insert(oaFollowers).values(rows);
    await t.database.raw.exec(backfill);
    const after = await t.database.db.select().from(oaFollowers).where(eq(oaFollowers.zaloOaId, f.zaloOaId));
    expect(after).toHaveLength(spellings.length + 1);
    for (const r of after) expect(r.phone, JSON.stringify(r.sharedInfo)).toBe(normalizeVietnamPhone(r.sharedInfo?.phone));
    expect(after.filter((r) => r.phone === '84987654321')).toHaveLength(9);
    expect(after.filter((r) => r.phone === null).length).toBeGreaterThanOrEqual(8);
  });
});
