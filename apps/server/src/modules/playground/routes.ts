import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { uploadFile, uploadImage } from '@zc/zalo/oa-media';
import { dataResponse } from '@zc/shared/api/common';
import { sendAccepted } from '@zc/shared/api/messaging';
import { PLAYGROUND_UPLOAD, playgroundSendBody, UID_MESSAGE_TEMPLATE_GROUPS, uidTemplateGroup } from '@zc/shared/api/playground';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { requireTenant, tenantAccess } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { detectDocumentType, detectImageType, parseFormFields, readFileForm } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { randomToken } from '../../platform/crypto';
import { apiKeys, tenants, wallets } from '../../db/schema/index';
import { sendOa, type SendContext } from '../messaging/send-service';
import { zaloFailure } from '../zalo-oa/service';

const tags = ['Playground'];
const access = tenantAccess('SEND_REQUEST_PLAYGROUND');

/** The tenant's ACTIVE key with what a send needs; null → 'API key not found'. */
async function playgroundContext(deps: ModuleDeps, tenantId: string, apiKeyId: string): Promise<SendContext | null> {
  const [row] = await deps.db
    .select({ id: apiKeys.id, tenantId: apiKeys.tenantId, zaloOaId: apiKeys.zaloOaId, znsService: tenants.znsService, oaService: tenants.oaService, discountPercent: wallets.discountPercent })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .leftJoin(wallets, eq(wallets.tenantId, apiKeys.tenantId))
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.tenantId, tenantId), eq(apiKeys.status, 'ACTIVE')));
  if (!row) return null;
  return { key: { id: row.id, tenantId: row.tenantId, zaloOaId: row.zaloOaId }, znsService: row.znsService, oaService: row.oaService, discountPercent: row.discountPercent ?? 0, template: null };
}

const apiKeyNotFound = () => new AppError('API_KEY_NOT_FOUND', 'API key not found', { fields: [{ path: 'apiKeyId', code: 'not_found', message: 'API key not found' }] });

/** §2.11 API playground: sample messages, sending one to a follower, uploading its image or file. */
export function registerPlaygroundRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/uid/list-template',
    { config: { access }, schema: { tags, querystring: z.strictObject({ page: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(1000).default(1000) }), response: { 200: dataResponse(z.array(uidTemplateGroup)) } } },
    async () => ({ data: UID_MESSAGE_TEMPLATE_GROUPS.map((g) => ({ ...g, uidMessageTemplates: g.uidMessageTemplates.map((t) => ({ ...t })) })) }),
  );

  app.post(
    '/uid/send-message-playground',
    {
      config: { access, audit: 'PLAYGROUND_SEND' },
      schema: {
        tags,
        description: 'Sends `messageData` to follower `uid` through the OA of API key `apiKeyId`, exactly like the public OA send API (charged, recorded in the UID history).',
        body: playgroundSendBody,
        response: { 202: sendAccepted },
      },
    },
    async (req, reply) => {
      const tenantId = requireTenant(req.ctx);
      const ctx = await playgroundContext(deps, tenantId, req.body.apiKeyId);
      if (!ctx) throw apiKeyNotFound();
      const trackingId = `playground-${randomToken(9)}`;
      const result = await sendOa(deps, ctx, { uid: req.body.uid, trackingId, message: req.body.messageData }, null);
      await runMutation(deps.db, req, (_tx, record) =>
        record({ targetType: 'message', targetId: result.id, after: { uid: req.body.uid, uidTypeId: req.body.uidTypeId, apiKeyId: req.body.apiKeyId, trackingId } }),
      );
      return reply.status(202).send({ data: { id: result.id, trackingId: result.trackingId, status: result.status } });
    },
  );

  app.post(
    '/uid/upload-file-playground',
    {
      config: { access, audit: 'PLAYGROUND_UPLOAD' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart fields: `file`, `type` (IMAGE: jpg/png ≤ 1 MB; FILE: pdf/doc/docx/csv ≤ 5 MB, checked by content), `apiKeyId`. Answers the Zalo attachment id (image) or file token in `data.token`.',
        response: { 200: dataResponse(z.object({ token: z.string() })) },
      },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const { fields, file } = await readFileForm(req, PLAYGROUND_UPLOAD.FILE.maxBytes);
      const form = parseFormFields(z.strictObject({ type: z.enum(['IMAGE', 'FILE']), apiKeyId: z.uuid() }), fields);
      if (!file) throw fieldError('file', 'A file is required', 'required');
      const rule = PLAYGROUND_UPLOAD[form.type];
      if (file.buf.length > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The file must be at most ${rule.maxBytes / 1048576} MB`);
      const detected = form.type === 'IMAGE' ? detectImageType(file.buf) : detectDocumentType(file.buf);
      if (!detected) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', form.type === 'IMAGE' ? 'Vui lòng chọn file ảnh (jpg, jpeg, png)' : 'Only pdf, doc, docx or csv files are accepted');
      }
      const ctx = await playgroundContext(deps, tenantId, form.apiKeyId);
      if (!ctx) throw apiKeyNotFound();
      const upload = { data: new Uint8Array(file.buf), filename: file.filename, contentType: detected };
      const token = await (form.type === 'IMAGE' ? uploadImage(deps.zalo, ctx.key.zaloOaId, upload).then((r) => r.attachment_id) : uploadFile(deps.zalo, ctx.key.zaloOaId, upload).then((r) => r.token)).catch(
        (err: unknown) => {
          throw zaloFailure(err);
        },
      );
      await runMutation(deps.db, req, (_tx, record) => record({ targetType: 'zalo_upload', targetId: token, after: { type: form.type, filename: file.filename, bytes: file.buf.length } }));
      return { data: { token } };
    },
  );
}
