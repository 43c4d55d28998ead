import { afterEach, describe, expect, it } from 'vitest';
import { systemSettings } from '../db/schema/platform';
import { createTestDatabase } from '../test/helpers';
import { buildSendFixture } from '../modules/messaging/test-fixtures';
import { ensureKeyFingerprint, keyFingerprint, KeyMismatchError, readSetting, SETTING } from './system-settings';

const A = 'secret-a-secret-a-secret-a-secret-a-0001';
const B = 'secret-b-secret-b-secret-b-secret-b-0002';

describe('the at-rest key fingerprint', () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  it('records the first process\'s fingerprint and refuses another key, naming APP_SECRET', async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    await ensureKeyFingerprint(database.db, A, { generated: false });
    expect(await readSetting(database.db, SETTING.keyFingerprint)).toEqual({ fingerprint: keyFingerprint(A) });
    await ensureKeyFingerprint(database.db, A, { generated: false });
    await expect(ensureKeyFingerprint(database.db, B, { generated: true })).rejects.toThrow(/APP_SECRET does not match[\s\S]*generated its own APP_SECRET/);
    await expect(ensureKeyFingerprint(database.db, B, { generated: false })).rejects.toBeInstanceOf(KeyMismatchError);
  });

  it('on a database with OA credentials from before fingerprints, accepts only a key that decrypts them', async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    await buildSendFixture(database, A);
    await expect(ensureKeyFingerprint(database.db, B, { generated: false })).rejects.toThrow(/APP_SECRET cannot decrypt/);
    expect(await database.db.select().from(systemSettings)).toHaveLength(0);
    await ensureKeyFingerprint(database.db, A, { generated: false });
    expect(await readSetting(database.db, SETTING.keyFingerprint)).toEqual({ fingerprint: keyFingerprint(A) });
  });

  it('reveals nothing of the secret', () => {
    expect(keyFingerprint(A)).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(keyFingerprint(A)).not.toContain(A);
    expect(keyFingerprint(A)).not.toBe(keyFingerprint(B));
  });
});
