import { listZnsTemplates, getZnsTemplateInfo } from '@zc/zalo/zns';
import type { ZaloClient } from '@zc/zalo/client';
import type { TemplateRequest, ZnsTemplate } from '@zc/shared/api/templates';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import type { TenantScope } from '../../platform/tenant-scope';
import { zaloFailure } from '../zalo-oa/service';
import { presentTemplate, presentTemplateRequest } from './presenter';
import {
  findOaId,
  findTemplateRow,
  findTenantDiscount,
  insertTemplateRequest,
  listOaIds,
  listTemplateRequests,
  listTemplates,
  setTemplateOfOa,
  settleRequestsOfOa,
  upsertTemplate,
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
  return { rows: r.rows.map((x) => presentTemplateRequest(actor, x)), total: r.total };
}

/** Stores a request for a new template of one of the tenant's OAs (404 for another tenant's OA). */
export async function requestTemplate(tx: Tx, actor: Actor, scope: TenantScope, body: { zaloOAId: string; name: string } & Record<string, unknown>) {
  const oaId = await findOaId(tx, scope, body.zaloOAId);
  if (!oaId) throw notFound();
  const row = await insertTemplateRequest(tx, scope, { zaloOaId: oaId, name: body.name, payload: body, createdBy: actor.userId });
  return presentTemplateRequest(actor, row);
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
