import { z } from 'zod';
import { dataResponse } from '@zc/shared/api/common';
import {
  CHAT_LIMITS,
  CHAT_UPLOAD_TYPES,
  chatMessage,
  chatReactBody,
  chatSendBody,
  chatUploadResult,
  conversationIdParam,
  conversationMessageParam,
  stickerCollection,
  stickerQuery,
} from '@zc/shared/api/chat';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { requireUser, tenantAccess } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { parseFormFields, readFileForm } from '../../platform/files';
import { tenantScope } from '../../platform/tenant-scope';
import { checkChatUpload, reactToChatMessage, retryChatMessage, sendChatMessage, uploadForChat } from './composer-service';
import { stickerPage } from './stickers';
import { recordTenantUpload } from '../tenant-files/service';

const tags = ['Chat'];
const VIEW = tenantAccess('VIEW_ZALO_OA_CHAT', 'oaService');
const ACT = tenantAccess('ACTION_ZALO_OA_CHAT', 'oaService');
const NOT_AUDITED = { none: 'chat messages, reactions and uploads are not audited (issue 15 #6: only assignments, spam marks and deletions)' };

/**
 * Issue 15 "Bad input": text over 2,000 characters is 422 CHAT_TEXT_TOO_LONG naming the field (the text is
 * well formed, Zalo's limit refuses it); any other schema failure stays the 400 VALIDATION_FAILED of every route.
 */
function textTooLong(err: Error & { validation?: Array<{ keyword: string; instancePath: string }>; validationContext?: string }): AppError | null {
  const issues = err.validation ?? [];
  if (err.validationContext !== 'body' || issues.length === 0 || !issues.every((i) => i.keyword === 'too_big' && i.instancePath === '/message/text')) return null;
  const message = `Text is longer than ${CHAT_LIMITS.text} characters`;
  return new AppError('CHAT_TEXT_TOO_LONG', undefined, { fields: [{ path: 'body.message.text', code: 'too_big', message }] });
}

/** Sending (outbox), retry, reactions, uploads to Zalo, stickers. */
export function registerChatComposerRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.post(
    '/merchant/chat/conversations/:id/messages',
    {
      config: { access: ACT, audit: NOT_AUDITED },
      schema: {
        operationId: 'sendChatMessage',
        summary: 'Send a message in a conversation',
        tags,
        description:
          'Sends an OA message (text ≤ 2000, quote, image, file, sticker, request user info, transaction, promotion) to the follower through the outbox: answers 201 with the message SENDING; its status follows over the realtime channel (`chat.message`). A repeat with the same `clientMessageId` answers the same message (200). Refused before Zalo is called: text over 2000 characters (422 CHAT_TEXT_TOO_LONG naming `body.message.text`), another tenant’s conversation (404), a group chat (422 CHAT_GROUP_NOT_SUPPORTED), the follower’s last message older than 7 days (422 CHAT_WINDOW_CLOSED), a short prepaid balance (402). Free within 48 h of the follower’s last message; outside it, and for transaction and promotion messages, the OA price.',
        params: conversationIdParam,
        body: chatSendBody,
        response: { 200: dataResponse(chatMessage), 201: dataResponse(chatMessage) },
      },
      // The handler sees a schema failure first: text over its limit is the issue's 422, the rest the usual 400.
      attachValidation: true,
    },
    async (req, reply) => {
      if (req.validationError) throw textTooLong(req.validationError) ?? req.validationError;
      const user = requireUser(req.ctx);
      const { message, created } = await sendChatMessage(deps.db, tenantScope(req.ctx), user.id, req.params.id, req.body);
      return reply.status(created ? 201 : 200).send({ data: message });
    },
  );

  app.post(
    '/merchant/chat/conversations/:id/messages/:messageId/retry',
    {
      config: { access: ACT, audit: NOT_AUDITED },
      schema: {
        operationId: 'retryChatMessage',
        summary: 'Send a failed message again',
        tags,
        description: 'Only a FAILED message of the OA (409 CHAT_NOT_RETRYABLE otherwise): a new outbox row, the message SENDING again. The customer-service window is checked again.',
        params: conversationMessageParam,
        response: { 200: dataResponse(chatMessage) },
      },
    },
    async (req) => ({ data: await retryChatMessage(deps.db, tenantScope(req.ctx), req.params.id, req.params.messageId) }),
  );

  app.post(
    '/merchant/chat/conversations/:id/messages/:messageId/react',
    {
      config: { access: ACT, audit: NOT_AUDITED },
      schema: {
        operationId: 'reactToChatMessage',
        summary: 'React to a message',
        tags,
        description: 'The OA reacts to a message with one of the eight codes (Zalo `sender_action`); `/-remove` takes the OA’s reaction back. The message must have reached Zalo (409 CHAT_NOT_ON_ZALO otherwise).',
        params: conversationMessageParam,
        body: chatReactBody,
        response: { 200: dataResponse(chatMessage) },
      },
    },
    async (req) => ({ data: await reactToChatMessage(deps.db, deps.zalo, tenantScope(req.ctx), req.params.id, req.params.messageId, req.body.icon) }),
  );

  app.post(
    '/merchant/chat/upload',
    {
      config: { access: ACT, audit: NOT_AUDITED },
      schema: {
        operationId: 'uploadChatFile',
        summary: 'Upload an image, GIF or file for a chat message',
        tags,
        consumes: ['multipart/form-data'],
        description:
          'multipart fields: `file`, `zaloOAId`, `type` (image: jpg/png ≤ 1 MB; gif ≤ 5 MB; file: pdf/doc/docx/csv ≤ 5 MB — checked by content before anything is stored: 413 / 415). Keeps a copy for the conversation (`url`) and uploads it to Zalo: `attachmentId` (image, gif) or `token` (file), valid 7 days.',
        response: { 200: dataResponse(chatUploadResult) },
      },
    },
    async (req) => {
      const { fields, file } = await readFileForm(req, Math.max(CHAT_LIMITS.imageBytes, CHAT_LIMITS.gifBytes, CHAT_LIMITS.fileBytes));
      const form = parseFormFields(z.strictObject({ zaloOAId: z.uuid(), type: z.enum(CHAT_UPLOAD_TYPES) }), fields);
      if (!file) throw fieldError('file', 'A file is required', 'required');
      const contentType = checkChatUpload(form.type, file.buf);
      const result = await uploadForChat(deps.db, deps.zalo, deps.files, tenantScope(req.ctx), { zaloOaId: form.zaloOAId, type: form.type, buf: file.buf, filename: file.filename, contentType });
      if (!result.attachmentId && !result.token) throw new AppError('ZALO_REJECTED', 'Zalo answered without an attachment id or token');
      await recordTenantUpload(deps.db, req.ctx, 'chat', [{ key: result.url, name: file.filename, contentType, size: file.buf.length }]);
      return { data: result };
    },
  );

  app.get(
    '/merchant/chat/sticker',
    {
      config: { access: VIEW },
      schema: {
        operationId: 'listChatStickers',
        summary: 'List the sticker collections',
        tags,
        description: 'The composer’s sticker collections, newest first (§7: page 1, size 9999). A sticker is sent as a `sticker` message with `zaloStickerId` as its attachment id.',
        querystring: stickerQuery,
        response: { 200: z.object({ data: z.array(stickerCollection), meta: z.object({ total: z.number().int(), page: z.number().int(), size: z.number().int() }) }) },
      },
    },
    async (req) => stickerPage(req.query.page, req.query.size),
  );
}
