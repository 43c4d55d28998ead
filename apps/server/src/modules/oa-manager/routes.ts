import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { dataResponse, idParam, listResponse } from '@zc/shared/api/common';
import { LIMITS } from '@zc/shared/limits';
import {
  oaInfo,
  oaInfoQuery,
  oaQuota,
  oaQuotaQuery,
  oaQuotaSyncBody,
  oaQuotaSyncResult,
  oaUpdateRequest,
  oaUpdateRequestForm,
  oaUpdateRequestListQuery,
} from '@zc/shared/api/oa-manager';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { parseFormFields, readImageUpload, type ImageType } from '../../platform/files';
import { safeFormField } from '../../platform/input-safety';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { appendAudit, auditFromCtx } from '../../platform/audit';
import { cancelUpdateRequest, createUpdateRequest, fetchOaInfo, findQuotas, findUpdateRequests, syncQuotas } from './service';
import { recordTenantUpload } from '../tenant-files/service';

const tags = ['Official accounts'];
const IMAGE_FIELDS = new Set(['avatar', 'cover']);

/** The request-update form: text fields and at most an `avatar` and a `cover` image (JPG/PNG by content, size-limited). */
async function readUpdateForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; images: Partial<Record<'avatar' | 'cover', { buf: Buffer; type: ImageType }>> }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected multipart/form-data');
  const fields: Record<string, string> = {};
  const images: Partial<Record<'avatar' | 'cover', { buf: Buffer; type: ImageType }>> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: LIMITS.uploadMaxBytes, files: 2, fields: 10 } })) {
      if (part.type === 'file') {
        if (!IMAGE_FIELDS.has(part.fieldname) || images[part.fieldname as 'avatar' | 'cover']) {
          part.file.resume();
          throw fieldError(`body.${part.fieldname}`, 'Unknown or repeated file field', 'unrecognized_keys');
        }
        images[part.fieldname as 'avatar' | 'cover'] = await readImageUpload(part);
      } else {
        fields[part.fieldname] = safeFormField(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (err) {
    if (err instanceof AppError || (err instanceof Error && ('code' in err || 'statusCode' in err))) throw err;
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read', { fields: [{ path: 'body', code: 'invalid_format', message: 'malformed multipart body' }] });
  }
  return { fields, images };
}

/** §7 Official accounts: OA info from Zalo, update requests (ADR 0014), per-OA message quotas. */
export function registerOaManagerRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/oa-manager/get-oa',
    {
      config: { access: tenantAccess(['VIEW_ZALO_OA_SERVICE', 'UPDATE_ZALO_OA_INFO', 'UPDATE_ZALO_OA']) },
      schema: { operationId: 'getOaProfile', summary: 'Get an official account as Zalo describes it', tags, description: 'The OA as Zalo describes it now (getoa); 404 for another tenant\'s OA.', querystring: oaInfoQuery, response: { 200: dataResponse(oaInfo) } },
    },
    async (req) => ({ data: await fetchOaInfo(deps.db, deps.zalo, tenantScope(req.ctx), req.query.zaloOAId) }),
  );

  app.post(
    '/merchant/oa-manager/request-update',
    {
      config: { access: tenantAccess('UPDATE_ZALO_OA_INFO'), audit: 'OA_UPDATE_REQUEST_CREATE' },
      schema: {
        operationId: 'requestOaUpdate',
        summary: 'Request a change of an official account\'s profile',
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart form: `zaloOAId`, optional `name` (≤100), `description` (≤500), and optional `avatar` / `cover` JPG or PNG files; at least one change. Zalo has no public API to change these: the request is tracked (PENDING) for the tenant\'s administrators, who make the change on oa.zalo.me (ADR 0014). Announced as `oa_update_request.changed`.',
        response: { 200: dataResponse(oaUpdateRequest) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const { fields, images } = await readUpdateForm(req);
      const form = parseFormFields(oaUpdateRequestForm, fields);
      // Stored only once the form is valid; content-addressed, so a refused request leaves at most an orphan file.
      const avatar = images.avatar ? deps.files.url(await deps.files.put(images.avatar.buf, images.avatar.type)) : undefined;
      const cover = images.cover ? deps.files.url(await deps.files.put(images.cover.buf, images.cover.type)) : undefined;
      await recordTenantUpload(deps.db, req.ctx, 'oa-profile', [
        ...(avatar && images.avatar ? [{ key: avatar, name: 'avatar', contentType: images.avatar.type, size: images.avatar.buf.length }] : []),
        ...(cover && images.cover ? [{ key: cover, name: 'cover', contentType: images.cover.type, size: images.cover.buf.length }] : []),
      ]);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { row, view } = await createUpdateRequest(tx, actorOf(req.ctx), scope, { ...form, avatar, cover });
        await record({ tenantId: scopedTenantId(scope), targetType: 'oa_update_request', targetId: row.id, after: { zaloOaId: row.zaloOaId, name: row.name, description: row.description, avatar: row.avatar, cover: row.cover, status: row.status } });
        return view;
      });
      return { data };
    },
  );

  app.get(
    '/merchant/oa-manager/list-request',
    {
      config: { access: tenantAccess(['VIEW_ZALO_OA_SERVICE', 'UPDATE_ZALO_OA_INFO']) },
      schema: { operationId: 'listOaUpdateRequests', summary: 'List the official-account change requests', tags, description: 'Newest first; `abilities.cancel` when the caller may cancel the row (PENDING and UPDATE_ZALO_OA_INFO).', querystring: oaUpdateRequestListQuery, response: { 200: listResponse(oaUpdateRequest) } },
    },
    async (req) => {
      const q = req.query;
      const r = await findUpdateRequests(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { zaloOAId: q.zaloOAId, status: q.status, limit: q.size, offset: offsetOf(q) });
      return paged(r.items, r.total, q);
    },
  );

  app.put(
    '/merchant/oa-manager/cancel-request/:id',
    {
      config: { access: tenantAccess('UPDATE_ZALO_OA_INFO'), audit: 'OA_UPDATE_REQUEST_CANCEL' },
      schema: { operationId: 'cancelOaUpdateRequest', summary: 'Cancel a pending official-account change request', tags, description: 'Cancels a PENDING request; 409 once it is decided or cancelled, 404 for another tenant\'s.', params: idParam, response: { 200: dataResponse(z.object({ id: z.uuid(), status: z.string() })) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await cancelUpdateRequest(tx, actorOf(req.ctx), scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'oa_update_request', targetId: after.id, before: { status: before.status }, after: { status: after.status } });
        return { id: after.id, status: after.status };
      });
      return { data };
    },
  );

  app.get(
    '/merchant/oa-quota',
    {
      config: { access: tenantAccess(['VIEW_ZALO_OA_SERVICE', 'UPDATE_ZALO_OA', 'UPDATE_ZALO_OA_INFO']) },
      schema: { operationId: 'listOaQuotas', summary: 'List the official accounts\' message quotas', tags, description: 'Per-OA message quotas as last read from Zalo (REFERENCE §3.8) with `syncedAt` (null: never synced). One OA, or every OA of the tenant.', querystring: oaQuotaQuery, response: { 200: dataResponse(z.array(oaQuota)) } },
    },
    async (req) => ({ data: await findQuotas(deps.db, tenantScope(req.ctx), req.query.zaloOAId) }),
  );

  app.post(
    '/merchant/oa-quota/sync',
    {
      config: { access: tenantAccess(['UPDATE_ZALO_OA', 'UPDATE_ZALO_OA_INFO']), audit: 'OA_QUOTA_SYNC' },
      schema: { operationId: 'syncOaQuotas', summary: 'Read the message quotas from Zalo now', tags, description: 'Reads the quotas of one OA (or every OA of the tenant) from Zalo now and stores them. Each OA stands alone: a Zalo failure is listed in `failed`, the others are stored.', body: oaQuotaSyncBody, response: { 200: dataResponse(oaQuotaSyncResult) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const result = await syncQuotas(deps.db, deps.zalo, scope, req.body.zaloOAId);
      await deps.db.transaction((tx) =>
        appendAudit(tx, auditFromCtx(req.ctx, 'OA_QUOTA_SYNC', { tenantId: scopedTenantId(scope), targetType: 'zalo_oa', targetId: req.body.zaloOAId ?? null, after: { synced: result.synced.map((s) => ({ zaloOAId: s.zaloOAId, assets: s.assets.length })), failed: result.failed } })),
      );
      req.ctx.auditWritten = true;
      return { data: result };
    },
  );
}
