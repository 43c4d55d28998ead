import { createZnsTemplate, listZnsTemplates, getZnsTemplateInfo, ZNS_CREATE_TAG_CODES } from '@zc/zalo/zns';
import { ZaloApiError, ZaloError } from '@zc/zalo/errors';
import type { ZaloClient } from '@zc/zalo/client';
import type { TemplateRequest, ZnsTemplate } from '@zc/shared/api/templates';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { appendAudit } from '../../platform/audit';
import { emitEvent, type DomainEvent } from '../../platform/events';
import { trustedTenantScope } from '../../platform/tenant-scope';
import { latestReviews, submitForReview } from '../approvals/service';
import { canEditTemplateRequest } from './policy';
import type { Actor } from '../../platform/policy';
import type { TenantScope } from '../../platform/tenant-scope';
import { zaloFailure } from '../zalo-oa/service';
import { presentTemplate, presentTemplateRequest } from './presenter';
import {
  findOaId,
  findTemplateRequestRow,
  findTemplateRow,
  findTenantDiscount,
  insertTemplateRequest,
  listOaIds,
  listTemplateRequests,
  listTemplates,
  setTemplateOfOa,
  settleRequestsOfOa,
  updateTemplateRequest,
  upsertTemplate,
  type TemplateRequestRow,
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

type RequestBody = { zaloOAId: string; name: string } & Record<string, unknown>;

/**
 * Stores a request for a new template of one of the tenant's OAs (404 for another tenant's OA) and
 * submits it for the tenant's internal review in the same transaction (ZNS_TEMPLATE workflow); Zalo
 * sees it only once the review approves it.
 */
export async function requestTemplate(tx: Tx, actor: Actor, scope: TenantScope, body: RequestBody) {
  const oaId = await findOaId(tx, scope, body.zaloOAId);
  if (!oaId) throw notFound();
  const row = await insertTemplateRequest(tx, scope, { zaloOaId: oaId, name: body.name, payload: body, createdBy: actor.userId });
  return presentReviewed(tx, actor, scope, row);
}

async function presentReviewed(tx: Tx, actor: Actor, scope: TenantScope, row: TemplateRequestRow): Promise<TemplateRequest> {
  const task = await submitForReview(tx, actor, scope, { kind: 'ZNS_TEMPLATE', referenceId: row.id });
  const fresh = (await findTemplateRequestRow(tx, scope, row.id)) ?? row;
  return presentTemplateRequest(actor, fresh, { taskId: task.id, status: task.status });
}

/**
 * Changes a request still waiting for its internal review: the pending review is voided and the
 * new content is submitted again (a new task with a new snapshot). 409 once the review decided.
 */
export async function editTemplateRequest(tx: Tx, actor: Actor, scope: TenantScope, id: string, body: RequestBody) {
  const before = await findTemplateRequestRow(tx, scope, id, { lock: true });
  if (!before) throw notFound();
  const review = (await latestReviews(tx, scope, 'ZNS_TEMPLATE', [id])).get(id) ?? null;
  if (!canEditTemplateRequest(actor, { status: before.status, taskStatus: review?.status ?? null })) throw new AppError('TEMPLATE_REQUEST_NOT_EDITABLE');
  const oaId = await findOaId(tx, scope, body.zaloOAId);
  if (!oaId) throw notFound();
  const row = await updateTemplateRequest(tx, scope, id, { zaloOaId: oaId, name: body.name, payload: body });
  if (!row) throw notFound();
  return { before, after: await presentReviewed(tx, actor, scope, row) };
}

/** What the ZNS_TEMPLATE review freezes: the request as submitted (OA, name, type, tag, content, params, note). */
export async function templateRequestSnapshot(tx: DbOrTx, scope: TenantScope, id: string) {
  const row = await findTemplateRequestRow(tx, scope, id);
  if (!row) return null;
  const p = row.payload as Partial<RequestPayload>;
  return {
    name: row.name,
    teamId: null,
    snapshot: { zaloOAId: row.zaloOaId, name: row.name, templateType: p.templateType ?? null, tag: p.tag ?? null, content: p.content ?? '', params: p.params ?? [], note: p.note ?? null },
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

interface RequestPayload {
  templateType: 1 | 2 | 3 | 4 | 5;
  tag: keyof typeof ZNS_CREATE_TAG_CODES;
  content: string;
  params: Array<{ name: string; type: number; sample: string }>;
  note?: string;
}

/** The request's content as Zalo's layout: a title and the paragraph, `{param}` written `<param>`. */
export function templateLayout(name: string, content: string) {
  return { body: { components: [{ TITLE: { value: name } }, { PARAGRAPH: { value: content.replace(/\{([a-z_][a-z0-9_]*)\}/g, '<$1>') } }] } };
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
  let after: TemplateRequestRow | null;
  try {
    const created = await createZnsTemplate(submissionClient(tx), row.zaloOaId, {
      templateName: row.name,
      templateType: p.templateType,
      tag: ZNS_CREATE_TAG_CODES[p.tag],
      layout: templateLayout(row.name, p.content),
      params: (p.params ?? []).map((x) => ({ name: x.name, type: x.type, sampleValue: x.sample })),
      note: p.note,
      trackingId: row.id,
    });
    after = await updateTemplateRequest(tx, scope, row.id, { status: 'SUBMITTED', znsTemplateId: String(created.template_id), error: null }, 'PENDING');
    if (after) await emitEvent(tx, { type: 'review.item_published', tenantId: event.tenantId, data: { kind: 'ZNS_TEMPLATE', referenceId: row.id, name: row.name.slice(0, 300), createdBy: row.createdBy } });
  } catch (err) {
    // Zalo unreachable or asking to retry later: thrown, so the handler runs again (back-off).
    if (err instanceof ZaloError && err.classification !== 'permanent') throw err;
    const message = err instanceof ZaloApiError && err.zaloMessage ? err.zaloMessage : zaloFailure(err).message;
    after = await updateTemplateRequest(tx, scope, row.id, { status: 'FAILED', error: message }, 'PENDING');
  }
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
 * Zalo's review of a template (the change_template_status webhook, or a sync that finds it when the
 * webhook was missed): the library row takes the status, and requests still waiting for review
 * take the verdict — ENABLE → APPROVED, REJECT → REJECTED with Zalo's reason.
 */
export async function applyTemplateStatus(db: DbOrTx, e: { zaloOaId: string; znsTemplateId: string; status: string; reason?: string | undefined; library?: boolean }): Promise<void> {
  if (e.library !== false) await setTemplateOfOa(db, e.zaloOaId, e.znsTemplateId, { status: e.status });
  const reviewed = e.status === 'ENABLE' ? 'APPROVED' : e.status === 'REJECT' ? 'REJECTED' : null;
  if (!reviewed) return;
  await settleRequestsOfOa(db, e.zaloOaId, e.znsTemplateId, { status: reviewed, error: reviewed === 'REJECTED' ? e.reason || null : null });
}

/** Zalo's quality rating of a template (template_quality webhook). */
export async function applyTemplateQuality(db: DbOrTx, e: { zaloOaId: string; znsTemplateId: string; quality: string }): Promise<void> {
  await setTemplateOfOa(db, e.zaloOaId, e.znsTemplateId, { quality: e.quality });
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
