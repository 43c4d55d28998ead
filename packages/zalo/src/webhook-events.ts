/**
 * Zalo webhook events (REFERENCE §5) parsed into one discriminated union on `type`. Every variant
 * keeps `eventName` (Zalo's name), `appId`, `timestamp` (ms string) and the untouched `raw` body.
 */

type Raw = Record<string, unknown>;

export interface ZaloAttachment {
  type: string;
  payload: Record<string, unknown>;
}

interface Base {
  eventName: string;
  appId: string;
  timestamp: string;
  raw: Raw;
}

export type UserMessageEventName =
  | 'user_send_text' | 'user_send_image' | 'user_send_link' | 'user_send_audio' | 'user_send_video' | 'user_send_sticker'
  | 'user_send_gif' | 'user_send_location' | 'user_send_file' | 'user_send_business_card' | 'user_send_contact';

export type ZaloWebhookEvent =
  | (Base & { type: 'user_message'; oaId: string; userId: string; userIdByApp?: string; msgId: string; text?: string; attachments: ZaloAttachment[] })
  /** OA-side echo; `adminId` (from `sender.admin_id`) when an OA admin wrote it in Zalo's own chat. */
  | (Base & { type: 'oa_message'; oaId: string; userId: string; msgId: string; text?: string; attachments: ZaloAttachment[]; adminId?: string })
  | (Base & { type: 'anonymous_message'; oaId: string; anonymousId: string; conversationId?: string; fromOa: boolean; msgId: string; text?: string; attachments: ZaloAttachment[] })
  | (Base & { type: 'follow' | 'unfollow'; oaId: string; userId: string; userIdByApp?: string; source?: string })
  | (Base & { type: 'message_received'; oaId: string; userId: string; msgIds: string[] })
  | (Base & { type: 'message_seen'; oaId: string; userId: string; msgIds: string[] })
  | (Base & { type: 'zns_delivery'; oaId: string; /** `84…` or its hash */ recipient: string; msgId: string; trackingId?: string; deliveryTime?: string })
  | (Base & { type: 'reaction'; oaId: string; userId: string; fromOa: boolean; reactIcon?: string; msgId?: string })
  | (Base & { type: 'user_submit_info'; oaId: string; userId: string; info: Record<string, unknown> })
  | (Base & { type: 'add_user_to_tag' | 'remove_user_from_tag'; oaId: string; userIds: string[]; tagName: string })
  | (Base & { type: 'remove_tag'; oaId: string; tagName: string })
  /** The user changed the info they share with the OA; `info` holds the new values when sent. */
  | (Base & { type: 'update_user_info'; oaId: string; userId: string; userIdByApp?: string; info: Record<string, unknown> })
  /** The user withdrew their consent: the OA must stop using the info they shared. */
  | (Base & { type: 'user_withdraw'; oaId: string; userId: string; userIdByApp?: string })
  /** `widget_*` events of the OA's website widget; `widget` is the name without the prefix. */
  | (Base & { type: 'widget'; widget: string; oaId: string; userId?: string; userExternalId?: string; data: Record<string, unknown> })
  | (Base & { type: 'template_status'; oaId: string; templateId: string; prevStatus?: string; newStatus: string; reason?: string })
  | (Base & { type: 'template_quality'; oaId: string; templateId: string; quality: string })
  | (Base & { type: 'oa_daily_quota'; oaId: string; prevValue?: number; newValue?: number })
  | (Base & { type: 'zns_feedback'; oaId: string; msgId?: string; trackingId?: string; rate?: number; note?: string; feedbacks: string[] })
  | (Base & { type: 'zns_button_response'; oaId: string; msgId?: string; trackingId?: string; buttonType?: string; data?: unknown })
  | (Base & { type: 'interaction'; oaId: string; userId?: string })
  /**
   * Zalo group (GMF) events. A message in a group (`user_send_group_<kind>` from a member, `oa_send_group_<kind>`
   * from the OA) also carries its sender, msg id, text and attachments like a 1:1 message.
   */
  | (Base & {
      type: 'group';
      oaId: string;
      groupId?: string;
      groupName?: string;
      fromOa?: boolean;
      userId?: string;
      msgId?: string;
      text?: string;
      attachments?: ZaloAttachment[];
    })
  | (Base & { type: 'other'; oaId?: string })
  | (Base & { type: 'unknown' });

export type ZaloWebhookEventType = ZaloWebhookEvent['type'];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);
const obj = (v: unknown): Raw => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : {});
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const strList = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter((s): s is string => s !== undefined) : []);
const attachments = (v: unknown): ZaloAttachment[] =>
  Array.isArray(v) ? v.map((a) => ({ type: str(obj(a).type) ?? 'unknown', payload: obj(obj(a).payload) })) : [];

const INTERACTION = new Set(['user_click_chatnow', 'user_call_oa', 'oa_call_user', 'user_reply_consent', 'oa_send_consent']);
const OTHER = new Set([
  'shop_has_order', 'permission_revoked', 'change_template_quota', 'change_oa_template_tags',
  'event_journey_time_out', 'event_journey_acknowledged', 'user_received_message',
]);
const GROUP = /^(create_group|user_join_group|user_request_join_group|react_request_join_group|reject_request_join_group|add_group_admin|remove_group_admin|update_group_info|user_out_group|disperse_group|oa_send_group_\w+|user_send_group_\w+)$/;

/** The user of a management event: `user_id`, `follower.id` or the sender, whichever Zalo put there. */
const userIdOf = (raw: Raw, sender: string): string => str(raw.user_id) ?? str(obj(raw.follower).id) ?? sender;

/** Parses a webhook body (already verified) into a typed event. Never throws: bad input → `unknown`. */
export function parseZaloWebhookEvent(body: unknown): ZaloWebhookEvent {
  const raw = obj(body);
  const eventName = str(raw.event_name) ?? '';
  const base: Base = { eventName, appId: str(raw.app_id) ?? '', timestamp: str(raw.timestamp) ?? '', raw };
  const senderObj = obj(raw.sender);
  const sender = str(senderObj.id) ?? '';
  const recipient = str(obj(raw.recipient).id) ?? '';
  const message = obj(raw.message);
  const oaId = str(raw.oa_id) ?? str(raw.oaId) ?? '';
  const msgId = str(message.msg_id) ?? '';

  if (/^user_send_/.test(eventName) && !eventName.startsWith('user_send_group_')) {
    return { ...base, type: 'user_message', oaId: recipient, userId: sender, userIdByApp: str(raw.user_id_by_app), msgId, text: str(message.text), attachments: attachments(message.attachments) };
  }
  if (/^anonymous_send_/.test(eventName) || /^oa_send_anonymous_/.test(eventName)) {
    const fromOa = eventName.startsWith('oa_');
    return {
      ...base, type: 'anonymous_message', fromOa, oaId: fromOa ? sender : recipient, anonymousId: fromOa ? recipient : sender,
      conversationId: str(message.conversation_id) ?? str(raw.conversation_id), msgId, text: str(message.text), attachments: attachments(message.attachments),
    };
  }
  if (/^oa_send_/.test(eventName) && !GROUP.test(eventName) && !INTERACTION.has(eventName)) {
    return { ...base, type: 'oa_message', oaId: sender, userId: recipient, msgId, text: str(message.text), attachments: attachments(message.attachments), adminId: str(senderObj.admin_id) ?? str(raw.admin_id) };
  }
  switch (eventName) {
    case 'follow':
    case 'unfollow':
      return { ...base, type: eventName, oaId, userId: str(obj(raw.follower).id) ?? '', userIdByApp: str(raw.user_id_by_app), source: str(raw.source) };
    case 'user_received_message':
      // The ZNS form carries a tracking id / delivery time and a phone recipient; the OA form does not.
      if (message.tracking_id !== undefined || message.delivery_time !== undefined) {
        return { ...base, type: 'zns_delivery', oaId: sender, recipient, msgId, trackingId: str(message.tracking_id), deliveryTime: str(message.delivery_time) };
      }
      return { ...base, type: 'message_received', oaId: sender, userId: recipient, msgIds: msgId ? [msgId] : strList(message.msg_ids) };
    case 'user_seen_message':
      return { ...base, type: 'message_seen', oaId: sender, userId: recipient, msgIds: message.msg_ids !== undefined ? strList(message.msg_ids) : msgId ? [msgId] : [] };
    case 'user_reacted_message':
    case 'oa_reacted_message': {
      const fromOa = eventName.startsWith('oa_');
      return { ...base, type: 'reaction', fromOa, oaId: fromOa ? sender : recipient, userId: fromOa ? recipient : sender, reactIcon: str(message.react_icon), msgId: str(message.msg_id) };
    }
    case 'user_submit_info':
      return { ...base, type: 'user_submit_info', oaId: recipient, userId: sender, info: obj(raw.info) };
    case 'add_user_to_tag':
    case 'remove_user_from_tag': {
      const tag = obj(raw.tag);
      return { ...base, type: eventName, oaId, userIds: strList(tag.user_ids), tagName: str(tag.name) ?? '' };
    }
    case 'remove_tag':
      return { ...base, type: 'remove_tag', oaId, tagName: str(obj(raw.tag).name) ?? str(raw.tag_name) ?? '' };
    case 'update_user_info':
      return { ...base, type: 'update_user_info', oaId: oaId || recipient, userId: userIdOf(raw, sender), userIdByApp: str(raw.user_id_by_app), info: obj(raw.info ?? raw.shared_info) };
    case 'user_withdraw':
      return { ...base, type: 'user_withdraw', oaId: oaId || recipient, userId: userIdOf(raw, sender), userIdByApp: str(raw.user_id_by_app) };
    case 'change_template_status': {
      const status = obj(raw.status);
      return { ...base, type: 'template_status', oaId, templateId: str(raw.template_id) ?? '', prevStatus: str(status.prev_status), newStatus: str(status.new_status) ?? str(raw.status) ?? '', reason: str(raw.reason) };
    }
    case 'change_template_quality':
      return { ...base, type: 'template_quality', oaId, templateId: str(raw.template_id) ?? '', quality: str(raw.quality) ?? '' };
    case 'change_oa_daily_quota': {
      const q = obj(raw.quota);
      return { ...base, type: 'oa_daily_quota', oaId, prevValue: num(q.prev_value), newValue: num(q.new_value) };
    }
    case 'user_feedback':
      return {
        ...base, type: 'zns_feedback', oaId, msgId: str(message.msg_id), trackingId: str(message.tracking_id),
        rate: num(message.rate), note: str(message.note), feedbacks: strList(message.feedbacks),
      };
    case 'user_click_response_button':
      return { ...base, type: 'zns_button_response', oaId, msgId: str(raw.msg_id) ?? str(message.msg_id), trackingId: str(message.tracking_id), buttonType: str(message.button_type), data: message.data };
  }
  if (eventName.startsWith('widget_')) {
    const data = obj(raw.data);
    return {
      ...base, type: 'widget', widget: eventName.slice('widget_'.length), oaId: oaId || recipient, userId: str(data.user_id) ?? (userIdOf(raw, sender) || undefined),
      userExternalId: str(data.user_external_id) ?? str(raw.user_external_id), data,
    };
  }
  if (INTERACTION.has(eventName)) return { ...base, type: 'interaction', oaId: oaId || recipient || sender, userId: eventName.startsWith('oa_') ? recipient : sender || undefined };
  if (GROUP.test(eventName)) {
    const groupId = str(raw.group_id) ?? str(obj(raw.group).id) ?? str(message.group_id);
    const groupName = str(obj(raw.group).name);
    if (/^(user|oa)_send_group_/.test(eventName)) {
      const fromOa = eventName.startsWith('oa_');
      return {
        ...base, type: 'group', oaId: oaId || (fromOa ? sender : recipient), groupId, groupName, fromOa, userId: fromOa ? undefined : sender || undefined,
        msgId: msgId || undefined, text: str(message.text), attachments: attachments(message.attachments),
      };
    }
    return { ...base, type: 'group', oaId: oaId || sender || recipient, groupId, groupName };
  }
  if (OTHER.has(eventName)) return { ...base, type: 'other', oaId: oaId || undefined };
  return { ...base, type: 'unknown' };
}
