import { z } from 'zod';
import { abilities, pageQuery } from './common';
import { TASK_STATUSES } from './approvals';

/** States of a template authored in the console (template_requests.status). */
export const TEMPLATE_REQUEST_STATUSES = ['DRAFT', 'PENDING', 'SUBMITTED', 'APPROVED', 'REJECTED', 'FAILED'] as const;
export const ZNS_TEMPLATE_STATUSES = ['ENABLE', 'PENDING_REVIEW', 'REJECT', 'DISABLE', 'DELETE'] as const;
/** Current and older Zalo tag vocabularies (REFERENCE §4.3). */
export const ZNS_TEMPLATE_TAGS = ['TRANSACTION', 'CUSTOMER_CARE', 'PROMOTION', 'OTP', 'IN_TRANSACTION', 'POST_TRANSACTION'] as const;
/** §3 template kinds. */
export const ZNS_TEMPLATE_KINDS = [
  { value: 1, name: 'CUSTOM' },
  { value: 2, name: 'VERIFIED' },
  { value: 3, name: 'PAYMENT' },
  { value: 4, name: 'VOUCHER' },
  { value: 5, name: 'FEEDBACK' },
] as const;
/** §3 button types with their payload shapes. */
export const TEMPLATE_BUTTON_TYPES = [
  { type: 'oa.open.url', payload: 'url' },
  { type: 'oa.query.show', payload: 'callback data' },
  { type: 'oa.query.hide', payload: 'callback data' },
  { type: 'oa.open.sms', payload: 'content + phone code' },
  { type: 'oa.open.phone', payload: 'phone code' },
] as const;

export const templateParam = z.object({
  name: z.string(),
  require: z.boolean(),
  type: z.string(),
  maxLength: z.number().int(),
  minLength: z.number().int(),
  acceptNull: z.boolean(),
});

export const znsTemplate = z.object({
  id: z.uuid(),
  zaloOAId: z.uuid(),
  znsTemplateId: z.string(),
  name: z.string(),
  status: z.string(),
  tag: z.string().nullable(),
  quality: z.string().nullable(),
  /** Zalo's price per message, VND. */
  price: z.number().int(),
  /** What this tenant pays after its discount, VND. */
  priceAfterDiscount: z.number().int(),
  params: z.array(templateParam),
  buttons: z.array(z.object({ type: z.number(), title: z.string(), content: z.string() })),
  previewUrl: z.string().nullable(),
  syncedAt: z.string(),
  /** view: open the detail and preview (VIEW_TEMPLATE or LIST_TEMPLATE_LIBRARY). */
  abilities: abilities(['view']),
});
export type ZnsTemplate = z.infer<typeof znsTemplate>;

export const templateListQuery = pageQuery.extend({
  /** Filters on the template tag (the ZNS "type" shown in the library). */
  templateZNSType: z.enum(ZNS_TEMPLATE_TAGS).optional(),
  status: z.enum(ZNS_TEMPLATE_STATUSES).optional(),
  zaloOAId: z.uuid().optional(),
  name: z.string().trim().max(200).optional(),
});

export const syncResult = z.object({ synced: z.number().int(), oas: z.number().int(), errors: z.array(z.object({ zaloOAId: z.uuid(), message: z.string() })) });

/** Zalo's parameter types on `/template/create` (1–15) with the longest value each accepts (REFERENCE §13.5). */
export const ZNS_PARAM_TYPES = [
  { type: 1, name: 'CUSTOMER_NAME', maxLength: 30 },
  { type: 2, name: 'PHONE', maxLength: 15 },
  { type: 3, name: 'ADDRESS', maxLength: 200 },
  { type: 4, name: 'CODE', maxLength: 30 },
  { type: 5, name: 'LABEL', maxLength: 30 },
  { type: 6, name: 'TRANSACTION_STATUS', maxLength: 30 },
  { type: 7, name: 'CONTACT', maxLength: 50 },
  { type: 8, name: 'GENDER_TITLE', maxLength: 5 },
  { type: 9, name: 'PRODUCT_NAME', maxLength: 200 },
  { type: 10, name: 'QUANTITY_AMOUNT', maxLength: 20 },
  { type: 11, name: 'TIME', maxLength: 20 },
  { type: 12, name: 'OTP', maxLength: 10 },
  { type: 13, name: 'URL', maxLength: 200 },
  { type: 14, name: 'CURRENCY_VND', maxLength: 12 },
  { type: 15, name: 'BANK_TRANSFER_NOTE', maxLength: 90 },
] as const;

/** Button types of a template's BUTTONS component (Zalo's `type`): 1 open a URL, 2 call a phone. */
export const ZNS_LAYOUT_BUTTON_TYPES = [
  { type: 1, name: 'URL' },
  { type: 2, name: 'PHONE' },
] as const;

/**
 * The limits Zalo applies to a template layout (REFERENCE §13.5): checked by the console form, by
 * the server before anything reaches Zalo (422 naming the field) and by the sandbox (-132).
 */
export const ZNS_LAYOUT_LIMITS = {
  name: { min: 10, max: 60 },
  title: { min: 9, max: 65, maxParams: 4 },
  paragraph: { max: 400, maxParams: 10, maxCount: 4 },
  table: { minRows: 2, maxRows: 8, titleMin: 3, titleMax: 36, valueMin: 3, valueMax: 90 },
  buttons: { min: 1, max: 2, titleMin: 5, titleMax: 30, contentMax: 1000 },
  images: { min: 1, max: 3 },
  params: { max: 20 },
  note: { max: 400 },
  upload: { maxBytes: 500 * 1024, types: ['image/jpeg', 'image/png'] },
} as const;

const mediaId = z.string().trim().min(1).max(200);
/** One button; an object (not strict) so a later flag (e.g. tracked links) extends it without breaking older clients. */
export const layoutButton = z.object({
  type: z.number().int().min(1).max(2),
  title: z.string().max(200),
  content: z.string().max(2000),
});
export const layoutComponent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('TITLE'), value: z.string().max(2000) }),
  z.strictObject({ type: z.literal('PARAGRAPH'), value: z.string().max(2000) }),
  z.strictObject({ type: z.literal('TABLE'), rows: z.array(z.strictObject({ title: z.string().max(200), value: z.string().max(400) })).max(20) }),
  z.strictObject({ type: z.literal('BUTTONS'), items: z.array(layoutButton).max(10) }),
  z.strictObject({ type: z.literal('LOGO'), light: mediaId, dark: mediaId }),
  z.strictObject({ type: z.literal('IMAGE'), items: z.array(mediaId).max(10) }),
]);
export type LayoutComponent = z.infer<typeof layoutComponent>;
export const LAYOUT_SECTIONS = ['header', 'body', 'footer'] as const;
export type LayoutSection = (typeof LAYOUT_SECTIONS)[number];
/** Which components each section takes. */
export const SECTION_COMPONENTS: Readonly<Record<LayoutSection, ReadonlyArray<LayoutComponent['type']>>> = {
  header: ['LOGO', 'IMAGE'],
  body: ['TITLE', 'PARAGRAPH', 'TABLE'],
  footer: ['BUTTONS'],
};
const section = z.strictObject({ components: z.array(layoutComponent).max(12) });
export const templateLayout = z.strictObject({ header: section.default({ components: [] }), body: section, footer: section.default({ components: [] }) });
export type TemplateLayout = z.infer<typeof templateLayout>;

export const templateParamInput = z.strictObject({
  name: z.string().trim().regex(/^[a-z_][a-z0-9_]{0,29}$/, 'lower_snake_case, ≤ 30'),
  type: z.number().int().min(1).max(15),
  sample: z.string().max(200),
});
export type TemplateParamInput = z.infer<typeof templateParamInput>;

/** A template authored in the console: submitted for review (POST) or saved as a draft (update-draft). */
export const templateRequestBody = z.strictObject({
  zaloOAId: z.uuid(),
  name: z.string().trim().min(1).max(ZNS_LAYOUT_LIMITS.name.max),
  templateType: z.number().int().min(1).max(5),
  tag: z.enum(['TRANSACTION', 'CUSTOMER_CARE', 'PROMOTION']),
  /** The layout; required unless the older `content` form is used. */
  layout: templateLayout.optional(),
  /** Older form: one paragraph (`{param}` or `<param>`) under a title that is the name. Ignored when `layout` is given. */
  content: z.string().trim().min(1).max(2000).optional(),
  params: z.array(templateParamInput).max(40).default([]),
  note: z.string().trim().max(ZNS_LAYOUT_LIMITS.note.max).optional(),
  /** The console's copies of uploaded images (media id → URL), so the preview shows them; Zalo gets only the media ids. */
  media: z.record(z.string().max(200), z.string().max(500)).optional(),
  /** Submitting a saved draft: the draft becomes this request (POST only). */
  draftId: z.uuid().optional(),
});
export type TemplateRequestBody = z.infer<typeof templateRequestBody>;
/** A draft: the same fields, only the OA required; `id` names the draft to update (none → a new draft). */
export const templateDraftBody = templateRequestBody.omit({ draftId: true }).partial().extend({ zaloOAId: z.uuid(), id: z.uuid().optional(), name: z.string().trim().max(ZNS_LAYOUT_LIMITS.name.max).default('') });
export type TemplateDraftBody = z.infer<typeof templateDraftBody>;

/** The layout of a body: its own, or the older `content` form as a title (the name) and one paragraph. */
export function layoutOfBody(b: { name?: string | undefined; layout?: TemplateLayout | undefined; content?: string | undefined }): TemplateLayout | null {
  if (b.layout) return b.layout;
  if (b.content === undefined) return null;
  const value = b.content.replace(/\{([a-z_][a-z0-9_]*)\}/g, '<$1>');
  return { header: { components: [] }, body: { components: [{ type: 'TITLE', value: b.name ?? '' }, { type: 'PARAGRAPH', value }] }, footer: { components: [] } };
}

/** `<name>` placeholders of a text, in order of first use. */
export function placeholdersOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/<([a-z_][a-z0-9_]{0,29})>/g)) if (m[1] && !out.includes(m[1])) out.push(m[1]);
  return out;
}

/** Every text of a layout that may hold `<param>` placeholders (title, paragraphs, table values). */
export function layoutTexts(layout: Pick<TemplateLayout, 'body'>): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  layout.body.components.forEach((c, i) => {
    if (c.type === 'TITLE' || c.type === 'PARAGRAPH') out.push({ path: `layout.body.components.${i}.value`, text: c.value });
    if (c.type === 'TABLE') c.rows.forEach((r, j) => out.push({ path: `layout.body.components.${i}.rows.${j}.value`, text: r.value }));
  });
  return out;
}

/** The parameters a layout uses, in order (what the form proposes). */
export function detectParams(layout: Pick<TemplateLayout, 'body'>): string[] {
  const out: string[] = [];
  for (const t of layoutTexts(layout)) for (const p of placeholdersOf(t.text)) if (!out.includes(p)) out.push(p);
  return out;
}

export interface LayoutIssue {
  /** The field, as a dotted path of the body (`layout.body.components.2.value`, `params.0.sample`, `name`). */
  path: string;
  /** A stable rule code the web translates (`templates:rules.<rule>`). */
  rule: string;
  message: string;
  /** Numbers the message names (limits). */
  values?: Record<string, number | string>;
}

const len = (s: string) => [...s].length;

/**
 * Every rule Zalo applies to a template before review (REFERENCE §13.5): name 10–60; header one LOGO
 * or IMAGE; body one TITLE (9–65, ≤ 4 params), 1–4 PARAGRAPHs (≤ 400, ≤ 10 params), at most one TABLE
 * (2–8 rows, title 3–36, value 3–90); footer at most one BUTTONS (1–2, title 5–30, a URL or a phone);
 * every `<param>` declared, every declared param used, samples within the type's length. Empty = valid.
 */
export function templateLayoutIssues(input: { name: string; layout?: TemplateLayout | undefined; content?: string | undefined; params: TemplateParamInput[] }): LayoutIssue[] {
  const L = ZNS_LAYOUT_LIMITS;
  const issues: LayoutIssue[] = [];
  const add = (path: string, rule: string, message: string, values?: LayoutIssue['values']) => issues.push({ path, rule, message, ...(values ? { values } : {}) });
  const layout = layoutOfBody(input);
  if (!layout) return [{ path: 'layout', rule: 'layoutRequired', message: 'The template needs a layout' }];
  const b = { name: input.name, layout, params: input.params };
  const name = b.name.trim();
  if (len(name) < L.name.min || len(name) > L.name.max) add('name', 'nameLength', `The name must be ${L.name.min}–${L.name.max} characters`, { min: L.name.min, max: L.name.max });
  for (const sec of LAYOUT_SECTIONS) {
    b.layout[sec].components.forEach((c, i) => {
      if (!SECTION_COMPONENTS[sec].includes(c.type)) add(`layout.${sec}.components.${i}`, 'wrongSection', `${c.type} does not belong in the ${sec}`, { component: c.type, section: sec });
    });
  }
  const header = b.layout.header.components;
  if (header.length > 1) add('layout.header.components', 'headerOne', 'The header holds one logo or one image', {});
  header.forEach((c, i) => {
    if (c.type === 'IMAGE' && (c.items.length < L.images.min || c.items.length > L.images.max)) add(`layout.header.components.${i}.items`, 'imageCount', `An image component holds ${L.images.min}–${L.images.max} images`, { min: L.images.min, max: L.images.max });
  });
  const body = b.layout.body.components;
  const titles = body.filter((c) => c.type === 'TITLE').length;
  const paragraphs = body.filter((c) => c.type === 'PARAGRAPH').length;
  const tables = body.filter((c) => c.type === 'TABLE').length;
  if (titles !== 1) add('layout.body.components', 'titleOne', 'The body needs exactly one title', {});
  if (paragraphs < 1 || paragraphs > L.paragraph.maxCount) add('layout.body.components', 'paragraphCount', `The body needs 1–${L.paragraph.maxCount} paragraphs`, { min: 1, max: L.paragraph.maxCount });
  if (tables > 1) add('layout.body.components', 'tableOne', 'The body holds at most one table', {});
  body.forEach((c, i) => {
    const at = `layout.body.components.${i}`;
    if (c.type === 'TITLE') {
      if (len(c.value.trim()) < L.title.min || len(c.value) > L.title.max) add(`${at}.value`, 'titleLength', `The title must be ${L.title.min}–${L.title.max} characters`, { min: L.title.min, max: L.title.max });
      if (placeholdersOf(c.value).length > L.title.maxParams) add(`${at}.value`, 'titleParams', `The title holds at most ${L.title.maxParams} parameters`, { max: L.title.maxParams });
    }
    if (c.type === 'PARAGRAPH') {
      if (c.value.trim().length === 0 || len(c.value) > L.paragraph.max) add(`${at}.value`, 'paragraphLength', `A paragraph must be 1–${L.paragraph.max} characters`, { min: 1, max: L.paragraph.max });
      if (placeholdersOf(c.value).length > L.paragraph.maxParams) add(`${at}.value`, 'paragraphParams', `A paragraph holds at most ${L.paragraph.maxParams} parameters`, { max: L.paragraph.maxParams });
    }
    if (c.type === 'TABLE') {
      if (c.rows.length < L.table.minRows || c.rows.length > L.table.maxRows) add(`${at}.rows`, 'tableRows', `A table has ${L.table.minRows}–${L.table.maxRows} rows`, { min: L.table.minRows, max: L.table.maxRows });
      c.rows.forEach((r, j) => {
        if (len(r.title.trim()) < L.table.titleMin || len(r.title) > L.table.titleMax) add(`${at}.rows.${j}.title`, 'tableTitle', `A row title must be ${L.table.titleMin}–${L.table.titleMax} characters`, { min: L.table.titleMin, max: L.table.titleMax });
        if (len(r.value.trim()) < L.table.valueMin || len(r.value) > L.table.valueMax) add(`${at}.rows.${j}.value`, 'tableValue', `A row value must be ${L.table.valueMin}–${L.table.valueMax} characters`, { min: L.table.valueMin, max: L.table.valueMax });
      });
    }
  });
  const footer = b.layout.footer.components;
  if (footer.length > 1) add('layout.footer.components', 'buttonsOne', 'The footer holds one button group', {});
  footer.forEach((c, i) => {
    if (c.type !== 'BUTTONS') return;
    const at = `layout.footer.components.${i}`;
    if (c.items.length < L.buttons.min || c.items.length > L.buttons.max) add(`${at}.items`, 'buttonCount', `A template has ${L.buttons.min}–${L.buttons.max} buttons`, { min: L.buttons.min, max: L.buttons.max });
    c.items.forEach((btn, j) => {
      if (len(btn.title.trim()) < L.buttons.titleMin || len(btn.title) > L.buttons.titleMax) add(`${at}.items.${j}.title`, 'buttonTitle', `A button title must be ${L.buttons.titleMin}–${L.buttons.titleMax} characters`, { min: L.buttons.titleMin, max: L.buttons.titleMax });
      const content = btn.content.trim();
      const ok = btn.type === 1 ? /^https:\/\/[^\s]+$/.test(content) && content.length <= L.buttons.contentMax : /^(\+?84|0)\d{8,10}$/.test(content);
      if (!ok) add(`${at}.items.${j}.content`, btn.type === 1 ? 'buttonUrl' : 'buttonPhone', btn.type === 1 ? 'The button needs an https:// address' : 'The button needs a phone number', {});
    });
  });
  const used = detectParams(b.layout);
  const declared = b.params.map((p) => p.name);
  if (b.params.length > L.params.max) add('params', 'paramCount', `A template has at most ${L.params.max} parameters`, { max: L.params.max });
  for (const t of layoutTexts(b.layout)) for (const p of placeholdersOf(t.text)) if (!declared.includes(p)) add(t.path, 'paramMissing', `The parameter <${p}> is not declared`, { param: p });
  b.params.forEach((p, i) => {
    if (declared.indexOf(p.name) !== i) add(`params.${i}.name`, 'paramDuplicate', `The parameter ${p.name} is declared twice`, { param: p.name });
    if (!used.includes(p.name)) add(`params.${i}.name`, 'paramUnused', `The parameter ${p.name} is not used in the layout`, { param: p.name });
    const max = ZNS_PARAM_TYPES.find((x) => x.type === p.type)?.maxLength ?? 0;
    if (p.sample.trim().length === 0 || len(p.sample) > max) add(`params.${i}.sample`, 'paramSample', `The sample of ${p.name} must be 1–${max} characters`, { param: p.name, max });
  });
  return issues;
}

/** The layout in Zalo's shape: one-key components (`{ TITLE: { value } }`, `{ LOGO: { light, dark } }` …). */
export function toZaloLayout(layout: TemplateLayout) {
  const conv = (c: LayoutComponent): Record<string, unknown> => {
    switch (c.type) {
      case 'TITLE':
      case 'PARAGRAPH':
        return { [c.type]: { value: c.value } };
      case 'TABLE':
        return { TABLE: { rows: c.rows.map((r) => ({ title: r.title, value: r.value })) } };
      case 'BUTTONS':
        return { BUTTONS: { items: c.items.map((b) => ({ type: b.type, title: b.title, content: b.content })) } };
      case 'LOGO':
        return { LOGO: { light: { type: 'IMAGE', media_id: c.light }, dark: { type: 'IMAGE', media_id: c.dark } } };
      case 'IMAGE':
        return { IMAGES: { items: c.items.map((m) => ({ type: 'IMAGE', media_id: m })) } };
    }
  };
  const out: { header?: { components: Array<Record<string, unknown>> }; body: { components: Array<Record<string, unknown>> }; footer?: { components: Array<Record<string, unknown>> } } = {
    body: { components: layout.body.components.map(conv) },
  };
  if (layout.header.components.length) out.header = { components: layout.header.components.map(conv) };
  if (layout.footer.components.length) out.footer = { components: layout.footer.components.map(conv) };
  return out;
}

/** An uploaded template image (upload-image → Zalo's `/upload/image`). */
export const templateImage = z.object({ mediaId: z.string(), url: z.string() });
export const templateImageFields = z.strictObject({ zaloOAId: z.uuid() });
/** `copy-image`: an image a template of the tenant uses, sent to Zalo again for `zaloOAId`. */
export const templateCopyImageBody = z.strictObject({ zaloOAId: z.uuid(), mediaId: z.string().trim().min(1).max(200) });

/** Customer ratings of a template (`rating`): Zalo's ratings in a time window, with the template's quality. */
export const templateRatingQuery = z.strictObject({
  /** A library template id or a console request id (its Zalo template). */
  id: z.uuid(),
  fromTime: z.coerce.number().int().min(0).optional(),
  toTime: z.coerce.number().int().min(0).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const templateRatings = z.object({
  quality: z.string().nullable(),
  total: z.number().int(),
  averageRate: z.number().nullable(),
  ratings: z.array(z.object({ note: z.string(), rate: z.number(), submitDate: z.string(), msgId: z.string(), feedbacks: z.array(z.string()) })),
});

export const templateRequest = z.object({
  id: z.uuid(),
  zaloOAId: z.uuid(),
  name: z.string(),
  /** DRAFT (saved, not submitted), PENDING (internal review), SUBMITTED (at Zalo, pending review), APPROVED (ENABLE), REJECTED (internal note or Zalo's reason in `error`), FAILED (Zalo refused the call). */
  status: z.enum(TEMPLATE_REQUEST_STATUSES),
  znsTemplateId: z.string().nullable(),
  /** Zalo's own state of the submitted template (PENDING_REVIEW, ENABLE, REJECT, DISABLE, DELETE); null before submission. */
  zaloStatus: z.string().nullable(),
  /** Zalo's quality rating (HIGH, MEDIUM, LOW, UNDEFINED) once known. */
  quality: z.string().nullable(),
  error: z.string().nullable(),
  payload: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The request's latest internal review (My tasks) and its status; null before any. */
  taskId: z.uuid().nullable(),
  taskStatus: z.enum(TASK_STATUSES).nullable(),
  /**
   * viewTemplate: the request was approved and the caller may open the resulting template;
   * edit: the caller may change it (REQUEST_TEMPLATE) — a draft, a request still in its internal review, or a template Zalo rejected (resubmitted through `/template/edit`);
   * delete: a draft the caller may delete; copy: the caller may start a new draft from it.
   */
  abilities: abilities(['viewTemplate', 'edit', 'delete', 'copy']),
});
export type TemplateRequest = z.infer<typeof templateRequest>;
