import { z } from 'zod';
import { isoDate, abilities } from './common';
import { OA_LIMITS, oaMessage, type OaMessage } from './messaging';

/**
 * ZNS fallback (ADR 0004): when a ZNS message fails permanently for a recipient-side reason, the
 * gateway sends an OA message (by Zalo user id) to the follower of the sending OA who shared
 * that phone number. These are the ZNS codes (Zalo REFERENCE §6.2) a tenant may choose as triggers.
 */
export const FALLBACK_TRIGGER_CODES = [-110, -114, -118, -119, -133, -139, -140, -141, -144, -147] as const;
export type FallbackTriggerCode = (typeof FALLBACK_TRIGGER_CODES)[number];
/** Pre-selected until the tenant saves its own choice. */
export const DEFAULT_FALLBACK_TRIGGER_CODES: readonly FallbackTriggerCode[] = [-114, -119, -139, -140, -141];

/** OA consultation text (CS, 7-day interaction window) or OA transaction message (followers). */
export const FALLBACK_MESSAGE_KINDS = ['text', 'transaction'] as const;
export type FallbackMessageKind = (typeof FALLBACK_MESSAGE_KINDS)[number];

/**
 * What happened on a ZNS row whose failure matched the tenant's triggers (`fallbackNote`):
 * QUEUED — the OA message was created and charged (its own status tells the rest);
 * NO_FOLLOWER — no follower of the OA shared that phone number;
 * INSUFFICIENT_BALANCE — the prepaid wallet could not pay the OA message;
 * OA_DISABLED — the tenant's OA service is switched off;
 * EMPTY_CONTENT — the content rendered to nothing with this message's template data;
 * ERROR — the fallback could not be written (the ZNS failure itself is recorded as usual).
 */
export const FALLBACK_NOTES = ['QUEUED', 'NO_FOLLOWER', 'INSUFFICIENT_BALANCE', 'OA_DISABLED', 'EMPTY_CONTENT', 'ERROR'] as const;
export type FallbackNote = (typeof FALLBACK_NOTES)[number];

/** Content limits per kind (the OA message limits of §5, counted like the send API counts them). */
export const FALLBACK_LIMITS = {
  /** Text kind: the OA text limit. */
  text: OA_LIMITS.text,
  /** Transaction kind: the body text element. */
  transactionText: OA_LIMITS.body,
  header: OA_LIMITS.header,
} as const;

export function fallbackContentLimit(kind: FallbackMessageKind): number {
  return kind === 'text' ? FALLBACK_LIMITS.text : FALLBACK_LIMITS.transactionText;
}

/** `{{ param_name }}`: a ZNS template param name (letters, digits, underscore; ≤ 64 like templateData keys). */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]{1,64})\s*\}\}/g;

/** The distinct placeholder names of a text, in order of first use. */
export function listPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}

/** The first malformed placeholder (a `{{` or `}}` that is not part of `{{name}}`), or null. */
export function findBadPlaceholder(text: string): string | null {
  const rest = text.replace(PLACEHOLDER, '');
  const at = rest.search(/\{\{|\}\}/);
  if (at < 0) return null;
  return rest.slice(Math.max(0, at - 10), at + 20).trim();
}

/** Fills placeholders from the template data; unknown ones render empty (templates differ). */
export function fillPlaceholders(text: string, data: Readonly<Record<string, unknown>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const v = data[name];
    return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
  });
}

/** Cuts a text to `max` UTF-16 units (what the schemas count) without splitting a character; marks the cut with "…". */
export function clip(text: string, max: number): { text: string; clipped: boolean } {
  if (text.length <= max) return { text, clipped: false };
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max - 1) break;
    out += ch;
  }
  return { text: `${out}…`, clipped: true };
}

export interface FallbackTemplate {
  messageKind: FallbackMessageKind;
  header: string;
  content: string;
}

export interface RenderedFallback {
  /** The OA message to send, or null when the content renders to nothing. */
  message: OaMessage | null;
  /** A rendered value was longer than the OA limit and was cut. */
  truncated: boolean;
}

/**
 * The OA message of a fallback: placeholders filled from the ZNS row's template data, cut to the
 * OA limits (a long param value must not make Zalo refuse the message). Text kind → CS text;
 * transaction kind → a generic `transaction_transaction` message with the header and the text.
 */
export function renderFallbackMessage(t: FallbackTemplate, data: Readonly<Record<string, unknown>>): RenderedFallback {
  const body = clip(fillPlaceholders(t.content, data).trim(), fallbackContentLimit(t.messageKind));
  if (!body.text) return { message: null, truncated: false };
  if (t.messageKind === 'text') return { message: { kind: 'text', text: body.text }, truncated: body.clipped };
  const header = clip(fillPlaceholders(t.header, data).trim(), FALLBACK_LIMITS.header);
  if (!header.text) return { message: null, truncated: false };
  return {
    message: { kind: 'transaction', templateType: 'transaction', language: 'VI', elements: { header: header.text, text: body.text, table: [] }, buttons: [] },
    truncated: body.clipped || header.clipped,
  };
}

const triggerCode = z.literal(FALLBACK_TRIGGER_CODES, { message: `a trigger code is one of ${FALLBACK_TRIGGER_CODES.join(', ')}` });

/** Placeholder syntax and the per-kind length, on `content` and `header`. */
function checkTemplate(v: { messageKind: FallbackMessageKind; header: string; content: string; enabled?: boolean }, ctx: z.RefinementCtx): void {
  const limit = fallbackContentLimit(v.messageKind);
  if (v.content.length > limit) {
    ctx.addIssue({ code: 'too_big', origin: 'string', maximum: limit, inclusive: true, path: ['content'], message: `content: at most ${limit} characters for the ${v.messageKind} kind` });
  }
  for (const field of ['content', 'header'] as const) {
    const bad = findBadPlaceholder(v[field]);
    if (bad !== null) ctx.addIssue({ code: 'custom', path: [field], message: `${field}: malformed placeholder near "${bad}" — write {{param_name}}` });
  }
  if (v.enabled) {
    if (!v.content.trim()) ctx.addIssue({ code: 'custom', path: ['content'], message: 'content is required while fallback is enabled' });
    if (v.messageKind === 'transaction' && !v.header.trim()) ctx.addIssue({ code: 'custom', path: ['header'], message: 'header is required for a transaction message' });
  }
}

const templateFields = {
  messageKind: z.enum(FALLBACK_MESSAGE_KINDS),
  header: z.string().max(FALLBACK_LIMITS.header).default('').describe('Transaction kind: the header (≤ 100, placeholders allowed)'),
  content: z.string().max(FALLBACK_LIMITS.text).describe('The message text with {{param_name}} placeholders (text ≤ 2000, transaction ≤ 250)'),
};

/** `PUT merchant/fallback`. */
export const updateFallbackBody = z
  .strictObject({
    enabled: z.boolean(),
    triggerCodes: z.array(triggerCode).max(FALLBACK_TRIGGER_CODES.length).describe('ZNS error codes that start a fallback'),
    ...templateFields,
  })
  .superRefine((v, ctx) => {
    checkTemplate(v, ctx);
    if (v.enabled && v.triggerCodes.length === 0) ctx.addIssue({ code: 'custom', path: ['triggerCodes'], message: 'choose at least one trigger code while fallback is enabled' });
  })
  .meta({ example: { enabled: true, triggerCodes: [-114, -119, -139, -140, -141], messageKind: 'text', header: '', content: 'Mã OTP của bạn là {{otp}}' } });
export type UpdateFallbackBody = z.infer<typeof updateFallbackBody>;

/** `POST merchant/fallback/preview`: renders a (possibly unsaved) template against sample template data. */
export const previewFallbackBody = z
  .strictObject({
    ...templateFields,
    templateData: z.record(z.string().max(64), z.union([z.string().max(1000), z.number(), z.null()])).default({}).describe('Sample values of the ZNS template params'),
  })
  .superRefine((v, ctx) => checkTemplate(v, ctx));
export type PreviewFallbackBody = z.infer<typeof previewFallbackBody>;

export const fallbackPreview = z.object({
  message: oaMessage.nullable().describe('The OA message that would be sent; null when the content renders empty'),
  placeholders: z.array(z.string()),
  /** Placeholders without a sample value (they render empty). */
  missing: z.array(z.string()),
  truncated: z.boolean(),
});
export type FallbackPreview = z.infer<typeof fallbackPreview>;

const explanation = z.object({ meaning: z.string(), action: z.string() });

/** One trigger of the catalogue, explained from the Zalo error catalogue. */
export const fallbackTrigger = z.object({
  code: z.number().int(),
  isDefault: z.boolean(),
  zaloMessage: z.string(),
  vi: explanation,
  en: explanation,
});
export type FallbackTrigger = z.infer<typeof fallbackTrigger>;

export const fallbackSettings = z.object({
  enabled: z.boolean(),
  triggerCodes: z.array(z.number().int()),
  messageKind: z.enum(FALLBACK_MESSAGE_KINDS),
  header: z.string(),
  content: z.string(),
  /** Null until the tenant first saves (the defaults are shown). */
  updatedAt: isoDate.nullable(),
  updatedBy: z.object({ id: z.uuid(), displayName: z.string(), email: z.string() }).nullable(),
});
export type FallbackSettings = z.infer<typeof fallbackSettings>;

/** `GET/PUT merchant/fallback` answer: the settings, the trigger catalogue and what the caller may do (save). */
export const fallbackView = z.object({
  settings: fallbackSettings,
  triggers: z.array(fallbackTrigger),
  abilities: abilities(['update']),
});
export type FallbackView = z.infer<typeof fallbackView>;
