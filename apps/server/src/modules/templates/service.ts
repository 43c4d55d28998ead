import { createZnsTemplate, listZnsTemplates, getZnsRatings, getZnsTemplateInfo, ZNS_CREATE_TAG_CODES } from '@zc/zalo/zns';
import { editZnsTemplate, uploadZnsImage } from '@zc/zalo/zns-templates';
import { ZaloApiError, ZaloError } from '@zc/zalo/errors';
import type { ZaloClient } from '@zc/zalo/client';
import {
  layoutOfBody,
  templateLayoutIssues,
  toZaloLayout,
  ZNS_LAYOUT_LIMITS,
  type TemplateDraftBody,
  type TemplateLayout,
  type TemplateParamInput,
  type TemplateRequest,
  type TemplateRequestBody,
  type ZnsTemplate,
} from '@zc/shared/api/templates';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { detectImageType } from '../../platform/files';
import { appendAudit } from '../../platform/audit';
import { emitEvent, type DomainEvent } from '../../platform/events';
import { trustedTenantScope } from '../../platform/tenant-scope';
import { latestReviews, submitForReview } from '../approvals/service';
import { canEditTemplateRequest, isEditableTemplateRequest } from './policy';
import type { Actor } from '../../platform/policy';
import type { TenantScope } from '../../platform/tenant-scope';
import { zaloFailure } from '../zalo-oa/service';
import { presentTemplate, presentTemplateRequest } from './presenter';
import {
  deleteDraftRow,
  listApprovedMissingFromLibrary,
  findMediaUrl,
  listPendingAtZalo,
  setRequestsFromZalo,
  findOaId,
  findTemplateNames,
  findTemplateRequestRow,
  findTemplateRow,
  findTenantDiscount,
  insertTemplateRequest,
  listOaIds,
  listTemplateRequests,
  listTemplates,
  setTemplateOfOa,
  updateTemplateRequest,
  upsertTemplate,
  type TemplateRequestRow,
  findInFlightTemplateRequests,
} from './repo';

export { discounted } from './presenter';

export async function findTemplates(db: DbOrTx, actor: Actor, scope: TenantScope, q: Parameters<typeof listTemplates>[2]): Promise<{ rows: ZnsTemplate[]; total: number }> {
  const [{ rows, total }, discount] = await Promise.all([listTemplates(db, scope, q), findTenantDiscount(db, scope)]);
  return { rows: rows.map((r) => presentTemplate(actor, r, discount)), total };
}

/** One template of the tenant's library (404 for another tenant's). */
export async function findTemplate(db: DbOrTx, actor: Actor, scope: TenantScope, id: string): Promise<ZnsTemplate> {
  const row = await findTemplateRow(db, scope, id);
  if (!row) throw notFound();
  return presentTemplate(actor, row, await findTenantDiscount(db, scope));
}

export async function findTemplateRequests(db: DbOrTx, actor: Actor, scope: TenantScope, page: { limit: number; offset: number }): Promise<{ rows: TemplateRequest[]; total: number }> {
  const r = await listTemplateRequests(db, scope, page);
  const reviews = await latestReviews(db, scope, 'ZNS_TEMPLATE', r.rows.map((x) => x.id));
  return { rows: r.rows.map((x) => presentTemplateRequest(actor, x, reviews.get(x.id) ?? null)), total: r.total };
}

/** What a console template stores (`template_requests.payload`): the authoring body without the OA and the draft link. */
export interface RequestPayload {
  templateType: 1 | 2 | 3 | 4 | 5;
  tag: keyof typeof ZNS_CREATE_TAG_CODES;
  layout: TemplateLayout;
  params: TemplateParamInput[];
  note?: string;
  media?: Record<string, string>;
}

function payloadOf(body: Omit<Partial<TemplateRequestBody>, 'zaloOAId'>): Partial<RequestPayload> {
  const out: Partial<RequestPayload> = {};
  if (body.templateType !== undefined) out.templateType = body.templateType as RequestPayload['templateType'];
  if (body.tag !== undefined) out.tag = body.tag;
  const layout = layoutOfBody(body);
  if (layout) out.layout = layout;
  if (body.params !== undefined) out.params = body.params;
  if (body.note !== undefined) out.note = body.note;
  if (body.media !== undefined) out.media = body.media;
  return out;
}

/** Refuses a template Zalo would refuse (REFERENCE §13.5), naming every field: 422 before anything reaches Zalo. */
export function assertTemplateValid(body: Parameters<typeof templateLayoutIssues>[0]): void {
  const issues = templateLayoutIssues(body);
  if (issues.length === 0) return;
  throw new AppError('TEMPLATE_LAYOUT_INVALID', issues[0]?.message, { fields: issues.map((i) => ({ path: i.path, code: i.rule, message: i.message, ...(i.values ? { values: i.values } : {}) })) });
}

/**
 * Stores a console template of one of the tenant's OAs (404 for another tenant's OA) and submits it
 * for the tenant's internal review in the same transaction (ZNS_TEMPLATE workflow); Zalo sees it only
 * once the review approves it. With `draftId` the saved draft becomes the request (409 if it is no draft).
 */
export async function requestTemplate(tx: Tx, actor: Actor, scope: TenantScope, body: TemplateRequestBody) {
  assertTemplateValid(body);
  const oaId = await findOaId(tx, scope, body.zaloOAId);
  if (!oaId) throw notFound();
  const payload = payloadOf(body);
  if (body.draftId) {
    const draft = await findTemplateRequestRow(tx, scope, body.draftId, { lock: true });
    if (!draft) throw notFound();
    if (draft.status !== 'DRAFT') throw new AppError('TEMPLATE_REQUEST_NOT_EDITABLE');
    const row = await updateTemplateRequest(tx, scope, draft.id, { zaloOaId: oaId, name: body.name, payload, status: 'PENDING', error: null }, 'DRAFT');
    if (!row) throw new AppError('TEMPLATE_REQUEST_NOT_EDITABLE');
    return presentReviewed(tx, actor, scope, row);
  }
  const row = await insertTemplateRequest(tx, scope, { zaloOaId: oaId, name: body.name, payload, createdBy: actor.userId, status: 'PENDING' });
  return presentReviewed(tx, actor, scope, row);
}

async function presentReviewed(tx: Tx, actor: Actor, scope: TenantScope, row: TemplateRequestRow): Promise<TemplateRequest> {
  const task = await submitForReview(tx, actor, scope, { kind: 'ZNS_TEMPLATE', referenceId: row.id });
  const fresh = (await findTemplateRequestRow(tx, scope, row.id)) ?? row;
  await announce(tx, fresh);
  return presentTemplateRequest(actor, fresh, { taskId: task.id, status: task.status });
}

async function announce(tx: Tx, row: Pick<TemplateRequestRow, 'id' | 'tenantId' | 'status'>): Promise<void> {
  await emitEvent(tx, { type: 'zns_template.changed', tenantId: row.tenantId, data: { requestId: row.id, status: row.status } });
}

/** One console template (draft or request) of the tenant, with its latest review (404 for another tenant's). */
export async function findTemplateRequest(db: DbOrTx, actor: Actor, scope: TenantScope, id: string): Promise<TemplateRequest> {
  const row = await findTemplateRequestRow(db, scope, id);
  if (!row) throw notFound();
  const review = (await latestReviews(db, scope, 'ZNS_TEMPLATE', [id])).get(id) ?? null;
  return presentTemplateRequest(actor, row, review);
}

/**
 * Changes a console template and submits it again: a draft, a request still in its internal review
 * (the pending review is voided, a new task with a new snapshot), or a template Zalo rejected (on
 * approval it goes to Zalo's `/template/edit` under the same template id). A library template or a
 * template Zalo did not reject → 409 TEMPLATE_NOT_EDITABLE (Zalo allows no other edit); a request
 * the internal review already decided → 409 TEMPLATE_REQUEST_NOT_EDITABLE.
 */
export async function editTemplateRequest(tx: Tx, actor: Actor, scope: TenantScope, id: string, body: TemplateRequestBody) {
  const before = await findTemplateRequestRow(tx, scope, id, { lock: true });
  if (!before) {
    if (await findTemplateRow(tx, scope, id)) throw new AppError('TEMPLATE_NOT_EDITABLE');
    throw notFound();
  }
  const review = (await latestReviews(tx, scope, 'ZNS_TEMPLATE', [id])).get(id) ?? null;
  const state = { status: before.status, zaloStatus: before.zaloStatus, taskStatus: review?.status ?? null };
  if (!isEditableTemplateRequest(state)) throw new AppError(before.znsTemplateId ? 'TEMPLATE_NOT_EDITABLE' : 'TEMPLATE_REQUEST_NOT_EDITABLE');
  if (!canEditTemplateRequest(actor, state)) throw new AppError('FORBIDDEN');
  assertTemplateValid(body);
  const oaId = await findOaId(tx, scope, body.zaloOAId);
  if (!oaId) throw notFound();
  // A template Zalo rejected is resubmitted for the same OA (Zalo's template belongs to it).
  if (before.znsTemplateId && oaId !== before.zaloOaId) throw new AppError('TEMPLATE_NOT_EDITABLE', 'A template submitted to Zalo stays with its official account');
  const row = await updateTemplateRequest(tx, scope, id, { zaloOaId: oaId, name: body.name, payload: payloadOf(body), status: 'PENDING', error: null });
  if (!row) throw notFound();
  return { before, after: await presentReviewed(tx, actor, scope, row) };
}

/**
 * Saves a draft (`update-draft`): no review, no Zalo, only the OA required. Without `id` a new draft;
 * with it the draft is replaced (404 for another tenant's, 409 once it was submitted).
 */
export async function saveDraft(tx: Tx, actor: Actor, scope: TenantScope, body: TemplateDraftBody): Promise<{ before: TemplateRequestRow | null; after: TemplateRequest }> {
  const oaId = await findOaId(tx, scope, body.zaloOAId);
  if (!oaId) throw notFound();
  const payload = payloadOf(body);
  let before: TemplateRequestRow | null = null;
  let row: TemplateRequestRow | null;
  if (body.id) {
    before = await findTemplateRequestRow(tx, scope, body.id, { lock: true });
    if (!before) throw notFound();
    if (before.status !== 'DRAFT') throw new AppError('TEMPLATE_REQUEST_NOT_EDITABLE');
    row = await updateTemplateRequest(tx, scope, body.id, { zaloOaId: oaId, name: body.name, payload }, 'DRAFT');
    if (!row) throw new AppError('TEMPLATE_REQUEST_NOT_EDITABLE');
  } else {
    row = await insertTemplateRequest(tx, scope, { zaloOaId: oaId, name: body.name, payload, createdBy: actor.userId, status: 'DRAFT' });
  }
  await announce(tx, row);
  return { before, after: presentTemplateRequest(actor, row, null) };
}

/** Deletes a draft after the console's confirmation; a submitted template → 409 (Zalo has no delete), another tenant's → 404. */
export async function deleteDraft(tx: Tx, scope: TenantScope, id: string): Promise<TemplateRequestRow> {
  const row = await findTemplateRequestRow(tx, scope, id, { lock: true });
  if (!row) {
    if (await findTemplateRow(tx, scope, id)) throw new AppError('TEMPLATE_NOT_DELETABLE');
    throw notFound();
  }
  if (row.status !== 'DRAFT' || !(await deleteDraftRow(tx, scope, id))) throw new AppError('TEMPLATE_NOT_DELETABLE');
  await announce(tx, { ...row, status: 'DRAFT' });
  return row;
}

const PARAM_TYPE_OF_LIBRARY: Record<string, number> = { NUMBER: 10, DATE: 11, STRING: 5 };

/**
 * A new draft from a console template (its layout, params, samples and images) or from a library
 * template (Zalo gives no layout: a title and a paragraph naming each parameter, to be reworked).
 */
export async function copyTemplate(tx: Tx, actor: Actor, scope: TenantScope, id: string): Promise<TemplateRequest> {
  const request = await findTemplateRequestRow(tx, scope, id);
  const suffix = ' (copy)';
  const named = (name: string) => (name.length + suffix.length > ZNS_LAYOUT_LIMITS.name.max ? name.slice(0, ZNS_LAYOUT_LIMITS.name.max - suffix.length) : name) + suffix;
  let values: { zaloOaId: string; name: string; payload: Partial<RequestPayload> };
  if (request) {
    values = { zaloOaId: request.zaloOaId, name: named(request.name), payload: request.payload as Partial<RequestPayload> };
  } else {
    const t = await findTemplateRow(tx, scope, id);
    if (!t) throw notFound();
    const params = t.params.map((p) => ({ name: p.name, type: PARAM_TYPE_OF_LIBRARY[p.type] ?? 5, sample: '' }));
    const layout: TemplateLayout = {
      header: { components: [] },
      body: { components: [{ type: 'TITLE', value: t.name }, { type: 'PARAGRAPH', value: params.map((p) => `${p.name}: <${p.name}>`).join('\n') || t.name }] },
      footer: { components: [] },
    };
    const tag = t.tag === 'PROMOTION' || t.tag === 'CUSTOMER_CARE' ? t.tag : 'TRANSACTION';
    values = { zaloOaId: t.zaloOaId, name: named(t.name), payload: { templateType: 1, tag, layout, params } };
  }
  const row = await insertTemplateRequest(tx, scope, { ...values, createdBy: actor.userId, status: 'DRAFT' });
  await announce(tx, row);
  return presentTemplateRequest(actor, row, null);
}

/** Checks an image the console uploads for a template and hands it to Zalo's `/upload/image` → media id. */
export async function uploadTemplateImage(db: Db, zalo: ZaloClient, scope: TenantScope, zaloOAId: string, image: { buf: Buffer; type: string }): Promise<{ mediaId: string }> {
  const oaId = await findOaId(db, scope, zaloOAId);
  if (!oaId) throw notFound();
  try {
    const r = await uploadZnsImage(zalo, oaId, { data: image.buf, filename: image.type === 'image/png' ? 'template.png' : 'template.jpg', contentType: image.type });
    return { mediaId: String(r.media_id) };
  } catch (err) {
    const f = zaloFailure(err);
    throw new AppError('ZALO_REJECTED', f.message);
  }
}

/**
 * `copy-image`: an image a template of the tenant already uses (known by its media id, the console
 * keeps a copy) sent again to Zalo for another OA, so a template copied to that OA keeps its logo
 * and images → the new media id. 404 for a media id no template of the tenant uses.
 */
export async function copyTemplateImage(db: Db, zalo: ZaloClient, files: { get(key: string): Promise<Buffer | null> }, scope: TenantScope, body: { zaloOAId: string; mediaId: string }): Promise<{ mediaId: string; url: string }> {
  const url = await findMediaUrl(db, scope, body.mediaId);
  const key = url?.startsWith('/api/files/') ? url.slice('/api/files/'.length) : null;
  const buf = key ? await files.get(key) : null;
  if (!url || !buf) throw notFound();
  const type = detectImageType(buf);
  if (!type) throw notFound();
  const { mediaId } = await uploadTemplateImage(db, zalo, scope, body.zaloOAId, { buf, type });
  return { mediaId, url };
}

/** Customer ratings of a template (library or console template submitted to Zalo) and its quality. */
export async function templateRatings(db: DbOrTx, zalo: ZaloClient, scope: TenantScope, q: { id: string; fromTime?: number | undefined; toTime?: number | undefined; page: number; size: number }) {
  const lib = await findTemplateRow(db, scope, q.id);
  const req = lib ? null : await findTemplateRequestRow(db, scope, q.id);
  if (!lib && !req) throw notFound();
  const oaId = lib?.zaloOaId ?? req?.zaloOaId ?? '';
  const znsTemplateId = lib?.znsTemplateId ?? req?.znsTemplateId ?? null;
  const quality = lib?.quality ?? req?.quality ?? null;
  if (!znsTemplateId) return { quality, total: 0, averageRate: null, ratings: [] };
  const toTime = q.toTime ?? Date.now();
  const fromTime = q.fromTime ?? toTime - 30 * 86_400_000;
  try {
    const r = await getZnsRatings(zalo, oaId, { templateId: znsTemplateId, fromTime, toTime, offset: (q.page - 1) * q.size, limit: q.size });
    const ratings = (r.data ?? []).map((x) => ({ note: x.note ?? '', rate: Number(x.rate), submitDate: String(x.submitDate), msgId: String(x.msgId ?? ''), feedbacks: Array.isArray(x.feedbacks) ? x.feedbacks.map(String) : [] }));
    const averageRate = ratings.length ? Math.round((ratings.reduce((a, x) => a + x.rate, 0) / ratings.length) * 10) / 10 : null;
    return { quality, total: Number(r.total ?? ratings.length), averageRate, ratings };
  } catch (err) {
    throw new AppError('ZALO_REJECTED', zaloFailure(err).message);
  }
}

/** What the ZNS_TEMPLATE review freezes: the request as submitted (OA, name, type, tag, content, params, note). */
export async function templateRequestSnapshot(tx: DbOrTx, scope: TenantScope, id: string) {
  const row = await findTemplateRequestRow(tx, scope, id);
  if (!row) return null;
  const p = row.payload as Partial<RequestPayload>;
  return {
    name: row.name,
    teamId: null,
    snapshot: {
      zaloOAId: row.zaloOaId,
      name: row.name,
      templateType: p.templateType ?? null,
      tag: p.tag ?? null,
      layout: p.layout ?? null,
      params: p.params ?? [],
      note: p.note ?? null,
      znsTemplateId: row.znsTemplateId,
    },
  };
}

/** The internal review rejected the request: it ends REJECTED with the approver's note (once). */
export async function rejectTemplateRequest(tx: Tx, scope: TenantScope, id: string, note: string): Promise<void> {
  await updateTemplateRequest(tx, scope, id, { status: 'REJECTED', error: note }, 'PENDING');
}

/** The internal review approved the request: it stays PENDING until the submission to Zalo (event handler). */
export async function approveTemplateRequest(tx: Tx, scope: TenantScope, id: string): Promise<void> {
  await updateTemplateRequest(tx, scope, id, { error: null }, 'PENDING');
}

let submissionClient: ((db: DbOrTx) => ZaloClient) | null = null;
/** How the approval handler gets a Zalo client over its transaction (set where the process wires its modules). */
export function useZaloForTemplateSubmission(clientFor: (db: DbOrTx) => ZaloClient): void {
  submissionClient = clientFor;
}

/**
 * After the internal review approved a request (task.decided APPROVAL of ZNS_TEMPLATE): submits it to
 * Zalo's `/template/create` with the request id as tracking_id → SUBMITTED with the template id, or
 * FAILED with Zalo's message. At least once: the request row is locked and must still be PENDING
 * with this task as its latest review, so Zalo is called once; Zalo unreachable throws (retried).
 */
export async function submitApprovedTemplateRequest(tx: Tx, event: DomainEvent<'task.decided'>): Promise<void> {
  const d = event.data;
  if (d.kind !== 'ZNS_TEMPLATE' || d.outcome !== 'APPROVAL' || !event.tenantId) return;
  const scope = trustedTenantScope(event.tenantId);
  const row = await findTemplateRequestRow(tx, scope, d.referenceId, { lock: true });
  if (!row || row.status !== 'PENDING') return;
  const latest = (await latestReviews(tx, scope, 'ZNS_TEMPLATE', [row.id])).get(row.id);
  if (latest?.taskId !== d.taskId) return;
  if (!submissionClient) throw new Error('no Zalo client for template submission (review-kinds.ts wireReviewKinds)');
  const p = row.payload as RequestPayload;
  const zalo = submissionClient(tx);
  let after: TemplateRequestRow | null;
  try {
    assertTemplateValid({ name: row.name, layout: p.layout, params: p.params ?? [] });
    const layout = p.layout;
    const input = {
      templateName: row.name,
      templateType: p.templateType,
      tag: ZNS_CREATE_TAG_CODES[p.tag],
      layout: toZaloLayout(layout),
      params: (p.params ?? []).map((x) => ({ name: x.name, type: x.type, sampleValue: x.sample })),
      note: p.note,
      trackingId: row.id,
    };
    // A template Zalo rejected goes back through /template/edit under its id; anything else is created.
    const resubmit = row.znsTemplateId !== null && row.zaloStatus === 'REJECT';
    const created = resubmit ? await editZnsTemplate(zalo, row.zaloOaId, { ...input, templateId: row.znsTemplateId ?? '' }) : await createZnsTemplate(zalo, row.zaloOaId, input);
    after = await updateTemplateRequest(tx, scope, row.id, { status: 'SUBMITTED', znsTemplateId: String(created.template_id), zaloStatus: created.status || 'PENDING_REVIEW', error: null }, 'PENDING');
    if (after) await emitEvent(tx, { type: 'review.item_published', tenantId: event.tenantId, data: { kind: 'ZNS_TEMPLATE', referenceId: row.id, name: row.name.slice(0, 300), createdBy: row.createdBy } });
  } catch (err) {
    // Zalo unreachable or asking to retry later: thrown, so the handler runs again (back-off).
    if (err instanceof ZaloError && err.classification !== 'permanent') throw err;
    const message = err instanceof ZaloApiError && err.zaloMessage ? err.zaloMessage : err instanceof AppError ? err.message : zaloFailure(err).message;
    after = await updateTemplateRequest(tx, scope, row.id, { status: 'FAILED', error: message }, 'PENDING');
  }
  if (after) await announce(tx, after);
  if (after) {
    await appendAudit(tx, {
      action: 'ZNS_TEMPLATE_SUBMIT',
      merchantId: event.merchantId,
      tenantId: event.tenantId,
      actorId: null,
      targetType: 'template_request',
      targetId: row.id,
      before: { status: row.status },
      after: { status: after.status, znsTemplateId: after.znsTemplateId, error: after.error, taskId: d.taskId },
    });
  }
}

/**
 * Zalo's review of a template (the change_template_status webhook, the polling job, or a sync that
 * finds it when the webhook was missed): the library row takes the status; console templates that
 * submitted it take Zalo's state, and those past their internal review the verdict — ENABLE →
 * APPROVED, REJECT → REJECTED with Zalo's reason; DISABLE / DELETE keep the verdict and show the
 * state. Each console template that changed is announced (zns_template.changed).
 */
export async function applyTemplateStatus(db: DbOrTx, e: { zaloOaId: string; znsTemplateId: string; status: string; reason?: string | undefined; library?: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    if (e.library !== false) await setTemplateOfOa(tx, e.zaloOaId, e.znsTemplateId, { status: e.status });
    const reviewed = e.status === 'ENABLE' ? 'APPROVED' : e.status === 'REJECT' ? 'REJECTED' : null;
    const changed = await setRequestsFromZalo(tx, e.zaloOaId, e.znsTemplateId, {
      zaloStatus: e.status,
      ...(reviewed ? { verdict: { status: reviewed, error: reviewed === 'REJECTED' ? e.reason || null : null } } : {}),
    });
    for (const r of changed) await announce(tx, r);
  });
}

/** Zalo's quality rating of a template (change_template_quality webhook): library row and console templates. */
export async function applyTemplateQuality(db: DbOrTx, e: { zaloOaId: string; znsTemplateId: string; quality: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await setTemplateOfOa(tx, e.zaloOaId, e.znsTemplateId, { quality: e.quality });
    for (const r of await setRequestsFromZalo(tx, e.zaloOaId, e.znsTemplateId, { quality: e.quality })) await announce(tx, r);
  });
}

/**
 * The polling job's pass: console templates still PENDING_REVIEW at Zalo (a missed webhook must not
 * leave them waiting forever) are read with info/v2 and take Zalo's state and reason. One template
 * failing does not stop the others. Answers how many were checked and how many changed.
 */
export async function pollPendingTemplates(db: Db, zalo: ZaloClient, opts: { limit?: number } = {}): Promise<{ checked: number; changed: number; failed: number }> {
  const pending = await listPendingAtZalo(db, opts.limit ?? 100);
  let changed = 0;
  let failed = 0;
  for (const r of pending) {
    if (!r.znsTemplateId) continue;
    try {
      const info = await getZnsTemplateInfo(zalo, r.zaloOaId, r.znsTemplateId);
      if (info.status === 'PENDING_REVIEW') continue;
      await applyTemplateStatus(db, { zaloOaId: r.zaloOaId, znsTemplateId: r.znsTemplateId, status: info.status, reason: info.reason });
      if (info.templateQuality) await applyTemplateQuality(db, { zaloOaId: r.zaloOaId, znsTemplateId: r.znsTemplateId, quality: info.templateQuality });
      changed += 1;
    } catch {
      failed += 1;
    }
  }
  // Approved at Zalo (webhook or poll) but not in the library yet: its price, params and buttons come
  // from info/v2 so campaigns and the public API can use it without waiting for a sync.
  for (const r of await listApprovedMissingFromLibrary(db, opts.limit ?? 100)) {
    try {
      const info = await getZnsTemplateInfo(zalo, r.zaloOaId, r.znsTemplateId);
      await storeLibraryTemplate(db, trustedTenantScope(r.tenantId), r.zaloOaId, info);
    } catch {
      failed += 1;
    }
  }
  return { checked: pending.length, changed, failed };
}

/** One template as info/v2 describes it, into the tenant's library (insert or update). */
async function storeLibraryTemplate(db: DbOrTx, scope: TenantScope, oaId: string, info: Awaited<ReturnType<typeof getZnsTemplateInfo>>): Promise<void> {
  await upsertTemplate(
    db,
    scope,
    { zaloOaId: oaId, znsTemplateId: String(info.templateId) },
    {
      name: info.templateName,
      status: info.status,
      tag: info.templateTag ?? null,
      quality: info.templateQuality ?? null,
      price: Math.round(Number(info.price ?? 0)),
      params: info.listParams ?? [],
      buttons: info.listButtons ?? [],
      previewUrl: info.previewUrl ?? null,
      timeoutMs: typeof info.timeout === 'number' ? info.timeout : null,
      syncedAt: new Date(),
    },
  );
}

/**
 * Pulls every template of every OA of the tenant (template/all pages of 100 with filterPreset 0,
 * so templates made in the ZBS console come too, DELETE ones included so the library shows them
 * deleted; then info/v2 for params, price, tag in either vocabulary, quality and a rejection's
 * reason) and upserts the library. An OA that fails is reported, not fatal.
 */
export async function syncTemplates(db: Db, zalo: ZaloClient, scope: TenantScope) {
  const oaIds = await listOaIds(db, scope);
  let synced = 0;
  const errors: Array<{ zaloOAId: string; message: string }> = [];
  for (const oaId of oaIds) {
    try {
      for (let offset = 0; ; offset += 100) {
        const page = await listZnsTemplates(zalo, oaId, { offset, limit: 100, filterPreset: 0 });
        for (const summary of page.templates) {
          const info = await getZnsTemplateInfo(zalo, oaId, String(summary.templateId));
          await storeLibraryTemplate(db, scope, oaId, info);
          // The library row was just written; a request waiting for this template takes Zalo's verdict.
          await applyTemplateStatus(db, { zaloOaId: oaId, znsTemplateId: String(info.templateId), status: info.status, reason: info.reason, library: false });
          synced += 1;
        }
        if (page.templates.length < 100 || offset + 100 >= page.total) break;
      }
    } catch (err) {
      errors.push({ zaloOAId: oaId, message: zaloFailure(err).message });
    }
  }
  return { synced, oas: oaIds.length, errors };
}

/** The name of each of the tenant's ZNS templates among `znsTemplateIds` (Zalo's ids; the reports' labels). */
export async function templateNames(db: DbOrTx, scope: TenantScope, znsTemplateIds: readonly string[]): Promise<Map<string, string>> {
  return new Map((await findTemplateNames(db, scope, znsTemplateIds)).map((r) => [r.znsTemplateId, r.name]));
}

/** The tenant's template requests pending review (ours or Zalo's): they hold its ZNS service on. */
export async function inFlightTemplateRequests(db: DbOrTx, scope: TenantScope, limit = 50): Promise<Array<{ id: string; name: string; status: string }>> {
  return findInFlightTemplateRequests(db, scope, limit);
}
