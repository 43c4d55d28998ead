import { dataResponse, listResponse } from '@zc/shared/api/common';
import { follower, followerListQuery, followerSyncBody, followerSyncResult } from '@zc/shared/api/followers';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { offsetOf } from '../../platform/pagination';
import { appendAudit, auditFromCtx } from '../../platform/audit';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { zaloFailure } from '../zalo-oa/service';
import { listFollowers, requireTenantOa, syncFollowers } from './service';

const tags = ['Followers'];

/** Followers (§2.10, §7 Followers): the synced list with display-name search, and the sync itself. */
export function registerFollowerRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/oa-user/getlist',
    {
      config: { access: tenantAccess(['VIEW_ZALO_OA_USER', 'SEND_REQUEST_PLAYGROUND']) },
      schema: { tags, description: 'Infinite-scroll list: meta.page is the page answered; search on the display name.', querystring: followerListQuery, response: { 200: listResponse(follower) } },
    },
    async (req) => {
      const q = req.query;
      const { items, total } = await listFollowers(deps.db, tenantScope(req.ctx), { search: q.searchValue, zaloOAId: q.zaloOAId, limit: q.size, offset: offsetOf(q) });
      return { data: items, meta: { total, page: q.page, size: q.size } };
    },
  );

  app.post(
    '/merchant/oa-user/sync',
    {
      config: { access: tenantAccess(['VIEW_ZALO_OA_USER', 'UPDATE_ZALO_OA_USER', 'SEND_REQUEST_PLAYGROUND']), audit: 'ZALO_OA_FOLLOWER_SYNC' },
      schema: { tags, body: followerSyncBody, response: { 200: dataResponse(followerSyncResult) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const oaId = await requireTenantOa(deps.db, scope, req.body.zaloOAId);
      // Zalo calls happen outside any transaction; the upserts are idempotent, the audit entry follows.
      const result = await syncFollowers(deps.db, deps.zalo, scopedTenantId(scope), oaId).catch((err: unknown) => {
        throw zaloFailure(err);
      });
      await deps.db.transaction((tx) => appendAudit(tx, auditFromCtx(req.ctx, 'ZALO_OA_FOLLOWER_SYNC', { targetType: 'zalo_oa', targetId: oaId, after: result })));
      req.ctx.auditWritten = true;
      return { data: result };
    },
  );
}
