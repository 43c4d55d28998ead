import { pushMessage, scheduleReceipts } from './chat-sim';
import { digits, createPrng } from './prng';
import type { Sandbox } from './sandbox';
import { nextHexId, type OaMessageRecord, type SandboxUser } from './state';

/** Simulated user activity and the webhooks Zalo would send for it. */

export { pushMessage };

/** A user follows (a new one if no id is given) or unfollows the OA. */
export function emitFollow(sb: Sandbox, p: { oaId: string; userId?: string; unfollow?: boolean }): { userId: string } | null {
  const oa = sb.state.oas.get(p.oaId);
  const users = sb.state.users.get(p.oaId);
  if (!oa || !users) return null;
  let user: SandboxUser | undefined = p.userId ? users.get(p.userId) : undefined;
  if (p.userId && !user) return null;
  const now = sb.clock.now();
  if (!user) {
    const rand = createPrng(users.size + 7);
    const userId = digits(rand, 19);
    user = {
      userId, userIdByApp: digits(rand, 18), oaId: oa.oaId, displayName: 'Người dùng mới', alias: '', externalId: '', avatar: '', isFollower: false, isSensitive: false,
      lastInteraction: now, tags: new Set(), notes: [], gender: 2, ageGroup: 3, cityCode: 4, platform: 2,
    };
    users.set(userId, user);
  }
  user.isFollower = !p.unfollow;
  user.lastInteraction = now;
  sb.webhooks.emit(oa.appId, {
    oa_id: oa.oaId, follower: { id: user.userId }, user_id_by_app: user.userIdByApp, event_name: p.unfollow ? 'unfollow' : 'follow', source: 'oa_profile',
  });
  return { userId: user.userId };
}

/**
 * After an OA message: the echo event, then the follower's `user_received_message` and
 * `user_seen_message` (chat-sim.ts `scheduleReceipts`). An echo of what
 * an OA admin wrote in Zalo's own chat carries `sender.admin_id` (REFERENCE §13.1); API sends do not.
 */
export function emitOaMessageEvents(sb: Sandbox, m: OaMessageRecord, echoEvent: string, adminId?: string): void {
  const oa = sb.state.oas.get(m.oaId);
  if (!oa) return;
  const echo: Record<string, unknown> = { msg_id: m.msgId };
  if (m.text) echo.text = m.text;
  // Media echoes carry the attachment as user messages do (REFERENCE §5.3 payload shapes).
  const media = m.type === 'photo' ? 'image' : m.type === 'GIF' ? 'gif' : m.type === 'sticker' ? 'sticker' : undefined;
  if (media && m.url) echo.attachments = [{ type: media, payload: media === 'sticker' ? { url: m.url } : { thumbnail: m.url, url: m.url } }];
  const sender = adminId ? { id: oa.oaId, admin_id: adminId } : { id: oa.oaId };
  sb.webhooks.emit(oa.appId, { event_name: echoEvent, sender, recipient: { id: m.userId }, message: echo });
  scheduleReceipts(sb, m);
}

/** An OA admin replies from Zalo's chat (not through the API): stored, echoed with `sender.admin_id`. */
export function recordAdminMessage(sb: Sandbox, p: { oaId: string; userId: string; text: string; adminId: string }): { msgId: string } | null {
  const oa = sb.state.oas.get(p.oaId);
  const user = sb.state.users.get(p.oaId)?.get(p.userId);
  if (!oa || !user) return null;
  const m: OaMessageRecord = { msgId: nextHexId(sb.state), oaId: oa.oaId, userId: user.userId, src: 0, type: 'text', text: p.text, time: sb.clock.now() };
  pushMessage(sb, m);
  emitOaMessageEvents(sb, m, 'oa_send_text', p.adminId);
  return { msgId: m.msgId };
}

const SHARED_TEXT_FIELDS = ['name', 'phone', 'address', 'city', 'district', 'user_dob'] as const;

/** The user changes what they share with the OA in Zalo: stored, then `update_user_info` with the new values. */
export function emitUserInfoUpdate(sb: Sandbox, p: { oaId: string; userId: string; info: Record<string, unknown> }): { info: Record<string, string> } | null {
  const oa = sb.state.oas.get(p.oaId);
  const user = sb.state.users.get(p.oaId)?.get(p.userId);
  if (!oa || !user) return null;
  const cur = user.sharedInfo ?? { name: user.displayName, phone: '', address: '', city: '', district: '', user_dob: '' };
  const next = { ...cur };
  for (const k of SHARED_TEXT_FIELDS) if (typeof p.info[k] === 'string') next[k] = p.info[k];
  user.sharedInfo = next;
  const info = Object.fromEntries(SHARED_TEXT_FIELDS.map((k) => [k, next[k]]));
  sb.webhooks.emit(oa.appId, { oa_id: oa.oaId, event_name: 'update_user_info', user_id_by_app: user.userIdByApp, sender: { id: user.userId }, recipient: { id: oa.oaId }, info });
  return { info };
}

/** The user withdraws their consent: the shared info is gone, and `user_withdraw` tells the OA. */
export function emitUserWithdraw(sb: Sandbox, p: { oaId: string; userId: string }): { ok: true } | null {
  const oa = sb.state.oas.get(p.oaId);
  const user = sb.state.users.get(p.oaId)?.get(p.userId);
  if (!oa || !user) return null;
  user.sharedInfo = undefined;
  sb.webhooks.emit(oa.appId, { oa_id: oa.oaId, event_name: 'user_withdraw', user_id_by_app: user.userIdByApp, sender: { id: user.userId }, recipient: { id: oa.oaId } });
  return { ok: true };
}

/** A `widget_<name>` event of the OA's website widget (e.g. `interaction_accepted`). */
export function emitWidgetEvent(sb: Sandbox, p: { oaId: string; name: string; userId?: string; userExternalId?: string }): { eventName: string } | null {
  const oa = sb.state.oas.get(p.oaId);
  if (!oa || !/^[a-z][a-z_]{0,60}$/.test(p.name)) return null;
  const eventName = `widget_${p.name}`;
  const data: Record<string, string> = {};
  if (p.userId) data.user_id = p.userId;
  if (p.userExternalId) data.user_external_id = p.userExternalId;
  sb.webhooks.emit(oa.appId, { oa_id: oa.oaId, event_name: eventName, data });
  return { eventName };
}
