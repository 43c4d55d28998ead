import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { dataResponse, listResponse, pageQuery } from '@zc/shared/api/common';
import { createOaBody, updateOaBody, zaloOa, zaloOaDetail } from '@zc/shared/api/zalo-oa';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { requireTenant, requireUser, tenantAccess } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { zaloOas } from '../../db/schema/zalo-oa';
import { assertHeaderSafeCredentials, fetchOaProfile, findOa, listOas, presentOa, presentOaDetail } from './service';

const tags = ['Official accounts'];
const idParams = z.strictObject({ id: z.uuid() });

/** Connected Zalo OAs (§3 Zalo OA, §4 gate, §7 Official accounts). */
export function registerZaloOaRoutes(app: ZodApp, deps: ModuleDeps): void {
  // Every tenant member may see which OAs exist (the §4 gate needs it); details need a permission.
  app.get(
    '/merchant/zalo-oa/list-oa',
    { config: { access: tenantAccess() }, schema: { tags, response: { 200: dataResponse(z.array(zaloOa)) } } },
    async (req) => ({ data: (await listOas(deps.db, requireTenant(req.ctx))).rows.map(presentOa) }),
  );

  app.get(
    '/merchant/zalo-oa/assets',
    { config: { access: tenantAccess() }, schema: { tags, querystring: pageQuery.extend({ size: pageQuery.shape.size.default(999) }), response: { 200: listResponse(zaloOa) } } },
    async (req) => {
      const { rows, total } = await listOas(deps.db, requireTenant(req.ctx), req.query.size, offsetOf(req.query));
      return paged(rows.map(presentOa), total, req.query);
    },
  );

  app.post(
    '/merchant/zalo-oa',
    {
      config: { access: tenantAccess('CREATE_ZALO_OA'), audit: 'ZALO_OA_CREATE' },
      schema: {
        tags,
        description: 'Connects an OA with its seven credentials. The access token is checked against Zalo (getoa) first; credentials are stored encrypted and never returned.',
        body: createOaBody,
        response: { 200: dataResponse(zaloOaDetail) },
      },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const body = req.body;
      assertHeaderSafeCredentials(body);
      const [taken] = await deps.db.select({ id: zaloOas.id }).from(zaloOas).where(eq(zaloOas.zoaId, body.zoaId));
      if (taken) throw new AppError('OA_ALREADY_CONNECTED', undefined, { fields: [{ path: 'zoaId', code: 'taken', message: 'This Official Account is already connected' }] });
      const profile = await fetchOaProfile(deps.zalo, body.zoaAccessToken);
      if (profile.oaId && profile.oaId !== body.zoaId) throw fieldError('zoaId', `The access token belongs to OA ${profile.oaId}, not ${body.zoaId}`, 'mismatch');
      const row = await runMutation(deps.db, req, async (tx, record) => {
        const [created] = await tx
          .insert(zaloOas)
          .values({
            tenantId,
            name: body.name,
            avatar: profile.avatar,
            zappId: body.zappId,
            zoaId: body.zoaId,
            secretKeyEnc: deps.cipher.encrypt(body.zoaSecretKey),
            webhookSecretEnc: deps.cipher.encrypt(body.zoaWebhookSecretKey),
            accessTokenEnc: deps.cipher.encrypt(body.zoaAccessToken),
            refreshTokenEnc: deps.cipher.encrypt(body.zoaRefreshToken),
            createdBy: requireUser(req.ctx).id,
          })
          .onConflictDoNothing()
          .returning();
        if (!created) throw new AppError('OA_ALREADY_CONNECTED');
        await record({ targetType: 'zalo_oa', targetId: created.id, after: presentOa(created) });
        return created;
      });
      return { data: presentOaDetail(row, deps.cipher, req.ctx.permissions.has('VIEW_ZALO_OA_CREDENTIAL'), deps.config.publicUrl) };
    },
  );

  app.get(
    '/merchant/zalo-oa/:id',
    { config: { access: tenantAccess(['VIEW_ZALO_OA_SERVICE', 'VIEW_ZALO_OA_CREDENTIAL', 'UPDATE_ZALO_OA']) }, schema: { tags, params: idParams, response: { 200: dataResponse(zaloOaDetail) } } },
    async (req) => {
      const row = await findOa(deps.db, requireTenant(req.ctx), req.params.id);
      if (!row) throw notFound();
      return { data: presentOaDetail(row, deps.cipher, req.ctx.permissions.has('VIEW_ZALO_OA_CREDENTIAL'), deps.config.publicUrl) };
    },
  );

  app.put(
    '/merchant/zalo-oa/:id',
    {
      config: { access: tenantAccess(['UPDATE_ZALO_OA', 'UPDATE_ZALO_OA_INFO', 'UPDATE_ZALO_OA_CREDENTIAL']), audit: 'ZALO_OA_UPDATE' },
      schema: { tags, params: idParams, body: updateOaBody, response: { 200: dataResponse(zaloOaDetail) } },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const body = req.body;
      const touchesCredentials = Boolean(body.zoaSecretKey || body.zoaWebhookSecretKey || body.zoaAccessToken || body.zoaRefreshToken);
      const can = (p: 'UPDATE_ZALO_OA' | 'UPDATE_ZALO_OA_INFO' | 'UPDATE_ZALO_OA_CREDENTIAL') => req.ctx.permissions.has(p);
      if (touchesCredentials && !can('UPDATE_ZALO_OA_CREDENTIAL')) throw new AppError('FORBIDDEN');
      if (body.name && !can('UPDATE_ZALO_OA') && !can('UPDATE_ZALO_OA_INFO')) throw new AppError('FORBIDDEN');
      assertHeaderSafeCredentials(body);
      const existing = await findOa(deps.db, tenantId, req.params.id);
      if (!existing) throw notFound();
      if (body.zoaAccessToken) {
        const profile = await fetchOaProfile(deps.zalo, body.zoaAccessToken);
        if (profile.oaId && profile.oaId !== existing.zoaId) throw fieldError('zoaAccessToken', `The access token belongs to OA ${profile.oaId}`, 'mismatch');
      }
      const row = await runMutation(deps.db, req, async (tx, record) => {
        const [updated] = await tx
          .update(zaloOas)
          .set({
            ...(body.name ? { name: body.name } : {}),
            ...(body.zoaSecretKey ? { secretKeyEnc: deps.cipher.encrypt(body.zoaSecretKey) } : {}),
            ...(body.zoaWebhookSecretKey ? { webhookSecretEnc: deps.cipher.encrypt(body.zoaWebhookSecretKey) } : {}),
            ...(body.zoaAccessToken ? { accessTokenEnc: deps.cipher.encrypt(body.zoaAccessToken), accessTokenExpiresAt: null, tokenStatus: 'ACTIVE', lastRefreshError: null } : {}),
            ...(body.zoaRefreshToken ? { refreshTokenEnc: deps.cipher.encrypt(body.zoaRefreshToken), tokenStatus: 'ACTIVE', lastRefreshError: null } : {}),
            updatedAt: new Date(),
          })
          .where(eq(zaloOas.id, existing.id))
          .returning();
        if (!updated) throw notFound();
        await record({
          targetType: 'zalo_oa',
          targetId: updated.id,
          before: presentOa(existing),
          after: { ...presentOa(updated), credentialsChanged: touchesCredentials },
        });
        return updated;
      });
      return { data: presentOaDetail(row, deps.cipher, req.ctx.permissions.has('VIEW_ZALO_OA_CREDENTIAL'), deps.config.publicUrl) };
    },
  );
}
