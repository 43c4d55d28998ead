import type { FastifyInstance } from 'fastify';
import type { Sandbox } from './sandbox';
import { simulateUserMessage } from './chat-sim';
import { emitFollow, emitUserInfoUpdate, emitUserWithdraw, emitWidgetEvent, recordAdminMessage } from './events';
import { userMessageInput } from './routes/chat-control';

type Body = Record<string, unknown>;
const body = (b: unknown): Body => (typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Body) : {});
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : undefined);

/**
 * The control API under `/_control` (tests, benchmarks, the demo): clock, faults, forced errors,
 * webhook settings and simulated user activity. Not part of Zalo; plain JSON answers.
 */
export function registerControlRoutes(app: FastifyInstance, sb: Sandbox): void {
  app.get('/_control/state', async () => ({
    now: sb.clock.now(),
    settings: sb.settings,
    apps: [...sb.state.apps.values()].map((a) => ({ appId: a.appId, webhookUrl: a.webhookUrl ?? null })),
    oas: [...sb.state.oas.values()].map((o) => ({ oaId: o.oaId, name: o.name, tokenGen: o.tokenGen, accessExpiresAt: o.accessExpiresAt, usage: o.usage, followers: sb.state.users.get(o.oaId)?.size ?? 0 })),
    znsMessages: sb.state.znsMessages.size,
    pendingTasks: sb.clock.pendingTasks(),
    forcedErrors: Object.fromEntries(sb.forcedErrors),
  }));

  app.post('/_control/reset', async () => {
    sb.reset();
    return { ok: true };
  });

  app.post('/_control/clock/advance', async (req) => {
    const ms = num(body(req.body).ms) ?? 0;
    await sb.clock.advance(ms);
    return { now: sb.clock.now() };
  });

  app.post('/_control/faults', async (req) => {
    const b = body(req.body);
    if (b.latencyMs !== undefined) sb.settings.latencyMs = Math.max(0, num(b.latencyMs) ?? 0);
    if (b.errorRate !== undefined) sb.settings.errorRate = Math.min(1, Math.max(0, num(b.errorRate) ?? 0));
    if (b.errorCode !== undefined) sb.settings.errorCode = b.errorCode === null ? undefined : num(b.errorCode);
    if (b.znsDeliveryDelayMs !== undefined) sb.settings.znsDeliveryDelayMs = Math.max(0, num(b.znsDeliveryDelayMs) ?? 0);
    if (b.oaRateLimitPerMinute !== undefined) sb.settings.oaRateLimitPerMinute = Math.max(1, num(b.oaRateLimitPerMinute) ?? 4000);
    return sb.settings;
  });

  // Force Zalo error `code` on the next `count` calls of `path` (relative to the sandbox root).
  app.post('/_control/force-error', async (req, reply) => {
    const b = body(req.body);
    const code = num(b.code);
    if (typeof b.path !== 'string' || code === undefined) return reply.code(400).send({ error: 'path and code are required' });
    sb.forcedErrors.set(b.path, { code, remaining: num(b.count) ?? 1, message: typeof b.message === 'string' ? b.message : undefined });
    return { ok: true };
  });

  app.post('/_control/webhooks', async (req) => {
    const b = body(req.body);
    for (const a of sb.state.apps.values()) {
      if (typeof b.appId === 'string' && b.appId !== a.appId) continue;
      if (b.url !== undefined) a.webhookUrl = typeof b.url === 'string' && b.url ? b.url : undefined;
      if (typeof b.secret === 'string') a.webhookSecret = b.secret;
    }
    const s = sb.webhooks.settings;
    if (b.dropNext !== undefined) s.dropNext = num(b.dropNext) ?? 0;
    if (b.failNext !== undefined) s.failNext = num(b.failNext) ?? 0;
    if (b.delayMs !== undefined) s.delayMs = num(b.delayMs) ?? 0;
    return { settings: s };
  });

  app.get('/_control/webhooks/log', async () => sb.webhooks.log.map(({ body: raw, ...d }) => ({ ...d, body: JSON.parse(raw) as unknown })));

  app.post('/_control/oa/:oaId', async (req, reply) => {
    const oa = sb.state.oas.get((req.params as { oaId: string }).oaId);
    if (!oa) return reply.code(404).send({ error: 'unknown OA' });
    const b = body(req.body);
    if (b.znsDailyQuota !== undefined) oa.znsDailyQuota = num(b.znsDailyQuota) ?? oa.znsDailyQuota;
    if (b.expireAccessToken === true) oa.accessExpiresAt = sb.clock.now();
    if (typeof b.quality === 'string') oa.quality = { current: b.quality, sevenDay: b.quality };
    return { ok: true };
  });

  app.post('/_control/templates/:templateId/status', async (req, reply) => {
    const t = sb.state.templates.get((req.params as { templateId: string }).templateId);
    const b = body(req.body);
    const next = b.status;
    if (!t || (next !== 'ENABLE' && next !== 'PENDING_REVIEW' && next !== 'REJECT' && next !== 'DISABLE' && next !== 'DELETE')) return reply.code(400).send({ error: 'unknown template or status' });
    const prev = t.status;
    t.status = next;
    t.reason = next === 'REJECT' && typeof b.reason === 'string' ? b.reason : undefined;
    const oa = sb.state.oas.get(t.oaId);
    if (oa) {
      sb.webhooks.emit(oa.appId, {
        event_name: 'change_template_status', oa_id: oa.oaId, template_id: t.templateId,
        status: { prev_status: prev, new_status: next }, reason: typeof b.reason === 'string' ? b.reason : '',
      });
    }
    return { ok: true, prev, next };
  });

  app.post('/_control/simulate/user-message', async (req, reply) => {
    const b = body(req.body);
    // Every user message kind of REFERENCE §13.4 (`kind`, or the older `attachmentType`): chat-sim.ts.
    const input = userMessageInput(b);
    if (typeof input === 'string') return reply.code(400).send({ error: input });
    const r = simulateUserMessage(sb, input);
    if (!r) return reply.code(404).send({ error: 'unknown OA or user' });
    return r;
  });

  app.post('/_control/simulate/follow', async (req, reply) => {
    const b = body(req.body);
    const r = emitFollow(sb, { oaId: String(b.oaId ?? ''), userId: typeof b.userId === 'string' ? b.userId : undefined, unfollow: b.unfollow === true });
    if (!r) return reply.code(404).send({ error: 'unknown OA or user' });
    return r;
  });

  app.post('/_control/simulate/admin-message', async (req, reply) => {
    const b = body(req.body);
    const r = recordAdminMessage(sb, {
      oaId: String(b.oaId ?? ''), userId: String(b.userId ?? ''), text: typeof b.text === 'string' ? b.text : '', adminId: typeof b.adminId === 'string' && b.adminId ? b.adminId : 'admin-1',
    });
    if (!r) return reply.code(404).send({ error: 'unknown OA or user' });
    return r;
  });

  app.post('/_control/simulate/user-info', async (req, reply) => {
    const b = body(req.body);
    const r = emitUserInfoUpdate(sb, { oaId: String(b.oaId ?? ''), userId: String(b.userId ?? ''), info: body(b.info) });
    if (!r) return reply.code(404).send({ error: 'unknown OA or user' });
    return r;
  });

  app.post('/_control/simulate/withdraw', async (req, reply) => {
    const b = body(req.body);
    const r = emitUserWithdraw(sb, { oaId: String(b.oaId ?? ''), userId: String(b.userId ?? '') });
    if (!r) return reply.code(404).send({ error: 'unknown OA or user' });
    return r;
  });

  app.post('/_control/simulate/widget', async (req, reply) => {
    const b = body(req.body);
    const r = emitWidgetEvent(sb, {
      oaId: String(b.oaId ?? ''), name: String(b.name ?? ''), userId: typeof b.userId === 'string' ? b.userId : undefined,
      userExternalId: typeof b.userExternalId === 'string' ? b.userExternalId : undefined,
    });
    if (!r) return reply.code(404).send({ error: 'unknown OA or widget event name' });
    return r;
  });

  app.post('/_control/simulate/seen', async (req, reply) => {
    const b = body(req.body);
    const oa = sb.state.oas.get(String(b.oaId ?? ''));
    const ids = Array.isArray(b.msgIds) ? b.msgIds.map(String) : [];
    if (!oa || typeof b.userId !== 'string') return reply.code(404).send({ error: 'unknown OA or user' });
    sb.webhooks.emit(oa.appId, { event_name: 'user_seen_message', sender: { id: oa.oaId }, recipient: { id: b.userId }, message: { msg_ids: ids } });
    return { ok: true };
  });
}
