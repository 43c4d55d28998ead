import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { znsTemplates } from '../../db/schema/templates';
import { wallets } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { createCipher } from '../../platform/crypto';
import { sha256 } from '../../platform/crypto';
import { buildOrganisation, buildTenant } from '../../test/helpers';
import { ensureTenantWallet } from '../wallets/service';
import type { TemplateParam } from './template-params';
import type { OutgoingMessage } from './outbox';

export const TEMPLATE_PARAMS: TemplateParam[] = [
  { name: 'customer_name', require: true, type: 'STRING', maxLength: 30, minLength: 1, acceptNull: false },
  { name: 'order_code', require: true, type: 'STRING', maxLength: 12, minLength: 4, acceptNull: false },
  { name: 'note', require: false, type: 'STRING', maxLength: 50, minLength: 0, acceptNull: true },
];

export interface SendFixture {
  merchantId: string;
  tenantId: string;
  zaloOaId: string;
  zoaId: string;
  apiKeyId: string;
  secret: string;
  walletId: string;
  templateId: string;
  tenant: Awaited<ReturnType<typeof buildTenant>>;
}

/**
 * An organisation with one tenant (ZNS + OA on), a connected OA, an ACTIVE API key, an ENABLE
 * template priced 300 đ and a prepaid wallet holding `balance`.
 */
export async function buildSendFixture(
  database: Database,
  appSecret: string,
  opts: {
    balance?: number;
    mode?: 'PREPAID' | 'POSTPAID';
    discountPercent?: number;
    accessToken?: string;
    refreshToken?: string;
    zoaId?: string;
    zappId?: string;
    appSecretKey?: string;
    merchantId?: string;
    template?: { id: string; params: TemplateParam[]; price: number };
  } = {},
): Promise<SendFixture> {
  const cipher = createCipher(appSecret);
  const merchantId = opts.merchantId ?? (await buildOrganisation(database)).id;
  const tenant = await buildTenant(database, merchantId, { znsService: true, oaService: true });
  const zoaId = opts.zoaId ?? `oa${randomBytes(6).toString('hex')}`;
  const [oa] = await database.db
    .insert(zaloOas)
    .values({
      tenantId: tenant.id,
      name: 'Shop OA',
      zappId: opts.zappId ?? `app${randomBytes(4).toString('hex')}`,
      zoaId,
      secretKeyEnc: cipher.encrypt(opts.appSecretKey ?? 'app-secret'),
      webhookSecretEnc: cipher.encrypt('webhook-secret'),
      accessTokenEnc: cipher.encrypt(opts.accessToken ?? 'access-token'),
      refreshTokenEnc: cipher.encrypt(opts.refreshToken ?? 'refresh-token'),
      accessTokenExpiresAt: new Date(Date.now() + 3600_000),
    })
    .returning();
  if (!oa) throw new Error('oa');
  const secret = `zck_${randomBytes(16).toString('hex')}`;
  const [key] = await database.db
    .insert(apiKeys)
    .values({ tenantId: tenant.id, zaloOaId: oa.id, name: 'test key', keyPrefix: secret.slice(0, 8), secretHash: sha256(secret) })
    .returning();
  if (!key) throw new Error('key');
  const templateId = opts.template?.id ?? `tpl${randomBytes(4).toString('hex')}`;
  await database.db.insert(znsTemplates).values({
    tenantId: tenant.id,
    zaloOaId: oa.id,
    znsTemplateId: templateId,
    name: 'Order shipped',
    status: 'ENABLE',
    tag: 'TRANSACTION',
    price: opts.template?.price ?? 300,
    params: opts.template?.params ?? TEMPLATE_PARAMS,
  });
  const wallet = await ensureTenantWallet(database.db, tenant.id);
  await database.db
    .update(wallets)
    .set({ balance: opts.balance ?? 100_000, mode: opts.mode ?? 'PREPAID', discountPercent: opts.discountPercent ?? 0 })
    .where(eq(wallets.id, wallet.id));
  return { merchantId, tenantId: tenant.id, zaloOaId: oa.id, zoaId, apiKeyId: key.id, secret, walletId: wallet.id, templateId, tenant };
}

export function znsBody(f: SendFixture, overrides: Record<string, unknown> = {}) {
  return {
    phone: '0987654321',
    templateId: f.templateId,
    templateData: { customer_name: 'Nguyễn Văn A', order_code: 'PE0102' },
    trackingId: `t-${randomBytes(6).toString('hex')}`,
    ...overrides,
  };
}

/** A priced ZNS message of the fixture, ready for the outbox. */
export function znsMessage(f: SendFixture, trackingId: string, price = 300): OutgoingMessage {
  return {
    tenantId: f.tenantId,
    apiKeyId: f.apiKeyId,
    zaloOaId: f.zaloOaId,
    module: 'ZNS',
    trackingId,
    idempotencyKey: null,
    requestHash: `h-${trackingId}`,
    type: 'TRANSACTION',
    price,
    values: { phone: '84987654321', znsTemplateId: f.templateId, templateName: 'Order shipped', templateData: { customer_name: 'A', order_code: trackingId }, mode: 'production' },
  };
}

/** A priced OA text message of the fixture, ready for the outbox. */
export function oaMessage(f: SendFixture, trackingId: string, price = 55): OutgoingMessage {
  return { ...znsMessage(f, trackingId, price), module: 'OA', type: 'CS', values: { uid: '1234567890', messageData: { kind: 'text', text: 'Xin chào' }, templateName: 'text', mode: 'production' } };
}
