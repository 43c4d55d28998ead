import { z } from 'zod';
import { dataResponse } from '@zc/shared/api/common';
import { sendAccepted } from '@zc/shared/api/messaging';
import {
  PLAYGROUND_UPLOAD,
  playgroundConversationMessage,
  playgroundApiKey,
  playgroundConversationQuery,
  playgroundMessageStatus,
  playgroundSendBody,
  UID_MESSAGE_TEMPLATE_GROUPS,
  uidTemplateGroup,
} from '@zc/shared/api/playground';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { detectDocumentType, detectImageType, parseFormFields, readFileForm } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { tenantScope } from '../../platform/tenant-scope';
import { presentPlaygroundKey } from './presenter';
import { listActiveKeys } from './repo';
import { findPlaygroundMessageStatus, playgroundConversation, playgroundUpload, sendFromPlayground } from './service';

const tags = ['Playground'];
const access = tenantAccess('SEND_REQUEST_PLAYGROUND', 'znsService');

/** §2.11 API playground: sample messages, sending one to a follower, uploading its image or file. */
export function registerPlaygroundRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/uid/list-api-key-playground',
    {
      config: { access },
      schema: { operationId: 'listPlaygroundApiKeys', tags, summary: 'Active API keys the playground can send with (names and OAs only)', response: { 200: dataResponse(z.array(playgroundApiKey)) } },
    },
    async (req) => ({ data: (await listActiveKeys(deps.db, tenantScope(req.ctx))).map(presentPlaygroundKey) }),
  );

  app.get(
    '/merchant/uid/list-template',
    { config: { access }, schema: { operationId: 'listPlaygroundTemplates', summary: 'List the message templates of the playground', tags, querystring: z.strictObject({ page: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(1000).default(1000) }), response: { 200: dataResponse(z.array(uidTemplateGroup)) } } },
    async () => ({ data: UID_MESSAGE_TEMPLATE_GROUPS.map((g) => ({ ...g, uidMessageTemplates: g.uidMessageTemplates.map((t) => ({ ...t })) })) }),
  );

  app.post(
    '/uid/send-message-playground',
    {
      config: { access, audit: 'PLAYGROUND_SEND' },
      schema: {
        operationId: 'sendPlaygroundMessage',
        summary: 'Send a message from the playground',
        tags,
        description: 'Sends `messageData` to follower `uid` through the OA of API key `apiKeyId`, exactly like the public OA send API (charged, recorded in the UID history). Placeholders `{name}`, `{uid}`, `{alias}`, `{phone}`, `{city}`, `{district}`, `{address}`, `{dob}` in the texts are filled from the synced follower first; one without a value answers 400 `placeholder_missing` on its field. Follow the result with `GET uid/message-playground/{id}`.',
        body: playgroundSendBody,
        response: { 202: sendAccepted },
      },
    },
    async (req, reply) => {
      const result = await sendFromPlayground(deps, tenantScope(req.ctx), { apiKeyId: req.body.apiKeyId, uid: req.body.uid, message: req.body.messageData });
      await runMutation(deps.db, req, (_tx, record) =>
        record({ targetType: 'message', targetId: result.id, after: { uid: req.body.uid, uidTypeId: req.body.uidTypeId, apiKeyId: req.body.apiKeyId, trackingId: result.trackingId } }),
      );
      return reply.status(202).send({ data: { id: result.id, trackingId: result.trackingId, status: result.status } });
    },
  );

  app.get(
    '/uid/message-playground/:id',
    {
      config: { access },
      schema: {
        operationId: 'getPlaygroundMessage',
        summary: 'Get the status of a playground message',
        tags,
        description: 'Status of one message sent from the playground (this tenant’s playground sends only; any other id answers 404): queued, accepted by Zalo, delivered or failed with the Zalo error decoded in vi and en.',
        params: z.strictObject({ id: z.uuid() }),
        response: { 200: dataResponse(playgroundMessageStatus) },
      },
    },
    async (req) => ({ data: await findPlaygroundMessageStatus(deps.db, tenantScope(req.ctx), req.params.id) }),
  );

  app.get(
    '/uid/conversation-playground',
    {
      config: { access },
      schema: {
        operationId: 'getPlaygroundConversation',
        summary: 'Get the latest messages with a follower',
        tags,
        description: 'The latest messages (≤ 10, newest first) between the OA of API key `apiKeyId` and follower `uid`, read from Zalo: what a quote message can refer to.',
        querystring: playgroundConversationQuery,
        response: { 200: dataResponse(z.array(playgroundConversationMessage)) },
      },
    },
    async (req) => ({ data: await playgroundConversation(deps.db, deps.zalo, tenantScope(req.ctx), { apiKeyId: req.query.apiKeyId, uid: req.query.uid }) }),
  );

  app.post(
    '/uid/upload-file-playground',
    {
      config: { access, audit: 'PLAYGROUND_UPLOAD' },
      schema: {
        operationId: 'uploadPlaygroundFile',
        summary: 'Upload a file for a playground message',
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart fields: `file`, `type` (IMAGE: jpg/png ≤ 1 MB; FILE: pdf/doc/docx/csv ≤ 5 MB, checked by content), `apiKeyId`. Answers the Zalo attachment id (image) or file token in `data.token`.',
        response: { 200: dataResponse(z.object({ token: z.string() })) },
      },
    },
    async (req) => {
      const { fields, file } = await readFileForm(req, PLAYGROUND_UPLOAD.FILE.maxBytes);
      const form = parseFormFields(z.strictObject({ type: z.enum(['IMAGE', 'FILE']), apiKeyId: z.uuid() }), fields);
      if (!file) throw fieldError('file', 'A file is required', 'required');
      const rule = PLAYGROUND_UPLOAD[form.type];
      if (file.buf.length > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The file must be at most ${rule.maxBytes / 1048576} MB`);
      const detected = form.type === 'IMAGE' ? detectImageType(file.buf) : detectDocumentType(file.buf);
      if (!detected) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', form.type === 'IMAGE' ? 'Vui lòng chọn file ảnh (jpg, jpeg, png)' : 'Only pdf, doc, docx or csv files are accepted');
      }
      const token = await playgroundUpload(deps.db, deps.zalo, tenantScope(req.ctx), { apiKeyId: form.apiKeyId, type: form.type, data: new Uint8Array(file.buf), filename: file.filename, contentType: detected });
      await runMutation(deps.db, req, (_tx, record) => record({ targetType: 'zalo_upload', targetId: token, after: { type: form.type, filename: file.filename, bytes: file.buf.length } }));
      return { data: { token } };
    },
  );
}
