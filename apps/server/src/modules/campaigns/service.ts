import type { Readable } from 'node:stream';
import { rm } from 'node:fs/promises';
import {
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_NAME_MIN,
  CAMPAIGN_UPLOAD_MAX_BYTES,
  campaignMapping,
  type Campaign,
  type CampaignCreateBody,
  type CampaignFormOptions,
  type CampaignMapping,
  type CampaignRejectCode,
  type CampaignRule,
  type CampaignTemplate,
  type CampaignUpload,
  type ZnsPublicMode,
  type ZnsPublicModeBody,
} from '@zc/shared/api/campaigns';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import type { RecordAudit } from '../../platform/mutation';
import { can, type Actor } from '../../platform/policy';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import { decideTask, latestReviews, submitForReview } from '../approvals/service';
import { discountedPrice } from '../discounts/service';
import { placeHold } from '../wallets/service';
import { csvCell } from '../../platform/csv';
import { ingestRows, mappingProblems, storeUploadFile, suggestMapping, uploadsDir, type StoredFile, type TemplateParamRule } from './ingest';
import { presentCampaign, presentUpload } from './presenter';
import {
  campaignStatusIs,
  clearUploadRows,
  enabledTemplates,
  findApiKey,
  findCampaignRow,
  findTemplate,
  findUpload,
  insertCampaign,
  insertUpload,
  insertUploadFile,
  listCampaigns,
  markFileIngested,
  namesOf,
  findPublicModeOfMerchantTenant,
  publicModeOf,
  rejectPage,
  savePublicMode,
  rememberMapping,
  rememberedMapping,
  updateCampaign,
  updateUpload,
  uploadIsUsed,
  walletFacts,
  znsApiKeys,
  type CampaignFilter,
  type CampaignRow,
  type TemplateRow,
  type UploadFileRow,
  type UploadRow,
  findInFlightCampaigns,
  findCampaignRefs,
} from './repo';
import { tenantListPrice } from '../service-packages/service';

/* ─── Rules (422 CAMPAIGN_INVALID naming the rule and the field) ─── */

const RULE_TEXT: Record<CampaignRule, string> = {
  NAME_LENGTH: `the campaign name must have ${CAMPAIGN_NAME_MIN} to ${CAMPAIGN_NAME_MAX} characters`,
  API_KEY_REQUIRED: 'select API key',
  API_KEY_INACTIVE: 'the API key is not active',
  SCHEDULE_REQUIRED: 'Please enter schedule',
  PAST_SCHEDULE: 'the schedule is in the past',
  MODE_NOT_ALLOWED: "production mode needs the tenant's public mode to be production",
  TEMPLATE_NOT_ENABLED: "the template is not an enabled template of the API key's official account",
  MAPPING_INVALID: 'the column mapping does not fit the file and the template',
  UPLOAD_NOT_READY: 'the recipient list has not been read yet: map its columns first',
  UPLOAD_USED: 'this recipient list already belongs to a campaign: upload it again',
  UPLOAD_OTHER_TEMPLATE: "the recipient list was read for another official account's template",
  NO_VALID_ROWS: 'the recipient list has no valid row',
  FILE_UNREADABLE: 'the file could not be read',
};

function broken(rule: CampaignRule, path: string, extra: Array<{ path: string; message: string }> = []): AppError {
  const fields = extra.length > 0 ? extra.map((f) => ({ path: f.path, code: rule, message: f.message })) : [{ path, code: rule, message: RULE_TEXT[rule] }];
  return new AppError('CAMPAIGN_INVALID', RULE_TEXT[rule], { rule, fields });
}

/** The reason of a rejected row in the user's language (the report). */
const REJECT_TEXT: Record<CampaignRejectCode, { vi: string; en: string }> = {
  PHONE_EMPTY: { vi: 'Thiếu số điện thoại', en: 'The phone is missing' },
  PHONE_FORMAT: { vi: 'Số điện thoại sai định dạng (84 + 9 số, 0 + 9 số hoặc 9 số)', en: 'The phone is not 84 + 9 digits, 0 + 9 digits or 9 digits' },
  PHONE_PREFIX: { vi: 'Đầu số không thuộc nhà mạng di động Việt Nam', en: 'The prefix is not a Vietnamese mobile carrier' },
  DUPLICATE: { vi: 'Số điện thoại trùng với một dòng trước (đã bỏ)', en: 'The phone repeats an earlier row (removed)' },
  COLUMNS_MISSING: { vi: 'Dòng thiếu cột', en: 'The row has fewer columns than the mapping needs' },
  ENCODING: { vi: 'Ký tự không đọc được (tệp cần mã hoá UTF-8)', en: 'Unreadable characters (the file must be UTF-8)' },
  CELL_TOO_LONG: { vi: 'Ô quá dài hoặc dấu ngoặc kép không đóng', en: 'A cell is too long or a quote is not closed' },
  PARAM_REQUIRED: { vi: 'Thiếu tham số bắt buộc', en: 'A required parameter is empty' },
  PARAM_MIN_LENGTH: { vi: 'Tham số ngắn hơn độ dài tối thiểu', en: 'A parameter is shorter than its minimum length' },
  PARAM_MAX_LENGTH: { vi: 'Tham số dài hơn độ dài tối đa', en: 'A parameter is longer than its maximum length' },
  PARAM_TYPE: { vi: 'Tham số sai kiểu (cần số)', en: 'A parameter has the wrong type (a number is expected)' },
};

export function rejectText(reason: string, lang: 'vi' | 'en'): string {
  const [code, param] = reason.split(':', 2) as [CampaignRejectCode, string | undefined];
  const text = REJECT_TEXT[code]?.[lang] ?? reason;
  return param ? `${text}: ${param}` : text;
}

/* ─── Prices ─── */

const paramsOf = (t: TemplateRow): TemplateParamRule[] => t.params.map((p) => ({ name: p.name, require: Boolean(p.require), type: String(p.type ?? 'STRING'), minLength: Number(p.minLength ?? 0), maxLength: Number(p.maxLength ?? 0), acceptNull: Boolean(p.acceptNull) }));

/** The template's list price and the price the tenant is charged after discounts (discounts module). */
async function priceOf(db: DbOrTx, scope: TenantScope, t: TemplateRow): Promise<{ listPrice: number; price: number }> {
  // The list price is the tenant's service package ZNS price when it has one (ADR 0025), else the template's.
  const listPrice = await tenantListPrice(db, scopedTenantId(scope), 'ZNS', 'TRANSACTION', t.price);
  const p = await discountedPrice(db, { tenantId: scopedTenantId(scope), listPrice, tag: t.tag });
  return { listPrice: p.listPrice, price: p.price };
}

/* ─── Form options and templates ─── */

export async function formOptions(db: DbOrTx, scope: TenantScope): Promise<CampaignFormOptions> {
  const keys = await znsApiKeys(db, scope);
  return {
    apiKeys: keys.filter((k) => k.status === 'ACTIVE').map((k) => ({ id: k.id, name: k.name, zaloOaId: k.zaloOaId, zaloOaName: k.zaloOaName, teamId: k.teamId })),
    publicMode: await publicModeOf(db, scope),
    limits: { nameMin: CAMPAIGN_NAME_MIN, nameMax: CAMPAIGN_NAME_MAX, uploadMaxBytes: CAMPAIGN_UPLOAD_MAX_BYTES },
  };
}

async function keyOf(db: DbOrTx, scope: TenantScope, apiKeyId: string) {
  const key = await findApiKey(db, scope, apiKeyId);
  if (!key) throw notFound();
  if (key.status !== 'ACTIVE') throw broken('API_KEY_INACTIVE', 'apiKeyId');
  return key;
}

/** The ENABLE templates of the API key's OA, with params, prices and the remembered mapping. */
export async function templatesForKey(db: DbOrTx, scope: TenantScope, apiKeyId: string): Promise<CampaignTemplate[]> {
  const key = await keyOf(db, scope, apiKeyId);
  const rows = await enabledTemplates(db, scope, key.zaloOaId);
  const out: CampaignTemplate[] = [];
  for (const t of rows) {
    const price = await priceOf(db, scope, t);
    const remembered = await rememberedMapping(db, scope, t.znsTemplateId);
    out.push({ znsTemplateId: t.znsTemplateId, name: t.name, tag: t.tag, ...price, previewUrl: t.previewUrl, params: paramsOf(t), rememberedMapping: remembered });
  }
  return out;
}

async function sendableTemplate(db: DbOrTx, scope: TenantScope, zaloOaId: string, znsTemplateId: string): Promise<TemplateRow> {
  const t = await findTemplate(db, scope, zaloOaId, znsTemplateId);
  if (!t || t.status !== 'ENABLE') throw broken('TEMPLATE_NOT_ENABLED', 'znsTemplateId');
  return t;
}

/* ─── Uploads ─── */

/** What the upload route checks before a byte of the file is stored: the key and the template (404 / 422). */
export async function checkUploadTarget(db: DbOrTx, scope: TenantScope, input: { apiKeyId: string; znsTemplateId: string }) {
  const key = await keyOf(db, scope, input.apiKeyId);
  const template = await sendableTemplate(db, scope, key.zaloOaId, input.znsTemplateId);
  return { key, template };
}

/** Streams the file to DATA_DIR (413/415 before anything is stored in the database). */
export async function storeFile(dataDir: string, source: Readable & { truncated?: boolean }): Promise<{ id: string; stored: StoredFile }> {
  const id = crypto.randomUUID();
  return { id, stored: await storeUploadFile(source, uploadsDir(dataDir), id, CAMPAIGN_UPLOAD_MAX_BYTES) };
}

export async function discardFile(stored: StoredFile): Promise<void> {
  await rm(stored.path, { force: true });
}

function parseMapping(text: string | undefined): CampaignMapping | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw broken('MAPPING_INVALID', 'mapping', [{ path: 'mapping', message: 'the mapping must be JSON' }]);
  }
  const r = campaignMapping.safeParse(json);
  if (!r.success) throw broken('MAPPING_INVALID', 'mapping', r.error.issues.map((i) => ({ path: ['mapping', ...i.path.map(String)].join('.'), message: i.message })));
  return r.data;
}

async function uploadView(db: DbOrTx, scope: TenantScope, u: UploadRow, file: UploadFileRow | null): Promise<CampaignUpload> {
  const template = u.zaloOaId ? await findTemplate(db, scope, u.zaloOaId, u.znsTemplateId) : null;
  const price = template ? await priceOf(db, scope, template) : { listPrice: 0, price: 0 };
  const { balance } = await walletFacts(db, scope);
  let suggested: CampaignMapping | null = null;
  if (file && !file.ingestedAt && template) {
    const remembered = await rememberedMapping(db, scope, u.znsTemplateId);
    const params = paramsOf(template);
    suggested = remembered && mappingProblems(remembered, file.header, params).length === 0 ? remembered : suggestMapping(file.header, params);
  }
  return presentUpload(u, file, { ...price, balance, suggested });
}

/** Reads the stored file's rows with the mapping (a new mapping starts over), remembers the mapping. */
async function ingest(tx: Tx, scope: TenantScope, u: UploadRow, file: UploadFileRow, template: TemplateRow, mapping: CampaignMapping): Promise<UploadRow> {
  const params = paramsOf(template);
  const problems = mappingProblems(mapping, file.header, params);
  if (problems.length > 0) throw broken('MAPPING_INVALID', 'mapping', problems);
  await clearUploadRows(tx, u.id);
  const r = await ingestRows(tx, u.id, { path: file.path, kind: file.kind, header: file.header }, mapping, params);
  await markFileIngested(tx, u.id, new Date());
  await rememberMapping(tx, scope, u.znsTemplateId, mapping);
  const after = await updateUpload(tx, scope, u.id, { mapping, status: r.error && r.totalRows === 0 ? 'FAILED' : 'READY', totalRows: r.totalRows, validRows: r.validRows, rejectedRows: r.rejectedRows, duplicateRows: r.duplicateRows, error: r.error });
  if (!after) throw notFound();
  return after;
}

/**
 * Stores an upload whose file is on disk: the rows are read at once when a mapping is given or the
 * remembered one fits the header; otherwise the answer suggests one and waits for `mapping`.
 */
export async function createUpload(
  tx: Tx,
  actor: Actor,
  scope: TenantScope,
  input: { id: string; stored: StoredFile; fileName: string; zaloOaId: string; template: TemplateRow; mapping: string | undefined },
): Promise<CampaignUpload> {
  const given = parseMapping(input.mapping);
  const params = paramsOf(input.template);
  const remembered = given ? null : await rememberedMapping(tx, scope, input.template.znsTemplateId);
  const fits = remembered && mappingProblems(remembered, input.stored.header, params).length === 0 ? remembered : null;
  let upload = await insertUpload(tx, scope, {
    id: input.id,
    zaloOaId: input.zaloOaId,
    znsTemplateId: input.template.znsTemplateId,
    fileName: input.fileName.slice(0, 255),
    fileSize: input.stored.size,
    mapping: { phone: '', params: {} },
    status: 'PROCESSING',
    createdBy: actor.userId,
  });
  await insertUploadFile(tx, { uploadId: upload.id, path: input.stored.path, kind: input.stored.kind, header: input.stored.header });
  const mapping = given ?? fits;
  if (mapping) {
    const found = await findUpload(tx, scope, upload.id);
    if (found?.file) upload = await ingest(tx, scope, upload, found.file, input.template, mapping);
  }
  const after = await findUpload(tx, scope, upload.id);
  if (!after) throw notFound();
  return uploadView(tx, scope, after.upload, after.file);
}

/** `campaign/upload/{id}/mapping`: reads (again) the stored file with this mapping. 422 once a campaign uses it. */
export async function mapUpload(tx: Tx, scope: TenantScope, id: string, mapping: CampaignMapping): Promise<{ before: UploadRow; after: CampaignUpload }> {
  const found = await findUpload(tx, scope, id, { lock: true });
  if (!found) throw notFound();
  if (!found.file) throw broken('FILE_UNREADABLE', 'id');
  if (await uploadIsUsed(tx, id)) throw broken('UPLOAD_USED', 'id');
  const template = found.upload.zaloOaId ? await sendableTemplate(tx, scope, found.upload.zaloOaId, found.upload.znsTemplateId) : null;
  if (!template) throw broken('TEMPLATE_NOT_ENABLED', 'znsTemplateId');
  const upload = await ingest(tx, scope, found.upload, found.file, template, mapping);
  const after = await findUpload(tx, scope, upload.id);
  if (!after) throw notFound();
  return { before: found.upload, after: await uploadView(tx, scope, after.upload, after.file) };
}

export async function findUploadView(db: DbOrTx, scope: TenantScope, id: string): Promise<CampaignUpload> {
  const found = await findUpload(db, scope, id);
  if (!found) throw notFound();
  return uploadView(db, scope, found.upload, found.file);
}


/**
 * The report of rejected rows as CSV text chunks (UTF-8 with BOM for spreadsheets): row number, code,
 * reason in the user's language, then the row's cells; read from the table page by page.
 */
export async function* rejectReport(db: DbOrTx, scope: TenantScope, id: string, lang: 'vi' | 'en'): AsyncGenerator<string> {
  const found = await findUpload(db, scope, id);
  if (!found) throw notFound();
  const header = found.file?.header ?? [];
  const head = lang === 'vi' ? ['Dòng', 'Mã lỗi', 'Lý do'] : ['Row', 'Code', 'Reason'];
  yield `\uFEFF${[...head, ...header].map(csvCell).join(',')}\r\n`;
  let after = 0;
  for (;;) {
    const page = await rejectPage(db, id, after, 2000);
    if (page.length === 0) return;
    let out = '';
    for (const r of page) out += `${[String(r.rowNumber), r.reason.split(':')[0] ?? r.reason, rejectText(r.reason, lang), ...r.raw].map(csvCell).join(',')}\r\n`;
    yield out;
    after = page[page.length - 1]?.rowNumber ?? after;
    if (page.length < 2000) return;
  }
}

/* ─── Campaigns ─── */

async function present(db: DbOrTx, actor: Actor, scope: TenantScope, rows: CampaignRow[]): Promise<Campaign[]> {
  const names = await namesOf(db, scope, rows);
  const reviews = await latestReviews(
    db,
    scope,
    'ZNS_CAMPAIGN',
    rows.filter((r) => r.status === 'PENDING').map((r) => r.id),
  );
  return rows.map((r) => {
    const review = reviews.get(r.id);
    return presentCampaign(actor, r, names, review?.status === 'PENDING' ? review.nextApproverId : null);
  });
}

export async function findCampaigns(db: DbOrTx, actor: Actor, scope: TenantScope, f: CampaignFilter): Promise<{ rows: Campaign[]; total: number }> {
  const r = await listCampaigns(db, scope, f);
  return { rows: await present(db, actor, scope, r.rows), total: r.total };
}

export async function findCampaign(db: DbOrTx, actor: Actor, scope: TenantScope, id: string): Promise<Campaign> {
  const row = await findCampaignRow(db, scope, id);
  if (!row) throw notFound();
  const [out] = await present(db, actor, scope, [row]);
  if (!out) throw notFound();
  return out;
}

async function announce(tx: Tx, row: CampaignRow): Promise<void> {
  await emitEvent(tx, { type: 'campaign.changed', tenantId: row.tenantId, data: { campaignId: row.id, status: row.status, dispatchState: row.dispatchState } });
}

/** 402 with what is missing: the wallet's spendable balance does not cover the estimate. */
function shortfallError(balance: number, estimatedCost: number): AppError {
  const shortfall = estimatedCost - balance;
  return new AppError('INSUFFICIENT_BALANCE', `The wallet is ${shortfall} VND short of the estimated cost (${estimatedCost} VND; balance ${balance} VND)`, { shortfall, balance, estimatedCost });
}

/**
 * `POST campaign`: checks the §5 rules (422 naming the rule), prices the valid rows, refuses a campaign
 * the wallet cannot cover (402 with the shortfall), stores it PENDING and submits it for review (an
 * empty workflow approves it here and the hold is placed in this transaction).
 */
export async function createCampaign(tx: Tx, actor: Actor, scope: TenantScope, body: CampaignCreateBody, now = new Date()): Promise<Campaign> {
  if (!body.apiKeyId) throw broken('API_KEY_REQUIRED', 'apiKeyId');
  const key = await keyOf(tx, scope, body.apiKeyId);
  const found = await findUpload(tx, scope, body.uploadId, { lock: true });
  if (!found) throw notFound();
  const upload = found.upload;
  let scheduleAt: Date | null = null;
  if (body.startMode === 'SCHEDULE') {
    if (!body.scheduleAt) throw broken('SCHEDULE_REQUIRED', 'scheduleAt');
    scheduleAt = new Date(body.scheduleAt);
    if (scheduleAt.getTime() <= now.getTime()) throw broken('PAST_SCHEDULE', 'scheduleAt');
  }
  if (body.mode === 'production' && (await publicModeOf(tx, scope)) !== 'production') throw broken('MODE_NOT_ALLOWED', 'mode');
  if (upload.zaloOaId !== key.zaloOaId) throw broken('UPLOAD_OTHER_TEMPLATE', 'uploadId');
  if (upload.status !== 'READY' || !found.file?.ingestedAt) throw broken('UPLOAD_NOT_READY', 'uploadId');
  if (await uploadIsUsed(tx, upload.id)) throw broken('UPLOAD_USED', 'uploadId');
  if (upload.validRows === 0) throw broken('NO_VALID_ROWS', 'uploadId');
  const template = await sendableTemplate(tx, scope, key.zaloOaId, upload.znsTemplateId);
  const priced = await priceOf(tx, scope, template);
  // Development sends reach only the OA's admins and are never charged (as on the public API).
  const price = body.mode === 'development' ? 0 : priced.price;
  const estimatedCost = upload.validRows * price;
  const { balance } = await walletFacts(tx, scope);
  if (estimatedCost > balance) throw shortfallError(balance, estimatedCost);
  let row = await insertCampaign(tx, scope, {
    teamId: key.teamId,
    apiKeyId: key.id,
    zaloOaId: key.zaloOaId,
    uploadId: upload.id,
    name: body.name,
    znsTemplateId: template.znsTemplateId,
    templateName: template.name,
    listPrice: priced.listPrice,
    price,
    mode: body.mode,
    startMode: body.startMode,
    scheduleAt,
    status: 'PENDING',
    recordCount: upload.validRows,
    estimatedCost,
    createdBy: actor.userId,
  });
  await submitForReview(tx, actor, scope, { kind: 'ZNS_CAMPAIGN', referenceId: row.id });
  row = (await findCampaignRow(tx, scope, row.id)) ?? row;
  if (row.status === 'PENDING') await announce(tx, row);
  const [out] = await present(tx, actor, scope, [row]);
  if (!out) throw notFound();
  return out;
}

/** `campaign/approval/{id}`: the next approver decides through the review engine (403 when not their turn, 409 once decided). */
export async function decideCampaign(tx: Tx, actor: Actor, scope: TenantScope, id: string, body: { approval: boolean; comment: string }): Promise<Campaign> {
  const row = await findCampaignRow(tx, scope, id);
  if (!row) throw notFound();
  const review = (await latestReviews(tx, scope, 'ZNS_CAMPAIGN', [id])).get(id);
  if (!review || review.status !== 'PENDING' || row.status !== 'PENDING') throw new AppError('TASK_ALREADY_DECIDED');
  await decideTask(tx, actor, scope, review.taskId, body);
  return findCampaign(tx, actor, scope, id);
}

/* ─── Review kind actions ─── */

/** What the ZNS_CAMPAIGN review freezes: name, template, recipients, prices, cost, schedule, mode, and the list's identity. */
export async function campaignSnapshot(tx: DbOrTx, scope: TenantScope, id: string) {
  const row = await findCampaignRow(tx, scope, id);
  if (!row) return null;
  const names = await namesOf(tx, scope, [row]);
  return {
    name: row.name,
    teamId: row.teamId,
    snapshot: {
      name: row.name,
      template: { znsTemplateId: row.znsTemplateId, name: row.templateName, listPrice: row.listPrice, price: row.price },
      zaloOA: { id: row.zaloOaId, name: names.oas.get(row.zaloOaId)?.name ?? '' },
      apiKey: { id: row.apiKeyId, name: names.apiKeys.get(row.apiKeyId)?.name ?? '' },
      uploadId: row.uploadId,
      recipients: row.recordCount,
      estimatedCost: row.estimatedCost,
      mode: row.mode,
      startMode: row.startMode,
      scheduleAt: row.scheduleAt ? row.scheduleAt.toISOString() : null,
    },
  };
}

/**
 * The last approval: the estimated cost is held in the wallet (ref `campaign:<id>`; 402 with the
 * shortfall when it no longer covers it: the approval fails and nothing changes), then the campaign
 * is APPROVED and waits for its start (the dispatcher takes it from `next_run_at`).
 */
export async function approveCampaign(tx: Tx, scope: TenantScope, id: string, approvedBy: string | null): Promise<void> {
  const row = await findCampaignRow(tx, scope, id, { lock: true });
  if (!row || row.status !== 'PENDING') return;
  let holdId: string | null = null;
  if (row.estimatedCost > 0) {
    const { balance } = await walletFacts(tx, scope);
    if (balance < row.estimatedCost) throw shortfallError(balance, row.estimatedCost);
    const { hold } = await placeHold(tx, { tenantId: row.tenantId, ref: `campaign:${row.id}`, amount: row.estimatedCost, createdBy: approvedBy });
    holdId = hold.id;
  }
  const now = new Date();
  const after = await updateCampaign(tx, scope, id, { status: 'APPROVED', dispatchState: 'WAITING', nextRunAt: row.scheduleAt && row.scheduleAt > now ? row.scheduleAt : now, holdId }, campaignStatusIs('PENDING'));
  if (after) await announce(tx, after);
}

export async function rejectCampaign(tx: Tx, scope: TenantScope, id: string): Promise<void> {
  const after = await updateCampaign(tx, scope, id, { status: 'REJECTED', dispatchState: null, nextRunAt: null }, campaignStatusIs('PENDING'));
  if (after) await announce(tx, after);
}

/* ─── The tenant's ZNS public mode (set by its organisation) ─── */

function presentPublicMode(tenantId: string, row: { publicMode: 'production' | 'development' | null; updatedAt: Date | null } | undefined, actor: Actor): ZnsPublicMode {
  return { tenantId, publicMode: row?.publicMode ?? 'production', updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null, abilities: { update: can(actor, 'UPDATE_TENANT') } };
}

/** A tenant's public mode as its organisation sees it; another organisation's tenant is 404. */
export async function getPublicMode(db: DbOrTx, actor: Actor, merchantId: string, tenantId: string): Promise<ZnsPublicMode> {
  const row = await findPublicModeOfMerchantTenant(db, merchantId, tenantId);
  if (!row) throw notFound();
  return presentPublicMode(row.id, row, actor);
}

/** Sets the tenant's public mode (campaigns created after it follow it; running ones keep their mode). */
export async function setPublicMode(tx: Tx, actor: Actor, merchantId: string, tenantId: string, body: ZnsPublicModeBody, record: RecordAudit): Promise<ZnsPublicMode> {
  const row = await findPublicModeOfMerchantTenant(tx, merchantId, tenantId, true);
  if (!row) throw notFound();
  if (!can(actor, 'UPDATE_TENANT')) throw new AppError('FORBIDDEN');
  const saved = await savePublicMode(tx, row.id, body.publicMode);
  await record({ tenantId: row.id, targetType: 'tenant', targetId: row.id, before: { znsPublicMode: row.publicMode ?? 'production' }, after: { znsPublicMode: body.publicMode } });
  return presentPublicMode(row.id, saved, actor);
}

/**
 * The tenant's campaigns still in flight — waiting for review, scheduled, or sending — that must be
 * finished or cancelled before its ZNS service may be switched off (status: PENDING or the dispatch state).
 */
export async function inFlightCampaigns(db: DbOrTx, scope: TenantScope, limit = 50): Promise<Array<{ id: string; name: string; status: string }>> {
  const rows = await findInFlightCampaigns(db, scope, limit);
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status === 'APPROVED' ? (r.dispatchState ?? 'WAITING') : r.status }));
}

/** The name and team of each of the tenant's campaigns among `ids` (the reports' labels and team grouping). */
export async function campaignRefs(db: DbOrTx, scope: TenantScope, ids: readonly string[]): Promise<Map<string, { name: string; teamId: string | null }>> {
  return new Map((await findCampaignRefs(db, scope, ids)).map((r) => [r.id, { name: r.name, teamId: r.teamId }]));
}
