import { errorResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import { tenantFile, tenantFileListQuery } from '@zc/shared/api/tenant-files';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { FILE_STAND_DELETE, FILE_STAND_VIEW } from './policy';
import { deleteFile, listFiles } from './service';

const tags = ['File stand'];

/** Tools › file stand (issue 16 #6): the tenant's uploaded files and where each is used. */
export function registerTenantFileRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/tenant-files',
    {
      config: { access: tenantAccess(FILE_STAND_VIEW) },
      schema: {
        operationId: 'listTenantFiles',
        summary: 'List the tenant\'s uploaded files',
        tags,
        description: 'Files the tenant uploaded (newest first; `search` matches the name), each with its URL, type, size in bytes, uploader and `uses`: the rows that keep its URL (OA contents and videos, OA profile requests, template requests, teams, ticket comments, mini apps and gifts). Files uploaded before the file stand existed are listed when a row of the tenant keeps their URL.',
        querystring: tenantFileListQuery,
        response: { 200: listResponse(tenantFile) },
      },
    },
    async (req) => {
      const r = await listFiles(deps.db, deps.files, actorOf(req.ctx), tenantScope(req.ctx), { search: req.query.search || undefined, limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.rows, r.total, req.query);
    },
  );

  app.delete(
    '/merchant/tenant-files/:id',
    {
      config: { access: tenantAccess(FILE_STAND_DELETE), audit: 'TENANT_FILE_DELETE' },
      schema: { operationId: 'deleteTenantFile', summary: 'Remove an unused file from the file stand', tags, description: 'Removes the file from the tenant\'s file stand when nothing uses it; 409 TENANT_FILE_IN_USE with `details.uses` otherwise. Another tenant\'s file: 404.', params: idParam, response: { 200: okResponse, 409: errorResponse.describe('TENANT_FILE_IN_USE') } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const r = await deleteFile(tx, scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'tenant_file', targetId: req.params.id, before: r.before });
      });
      return { data: { ok: true as const } };
    },
  );
}
