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
