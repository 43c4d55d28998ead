import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { dataResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import {
  approveOaContentBody,
  createOaContentBody,
  OA_CONTENT_LIMITS,
  OA_CONTENT_MESSAGES,
  oaContent,
  oaContentListQuery,
  oaContentQuota,
  oaQuotaQuery,
  oaVideoItem,
  updateOaContentBody,
  uploadImageResult,
  uploadMultiResult,
  uploadVideoFields,
  uploadVideoResult,
  videoHistoryQuery,
  videoUpdateBody,
} from '@zc/shared/api/oa-content';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { appendAudit, auditFromCtx } from '../../platform/audit';
import { tenantAccess } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { parseFormFields, readUploadForm } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { oaContentPublishJob, sendVideoToOas } from './publisher';
import { tenantOas } from './repo';
import { createContent, decideContent, editContent, findContentDetail, findContents, findQuotas, findVideoItems, removeContent, removeVideoItems } from './service';
import { recordTenantUpload } from '../tenant-files/service';

const tags = ['OA content'];
const oa = 'oaService' as const;
const VIEW = 'VIEW_ZALO_OA_CONTENT' as const;
const WRITE = ['CREATE_ZALO_OA_CONTENT', 'UPDATE_ZALO_OA_CONTENT'] as const;

const auditView = (c: { id: string; type: string; title: string; status: string; zaloOAIds?: string[] }) => c;

/**
 * Official-account posts and videos (§2.7–§2.9, §7 "Official-account content"): list, detail,
 * create/update (draft or submit for review), approve/reject, delete, uploads, videos and quotas.
 */
export function registerOaContentRoutes(app: ZodApp, deps: ModuleDeps): void {
  const publishJob = oaContentPublishJob(deps.db, deps.zalo);
  /** After a commit that approved a content: publish now rather than at the next minute's sweep. */
  const kick = async (row: { id: string; status: string }) => {
    if (row.status === 'published' && deps.jobs) await deps.jobs.send(publishJob, { contentId: row.id });
  };

  app.get(
    '/merchant/oa-content/getList',
    {
      config: { access: tenantAccess(VIEW, oa) },
      schema: {
        operationId: 'listOaContent',
        summary: 'List the OA posts or videos',
        tags,
        description: 'Posts or videos (`type`), newest first by default; `zaloOAId` comma-joined (broadcast picker), `status` (also hide/show), `title`, `teamIds`. Each row carries its per-OA publishing state and `abilities`.',
        querystring: oaContentListQuery,
        response: { 200: listResponse(oaContent) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await findContents(deps.db, actorOf(req.ctx), tenantScope(req.ctx), q, { limit: q.size, offset: offsetOf(q) });
      return paged(rows, total, q);
    },
  );

  app.get(
    '/merchant/oa-content/detail/:id',
    { config: { access: tenantAccess(VIEW, oa) }, schema: { operationId: 'getOaContent', summary: 'Get an OA post or video', tags, params: idParam, response: { 200: dataResponse(oaContent) } } },
    async (req) => ({ data: await findContentDetail(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id) }),
  );

  app.post(
    '/merchant/oa-content/create',
    {
      config: { access: tenantAccess('CREATE_ZALO_OA_CONTENT', oa), audit: 'OA_CONTENT_CREATE' },
      schema: {
        operationId: 'createOaContent',
        summary: 'Create an OA post or video',
        tags,
        description: 'Saves a post or video as a draft (`submit: false`) or submits it for review (`submit: true`, kinds OA_CONTENT_POST / OA_CONTENT_VIDEO). On approval it is published to every selected OA.',
        body: createOaContentBody,
        response: { 200: dataResponse(oaContent) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const actor = actorOf(req.ctx);
      const row = await runMutation(deps.db, req, async (tx, record) => {
        const created = await createContent(tx, actor, scope, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'oa_content', targetId: created.id, after: auditView({ id: created.id, type: created.type, title: created.title, status: created.status, zaloOAIds: req.body.zaloOAIds }) });
        return created;
      });
      await kick(row);
      return { data: await findContentDetail(deps.db, actor, scope, row.id) };
    },
  );

  app.patch(
    '/merchant/oa-content/update/:id',
    {
      config: { access: tenantAccess(WRITE, oa), audit: 'OA_CONTENT_UPDATE' },
      schema: {
        operationId: 'updateOaContent',
        summary: 'Change an OA post or video',
        tags,
        description: 'Replaces a content not yet published (`abilities.update`). Editing one in review voids that review; `submit: true` sends it to review again. 409 OA_CONTENT_NOT_EDITABLE once published; 409 CONFLICT when `version` is stale.',
        params: idParam,
        body: updateOaContentBody,
        response: { 200: dataResponse(oaContent) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const actor = actorOf(req.ctx);
      const row = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await editContent(tx, actor, scope, req.params.id, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'oa_content', targetId: after.id, before: auditView(before), after: auditView({ id: after.id, type: after.type, title: after.title, status: after.status, zaloOAIds: req.body.zaloOAIds }) });
        return after;
      });
      await kick(row);
      return { data: await findContentDetail(deps.db, actor, scope, row.id) };
    },
  );

  app.patch(
    '/merchant/oa-content/approved/:id',
    {
      config: { access: tenantAccess('UPDATE_TENANT_TASK', oa), audit: 'OA_CONTENT_PUBLISH' },
      schema: {
        operationId: 'approveOaContent',
        summary: 'Approve or reject an OA post or video',
        tags,
        description: 'The next approver approves (`approval: true`) or rejects the content’s pending review with a note. The last approval publishes it to each selected OA (per-OA state in `oaContentMapping`). 403 TASK_NOT_YOUR_TURN; 409 TASK_NOT_PENDING when nothing is in review.',
        params: idParam,
        body: approveOaContentBody,
        response: { 200: dataResponse(oaContent) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const actor = actorOf(req.ctx);
      const row = await deps.db.transaction(async (tx) => {
        const after = await decideContent(tx, actor, scope, req.params.id, req.body);
        await appendAudit(
          tx,
          auditFromCtx(req.ctx, req.body.approval ? 'TASK_APPROVE' : 'TASK_REJECT', { tenantId: scopedTenantId(scope), targetType: 'oa_content', targetId: after.id, after: { status: after.status, comment: req.body.comment } }),
        );
        if (after.status === 'published') {
          await appendAudit(tx, auditFromCtx(req.ctx, 'OA_CONTENT_PUBLISH', { tenantId: scopedTenantId(scope), targetType: 'oa_content', targetId: after.id, after: auditView(after) }));
        }
        req.ctx.auditWritten = true;
        return after;
      });
      await kick(row);
      return { data: await findContentDetail(deps.db, actor, scope, row.id) };
    },
  );

  app.delete(
    '/merchant/oa-content/:id',
    {
      config: { access: tenantAccess(['CREATE_ZALO_OA_CONTENT', 'UPDATE_ZALO_OA_CONTENT', 'DELETE_ZALO_OA_CONTENT'], oa), audit: 'OA_CONTENT_DELETE' },
      schema: {
        operationId: 'deleteOaContent',
        summary: 'Delete an OA post or video',
        tags,
        description: 'Deletes a draft (whoever may edit it) or, with DELETE_ZALO_OA_CONTENT, a content in review or rejected. 409 OA_CONTENT_APPROVED (‘OA Content was approved so cannot delete’) once approved.',
        params: idParam,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const row = await removeContent(tx, actorOf(req.ctx), scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'oa_content', targetId: row.id, before: auditView(row) });
      });
      return { data: { ok: true as const } };
    },
  );

  /* Uploads (§7: POST form upload, upload/multi/file) under DATA_DIR through the one file store. */

  app.post(
    '/upload',
    {
      config: { access: tenantAccess(WRITE, oa), audit: 'FILE_UPLOAD' },
      schema: {
        operationId: 'uploadImage',
        summary: 'Upload an image',
        tags,
        consumes: ['multipart/form-data'],
        description: `One JPG or PNG image (form field \`file\`, ≤ ${OA_CONTENT_LIMITS.uploadMaxBytes / 1048576} MB, type by content): \`data.avatar\` is its URL. 415 for another type, 413 when larger; nothing is stored then. The 16:9 cover rule is checked by the web.`,
        response: { 200: dataResponse(uploadImageResult) },
      },
    },
    async (req) => {
      const { files } = await readUploadForm(req, { maxBytes: OA_CONTENT_LIMITS.uploadMaxBytes, maxFiles: 1, accept: (t) => t === 'image/jpeg' || t === 'image/png', typeMessage: OA_CONTENT_MESSAGES.imageType });
      const f = files[0]!;
      const key = await deps.files.put(f.buf, f.type);
      await recordTenantUpload(deps.db, req.ctx, 'oa-content', [{ key, name: f.filename, contentType: f.type, size: f.buf.length }]);
      const data = { avatar: deps.files.url(key), name: f.filename, size: f.buf.length, mime: f.type };
      await deps.db.transaction((tx) => appendAudit(tx, auditFromCtx(req.ctx, 'FILE_UPLOAD', { targetType: 'file', targetId: key, after: data })));
      req.ctx.auditWritten = true;
      return { data };
    },
  );

  app.post(
    '/upload/multi/file',
    {
      config: { access: tenantAccess(WRITE, oa), audit: 'FILE_UPLOAD' },
      schema: {
        operationId: 'uploadFiles',
        summary: 'Upload several files',
        tags,
        consumes: ['multipart/form-data'],
        description: `Up to ${OA_CONTENT_LIMITS.multiUploadMaxFiles} files (repeated field \`file\`, each ≤ ${OA_CONTENT_LIMITS.uploadMaxBytes / 1048576} MB): images (jpg, png, gif), pdf, doc, docx or csv by content. One refused file refuses the request before anything is stored.`,
        response: { 200: dataResponse(uploadMultiResult) },
      },
    },
    async (req) => {
      const { files } = await readUploadForm(req, {
        maxBytes: OA_CONTENT_LIMITS.uploadMaxBytes,
        maxFiles: OA_CONTENT_LIMITS.multiUploadMaxFiles,
        accept: (t) => !t.startsWith('video/'),
        typeMessage: 'Only images (jpg, png, gif), pdf, doc, docx or csv files are accepted',
      });
      const data: Array<{ url: string; name: string; size: number; mime: string }> = [];
      for (const f of files) data.push({ url: deps.files.url(await deps.files.put(f.buf, f.type)), name: f.filename, size: f.buf.length, mime: f.type });
      await recordTenantUpload(deps.db, req.ctx, 'oa-content', data.map((d) => ({ key: d.url, name: d.name, contentType: d.mime, size: d.size })));
      await deps.db.transaction((tx) => appendAudit(tx, auditFromCtx(req.ctx, 'FILE_UPLOAD', { targetType: 'file', targetId: null, after: { files: data } })));
      req.ctx.auditWritten = true;
      return { data };
    },
  );

  /* Videos (§2.9 video picker, §3 Video upload form / Video item). */

  app.post(
    '/merchant/oa-content/uploadVideo',
    {
      config: { access: tenantAccess(WRITE, oa), audit: 'OA_VIDEO_UPLOAD' },
      schema: {
        operationId: 'uploadOaVideo',
        summary: 'Upload a video to Zalo',
        tags,
        consumes: ['multipart/form-data'],
        description: `One mp4 or avi video (field \`file\`, ≤ 50 MB, type by content) and \`zaloOAIds\` (comma-joined): stored under DATA_DIR and sent to each OA (Zalo preparevideo); conversion progress follows in video/history and oa_video.changed. 415 / 413 before anything is stored. An OA Zalo refuses gets a FAILED entry with Zalo's message.`,
        response: { 200: dataResponse(uploadVideoResult) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const { fields, files } = await readUploadForm(req, { maxBytes: OA_CONTENT_LIMITS.videoMaxBytes, maxFiles: 1, accept: (t) => t.startsWith('video/'), typeMessage: OA_CONTENT_MESSAGES.videoType });
      const { zaloOAIds } = parseFormFields(uploadVideoFields, fields);
      const oaIds = [...new Set(zaloOAIds)];
      if ((await tenantOas(deps.db, scope, oaIds)).length !== oaIds.length) throw notFound();
      const f = files[0]!;
      const key = await deps.files.put(f.buf, f.type);
      await recordTenantUpload(deps.db, req.ctx, 'oa-video', [{ key, name: f.filename, contentType: f.type, size: f.buf.length }]);
      const uploadKey = randomUUID();
      const rows = await sendVideoToOas(deps.db, deps.zalo, { tenantId: scopedTenantId(scope), uploadKey, oaIds, file: { buf: f.buf, filename: f.filename, mime: f.type }, fileUrl: deps.files.url(key), createdBy: actorOf(req.ctx).userId });
      const items = await findVideoItems(deps.db, scope, undefined, { limit: 1, offset: 0 });
      const item = items.rows.find((i) => i.key === uploadKey) ?? { key: uploadKey, videoUrl: deps.files.url(key), videoName: f.filename, videoSize: f.buf.length, value: [] };
      // Conversion progress follows within seconds (oa_video.changed), not only at the minute sweep.
      if (deps.jobs && rows.some((r) => r.status === 'CONVERTING' || r.status === 'UNKNOWN')) await deps.jobs.send(publishJob, { videoKey: uploadKey });
      await deps.db.transaction((tx) => appendAudit(tx, auditFromCtx(req.ctx, 'OA_VIDEO_UPLOAD', { tenantId: scopedTenantId(scope), targetType: 'oa_video', targetId: uploadKey, after: { name: f.filename, size: f.buf.length, oas: rows.map((r) => ({ zaloOAId: r.zaloOaId, status: r.status, error: r.error })) } })));
      req.ctx.auditWritten = true;
      return { data: item };
    },
  );

  app.get(
    '/merchant/oa-content/video/history',
    {
      config: { access: tenantAccess(VIEW, oa) },
      schema: { operationId: 'listOaVideos', summary: 'List the uploaded videos', tags, description: 'Uploaded videos of the given OAs (comma-joined `zaloOAId`), newest first, 20 per page; each with its per-OA conversion state.', querystring: videoHistoryQuery, response: { 200: listResponse(oaVideoItem) } },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await findVideoItems(deps.db, tenantScope(req.ctx), q.zaloOAId, { limit: q.size, offset: offsetOf(q) });
      return paged(rows, total, q);
    },
  );

  app.patch(
    '/merchant/oa-content/video/update',
    {
      config: { access: tenantAccess(WRITE, oa), audit: 'OA_VIDEO_DELETE' },
      schema: { operationId: 'hideOaVideos', summary: 'Remove uploaded videos from the picker', tags, description: 'Removes the uploads `ids` (video keys) from the picker (§2.9 delete with confirmation). 404 when one is not the tenant’s.', body: videoUpdateBody, response: { 200: okResponse } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const removed = await removeVideoItems(tx, scope, req.body.ids);
        await record({ tenantId: scopedTenantId(scope), targetType: 'oa_video', targetId: req.body.ids[0] ?? null, before: { ids: req.body.ids, rows: removed.length } });
      });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/merchant/oa-content/quotas',
    {
      config: { access: tenantAccess(VIEW, oa) },
      schema: { operationId: 'listOaContentQuotas', summary: 'List the content quotas per official account', tags, description: '§3 Quota per OA (comma-joined `zaloOAIds`, all OAs when absent): used = articles + videos, total, remain.', querystring: oaQuotaQuery, response: { 200: dataResponse(z.array(oaContentQuota)) } },
    },
    async (req) => ({ data: await findQuotas(deps.db, tenantScope(req.ctx), req.query.zaloOAIds) }),
  );
}
