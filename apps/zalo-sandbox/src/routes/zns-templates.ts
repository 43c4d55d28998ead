import type { FastifyInstance } from 'fastify';
import { templateLayoutIssues, type LayoutComponent, type TemplateLayout } from '@zc/shared/api/templates';
import { ZNS_TRACKING_ID_MAX } from '@zc/zalo/zns';
import { asString, fail, jsonBody, zaloRoute, type RouteCtx } from '../http';
import type { Sandbox } from '../sandbox';
import { nextHexId, vietnamDayKey, type SandboxState, type SandboxTemplate } from '../state';

/**
 * ZNS template management (REFERENCE §13.5): `/template/create`, `/template/edit` (REJECT only,
 * -1091 otherwise), `/upload/image` (JPG/PNG ≤ 500 KB → media_id), with Zalo's layout rules (the
 * same rules the product checks, packages/shared templateLayoutIssues) and limits (create and edit
 * 100 a day each per OA, image uploads 5,000 a month per app → -160). Review is driven by the
 * control API (`/_control/templates/{id}/status`, `/quality`), which fires the signed webhooks.
 */

export const TEMPLATE_DAILY_LIMIT = 100;
export const IMAGE_MONTHLY_LIMIT = 5000;
export const IMAGE_MAX_BYTES = 500 * 1024;

const CREATE_TAGS = { 1: 'TRANSACTION', 2: 'CUSTOMER_CARE', 3: 'PROMOTION' } as const;
const CREATE_PRICES = { 1: 300, 2: 300, 3: 450 } as const;
/** Param type → the longest value Zalo accepts when sending (REFERENCE §13.5, shared ZNS_PARAM_TYPES). */
const PARAM_MAX: Record<number, number> = { 1: 30, 2: 15, 3: 200, 4: 30, 5: 30, 6: 30, 7: 50, 8: 5, 9: 200, 10: 20, 11: 20, 12: 10, 13: 200, 14: 12, 15: 90 };

interface TemplateExtras {
  /** tracking_id → template id per OA (a repeated create answers the same template). */
  byTracking: Map<string, string>;
  /** Per OA and Vietnam day: creates and edits. */
  usage: Map<string, { day: string; create: number; edit: number }>;
  /** Per app and month: image uploads. */
  images: Map<string, { month: string; count: number }>;
  /** The layout and type each template was made with (the product's `copy` and the tests read them). */
  layouts: Map<string, { templateType: number; layout: unknown; note?: string }>;
  media: Set<string>;
}
// Keyed by the state's template map: a reset replaces it, so these start over with it.
const extras = new WeakMap<SandboxState['templates'], TemplateExtras>();
export function templateExtras(state: SandboxState): TemplateExtras {
  let x = extras.get(state.templates);
  if (!x) extras.set(state.templates, (x = { byTracking: new Map(), usage: new Map(), images: new Map(), layouts: new Map(), media: new Set() }));
  return x;
}

function usageOf(ctx: RouteCtx) {
  const x = templateExtras(ctx.sb.state);
  const day = vietnamDayKey(ctx.now);
  let u = x.usage.get(ctx.oa.oaId);
  if (!u || u.day !== day) x.usage.set(ctx.oa.oaId, (u = { day, create: 0, edit: 0 }));
  return u;
}

const mediaOf = (v: unknown): string => {
  const m = v as { media_id?: unknown } | undefined;
  return typeof m?.media_id === 'string' ? m.media_id : '';
};

/** Zalo's one-key components (`{ TITLE: { value } }` …) → the shape the shared rules read; -132 for anything else. */
function componentOf(raw: unknown): LayoutComponent {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || Object.keys(raw).length !== 1) fail('zns', -132, 'layout component is invalid');
  const [key, v] = Object.entries(raw as Record<string, unknown>)[0] as [string, Record<string, unknown> | undefined];
  const str = (x: unknown) => (typeof x === 'string' ? x : '');
  switch (key) {
    case 'TITLE':
    case 'PARAGRAPH':
      return { type: key, value: str(v?.value) };
    case 'TABLE':
      return { type: 'TABLE', rows: (Array.isArray(v?.rows) ? v.rows : []).map((r: { title?: unknown; value?: unknown }) => ({ title: str(r?.title), value: str(r?.value) })) };
    case 'BUTTONS':
      return { type: 'BUTTONS', items: (Array.isArray(v?.items) ? v.items : []).map((b: { type?: unknown; title?: unknown; content?: unknown }) => ({ type: Number(b?.type), title: str(b?.title), content: str(b?.content) })) };
    case 'LOGO':
      return { type: 'LOGO', light: mediaOf(v?.light), dark: mediaOf(v?.dark) };
    case 'IMAGES':
      return { type: 'IMAGE', items: (Array.isArray(v?.items) ? v.items : []).map(mediaOf) };
    default:
      fail('zns', -132, `layout component ${key} is invalid`);
  }
}

function sectionOf(raw: unknown, name: string, required: boolean): { components: LayoutComponent[] } {
  if (raw === undefined && !required) return { components: [] };
  const comps = (raw as { components?: unknown } | undefined)?.components;
  if (!Array.isArray(comps)) fail('zns', -132, `layout.${name}.components is required`);
  return { components: comps.map(componentOf) };
}

interface CheckedTemplate {
  name: string;
  type: number;
  tag: 1 | 2 | 3;
  layout: TemplateLayout;
  params: Array<{ name: string; type: number; sample: string }>;
  note: string | undefined;
}

/** The fields of create and edit with Zalo's rules: -132 naming the first broken one. */
function checkTemplateBody(ctx: RouteCtx, body: Record<string, unknown>): CheckedTemplate {
  const name = asString(body.template_name);
  if (!name || name.length < 10 || name.length > 60) fail('zns', -132, 'template_name must be 10-60 characters');
  const type = typeof body.template_type === 'number' ? body.template_type : NaN;
  if (!Number.isInteger(type) || type < 1 || type > 5) fail('zns', -132, 'template_type is invalid');
  const tag = typeof body.tag === 'number' || typeof body.tag === 'string' ? Number(body.tag) : NaN;
  if (tag !== 1 && tag !== 2 && tag !== 3) fail('zns', -132, 'tag is invalid');
  const rawLayout = body.layout as Record<string, unknown> | undefined;
  if (!rawLayout || typeof rawLayout !== 'object') fail('zns', -132, 'layout is required');
  const layout: TemplateLayout = { header: sectionOf(rawLayout.header, 'header', false), body: sectionOf(rawLayout.body, 'body', true), footer: sectionOf(rawLayout.footer, 'footer', false) };
  const rawParams = body.params === undefined ? [] : body.params;
  if (!Array.isArray(rawParams)) fail('zns', -132, 'params is invalid');
  const params = rawParams.map((p: unknown) => {
    const x = p as { name?: unknown; type?: unknown; sample_value?: unknown };
    if (typeof x?.name !== 'string' || !/^[a-z_][a-z0-9_]{0,29}$/.test(x.name) || typeof x.type !== 'number' || typeof x.sample_value !== 'string') fail('zns', -132, 'params is invalid');
    return { name: x.name, type: x.type, sample: x.sample_value };
  });
  const issues = templateLayoutIssues({ name, layout, params });
  if (issues[0]) fail('zns', -132, `${issues[0].path}: ${issues[0].message}`);
  for (const c of layout.header.components) {
    const ids = c.type === 'LOGO' ? [c.light, c.dark] : c.type === 'IMAGE' ? c.items : [];
    for (const id of ids) if (!templateExtras(ctx.sb.state).media.has(id)) fail('zns', -132, `media_id ${id} is invalid`);
  }
  const note = asString(body.note);
  return { name, type, tag, layout, params, note };
}

function describe(t: SandboxTemplate, type: number) {
  const tag = Object.entries(CREATE_TAGS).find(([, v]) => v === t.tag)?.[0] ?? '1';
  return {
    template_id: t.templateId, template_name: t.name, template_type: type, status: t.status, tag,
    price: `${t.price}.0`, preview_url: `https://account.zalo.cloud/znspreview/sandbox-${t.templateId}`,
  };
}

function applyChecked(t: SandboxTemplate, c: CheckedTemplate): void {
  t.name = c.name;
  t.tag = CREATE_TAGS[c.tag];
  t.price = CREATE_PRICES[c.tag];
  t.params = c.params.map((p) => ({ name: p.name, require: true, type: p.type === 10 || p.type === 14 ? 'NUMBER' : 'STRING', maxLength: PARAM_MAX[p.type] ?? 30, minLength: 0, acceptNull: false }));
  t.sample = Object.fromEntries(c.params.map((p) => [p.name, p.sample]));
  t.buttons = c.layout.footer.components.flatMap((x) => (x.type === 'BUTTONS' ? x.items.map((b) => ({ type: b.type, title: b.title, content: b.content })) : []));
}

function createTemplate(ctx: RouteCtx, body: Record<string, unknown>) {
  const trackingId = asString(body.tracking_id);
  if (!trackingId || trackingId.length > ZNS_TRACKING_ID_MAX) fail('zns', -132, 'tracking_id is invalid');
  const x = templateExtras(ctx.sb.state);
  const key = `${ctx.oa.oaId}:${trackingId}`;
  const existing = x.byTracking.get(key);
  const known = existing ? ctx.sb.state.templates.get(existing) : undefined;
  const c = checkTemplateBody(ctx, body);
  // The same tracking_id on the same OA answers the same template (no second create, no quota).
  if (known) return describe(known, x.layouts.get(known.templateId)?.templateType ?? c.type);
  const u = usageOf(ctx);
  if (u.create >= TEMPLATE_DAILY_LIMIT) fail('zns', -160);
  u.create += 1;
  const state = ctx.sb.state;
  let id = 3_900_000 + state.templates.size;
  while (state.templates.has(String(id))) id += 1;
  const t: SandboxTemplate = {
    templateId: String(id), oaId: ctx.oa.oaId, name: c.name, status: 'PENDING_REVIEW', tag: CREATE_TAGS[c.tag], params: [], buttons: [],
    price: CREATE_PRICES[c.tag], quality: 'UNDEFINED', createdTime: ctx.now, sample: {}, uidCapable: false, viaApp: true,
  };
  applyChecked(t, c);
  state.templates.set(t.templateId, t);
  x.byTracking.set(key, t.templateId);
  x.layouts.set(t.templateId, { templateType: c.type, layout: body.layout, ...(c.note ? { note: c.note } : {}) });
  return describe(t, c.type);
}

function editTemplate(ctx: RouteCtx, body: Record<string, unknown>) {
  const id = typeof body.template_id === 'number' ? String(body.template_id) : asString(body.template_id);
  const t = id ? ctx.sb.state.templates.get(id) : undefined;
  if (!t) fail('zns', -109);
  if (t.oaId !== ctx.oa.oaId) fail('zns', -117);
  if (t.status !== 'REJECT') fail('zns', -1091);
  const c = checkTemplateBody(ctx, body);
  const u = usageOf(ctx);
  if (u.edit >= TEMPLATE_DAILY_LIMIT) fail('zns', -160);
  u.edit += 1;
  applyChecked(t, c);
  t.status = 'PENDING_REVIEW';
  t.reason = undefined;
  templateExtras(ctx.sb.state).layouts.set(t.templateId, { templateType: c.type, layout: body.layout, ...(c.note ? { note: c.note } : {}) });
  return describe(t, c.type);
}

const isPng = (b: Buffer) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (b: Buffer) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

async function uploadImage(ctx: RouteCtx) {
  if (!ctx.req.isMultipart()) fail('zns', -132, 'file is required');
  const part = await ctx.req.file();
  if (!part || part.fieldname !== 'file') fail('zns', -132, 'file is required');
  const buf = await part.toBuffer();
  if (buf.length === 0) fail('zns', -132, 'file is empty');
  if (buf.length > IMAGE_MAX_BYTES) fail('zns', -132, 'file exceeds 500 KB');
  if (!isPng(buf) && !isJpeg(buf)) fail('zns', -132, 'file type is invalid (JPG or PNG)');
  const x = templateExtras(ctx.sb.state);
  const month = vietnamDayKey(ctx.now).slice(0, 7);
  let m = x.images.get(ctx.app.appId);
  if (!m || m.month !== month) x.images.set(ctx.app.appId, (m = { month, count: 0 }));
  if (m.count >= IMAGE_MONTHLY_LIMIT) fail('zns', -160);
  m.count += 1;
  const mediaId = `zm${nextHexId(ctx.sb.state)}`;
  x.media.add(mediaId);
  return { media_id: mediaId };
}

export function registerZnsTemplateRoutes(app: FastifyInstance, sb: Sandbox): void {
  zaloRoute(app, sb, 'zns', 'POST', '/business/template/create', (ctx) => createTemplate(ctx, jsonBody(ctx.req, 'zns')));
  zaloRoute(app, sb, 'zns', 'POST', '/business/template/edit', (ctx) => editTemplate(ctx, jsonBody(ctx.req, 'zns')));
  zaloRoute(app, sb, 'zns', 'POST', '/business/upload/image', uploadImage);

  // Control: Zalo's quality rating of a template → change_template_quality (signed, to the registered URL).
  app.post('/_control/templates/:templateId/quality', async (req, reply) => {
    const t = sb.state.templates.get((req.params as { templateId: string }).templateId);
    const q = (req.body as { quality?: unknown } | undefined)?.quality;
    if (!t || (q !== 'HIGH' && q !== 'MEDIUM' && q !== 'LOW' && q !== 'UNDEFINED')) return reply.code(400).send({ error: 'unknown template or quality' });
    t.quality = q;
    const oa = sb.state.oas.get(t.oaId);
    if (oa) sb.webhooks.emit(oa.appId, { event_name: 'change_template_quality', oa_id: oa.oaId, template_id: t.templateId, quality: q });
    return { ok: true };
  });
  // Control: what the templates were made with and today's create/edit counts (tests).
  app.get('/_control/templates/:templateId/layout', async (req, reply) => {
    const id = (req.params as { templateId: string }).templateId;
    const l = templateExtras(sb.state).layouts.get(id);
    return l ?? reply.code(404).send({ error: 'unknown template' });
  });
}
