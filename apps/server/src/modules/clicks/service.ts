import type { Click } from '@zc/shared/api/clicks';
import type { Db } from '../../db/client';
import { sha256 } from '../../platform/crypto';
import { notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenant-scope';
import { findClickedMessage, insertClick, listClicks, tenantHasCampaign, tenantHasMessage, type ClickRow } from './repo';
import { isHttpUrl, readClickToken } from './token';

export { withTrackedLinks, clickToken, type TrackedLinks } from './token';

/**
 * Records one click of a tracked link and answers where to send the user, or null when the token is not
 * ours, names no message, or the message holds no http(s) URL under that parameter (the caller answers
 * 404 alike, so nothing tells a guesser which part was wrong). No IP is kept; the user agent as SHA-256.
 */
export async function recordClick(db: Db, secret: string, token: string, p: { source: 'REDIRECT' | 'CALLBACK'; userAgent: string | undefined }): Promise<string | null> {
  const named = readClickToken(secret, token);
  if (!named) return null;
  const message = await findClickedMessage(db, named.messageId);
  if (!message || message.module !== 'ZNS') return null;
  const data = (message.templateData ?? {}) as Record<string, unknown>; // template data stored by the send path
  const target = data[named.param];
  if (!isHttpUrl(target)) return null;
  await insertClick(db, {
    tenantId: message.tenantId,
    messageId: message.id,
    campaignId: message.campaignId,
    phone: message.phone,
    param: named.param,
    targetUrl: target,
    source: p.source,
    userAgentHash: p.userAgent ? sha256(p.userAgent) : null,
  });
  return target;
}

function present(r: ClickRow): Click {
  return { id: r.id, messageId: r.messageId, campaignId: r.campaignId, phone: r.phone, param: r.param, targetUrl: r.targetUrl, source: r.source, clickedAt: r.clickedAt.toISOString() };
}

/** Clicks of one of the tenant's messages (the sending history's detail row); 404 for another tenant's. */
export async function messageClicks(db: Db, scope: TenantScope, messageId: string, page: { limit: number; offset: number }) {
  if (!(await tenantHasMessage(db, scope, messageId))) throw notFound();
  const r = await listClicks(db, scope, { messageId }, page);
  return { rows: r.rows.map(present), total: r.total, uniqueRecipients: r.uniqueRecipients };
}

/** Clicks of one of the tenant's campaigns; 404 for another tenant's. */
export async function campaignClicks(db: Db, scope: TenantScope, campaignId: string, page: { limit: number; offset: number }) {
  if (!(await tenantHasCampaign(db, scope, campaignId))) throw notFound();
  const r = await listClicks(db, scope, { campaignId }, page);
  return { rows: r.rows.map(present), total: r.total, uniqueRecipients: r.uniqueRecipients };
}
