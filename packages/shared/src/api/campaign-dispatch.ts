import { z } from 'zod';
import { CAMPAIGN_DISPATCH_STATES, CAMPAIGN_START_MODES, CAMPAIGN_STATUSES } from './campaigns';
import { SEND_MODES, znsHistoryQuery } from './messaging';

/* ─── ZNS campaign sending, detail and history (§2.12, §3 Campaign + history row, §7 merchant/campaign/*) ─── */

export const campaignIdParams = z.strictObject({ id: z.uuid() });

/** Where the sending stands, counted from the campaign's messages. */
export const campaignCounts = z.object({
  /** Accepted by Zalo. */
  sent: z.number().int(),
  /** Delivered to the phone (Zalo's receipt). */
  received: z.number().int(),
  failed: z.number().int(),
  /** Not yet settled (queued, in flight). */
  pending: z.number().int(),
  /** Never sent: the campaign was cancelled. */
  cancelled: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCounts>;

/** The money of a campaign: held on approval, settled per sent message, the rest released when it closes. */
export const campaignMoney = z.object({
  held: z.number().int(),
  settled: z.number().int(),
  released: z.number().int(),
  /** The hold is still open (sending or waiting). */
  holdOpen: z.boolean(),
});

/** §3 Campaign with its sending state (`GET merchant/campaign/{id}`). */
export const campaignDetail = z.object({
  id: z.uuid(),
  name: z.string(),
  mode: z.enum(SEND_MODES),
  startMode: z.enum(CAMPAIGN_START_MODES),
  apiKey: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  zaloOaId: z.uuid(),
  scheduleAt: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** QUOTA_WAIT / TEAM_QUOTA_WAIT: continues at `nextRunAt` (next midnight UTC+7); NIGHT_WAIT: promotion template, continues at 06:00 UTC+7. */
  dispatchState: z.enum(CAMPAIGN_DISPATCH_STATES).nullable(),
  nextRunAt: z.string().nullable(),
  cost: z.number().int(),
  estimatedCost: z.number().int(),
  recordCount: z.number().int(),
  /** Expected finish given the OA's quota (today's remaining, then the daily quota) and the campaign rate; null when unknown. */
  estimatedFinishAt: z.string().nullable(),
  template: z.object({ templateName: z.string(), price: z.number().int(), listPrice: z.number().int(), znsTemplateId: z.string(), teamId: z.uuid().nullable() }),
  counts: campaignCounts,
  money: campaignMoney,
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  abilities: z.object({ cancel: z.boolean(), pause: z.boolean(), resume: z.boolean() }),
});
export type CampaignDetail = z.infer<typeof campaignDetail>;

/** `PUT merchant/campaign/cancel/{id}`: the cancelled campaign and what went back to the balance. */
export const campaignCancelResult = z.object({ campaign: campaignDetail, released: z.number().int(), cancelledRecipients: z.number().int() });

/** `GET merchant/campaign/template/{id}`: the campaign's template as the template library previews it. */
export const campaignTemplatePreview = z.object({
  znsTemplateId: z.string(),
  templateName: z.string(),
  previewUrl: z.string().nullable(),
  price: z.number().int(),
  tag: z.string().nullable(),
  params: z.array(z.object({ name: z.string(), type: z.string(), require: z.boolean() })),
});
export type CampaignTemplatePreview = z.infer<typeof campaignTemplatePreview>;

/** `GET merchant/campaign/history`: the ZNS sending-history filters plus the campaign. */
export const campaignHistoryQuery = znsHistoryQuery.extend({ campaignId: z.uuid().describe('The campaign whose messages are listed') });
export type CampaignHistoryQuery = z.infer<typeof campaignHistoryQuery>;
