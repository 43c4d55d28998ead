import { envelopeData, type ZaloClient } from './client';

/** Broadcast targeting (REFERENCE §3.6, §8): comma-joined code lists, as Zalo's official sample sends them. */
export interface BroadcastTarget {
  /** 0 = 0–12 … 7 = ≥65 */
  ages?: number[];
  /** 0 all, 1 male, 2 female */
  gender?: number;
  /** 0 North, 1 Central, 2 South (ignored by Zalo when cities are set) */
  locations?: number[];
  /** CODE_PROVINCE_CITY codes */
  cities?: number[];
  /** 1 iOS, 2 Android, 3 Windows Phone */
  platform?: number[];
}

const joined = (v: number[] | undefined) => (v && v.length > 0 ? v.join(',') : undefined);

/** The `recipient.target` object: empty lists are left out (Zalo reads a missing key as 'all'). */
export function broadcastTargetBody(t: BroadcastTarget): Record<string, string> {
  const out: Record<string, string> = {};
  const ages = joined(t.ages);
  if (ages) out.ages = ages;
  out.gender = String(t.gender ?? 0);
  const cities = joined(t.cities);
  const locations = joined(t.locations);
  if (cities) out.cities = cities;
  else if (locations) out.locations = locations;
  const platform = joined(t.platform);
  if (platform) out.platform = platform;
  return out;
}

/**
 * `POST /v2.0/oa/message` broadcast (REFERENCE §3.6, §13.3): 1–5 article ids to the followers the
 * target selects. Zalo moderates it (about 30 minutes) before delivery within 06:00–21:59 (UTC+7).
 * Not idempotent: a retry after an unknown outcome could broadcast twice, so the transport does not
 * retry it.
 */
export async function sendBroadcast(client: ZaloClient, oaKey: string, input: { target: BroadcastTarget; articleIds: string[] }): Promise<{ messageId: string }> {
  const json = {
    recipient: { target: broadcastTargetBody(input.target) },
    message: { attachment: { type: 'template', payload: { template_type: 'media', elements: input.articleIds.map((id) => ({ media_type: 'article', attachment_id: id })) } } },
  };
  const data = envelopeData<{ message_id?: string | number }>(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'POST', path: '/v2.0/oa/message', json, idempotent: false }));
  return { messageId: String(data.message_id ?? '') };
}
