import { z } from 'zod';
import { LIMITS } from '../limits';

/** `page`/`size` query parameters (1-based page). */
export const pageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
});

/** Builds the `orderBy=field=asc|desc` query schema for the given sortable fields. */
export function orderByQuery<const F extends readonly [string, ...string[]]>(fields: F, fallback: `${F[number]}=${'asc' | 'desc'}`) {
  const pattern = new RegExp(`^(${fields.join('|')})=(asc|desc)$`);
  return z
    .string()
    .regex(pattern, { message: `orderBy must be one of ${fields.join(', ')} followed by =asc or =desc` })
    .default(fallback)
    .transform((value) => {
      const [field, direction] = value.split('=') as [F[number], 'asc' | 'desc'];
      return { field, direction };
    });
}

/** The `{ data, meta: { total } }` wrapper of every list answer. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({
      total: z.number().int(),
      page: z.number().int().optional(),
      size: z.number().int().optional(),
      totalIsEstimate: z.boolean().optional(),
    }),
  });
}

/** The `{ data }` wrapper of every single-object answer. */
export function dataResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export const okResponse = z.object({ data: z.object({ ok: z.literal(true) }) });

export const idParam = z.strictObject({ id: z.uuid() });

export const isoDate = z.string().describe('ISO 8601 date-time');

export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
    requestId: z.string().optional(),
  }),
});

/** Names of the §7 identifying headers the web sends with every request. */
export const CONTEXT_HEADERS = {
  tenant: 'x-tenant-id',
  user: 'x-user-id',
  oa: 'x-oa-id',
  merchant: 'x-merchant-id',
  miniApp: 'x-zma-id',
} as const;

/**
 * Text PostgreSQL cannot store (ARCHITECTURE rule 10, ADR 0006): the NUL character (text and jsonb
 * refuse it) and a UTF-16 surrogate that is not half of a pair (jsonb refuses its escape; text
 * parameters would silently turn it into U+FFFD). With the `u` flag a well-formed pair is one code
 * point, so `\p{Cs}` matches only a lone half.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what the rule refuses
const UNSAFE_TEXT = /[\u0000\p{Cs}]/u;

/** Why a string is refused: the field-issue code the server answers and the web maps. */
export type UnsafeTextCode = 'nul_character' | 'lone_surrogate';

export const UNSAFE_TEXT_MESSAGES: Record<UnsafeTextCode, string> = {
  nul_character: 'must not contain the NUL character (\\u0000)',
  lone_surrogate: 'must not contain an unpaired UTF-16 surrogate (malformed Unicode)',
};

/** The reason `value` cannot be stored, or null when it can. */
export function unsafeTextCode(value: string): UnsafeTextCode | null {
  const hit = UNSAFE_TEXT.exec(value);
  if (!hit) return null;
  return hit[0] === '\u0000' ? 'nul_character' : 'lone_surrogate';
}

/** True when the database can store `value` as text or inside jsonb. */
export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/**
 * A string schema that refuses what the database cannot store, for forms and schemas that want the
 * rule next to their other limits. The server applies the same rule to every request anyway
 * (apps/server/src/platform/input-safety.ts), so a schema without it is still protected.
 */
export function safeText(schema: z.ZodString = z.string()) {
  return schema.superRefine((value, ctx) => {
    const code = unsafeTextCode(value);
    if (code) ctx.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGES[code], params: { reason: code } });
  });
}

/**
 * A value that may travel in an HTTP header (tokens, keys): printable ASCII, spaces and tabs.
 * CR/LF, NUL, other controls and anything beyond ASCII (emoji, Vietnamese letters) are refused —
 * fetch would throw on them, or worse, split the header.
 */
const HEADER_SAFE = /^[\t\x20-\x7e]*$/;

export function isHeaderSafe(value: string): boolean {
  return HEADER_SAFE.test(value);
}

export const HEADER_UNSAFE_MESSAGE = 'must be printable ASCII without line breaks or control characters (it is sent in an HTTP header)';

/**
 * Per-row `abilities`: what the caller may do with this row (computed by the server module's policy;
 * the web shows an action only when its ability is true). `abilities(['update', 'delete'])`.
 */
export function abilities<const A extends readonly [string, ...string[]]>(actions: A) {
  return z.object(Object.fromEntries(actions.map((a) => [a, z.boolean()])) as { [K in A[number]]: z.ZodBoolean });
}
