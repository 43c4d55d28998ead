import type { FastifyInstance } from 'fastify';
import {
  isUserMessageKind, receiptsOf, scheduleView, setReceipts, simulateGroupMessage, simulateInteraction, simulateReaction, simulateSubmitInfo, startSchedule, stopSchedules, USER_MESSAGE_KINDS,
  type UserMessageInput, type UserMessageKind,
} from '../chat-sim';
import type { Sandbox } from '../sandbox';

type Body = Record<string, unknown>;
const body = (b: unknown): Body => (typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Body) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : undefined);

/**
 * `/_control/simulate/user-message` body → what the follower sends: `kind` (or the older
 * `attachmentType`) one of USER_MESSAGE_KINDS, `text`, `url`, `thumbnail`, `title`, `description`,
 * `file {name,size,checksum,type,url}`, `stickerId`, `location {latitude,longitude}`, `card {name,phone}`.
 * Answers an error text when the kind is unknown.
 */
export function userMessageInput(b: Body): UserMessageInput | string {
  const rawKind = b.kind ?? b.attachmentType;
  if (rawKind !== undefined && !isUserMessageKind(rawKind)) return `kind must be one of ${USER_MESSAGE_KINDS.join(', ')}`;
  const file = body(b.file);
  const loc = body(b.location);
  const card = body(b.card);
  return {
    oaId: String(b.oaId ?? ''), userId: String(b.userId ?? ''), kind: rawKind as UserMessageKind | undefined, text: typeof b.text === 'string' ? b.text : undefined,
    url: str(b.url), thumbnail: str(b.thumbnail), title: str(b.title), description: str(b.description), stickerId: str(b.stickerId),
    file: b.file === undefined ? undefined : { name: str(file.name), size: num(file.size), checksum: str(file.checksum), type: str(file.type), url: str(file.url) },
    location: num(loc.latitude) !== undefined && num(loc.longitude) !== undefined ? { latitude: num(loc.latitude) ?? 0, longitude: num(loc.longitude) ?? 0 } : undefined,
    card: b.card === undefined ? undefined : { name: str(card.name), phone: str(card.phone) },
  };
}

/**
 * Chat simulation controls (plain JSON, not Zalo): chatter schedules, the followers' receipts after
 * OA messages, their reactions and their answers to a request for info.
 */
export function registerChatControlRoutes(app: FastifyInstance, sb: Sandbox): void {
  // {oaId, userIds?, everyMs, count, kinds?, seed?} → the schedule; messages follow on the sandbox clock.
  app.post('/_control/chat/schedule', async (req, reply) => {
    const b = body(req.body);
    const everyMs = num(b.everyMs);
    const count = num(b.count);
    const kinds = Array.isArray(b.kinds) ? b.kinds : undefined;
    if (everyMs === undefined || everyMs < 10 || count === undefined || count < 1) return reply.code(400).send({ error: 'everyMs (≥ 10) and count (≥ 1) are required' });
    if (kinds && !kinds.every(isUserMessageKind)) return reply.code(400).send({ error: `kinds must be among ${USER_MESSAGE_KINDS.join(', ')}` });
    const s = startSchedule(sb, {
      oaId: String(b.oaId ?? ''), userIds: Array.isArray(b.userIds) ? b.userIds.map(String) : undefined, everyMs, count, kinds: kinds as UserMessageKind[] | undefined, seed: num(b.seed),
    });
    if (s === 'unknown-oa') return reply.code(404).send({ error: 'unknown OA' });
    if (s === 'no-followers') return reply.code(400).send({ error: 'no follower to write' });
    return scheduleView(s);
  });

  app.get('/_control/chat/schedule', async () => [...sb.state.chat.schedules.values()].map(scheduleView));

  // {id?} or {oaId?} (or ?id= / ?oaId=): stops those schedules; nothing named stops them all.
  app.delete('/_control/chat/schedule', async (req) => {
    const b = { ...body(req.query), ...body(req.body) };
    return { stopped: stopSchedules(sb, { id: str(b.id), oaId: str(b.oaId) }) };
  });

  // {oaId?, enabled?, receivedDelayMs?, seenDelayMs?}: without oaId, every OA that has no setting of its own.
  app.post('/_control/chat/receipts', async (req) => {
    const b = body(req.body);
    const patch: { enabled?: boolean; receivedDelayMs?: number; seenDelayMs?: number } = {};
    if (typeof b.enabled === 'boolean') patch.enabled = b.enabled;
    if (num(b.receivedDelayMs) !== undefined) patch.receivedDelayMs = num(b.receivedDelayMs);
    if (num(b.seenDelayMs) !== undefined) patch.seenDelayMs = num(b.seenDelayMs);
    return setReceipts(sb, str(b.oaId), patch);
  });

  app.get('/_control/chat/receipts', async (req) => receiptsOf(sb, str(body(req.query).oaId) ?? ''));

  // {oaId, userId, msgId, icon}: the follower reacts to a message of their conversation.
  app.post('/_control/chat/react', async (req, reply) => {
    const b = body(req.body);
    const icon = str(b.icon);
    if (!icon || icon.length > 20) return reply.code(400).send({ error: 'icon is required' });
    const r = simulateReaction(sb, { oaId: String(b.oaId ?? ''), userId: String(b.userId ?? ''), msgId: String(b.msgId ?? ''), icon });
    if (r === 'unknown-user') return reply.code(404).send({ error: 'unknown OA or user' });
    if (r === 'unknown-message') return reply.code(404).send({ error: 'no such message in this conversation' });
    return r;
  });

  // {oaId, userId, event: user_click_chatnow | user_call_oa}: the follower clicks "Chat now" (once) or calls the OA.
  app.post('/_control/chat/interaction', async (req, reply) => {
    const b = body(req.body);
    const event = b.event;
    if (event !== 'user_click_chatnow' && event !== 'user_call_oa') return reply.code(400).send({ error: 'event must be user_click_chatnow or user_call_oa' });
    const r = simulateInteraction(sb, { oaId: String(b.oaId ?? ''), userId: String(b.userId ?? ''), event });
    if (r === 'unknown-user') return reply.code(404).send({ error: 'unknown OA or user' });
    return r;
  });

  // {oaId, groupId, groupName?, memberId, memberName?, text}: a member writes in a Zalo group the OA is in.
  app.post('/_control/chat/group-message', async (req, reply) => {
    const b = body(req.body);
    const groupId = str(b.groupId);
    const memberId = str(b.memberId);
    const text = str(b.text);
    if (!groupId || !memberId || !text || text.length > 2000) return reply.code(400).send({ error: 'groupId, memberId and text (≤ 2000) are required' });
    const r = simulateGroupMessage(sb, { oaId: String(b.oaId ?? ''), groupId, groupName: str(b.groupName), memberId, memberName: str(b.memberName), text });
    if (r === 'unknown-oa') return reply.code(404).send({ error: 'unknown OA' });
    return r;
  });

  // {oaId, userId, info?}: the follower answers the OA's request_user_info (409 when none is open).
  app.post('/_control/chat/submit-info', async (req, reply) => {
    const b = body(req.body);
    const r = simulateSubmitInfo(sb, { oaId: String(b.oaId ?? ''), userId: String(b.userId ?? ''), info: body(b.info) });
    if (r === 'unknown-user') return reply.code(404).send({ error: 'unknown OA or user' });
    if (r === 'not-requested') return reply.code(409).send({ error: 'the OA has not asked this follower for their info' });
    return r;
  });
}
