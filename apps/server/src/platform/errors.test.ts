import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { auditChainHeads } from '../db/schema/audit';
import { users } from '../db/schema/auth';
import { createTestDatabase } from '../test/helpers';
import { registerErrorHandler, uniqueConflict } from './errors';

/** A bare app whose routes run real duplicate inserts (PGlite or PostgreSQL), answered by the one error handler. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  const email = `dup-${Date.now()}@test.vn`;
  app.post('/user', async () => {
    await database.db.insert(users).values({ email, displayName: 'Dup', passwordHash: 'x' });
    return { ok: true };
  });
  app.post('/chain', async () => {
    await database.db.insert(auditChainHeads).values({ chainKey: 'dup-chain', seq: 0, hash: '0' });
    return { ok: true };
  });
  app.post('/in-transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: `tx-${email}`, displayName: 'Dup', passwordHash: 'x' });
      await tx.insert(users).values({ email: `tx-${email}`, displayName: 'Dup', passwordHash: 'x' });
    });
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('unique violations answer 409 with a stable code', () => {
  it('maps users_email_key to EMAIL_TAKEN on the email field, as thrown through Drizzle', async () => {
    expect((await app.inject({ method: 'POST', url: '/user' })).statusCode).toBe(200);
    const dup = await app.inject({ method: 'POST', url: '/user' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: 'This email is already registered', details: { fields: [{ path: 'email', code: 'taken' }] } });
    expect(dup.body).not.toMatch(/users_email_key|duplicate key|23505/);
    const inTx = await app.inject({ method: 'POST', url: '/in-transaction' });
    expect(inTx.statusCode).toBe(409);
    expect(inTx.json().error.code).toBe('EMAIL_TAKEN');
  });

  it('answers CONFLICT for a constraint without a more precise code, never naming it', async () => {
    expect((await app.inject({ method: 'POST', url: '/chain' })).statusCode).toBe(200);
    const dup = await app.inject({ method: 'POST', url: '/chain' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({ code: 'CONFLICT', message: 'Conflict', requestId: expect.any(String) });
    expect(dup.body).not.toContain('audit_chain_heads');
  });

  it('finds SQLSTATE 23505 on the error or down its cause chain only', () => {
    expect(uniqueConflict({ code: '23505', constraint: 'x_key' })).toEqual({ constraint: 'x_key' });
    expect(uniqueConflict(new Error('wrapped', { cause: new Error('again', { cause: Object.assign(new Error('pg'), { code: '23505' }) }) }))).toEqual({ constraint: null });
    expect(uniqueConflict(Object.assign(new Error('fk'), { code: '23503' }))).toBeNull();
    expect(uniqueConflict('23505')).toBeNull();
  });
});
