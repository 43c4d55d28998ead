import { z } from 'zod';
import { abilities, pageQuery } from './common';

/** One place a file is used (file stand): the kind of row, its name and the console page showing it (a PAGES key, ':id' = id). */
export const tenantFileUse = z.object({
  kind: z.string(),
  label: z.string(),
  id: z.string(),
  page: z.string().nullable(),
});
export type TenantFileUse = z.infer<typeof tenantFileUse>;

/** A file the tenant uploaded (tools › file stand, issue 16 #6). */
export const tenantFile = z.object({
  id: z.uuid(),
  key: z.string(),
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  /** Bytes; null when the stored file is missing. */
  size: z.number().int().nullable(),
  source: z.string(),
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  uses: z.array(tenantFileUse),
  abilities: abilities(['delete']),
});
export type TenantFile = z.infer<typeof tenantFile>;

export const tenantFileListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
});
