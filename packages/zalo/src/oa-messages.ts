import { envelopeData, type ZaloClient, type ZaloCall } from './client';

/** OA message sending (REFERENCE §3.4, §3.6): typed payload builders plus one send function per path. */

export type CsMessage =
  | { kind: 'text'; text: string; quoteMessageId?: string }
  | { kind: 'image'; attachmentId?: string; url?: string; caption?: string }
  | { kind: 'gif'; attachmentId?: string; url?: string; width: number; height: number; caption?: string }
  | { kind: 'sticker'; stickerId: string }
  | { kind: 'file'; token: string }
  | { kind: 'request_user_info'; title: string; subtitle: string; imageUrl: string };

/** Zalo's `message` object for a consultation message. */
export function buildCsMessage(m: CsMessage): Record<string, unknown> {
  const media = (element: Record<string, unknown>, caption?: string) => ({
    ...(caption ? { text: caption } : {}),
    attachment: { type: 'template', payload: { template_type: 'media', elements: [element] } },
  });
  switch (m.kind) {
    case 'text':
      return m.quoteMessageId ? { text: m.text, quote_message_id: m.quoteMessageId } : { text: m.text };
    case 'image':
      return media(m.attachmentId ? { media_type: 'image', attachment_id: m.attachmentId } : { media_type: 'image', url: m.url }, m.caption);
    case 'gif':
      return media({ media_type: 'gif', ...(m.attachmentId ? { attachment_id: m.attachmentId } : { url: m.url }), width: m.width, height: m.height }, m.caption);
    case 'sticker':
      return media({ media_type: 'sticker', attachment_id: m.stickerId });
    case 'file':
      return { attachment: { type: 'file', payload: { token: m.token } } };
    case 'request_user_info':
      return { attachment: { type: 'template', payload: { template_type: 'request_user_info', elements: [{ title: m.title, subtitle: m.subtitle, image_url: m.imageUrl }] } } };
  }
}

export type Align = 'left' | 'center' | 'right';
export type RichElement =
  | { type: 'banner'; attachment_id: string }
  | { type: 'banner'; image_url: string }
  /** ≤ 100 chars */
  | { type: 'header'; content: string; align?: Align }
  /** ≤ 1,000 chars, `<br>` allowed */
  | { type: 'text'; content: string; align?: Align }
  /** key ≤ 25, value ≤ 100 */
  | { type: 'table'; content: Array<{ key: string; value: string; style?: string }> };

/** The five button types; title ≤ 35 chars. */
export type RichButton = { title: string; image_icon?: string } & (
  | { type: 'oa.open.url'; payload: { url: string } }
  | { type: 'oa.query.show' | 'oa.query.hide'; payload: string }
  | { type: 'oa.open.phone'; payload: { phone_code: string } }
  | { type: 'oa.open.sms'; payload: { phone_code: string; content: string } }
);

export type TransactionTemplateType =
  | 'transaction_billing' | 'transaction_order' | 'transaction_reward' | 'transaction_contract' | 'transaction_booking'
  | 'transaction_membership' | 'transaction_event' | 'transaction_transaction' | 'transaction_account' | 'transaction_internal'
  | 'transaction_partnership' | 'transaction_education' | 'transaction_rating';

export interface SendResult {
  message_id: string;
  user_id: string;
  sent_time?: string;
  quota?: Record<string, string | number>;
}

// Sends are not idempotent: an ambiguous failure is reported, never silently repeated.
const send = (path: string, json: unknown): ZaloCall => ({ api: 'oa', host: 'openapi', method: 'POST', path, json, idempotent: false });

/** POST /v3.0/oa/message/cs — consultation message (user must have interacted within 7 days, else -230). */
export async function sendCsMessage(client: ZaloClient, oaKey: string, userId: string, message: CsMessage): Promise<SendResult> {
  return envelopeData(await client.call(oaKey, send('/v3.0/oa/message/cs', { recipient: { user_id: userId }, message: buildCsMessage(message) })));
}

/** POST /v3.0/oa/message/transaction (legacy, kept for existing integrations). */
export async function sendTransactionMessage(
  client: ZaloClient,
  oaKey: string,
  p: { userId: string; templateType: TransactionTemplateType; language?: 'VI' | 'EN'; elements: RichElement[]; buttons?: RichButton[] },
): Promise<SendResult> {
  const payload = { template_type: p.templateType, language: p.language ?? 'VI', elements: p.elements, buttons: p.buttons ?? [] };
  return envelopeData(await client.call(oaKey, send('/v3.0/oa/message/transaction', { recipient: { user_id: p.userId }, message: { attachment: { type: 'template', payload } } })));
}

/** POST /v3.0/oa/message/promotion — refused 22:00–06:00 Vietnam time (-234). */
export async function sendPromotionMessage(
  client: ZaloClient,
  oaKey: string,
  p: { userId: string; language?: 'VI' | 'EN'; elements: RichElement[]; buttons?: RichButton[] },
): Promise<SendResult> {
  const payload = { template_type: 'promotion', language: p.language ?? 'VI', elements: p.elements, buttons: p.buttons ?? [] };
  return envelopeData(await client.call(oaKey, send('/v3.0/oa/message/promotion', { recipient: { user_id: p.userId }, message: { attachment: { type: 'template', payload } } })));
}

/** POST /v3.0/oa/message/template — a ZNS template to a user id (-249 if the template cannot go by UID). */
export async function sendTemplateByUid(
  client: ZaloClient,
  oaKey: string,
  p: { userId: string; templateId: string; templateData: Record<string, string | number> },
): Promise<SendResult> {
  return envelopeData(await client.call(oaKey, send('/v3.0/oa/message/template', { user_id: p.userId, template_id: p.templateId, template_data: p.templateData })));
}

/**
 * POST /v2.0/oa/message with `sender_action` — the OA reacts to a message of the conversation with user
 * `userId` (REFERENCE §3.4: `react_icon` one of Zalo's codes, `/-remove` takes the OA's reaction back).
 * Repeating a reaction sets the same one again, so the call may be repeated.
 */
export async function sendReaction(client: ZaloClient, oaKey: string, p: { userId: string; messageId: string; icon: string }): Promise<{ message_id?: string; user_id?: string }> {
  const json = { recipient: { user_id: p.userId }, sender_action: { react_icon: p.icon, react_message_id: p.messageId } };
  return envelopeData(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'POST', path: '/v2.0/oa/message', json, idempotent: true }));
}
