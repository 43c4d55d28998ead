import { z } from 'zod';
import { abilities } from './common';

const secret = (name: string) => z.string().trim().min(1, `${name} is required`).max(2000);

/** §5 Create OA: all seven fields required. */
export const createOaBody = z.strictObject({
  name: z.string().trim().min(1).max(150),
  zappId: z.string().trim().min(1).max(64).regex(/^\d+$/, 'App ID is numeric'),
  zoaId: z.string().trim().min(1).max(64).regex(/^\d+$/, 'OA ID is numeric'),
  zoaSecretKey: secret('zoaSecretKey'),
  zoaWebhookSecretKey: secret('zoaWebhookSecretKey'),
  zoaAccessToken: secret('zoaAccessToken'),
  zoaRefreshToken: secret('zoaRefreshToken'),
});

export const updateOaBody = z
  .strictObject({
    name: z.string().trim().min(1).max(150).optional(),
    zoaSecretKey: secret('zoaSecretKey').optional(),
    zoaWebhookSecretKey: secret('zoaWebhookSecretKey').optional(),
    zoaAccessToken: secret('zoaAccessToken').optional(),
    zoaRefreshToken: secret('zoaRefreshToken').optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type CreateOaBody = z.infer<typeof createOaBody>;
export type UpdateOaBody = z.infer<typeof updateOaBody>;

/** §3 Zalo OA as the console shows it; credentials only ever masked. */
export const zaloOa = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  name: z.string(),
  zaloOAvatar: z.string().nullable(),
  zappId: z.string(),
  zoaId: z.string(),
  tokenStatus: z.enum(['ACTIVE', 'REFRESH_FAILED']),
  accessTokenExpiresAt: z.string().nullable(),
  lastRefreshError: z.string().nullable(),
  createdAt: z.string(),
  /**
   * update: the edit dialog opens (rename or updateCredentials); rename (UPDATE_ZALO_OA / UPDATE_ZALO_OA_INFO);
   * updateCredentials (UPDATE_ZALO_OA_CREDENTIAL); reconnect: new credentials for an OA whose token refresh failed.
   */
  abilities: abilities(['update', 'rename', 'updateCredentials', 'reconnect']),
});
export type ZaloOa = z.infer<typeof zaloOa>;

export const zaloOaDetail = zaloOa.extend({
  /** Present with VIEW_ZALO_OA_CREDENTIAL: last 4 characters only. */
  credentials: z
    .object({
      zoaSecretKey: z.string(),
      zoaWebhookSecretKey: z.string(),
      zoaAccessToken: z.string(),
      zoaRefreshToken: z.string(),
    })
    .nullable(),
  webhookUrl: z.string(),
});
export type ZaloOaDetail = z.infer<typeof zaloOaDetail>;
