import type { TenantFile, TenantFileUse } from '@zc/shared/api/tenant-files';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { RequestCtx } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import type { Actor } from '../../platform/policy';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import { auditView, presentTenantFile } from './presenter';
import { deleteTenantFileRow, findTenantFile, findUses, insertTenantFiles, listTenantFiles, setSizes, type FoundUse } from './repo';

export interface UploadedFile {
  /** The store key, or its URL (`/api/files/<key>`). */
  key: string;
  name: string;
  contentType: string;
  size: number;
}

const STORE_KEY = /([a-f0-9]{40}\.[a-z0-9]{2,5})$/;

/**
 * THE one call of every tenant-scoped upload route (file stand, issue 16 #6): records what the
 * tenant of the request (x-tenant-id) stored, with the uploader and where it came from. A request
 * without a tenant (organisation uploads) records nothing. The same content twice is one row.
 */
export async function recordTenantUpload(db: DbOrTx, ctx: Pick<RequestCtx, 'tenantId' | 'user'>, source: string, files: readonly UploadedFile[]): Promise<void> {
  if (!ctx.tenantId) return;
  const tenantId = ctx.tenantId;
  const rows = files.flatMap((f) => {
    const key = STORE_KEY.exec(f.key)?.[1];
    if (!key) return [];
    return [{ tenantId, key, name: (f.name || key).slice(0, 255), contentType: f.contentType, size: f.size, source, uploadedBy: ctx.user?.id ?? null }];
  });
  await insertTenantFiles(db, rows);
}

function usesByKey(found: FoundUse[]): Map<string, TenantFileUse[]> {
  const out = new Map<string, TenantFileUse[]>();
  for (const u of found) {
    const list = out.get(u.key) ?? [];
    if (!list.some((x) => x.kind === u.kind && x.id === u.id)) list.push({ kind: u.kind, label: u.label, id: u.id, page: u.page });
    out.set(u.key, list);
  }
  return out;
}

export async function listFiles(db: Db, files: FileStore, actor: Actor, scope: TenantScope, q: { search?: string; limit: number; offset: number }): Promise<{ rows: TenantFile[]; total: number }> {
  const r = await listTenantFiles(db, scope, q);
  // Files found by the migration's backfill have no size yet: read once from the store.
  const unsized = r.rows.filter((row) => row.size === null);
  if (unsized.length > 0) {
    const sizes: Array<{ id: string; size: number }> = [];
    for (const row of unsized) {
      const buf = await files.get(row.key);
      if (buf) {
        row.size = buf.length;
        sizes.push({ id: row.id, size: buf.length });
      }
    }
    await setSizes(db, scope, sizes);
  }
  const uses = usesByKey(await findUses(db, scopedTenantId(scope), [...new Set(r.rows.map((row) => row.key))]));
  return { rows: r.rows.map((row) => presentTenantFile(actor, row, files.url(row.key), uses.get(row.key) ?? [])), total: r.total };
}

/** Forgets an unused file (409 TENANT_FILE_IN_USE listing its uses otherwise). */
export async function deleteFile(tx: Tx, scope: TenantScope, id: string) {
  const row = await findTenantFile(tx, scope, id);
  if (!row) throw notFound();
  const uses = usesByKey(await findUses(tx, scopedTenantId(scope), [row.key])).get(row.key) ?? [];
  if (uses.length > 0) throw new AppError('TENANT_FILE_IN_USE', `Used by ${uses.map((u) => `${u.kind} ${u.label}`).join(', ')}`, { uses });
  await deleteTenantFileRow(tx, scope, id);
  return { before: auditView(row) };
}
