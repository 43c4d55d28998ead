import type { TaskStatus } from '@zc/shared/api/approvals';
import type { TemplateRequest, ZnsTemplate } from '@zc/shared/api/templates';
import type { Actor } from '../../platform/policy';
import { templateAbilities, templateRequestAbilities } from './policy';
import type { TemplateRequestRow, TemplateRow } from './repo';

/** Price after the tenant's discount, rounded up to the đồng (never undercharge). */
export function discounted(price: number, discountPercent: number): number {
  return Math.ceil((price * (100 - Math.min(100, Math.max(0, discountPercent)))) / 100);
}

/** Library row → §3 template with the tenant's price and what the actor may do with it. */
export function presentTemplate(actor: Actor, row: TemplateRow, discountPercent: number): ZnsTemplate {
  return {
    id: row.id,
    zaloOAId: row.zaloOaId,
    znsTemplateId: row.znsTemplateId,
    name: row.name,
    status: row.status,
    tag: row.tag,
    quality: row.quality,
    price: row.price,
    priceAfterDiscount: discounted(row.price, discountPercent),
    params: row.params,
    buttons: row.buttons,
    previewUrl: row.previewUrl,
    syncedAt: row.syncedAt.toISOString(),
    abilities: templateAbilities(actor),
  };
}

export function presentTemplateRequest(actor: Actor, r: TemplateRequestRow, review: { taskId: string; status: TaskStatus } | null): TemplateRequest {
  const taskStatus = review?.status ?? null;
  return {
    id: r.id,
    zaloOAId: r.zaloOaId,
    name: r.name,
    status: r.status,
    znsTemplateId: r.znsTemplateId,
    zaloStatus: r.zaloStatus,
    quality: r.quality,
    error: r.error,
    payload: r.payload,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    taskId: review?.taskId ?? null,
    taskStatus,
    abilities: templateRequestAbilities(actor, { ...r, taskStatus }),
  };
}
