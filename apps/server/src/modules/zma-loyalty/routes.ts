import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dataResponse, idParam, listResponse } from '@zc/shared/api/common';
import {
  assignGameBody,
  branchQuery,
  branchSetting,
  branchStockRow,
  createBranchBody,
  createGiftBody,
  generateCodesBody,
  generateCodesResult,
  giftCode,
  giftCodeBatch,
  giftCodeBulkResult,
  giftCodeEvent,
  giftCodeExportQuery,
  giftCodeIdsBody,
  giftCodeLookupQuery,
  giftCodeQuery,
  giftExportQuery,
  giftImportResult,
  giftQuery,
  putBranchStockBody,
  redeemGiftCodeBody,
  updateBranchBody,
  updateGiftBody,
  uploadResult,
  zmaBranch,
  zmaBranchOption,
  zmaGiftItem,
  ZMA_GIFT_IMAGE_MAX_BYTES,
  normaliseGiftCode,
  apiGiftCodeQuery,
  apiRedeemGiftCodeBody,
  giftCodeParams,
} from '@zc/shared/api/zma-loyalty';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { publicAccess, requireTenant, requireZmaApp, zmaAccess } from '../../platform/context';
import { CSV_BOM, csvRow } from '../../platform/csv';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { readImageForm } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { cancelGiftCodes, recallGiftCodes } from './codes';
import { zmaCodeBatchJob } from './jobs';
import * as m from './manage';
import { recordZmaActivity, requireZmaApiKey, zmaApiKeyOnRequest, zmaApiRateLimit } from '../mini-apps/service';
import { codeCsvCells, CODE_CSV_HEADER, giftCsvCells, GIFT_CSV_HEADER, presentBatch, presentBranch, presentCodeEvent, presentGiftCode, presentGiftItem } from './presenter';
import * as repo from './repo';
import { recordTenantUpload } from '../tenant-files/service';

const tags = ['Mini app'];
const base = '/zma/merchant';
const EXPORT_MAX_ROWS = 1_000_000;
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

function paged<T>(data: T[], total: number, q: { page: number; pageSize: number }) {
  return { data, meta: { total, page: q.page, size: q.pageSize } };
}

const scopeOf = (req: FastifyRequest) => ({ zmaAppId: requireZmaApp(req.ctx), tenantId: requireTenant(req.ctx) });
const actorId = (req: FastifyRequest) => req.ctx.user?.id ?? null;

async function sendCsv(reply: FastifyReply, name: string, header: unknown[], rows: AsyncGenerator<unknown[][]>) {
  async function* csv() {
    yield `${CSV_BOM}${csvRow(header)}`;
    for await (const batch of rows) yield batch.map((r) => csvRow(r)).join('');
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`).send(Readable.from(csv()));
}

/** Branches, gift inventory, vouchers and gift codes of a mini app (issue 14 #3–#5; `/api/zma/merchant/*`, x-zma-id; ADR 0023). */
export function registerZmaLoyaltyRoutes(app: ZodApp, deps: ModuleDeps): void {
  registerBranchRoutes(app, deps);
  registerGiftRoutes(app, deps);
  registerCodeRoutes(app, deps);
  registerBackendRoutes(app, deps);
}

/** `/api/zma/v1/gift-codes/*`: the tenant's own backend (a POS, a web shop) looks codes up and redeems them with a mini-app API key. */
function registerBackendRoutes(app: ZodApp, deps: ModuleDeps): void {
  const keyed = "Mini-app API key in `x-api-key`: 401 API_KEY_INVALID before anything else.";
  app.get(
    '/zma/v1/gift-codes/:code',
    {
      config: { access: publicAccess, ...zmaApiRateLimit },
      onRequest: zmaApiKeyOnRequest(deps.db),
      schema: {
        operationId: 'lookupZmaGiftCodeByApi',
        summary: 'Look a gift code up (backend)',
        tags,
        description: `${keyed} Spaces and dashes are ignored, letters upper-cased; unknown (or, with branchId, a branch of another mini app) → 404 GIFT_CODE_NOT_FOUND 'Gift code not found'.`,
        params: giftCodeParams,
        querystring: apiGiftCodeQuery,
        response: { 200: dataResponse(giftCode) },
      },
    },
    async (req) => {
      const caller = await requireZmaApiKey(req, deps.db);
      return { data: await m.lookupGiftCode(deps.db, caller.zmaAppId, { code: req.params.code, branchId: req.query.branchId }) };
    },
  );

  app.post(
    '/zma/v1/gift-codes/:code/redeem',
    {
      config: { access: publicAccess, audit: { none: 'an API-key call, not a console user: the code event and the CODE_USED activity record it' }, ...zmaApiRateLimit },
      onRequest: zmaApiKeyOnRequest(deps.db),
      schema: {
        operationId: 'redeemZmaGiftCodeByApi',
        summary: 'Redeem a gift code at a branch (backend)',
        tags,
        description: `${keyed} ALLOCATED → USED at the branch, exactly once however many calls race: 404 GIFT_CODE_NOT_FOUND, 409 GIFT_CODE_USED / GIFT_CODE_EXPIRED / GIFT_CODE_CANCELLED / GIFT_CODE_NOT_ALLOCATED, 409 ZMA_STOCK_INSUFFICIENT for an item the branch has run out of; a branch whose settings require its staff refuses API-key redemptions (403).`,
        params: giftCodeParams,
        body: apiRedeemGiftCodeBody,
        response: { 200: dataResponse(giftCode) },
      },
    },
    async (req) => {
      const caller = await requireZmaApiKey(req, deps.db);
      const scope = { zmaAppId: caller.zmaAppId, tenantId: caller.tenantId };
      const data = await deps.db.transaction((tx) => m.redeemAtBranch(tx, scope, { code: req.params.code, branchId: req.body.branchId }, null));
      return { data };
    },
  );
}

function registerBranchRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.post(
    `${base}/branch`,
    {
      config: { access: zmaAccess('CREATE_ZMA_BRANCH'), audit: 'ZMA_BRANCH_CREATE' },
      schema: { operationId: 'createZmaBranch', summary: 'Create a branch', tags, description: 'A BRANCH (a shop) or MINIAPP (online) branch; staff must be members of the tenant (422 ZMA_BRANCH_INVALID naming staffUserIds.N).', body: createBranchBody, response: { 200: dataResponse(zmaBranch) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const b = await m.createBranch(tx, scope, req.body);
        await record({ targetType: 'zma_branch', targetId: b.id, after: b });
        return b;
      });
      return { data };
    },
  );

  app.get(
    `${base}/branch`,
    {
      config: { access: zmaAccess('VIEW_ZMA_BRANCH') },
      schema: { operationId: 'listZmaBranches', summary: 'List the branches', tags, description: 'Newest first; `search` matches name or address.', querystring: branchQuery, response: { 200: listResponse(zmaBranch) } },
    },
    async (req) => {
      const q = req.query;
      const r = await repo.findBranches(deps.db, requireZmaApp(req.ctx), { ...q, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return paged(r.rows.map(presentBranch), r.total, q);
    },
  );

  app.get(
    `${base}/branch/all`,
    {
      config: { access: zmaAccess('VIEW_ZMA_BRANCH') },
      schema: { operationId: 'listAllZmaBranches', summary: 'Every branch (for pickers)', tags, description: 'Id, name and type of every branch of the mini app, by name.', response: { 200: dataResponse(z.array(zmaBranchOption)) } },
    },
    async (req) => ({ data: await repo.branchOptions(deps.db, requireZmaApp(req.ctx)) }),
  );

  /** §5/§7: look a code up at a branch (registered before /branch/:id). */
  app.get(
    `${base}/branch/gift-code`,
    {
      config: { access: zmaAccess('VIEW_ZMA_BRANCH') },
      schema: { operationId: 'lookupZmaGiftCode', summary: 'Look a gift code up at a branch', tags, description: "`code` is required (400 naming code); spaces and dashes are ignored, letters upper-cased. Unknown → 404 GIFT_CODE_NOT_FOUND 'Gift code not found'.", querystring: giftCodeLookupQuery, response: { 200: dataResponse(giftCode) } },
    },
    async (req) => ({ data: await m.lookupGiftCode(deps.db, requireZmaApp(req.ctx), req.query) }),
  );

  app.post(
    `${base}/branch/gift-code/redeem`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_BRANCH'), audit: 'ZMA_GIFT_CODE_REDEEM' },
      schema: {
        operationId: 'redeemZmaGiftCode',
        summary: 'Redeem a gift code at a branch',
        tags,
        description: 'ALLOCATED → USED at the branch by the caller, atomically (of concurrent redemptions of one code exactly one succeeds). 404 GIFT_CODE_NOT_FOUND; 409 GIFT_CODE_EXPIRED / CANCELLED / USED / NOT_ALLOCATED; a physical item takes one from the branch stock when the branch keeps stock of it (409 ZMA_STOCK_INSUFFICIENT when none is left).',
        body: redeemGiftCodeBody,
        response: { 200: dataResponse(giftCode) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const c = await m.redeemAtBranch(tx, scope, req.body, actorId(req));
        await record({ targetType: 'zma_gift_code', targetId: c.id, after: { code: c.code, status: c.status, branchId: req.body.branchId } });
        return c;
      });
      return { data };
    },
  );

  app.get(
    `${base}/branch/:id`,
    { config: { access: zmaAccess('VIEW_ZMA_BRANCH') }, schema: { operationId: 'getZmaBranch', summary: 'A branch', tags, params: idParam, response: { 200: dataResponse(zmaBranch) } } },
    async (req) => ({ data: await m.requireBranch(deps.db, requireZmaApp(req.ctx), req.params.id) }),
  );

  app.patch(
    `${base}/branch/:id`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_BRANCH'), audit: 'ZMA_BRANCH_UPDATE' },
      schema: { operationId: 'updateZmaBranch', summary: 'Update a branch', tags, description: 'Fields given are changed; `staffUserIds` replaces the staff.', params: idParam, body: updateBranchBody, response: { 200: dataResponse(zmaBranch) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await m.updateBranch(tx, scope, req.params.id, req.body);
        await record({ targetType: 'zma_branch', targetId: req.params.id, before: r.before, after: r.after });
        return r.after;
      });
      return { data };
    },
  );

  app.delete(
    `${base}/branch/:id`,
    {
      config: { access: zmaAccess('DELETE_ZMA_BRANCH'), audit: 'ZMA_BRANCH_DELETE' },
      schema: { operationId: 'deleteZmaBranch', summary: 'Delete a branch', tags, description: 'Its stock, staff and games go with it; codes redeemed there keep their history (branch shown as removed).', params: idParam, response: { 200: dataResponse(z.object({ ok: z.literal(true) })) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      await runMutation(deps.db, req, async (tx, record) => {
        const before = await m.deleteBranch(tx, scope, req.params.id);
        await record({ targetType: 'zma_branch', targetId: req.params.id, before });
      });
      return { data: { ok: true as const } };
    },
  );

  app.put(
    `${base}/branch/:id/assign-game`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_BRANCH'), audit: 'ZMA_BRANCH_ASSIGN_GAME' },
      schema: { operationId: 'assignZmaBranchGames', summary: 'Set the lucky draws a branch offers', tags, description: 'Replaces the list; every id must be a draw of this mini app (422 ZMA_BRANCH_INVALID naming drawIds.N).', params: idParam, body: assignGameBody, response: { 200: dataResponse(zmaBranch) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await m.assignGames(tx, scope, req.params.id, req.body.drawIds);
        await record({ targetType: 'zma_branch', targetId: req.params.id, before: { games: r.before.games }, after: { games: r.after.games } });
        return r.after;
      });
      return { data };
    },
  );

  app.get(
    `${base}/branch/:id/stock`,
    { config: { access: zmaAccess('VIEW_ZMA_BRANCH_GIFT') }, schema: { operationId: 'getZmaBranchStock', summary: 'Gift stock of a branch', tags, params: idParam, response: { 200: dataResponse(z.array(branchStockRow)) } } },
    async (req) => ({ data: await m.getStock(deps.db, requireZmaApp(req.ctx), req.params.id) }),
  );

  app.put(
    `${base}/branch/:id/stock`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_BRANCH_GIFT'), audit: 'ZMA_BRANCH_STOCK_UPDATE' },
      schema: { operationId: 'putZmaBranchStock', summary: 'Set gift stock at a branch', tags, description: 'Sets the quantity (and low threshold) of each listed gift; negative → 422 ZMA_BRANCH_INVALID naming items.N.quantity; a gift of another app → 422 naming items.N.giftItemId.', params: idParam, body: putBranchStockBody, response: { 200: dataResponse(z.array(branchStockRow)) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await m.putStock(tx, scope, req.params.id, req.body, actorId(req));
        await record({ targetType: 'zma_branch', targetId: req.params.id, before: r.before, after: r.after });
        return r.after;
      });
      return { data };
    },
  );

  app.get(
    `${base}/branch/:id/setting`,
    { config: { access: zmaAccess('VIEW_ZMA_BRANCH_SETTING') }, schema: { operationId: 'getZmaBranchSetting', summary: 'Settings of a branch', tags, params: idParam, response: { 200: dataResponse(branchSetting) } } },
    async (req) => ({ data: await m.getBranchSetting(deps.db, requireZmaApp(req.ctx), req.params.id) }),
  );

  app.put(
    `${base}/branch/:id/setting`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_BRANCH_SETTING'), audit: 'ZMA_BRANCH_SETTING_UPDATE' },
      schema: { operationId: 'putZmaBranchSetting', summary: 'Set the settings of a branch', tags, description: '`requireStaff`: only the branch\'s staff may redeem there (403 otherwise).', params: idParam, body: branchSetting, response: { 200: dataResponse(branchSetting) } },
    },
    async (req) => {
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await m.putBranchSetting(tx, requireZmaApp(req.ctx), req.params.id, req.body);
        await record({ targetType: 'zma_branch', targetId: req.params.id, before: r.before, after: r.after });
        return r.after;
      });
      return { data };
    },
  );
}

function registerGiftRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    `${base}/gift`,
    { config: { access: zmaAccess('VIEW_ZMA_GIFT') }, schema: { operationId: 'listZmaGifts', summary: 'List gifts and vouchers', tags, description: '`type` ITEM (gift inventory) or VOUCHER; with stock over every branch and code counts by status.', querystring: giftQuery, response: { 200: listResponse(zmaGiftItem) } } },
    async (req) => {
      const q = req.query;
      const r = await repo.findGiftItemRows(deps.db, requireZmaApp(req.ctx), { ...q, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return paged(r.rows.map(presentGiftItem), r.total, q);
    },
  );

  app.post(
    `${base}/gift`,
    {
      config: { access: zmaAccess('CREATE_ZMA_GIFT'), audit: 'ZMA_GIFT_CREATE' },
      schema: { operationId: 'createZmaGift', summary: 'Create a gift or voucher', tags, description: 'valueMax below valueMin, validTo not after validFrom, a percentage over 100 → 422 ZMA_GIFT_INVALID naming the field.', body: createGiftBody, response: { 200: dataResponse(zmaGiftItem) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const g = await m.createGift(tx, scope, req.body);
        await record({ targetType: 'zma_gift_item', targetId: g.id, after: g });
        return g;
      });
      return { data };
    },
  );

  app.post(
    `${base}/gift/image`,
    {
      config: { access: zmaAccess(['CREATE_ZMA_GIFT', 'UPDATE_ZMA_GIFT']), audit: { none: 'stores an image file only; the gift that takes its URL is audited when saved' } },
      schema: { operationId: 'uploadZmaGiftImage', summary: 'Upload a gift image', tags, consumes: ['multipart/form-data'], description: 'multipart `file`: JPG or PNG by content, at most 2 MB. Answers the URL to send as `imageUrl`.', response: { 200: dataResponse(uploadResult) } },
    },
    async (req) => {
      const { image } = await readImageForm(req, ZMA_GIFT_IMAGE_MAX_BYTES);
      if (!image) throw fieldError('file', 'An image is required', 'required');
      const url = deps.files.url(await deps.files.put(image.buf, image.type));
      await recordTenantUpload(deps.db, req.ctx, 'mini-app-gift', [{ key: url, name: 'gift-image', contentType: image.type, size: image.buf.length }]);
      return { data: { url } };
    },
  );

  app.post(
    `${base}/gift/import`,
    {
      config: { access: zmaAccess('CREATE_ZMA_GIFT'), audit: 'ZMA_GIFT_IMPORT' },
      schema: { operationId: 'importZmaGifts', summary: 'Import gifts from CSV', tags, consumes: ['multipart/form-data'], description: 'multipart `file`: UTF-8 CSV (at most 5 MB, 10,000 rows) with a header row naming the columns (type and name required; see GIFT_IMPORT_COLUMNS). Each row stands alone: `rejected` lists each refused row with its reason.', response: { 200: dataResponse(giftImportResult) } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected multipart/form-data');
      const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'file') throw fieldError('file', 'A CSV file is required', 'required');
      const scope = scopeOf(req);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await m.importGifts(tx, scope, part.file);
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'The file must be at most 5 MB');
        await recordZmaActivity(tx, { zmaAppId: scope.zmaAppId, tenantId: scope.tenantId, kind: 'GIFTS_IMPORTED', actorUserId: actorId(req), detail: { created: r.created, rejected: r.rejected.length, file: part.filename } });
        await record({ targetType: 'zma_app', targetId: scope.zmaAppId, after: { file: part.filename, created: r.created, rejected: r.rejected.length } });
        return r;
      });
      return { data };
    },
  );

  app.get(
    `${base}/gift/export`,
    {
      config: { access: zmaAccess('EXPORT_ZMA_GIFT') },
      schema: { operationId: 'exportZmaGifts', summary: 'Gifts and vouchers as CSV', tags, description: 'Every gift of the mini app (filters `type`, `status`) with stock and code counts.', querystring: giftExportQuery, produces: ['text/csv'] },
    },
    async (req, reply) => {
      const rows = repo.iterateGiftItems(deps.db, requireZmaApp(req.ctx), req.query, 100_000);
      async function* cells() {
        for await (const batch of rows) yield batch.map((g) => giftCsvCells(presentGiftItem(g)));
      }
      return sendCsv(reply, 'mini-app-gifts', GIFT_CSV_HEADER, cells());
    },
  );

  app.get(
    `${base}/gift/:id`,
    { config: { access: zmaAccess('VIEW_ZMA_GIFT') }, schema: { operationId: 'getZmaGift', summary: 'A gift or voucher', tags, params: idParam, response: { 200: dataResponse(zmaGiftItem) } } },
    async (req) => ({ data: await m.requireGiftItem(deps.db, requireZmaApp(req.ctx), req.params.id) }),
  );

  app.patch(
    `${base}/gift/:id`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_GIFT'), audit: 'ZMA_GIFT_UPDATE' },
      schema: { operationId: 'updateZmaGift', summary: 'Update a gift or voucher', tags, description: 'Fields given are changed (the type cannot change); the same rules as create.', params: idParam, body: updateGiftBody, response: { 200: dataResponse(zmaGiftItem) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await m.updateGift(tx, scope, req.params.id, req.body);
        await record({ targetType: 'zma_gift_item', targetId: req.params.id, before: r.before, after: r.after });
        return r.after;
      });
      return { data };
    },
  );

  app.delete(
    `${base}/gift/:id`,
    {
      config: { access: zmaAccess('DELETE_ZMA_GIFT'), audit: 'ZMA_GIFT_DELETE' },
      schema: { operationId: 'deleteZmaGift', summary: 'Delete a gift or voucher', tags, description: '409 ZMA_ITEM_IN_USE while a lucky-draw prize uses it or codes of it were given to customers; its unallocated codes go with it.', params: idParam, response: { 200: dataResponse(z.object({ ok: z.literal(true) })) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      await runMutation(deps.db, req, async (tx, record) => {
        const before = await m.deleteGift(tx, scope, req.params.id);
        await record({ targetType: 'zma_gift_item', targetId: req.params.id, before });
      });
      return { data: { ok: true as const } };
    },
  );
}

function registerCodeRoutes(app: ZodApp, deps: ModuleDeps): void {
  const batchJob = zmaCodeBatchJob(deps.db);

  app.post(
    `${base}/gift/:id/codes`,
    {
      config: { access: zmaAccess('CREATE_ZMA_GIFT'), audit: 'ZMA_GIFT_CODES_GENERATE' },
      schema: { operationId: 'generateZmaGiftCodes', summary: 'Generate gift codes in bulk', tags, description: 'Starts a job generating `count` (1–1,000,000) unique codes of the gift; progress as `zma.codes_progress` events and GET gift-code-batch/{batchId}.', params: idParam, body: generateCodesBody, response: { 200: dataResponse(generateCodesResult) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      const batch = await runMutation(deps.db, req, async (tx, record) => {
        const b = await m.openCodeBatch(tx, scope, req.params.id, req.body.count, actorId(req));
        await record({ targetType: 'zma_gift_item', targetId: req.params.id, after: { batchId: b.id, count: req.body.count } });
        return b;
      });
      if (deps.jobs) await deps.jobs.send(batchJob, { batchId: batch.id });
      else void m.runCodeBatch(deps.db, batch.id).catch((e: unknown) => req.log.error(e, 'gift code batch failed'));
      return { data: { batchId: batch.id } };
    },
  );

  app.get(
    `${base}/gift-code-batch/:id`,
    { config: { access: zmaAccess('VIEW_ZMA_GIFT') }, schema: { operationId: 'getZmaGiftCodeBatch', summary: 'Progress of a code generation', tags, params: idParam, response: { 200: dataResponse(giftCodeBatch) } } },
    async (req) => {
      const b = await repo.findBatch(deps.db, req.params.id, requireZmaApp(req.ctx));
      if (!b) throw notFound();
      return { data: presentBatch(b) };
    },
  );

  app.get(
    `${base}/gift-code`,
    { config: { access: zmaAccess('VIEW_ZMA_GIFT') }, schema: { operationId: 'listZmaGiftCodes', summary: 'List gift codes', tags, description: 'The §3 gift-code fields, newest first; `code` matches a prefix.', querystring: giftCodeQuery, response: { 200: listResponse(giftCode) } } },
    async (req) => {
      const q = req.query;
      const r = await repo.findGiftCodeRows(deps.db, requireZmaApp(req.ctx), { ...q, code: q.code ? normaliseGiftCode(q.code) : undefined, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return { data: r.rows.map(presentGiftCode), meta: { total: r.total, page: q.page, size: q.pageSize, ...(r.capped ? { totalIsEstimate: true } : {}) } };
    },
  );

  app.get(
    `${base}/gift-code/export`,
    {
      config: { access: zmaAccess('EXPORT_ZMA_GIFT_ACTIVITY') },
      schema: { operationId: 'exportZmaGiftCodes', summary: 'Gift codes as CSV', tags, description: 'Same filters as the list; who holds each code, where and when it was used.', querystring: giftCodeExportQuery, produces: ['text/csv'] },
    },
    async (req, reply) => {
      const q = req.query;
      const rows = repo.iterateGiftCodes(deps.db, requireZmaApp(req.ctx), { ...q, code: q.code ? normaliseGiftCode(q.code) : undefined }, EXPORT_MAX_ROWS);
      async function* cells() {
        for await (const batch of rows) yield batch.map((c) => codeCsvCells(presentGiftCode(c)));
      }
      return sendCsv(reply, 'mini-app-gift-codes', CODE_CSV_HEADER, cells());
    },
  );

  app.get(
    `${base}/gift-code/:id/events`,
    { config: { access: zmaAccess('VIEW_ZMA_GIFT') }, schema: { operationId: 'listZmaGiftCodeEvents', summary: 'Transitions of a gift code', tags, description: 'Who (staff or customer), where (branch) and when; a recalled code keeps its history.', params: idParam, response: { 200: dataResponse(z.array(giftCodeEvent)) } } },
    async (req) => {
      const events = await repo.codeEvents(deps.db, requireZmaApp(req.ctx), req.params.id);
      if (events.length === 0 && !(await repo.findCodeById(deps.db, requireZmaApp(req.ctx), req.params.id))) throw new AppError('GIFT_CODE_NOT_FOUND');
      return { data: events.map(presentCodeEvent) };
    },
  );

  app.post(
    `${base}/gift-code/cancel`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_GIFT'), audit: 'ZMA_GIFT_CODE_CANCEL' },
      schema: { operationId: 'cancelZmaGiftCodes', summary: 'Cancel gift codes', tags, description: 'NEW → CANCELLED (§4); other ids are reported in `refused` with GIFT_CODE_NOT_FOUND or GIFT_CODE_TRANSITION_INVALID.', body: giftCodeIdsBody, response: { 200: dataResponse(giftCodeBulkResult) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await cancelGiftCodes(tx, { ...scope, ids: req.body.ids, actorUserId: actorId(req) });
        await record({ targetType: 'zma_gift_code', targetId: r.done[0] ?? null, after: { cancelled: r.done, refused: r.refused.length } });
        return r;
      });
      return { data };
    },
  );

  app.post(
    `${base}/gift-code/recall`,
    {
      config: { access: zmaAccess('DELETE_ZMA_GIFT'), audit: 'ZMA_GIFT_CODE_RECALL' },
      schema: { operationId: 'recallZmaGiftCodes', summary: 'Recall gift codes', tags, description: 'NEW or CANCELLED codes are removed (§4); their history stays. Other ids are reported in `refused`.', body: giftCodeIdsBody, response: { 200: dataResponse(giftCodeBulkResult) } },
    },
    async (req) => {
      const scope = scopeOf(req);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await recallGiftCodes(tx, { ...scope, ids: req.body.ids, actorUserId: actorId(req) });
        await record({ targetType: 'zma_gift_code', targetId: r.done[0] ?? null, after: { recalled: r.done, refused: r.refused.length } });
        return r;
      });
      return { data };
    },
  );
}
