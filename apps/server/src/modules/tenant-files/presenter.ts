import type { TenantFile, TenantFileUse } from '@zc/shared/api/tenant-files';
import type { Actor } from '../../platform/policy';
import { fileAbilities } from './policy';
import type { TenantFileRow } from './repo';

export function presentTenantFile(actor: Actor, row: TenantFileRow, url: string, uses: TenantFileUse[]): TenantFile {
  return {
    id: row.id,
    key: row.key,
    url,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    source: row.source,
    uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: row.uploaderName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    uses,
    abilities: fileAbilities(actor, uses.length > 0),
  };
}

export function auditView(row: TenantFileRow): Record<string, unknown> {
  return { key: row.key, name: row.name, contentType: row.contentType, size: row.size, source: row.source };
}
