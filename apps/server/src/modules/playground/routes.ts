import { z } from 'zod';
import { and, desc, eq, like } from 'drizzle-orm';
import { getConversation, uploadFile, uploadImage } from '@zc/zalo/oa-media';
import { explainZaloError } from '@zc/zalo/error-catalog';
import { dataResponse } from '@zc/shared/api/common';
import { oaMessage, sendAccepted, type MessageStatus, type OaMessage } from '@zc/shared/api/messaging';
import {
  fillMessagePlaceholders,
  followerPlaceholderValues,
  messagePlaceholders,
  PLAYGROUND_UPLOAD,
  playgroundConversationMessage,
  playgroundApiKey,
  playgroundConversationQuery,
  playgroundMessageStatus,
  playgroundOutcome,
  playgroundSendBody,
  UID_MESSAGE_TEMPLATE_GROUPS,
  uidTemplateGroup,
  type PlaygroundMessageStatus,
} from '@zc/shared/api/playground';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { requireTenant, tenantAccess } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { detectDocumentType, detectImageType, parseFormFields, readFileForm } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { randomToken } from '../../platform/crypto';
import { apiKeys } from '../../db/schema/api-keys';
import { oaFollowers } from '../../db/schema/followers';
import { messageHistory } from '../../db/schema/messaging';
import { tenants } from '../../db/schema/organisation';
import { wallets } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { zaloEvents } from '../../db/schema/zalo-webhooks';
import { sendOa, type SendContext } from '../messaging/service';
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

/** Tracking ids of playground sends start with this; the status route reads no other message. */
const TRACKING_PREFIX = 'playground-';

/**
 * The message as the follower will read it: `{name}` and the other placeholders filled from the
 * OA's synced follower (only `{uid}` is known without one). A placeholder without a value, or a
 * filled text over its limit, answers 400 on the field that holds it.
 */
async function fillForFollower(deps: ModuleDeps, tenantId: string, zaloOaId: string, uid: string, message: OaMessage): Promise<OaMessage> {
  if (messagePlaceholders(message).length === 0) return message;
  const [follower] = await deps.db
    .select({ userId: oaFollowers.userId, displayName: oaFollowers.displayName, userAlias: oaFollowers.userAlias, sharedInfo: oaFollowers.sharedInfo })
    .from(oaFollowers)
    .where(and(eq(oaFollowers.tenantId, tenantId), eq(oaFollowers.zaloOaId, zaloOaId), eq(oaFollowers.userId, uid)));
  const filled = fillMessagePlaceholders(message, followerPlaceholderValues(follower ?? { userId: uid }));
  const [gap] = filled.missing;
  if (gap) {
    const why = follower ? 'the follower has no value for it' : 'this user id is not a synced follower of the OA';
    throw fieldError(`messageData.${gap.path}`, `{${gap.placeholder}} cannot be filled: ${why}`, 'placeholder_missing');
  }
  const parsed = oaMessage.safeParse(filled.message);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(`messageData.${issue?.path.join('.') ?? ''}`, `With the placeholders filled: ${issue?.message ?? 'invalid'}`, issue?.code ?? 'invalid');
  }
  return parsed.data;
}

type ErrorExplanation = NonNullable<PlaygroundMessageStatus['error']>;

/** The stored Zalo failure in vi and en: decoded from its code, else the stored text (connection failures). */
function explainStoredError(code: number | null, text: string | null): ErrorExplanation | null {
  if (code !== null) {
    const x = explainZaloError(code, 'oa');
    return { code, vi: x.vi, en: x.en };
  }
  if (!text) return null;
  return { code: null, vi: { meaning: text, action: '' }, en: { meaning: text, action: '' } };
}

/** §2.11 API playground: sample messages, sending one to a follower, uploading its image or file. */
export function registerPlaygroundRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/uid/list-api-key-playground',
    {
      config: { access },
      schema: { tags, summary: 'Active API keys the playground can send with (names and OAs only)', response: { 200: dataResponse(z.array(playgroundApiKey)) } },
    },
    async (req) => {
      const rows = await deps.db
        .select({ id: apiKeys.id, name: apiKeys.name, zaloOAId: apiKeys.zaloOaId, oaId: zaloOas.id, oaName: zaloOas.name })
        .from(apiKeys)
        .leftJoin(zaloOas, eq(zaloOas.id, apiKeys.zaloOaId))
        .where(and(eq(apiKeys.tenantId, requireTenant(req.ctx)), eq(apiKeys.status, 'ACTIVE')))
        .orderBy(desc(apiKeys.createdAt)) // newest first, like the API key list: the console picks the first
        .limit(1000);
      return { data: rows.map((r) => ({ id: r.id, name: r.name, zaloOAId: r.zaloOAId, zaloOA: r.oaId && r.oaName !== null ? { id: r.oaId, name: r.oaName } : null })) };
    },
  );

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
        description: 'Sends `messageData` to follower `uid` through the OA of API key `apiKeyId`, exactly like the public OA send API (charged, recorded in the UID history). Placeholders `{name}`, `{uid}`, `{alias}`, `{phone}`, `{city}`, `{district}`, `{address}`, `{dob}` in the texts are filled from the synced follower first; one without a value answers 400 `placeholder_missing` on its field. Follow the result with `GET uid/message-playground/{id}`.',
        body: playgroundSendBody,
        response: { 202: sendAccepted },
      },
    },
    async (req, reply) => {
      const tenantId = requireTenant(req.ctx);
      const ctx = await playgroundContext(deps, tenantId, req.body.apiKeyId);
      if (!ctx) throw apiKeyNotFound();
      const trackingId = `${TRACKING_PREFIX}${randomToken(9)}`;
      const message = await fillForFollower(deps, tenantId, ctx.key.zaloOaId, req.body.uid, req.body.messageData);
      const result = await sendOa(deps, ctx, { uid: req.body.uid, trackingId, message }, null);
      await runMutation(deps.db, req, (_tx, record) =>
        record({ targetType: 'message', targetId: result.id, after: { uid: req.body.uid, uidTypeId: req.body.uidTypeId, apiKeyId: req.body.apiKeyId, trackingId } }),
      );
      return reply.status(202).send({ data: { id: result.id, trackingId: result.trackingId, status: result.status } });
    },
  );

  app.get(
    '/uid/message-playground/:id',
    {
      config: { access },
      schema: {
        tags,
        description: 'Status of one message sent from the playground (this tenant’s playground sends only; any other id answers 404): queued, accepted by Zalo, delivered or failed with the Zalo error decoded in vi and en.',
        params: z.strictObject({ id: z.uuid() }),
        response: { 200: dataResponse(playgroundMessageStatus) },
      },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const [row] = await deps.db
        .select({
          id: messageHistory.id,
          trackingId: messageHistory.trackingId,
          status: messageHistory.status,
          sessionId: messageHistory.sessionId,
          zaloOaId: messageHistory.zaloOaId,
          errorCode: messageHistory.errorCode,
          errorMsg: messageHistory.errorMsg,
          deliveredAt: messageHistory.deliveredAt,
          updatedAt: messageHistory.updatedAt,
        })
        .from(messageHistory)
        .where(and(eq(messageHistory.id, req.params.id), eq(messageHistory.tenantId, tenantId), eq(messageHistory.module, 'OA'), like(messageHistory.trackingId, `${TRACKING_PREFIX}%`)));
      if (!row?.trackingId) throw notFound();
      // The column holds MESSAGE_STATUSES values only (written by the outbox and the delivery worker).
      const status = row.status as MessageStatus;
      let outcome = playgroundOutcome(status);
      let deliveredAt = row.deliveredAt;
      if (status === 'PUSHED_ZALO' && row.sessionId) {
        // Zalo's OA receipt (user_received_message without tracking id) is stored by the webhook
        // ingest but does not move OA rows to RECEIVED yet; read it here so the playground shows
        // the delivery as soon as Zalo reports it (the history row stays the messaging module's).
        const [receipt] = await deps.db
          .select({ receivedAt: zaloEvents.receivedAt })
          .from(zaloEvents)
          .where(and(eq(zaloEvents.dedupeKey, `user_received_message:${row.sessionId}`), eq(zaloEvents.zaloOaId, row.zaloOaId)));
        if (receipt) {
          outcome = 'delivered';
          deliveredAt = receipt.receivedAt;
        }
      }
      return {
        data: {
          id: row.id,
          trackingId: row.trackingId,
          status,
          outcome,
          final: outcome === 'delivered' || outcome === 'failed',
          zaloMessageId: row.sessionId,
          deliveredAt: deliveredAt?.toISOString() ?? null,
          updatedAt: row.updatedAt.toISOString(),
          error: outcome === 'delivered' ? null : explainStoredError(row.errorCode, row.errorMsg),
        },
      };
    },
  );

  app.get(
    '/uid/conversation-playground',
    {
      config: { access },
      schema: {
        tags,
        description: 'The latest messages (≤ 10, newest first) between the OA of API key `apiKeyId` and follower `uid`, read from Zalo: what a quote message can refer to.',
        querystring: playgroundConversationQuery,
        response: { 200: dataResponse(z.array(playgroundConversationMessage)) },
      },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const ctx = await playgroundContext(deps, tenantId, req.query.apiKeyId);
      if (!ctx) throw apiKeyNotFound();
      const list = await getConversation(deps.zalo, ctx.key.zaloOaId, { userId: req.query.uid, count: 10 }).catch((err: unknown) => {
        throw zaloFailure(err);
      });
      return {
        data: list
          .filter((m) => typeof m.message_id === 'string' && m.message_id.length > 0)
          .map((m) => ({ messageId: m.message_id, fromFollower: m.src === 1, type: String(m.type ?? ''), text: typeof m.message === 'string' ? m.message : '', time: new Date(Number(m.time) || 0).toISOString() })),
      };
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
