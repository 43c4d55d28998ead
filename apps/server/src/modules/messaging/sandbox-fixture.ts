import { expect } from 'vitest';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID, SANDBOX_TEMPLATE_IDS } from '@zc/zalo-sandbox/seed';
import { createZaloClient, type ZaloClient } from '@zc/zalo/client';
import { createCipher } from '../../platform/crypto';
import type { Database } from '../../db/client';
import type { TestContext } from '../../test/helpers';
import { createPgTokenStore } from '../zalo-oa/token-store';
import { buildSendFixture, type SendFixture } from './test-fixtures';

export interface SandboxDelivery {
  sbx: RunningSandbox;
  /** The real client over HTTP against the sandbox, with the product's token store. */
  zalo: ZaloClient;
  /** A tenant connected to the sandbox OA, with its OTP template (300 đ) and 100,000 đ prepaid. */
  f: SendFixture;
}

/**
 * Test-only: a running Zalo sandbox (delivery receipts held back 60 s), the real Zalo client and a send
 * fixture connected to the sandbox's OA. App credentials are given to the client directly: the server
 * wrapper reads them from the database inside the token-store lock, which would deadlock the single
 * PGlite connection during a refresh.
 */
export async function startSandboxDelivery(t: TestContext): Promise<SandboxDelivery> {
  const sbx = await startSandboxServer({ znsDeliveryDelayMs: 60_000 });
  const zalo = createZaloClient({
    hosts: sbx.hosts,
    timeoutMs: 5_000,
    tokenStore: createPgTokenStore(t.database.db, createCipher(t.config.appSecret)),
    app: { appId: SANDBOX_APP_ID, secretKey: SANDBOX_APP_SECRET_KEY },
    rateLimit: false,
  });
  const f = await buildSandboxSendFixture(t.database, t.config.appSecret, 100_000);
  return { sbx, zalo, f };
}

/**
 * Test-only: sends the sandbox OTP template to 0987000001 through the public API (expects 202) and
 * returns the message id; every call gets a fresh tracking id (`prefix`-n-time) and OTP.
 */
export function otpSender(t: TestContext, f: SendFixture, prefix: string, firstOtp: number) {
  let n = 0;
  return async (overrides: Record<string, unknown> = {}): Promise<string> => {
    n += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/zns/send',
      headers: { 'x-api-key': f.secret },
      payload: { phone: '0987000001', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: `${firstOtp + n}` }, trackingId: `${prefix}-${n}-${Date.now()}`, ...overrides },
    });
    expect(res.statusCode, res.body).toBe(202);
    return (res.json() as { data: { id: string } }).data.id;
  };
}

/** A tenant connected to the sandbox's OA with its seeded tokens and OTP template (300 đ), `balance` đ prepaid. */
export function buildSandboxSendFixture(database: Database, appSecret: string, balance: number): Promise<SendFixture> {
  const tokens = SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID];
  return buildSendFixture(database, appSecret, {
    balance,
    zoaId: SANDBOX_OA_ID,
    zappId: SANDBOX_APP_ID,
    appSecretKey: SANDBOX_APP_SECRET_KEY,
    accessToken: tokens?.accessToken,
    refreshToken: tokens?.refreshToken,
    template: { id: SANDBOX_TEMPLATE_IDS.otp, price: 300, params: [{ name: 'otp', require: true, type: 'STRING', maxLength: 10, minLength: 0, acceptNull: false }] },
  });
}
