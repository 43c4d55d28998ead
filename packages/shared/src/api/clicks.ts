import { z } from 'zod';
import { pageQuery } from './common';

/**
 * Tracked links (issue 13 #9, ADR 0016): a ZNS template parameter named `tracked_…` (the whole URL of a
 * URL button) is replaced at delivery by the product's redirect `<PUBLIC_URL>/r/<token>`; the token
 * names the message and the parameter and is signed, so only URLs the tenant sent can be reached.
 */
export const TRACKED_PARAM_PREFIX = 'tracked_';

export const click = z.object({
  id: z.uuid(),
  messageId: z.uuid(),
  campaignId: z.uuid().nullable(),
  phone: z.string().nullable(),
  param: z.string(),
  targetUrl: z.string(),
  source: z.enum(['REDIRECT', 'CALLBACK']),
  clickedAt: z.string(),
});
export type Click = z.infer<typeof click>;

export const clickSummary = z.object({
  clicks: z.number().int(),
  /** Distinct messages (recipients) with at least one click. */
  uniqueRecipients: z.number().int(),
});

export const clickListQuery = pageQuery;

/** POST zns/click-callback: the token of a tracked link (the `/r/<token>` path segment). */
export const clickCallbackBody = z.strictObject({ token: z.string().min(1).max(200) });
export const clickCallbackResponse = z.object({ data: z.object({ ok: z.literal(true), url: z.string() }) });
