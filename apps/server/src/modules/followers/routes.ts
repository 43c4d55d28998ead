import { z } from 'zod';
import { dataResponse, idParam, listResponse } from '@zc/shared/api/common';
import {
  follower, followerCity, followerInformationBody, followerListQuery, followerSyncBody, followerSyncResult, followerSyncState, followerSyncStateQuery,
  followerTagBody, followerTagResult, followerTagsQuery, followerUpdateBody, zaloCallBody, zaloCallQuery, zaloCallResult, zaloCallState,
} from '@zc/shared/api/followers';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { offsetOf } from '../../platform/pagination';
import { appendAudit, auditFromCtx } from '../../platform/audit';
import { runMutation } from '../../platform/mutation';
import { tenantScope } from '../../platform/tenant-scope';
import { zaloFailure } from '../zalo-oa/service';
import { FOLLOWER_CITIES } from './cities';
import { presentFollower, presentSync } from './presenter';
import {
  announceFollower, applyTagsOnZalo, checkTagActions, currentSyncState, listFollowers, planUpdate, pushUpdateToZalo, readCallState, requireFollower,
  requireTenantOa, startCall, startSync, storeUpdate, tagsOfOa,
} from './service';
import { updateFollowerRow } from './repo';

const tags = ['Followers'];
const VIEW = tenantAccess(['VIEW_ZALO_OA_USER'], 'oaService');
const UPDATE = tenantAccess(['UPDATE_ZALO_OA_USER'], 'oaService');
const zaloCall = <T>(p: Promise<T>): Promise<T> => p.catch((err: unknown) => { throw zaloFailure(err); });

/** Followers (§2.10, §7 Followers): list, detail, shared-info and tag updates through Zalo, calls, sync. */
export function registerFollowerRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/oa-user/getlist',
    {
      config: { access: tenantAccess(['VIEW_ZALO_OA_USER', 'SEND_REQUEST_PLAYGROUND'], 'oaService') },
      schema: {
        operationId: 'listFollowers',
        summary: 'List an official account\'s followers',
        tags,
        description: 'Infinite-scroll list in display-name order: meta.page is the page answered; searchValue is a case-insensitive prefix of the display name; totals above 1,000 are flagged totalIsEstimate.',
        querystring: followerListQuery,
        response: { 200: listResponse(follower) },
      },
    },
    async (req) => {
      const q = req.query;
      const { items, total, totalIsEstimate } = await listFollowers(deps.db, tenantScope(req.ctx), { search: q.searchValue || undefined, zaloOAId: q.zaloOAId, limit: q.size, offset: offsetOf(q) });
      return { data: items, meta: { total, page: q.page, size: q.size, ...(totalIsEstimate ? { totalIsEstimate } : {}) } };
    },
  );

  app.get(
    '/merchant/oa-user/cities',
    { config: { access: VIEW }, schema: { operationId: 'listFollowerCities', summary: 'List the cities and districts a follower may share', tags, description: '§3 City list with districts: the ids PATCH oa-user/{id} takes as sharedInfo.cityId / districtId.', response: { 200: dataResponse(z.array(followerCity)) } } },
    async () => ({ data: [...FOLLOWER_CITIES] }),
  );

  app.get(
    '/merchant/oa-user/getTag',
    { config: { access: VIEW }, schema: { operationId: 'listFollowerTags', summary: 'List an official account\'s follower labels', tags, description: 'The OA’s labels (Zalo gettagsofoa, with those its synced followers carry).', querystring: followerTagsQuery, response: { 200: dataResponse(z.array(z.string())) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const oaId = await requireTenantOa(deps.db, scope, req.query.zaloOAId);
      return { data: await zaloCall(tagsOfOa(deps.db, deps.zalo, scope, oaId)) };
    },
  );

  app.get(
    '/merchant/oa-user/sync',
    { config: { access: VIEW }, schema: { operationId: 'getFollowerSync', summary: 'Get the latest follower synchronisation', tags, description: 'The OA’s latest follower sync (null before the first).', querystring: followerSyncStateQuery, response: { 200: dataResponse(followerSyncState.nullable()) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const oaId = await requireTenantOa(deps.db, scope, req.query.zaloOAId);
      return { data: await currentSyncState(deps.db, scope, oaId) };
    },
  );

  app.post(
    '/merchant/oa-user/sync',
    {
      config: { access: tenantAccess(['VIEW_ZALO_OA_USER', 'UPDATE_ZALO_OA_USER', 'SEND_REQUEST_PLAYGROUND'], 'oaService'), audit: 'ZALO_OA_FOLLOWER_SYNC' },
      schema: {
        operationId: 'syncFollowers',
        summary: 'Synchronise the followers from Zalo',
        tags,
        description: 'Full resynchronisation (resumes a RUNNING or FAILED one from its stored offset). Waits for the end unless `background`; progress is announced as oa_follower.sync_progress.',
        body: followerSyncBody,
        response: { 200: dataResponse(followerSyncResult) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const oaId = await requireTenantOa(deps.db, scope, req.body.zaloOAId);
      const { sync, done } = await startSync(deps.db, deps.zalo, scope, oaId, req.ctx.user?.id ?? null);
      const row = req.body.background ? sync : ((await done) ?? sync);
      const state = presentSync(row);
      await deps.db.transaction((tx) => appendAudit(tx, auditFromCtx(req.ctx, 'ZALO_OA_FOLLOWER_SYNC', { targetType: 'zalo_oa', targetId: oaId, after: state })));
      req.ctx.auditWritten = true;
      return { data: { ...state, synced: state.done } };
    },
  );

  app.get(
    '/merchant/oa-user/zalo-call',
    { config: { access: VIEW }, schema: { operationId: 'getZaloCallConsent', summary: 'Get a follower\'s call consent', tags, description: 'Call consent of the follower’s shared phone (Zalo checkconsent).', querystring: zaloCallQuery, response: { 200: dataResponse(zaloCallState) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const row = await requireFollower(deps.db, scope, req.query.id);
      return { data: await zaloCall(readCallState(deps.db, deps.zalo, scope, row)) };
    },
  );

  app.post(
    '/merchant/oa-user/zalo-call',
    {
      config: { access: UPDATE, audit: 'ZALO_OA_CALL_START' },
      schema: { operationId: 'requestZaloCall', summary: 'Call a follower or request their consent', tags, description: 'With consent: an outbound call (call_link, qr_code). Without: a consent request (REFERENCE §13.4).', body: zaloCallBody, response: { 200: dataResponse(zaloCallResult) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const row = await requireFollower(deps.db, scope, req.body.id);
      const result = await zaloCall(startCall(deps.db, deps.zalo, scope, row, { callType: req.body.callType, reasonCode: req.body.reasonCode }));
      const action = result.action === 'call' ? 'ZALO_OA_CALL_START' : 'ZALO_OA_CALL_CONSENT';
      await deps.db.transaction((tx) => appendAudit(tx, auditFromCtx(req.ctx, action, { targetType: 'oa_follower', targetId: row.f.id, after: { action: result.action, callType: req.body.callType } })));
      req.ctx.auditWritten = true;
      return { data: result };
    },
  );

  app.patch(
    '/merchant/oa-user/updateTag/:id',
    {
      config: { access: UPDATE, audit: 'ZALO_OA_FOLLOWER_TAG' },
      schema: { operationId: 'updateFollowerTags', summary: 'Add and remove a follower\'s labels', tags, description: 'ADD and SUB in one call (≤3 labels each, none in both → 422); each label runs alone and reports its own outcome.', params: idParam, body: followerTagBody, response: { 200: dataResponse(followerTagResult) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const plan = checkTagActions(req.body);
      const row = await requireFollower(deps.db, scope, req.params.id);
      const { outcomes, tagNames } = await applyTagsOnZalo(deps.zalo, row, plan);
      const updated = await runMutation(deps.db, req, async (tx, record) => {
        if (outcomes.some((o) => o.ok)) {
          await updateFollowerRow(tx, scope, row.f.id, { tagNames });
          await announceFollower(tx, row.f.tenantId, row.f.zaloOaId, row.f.id);
        }
        await record({ targetType: 'oa_follower', targetId: row.f.id, before: { tagNames: row.f.tagNames }, after: { tagNames, results: outcomes } });
        return presentFollower({ ...row, f: { ...row.f, tagNames: outcomes.some((o) => o.ok) ? tagNames : row.f.tagNames } });
      });
      return { data: { follower: updated, results: outcomes } };
    },
  );

  app.patch(
    '/merchant/oa-user/information/:id',
    {
      config: { access: UPDATE, audit: 'ZALO_OA_FOLLOWER_UPDATE' },
      schema: { operationId: 'updateFollowerInformation', summary: 'Update the name a follower shares', tags, description: 'The name the follower shares with the OA (shared_info.name), written to Zalo user/update first.', params: idParam, body: followerInformationBody, response: { 200: dataResponse(follower) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const row = await requireFollower(deps.db, scope, req.params.id);
      const plan = planUpdate(row.f, { sharedInfo: { name: req.body.displayName } });
      await zaloCall(pushUpdateToZalo(deps.zalo, row, plan.zalo));
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const after = await storeUpdate(tx, scope, row, plan.store);
        await record({ targetType: 'oa_follower', targetId: row.f.id, before: { sharedInfo: row.f.sharedInfo }, after: { sharedInfo: after.sharedInfo } });
        return after;
      });
      return { data };
    },
  );

  app.get(
    '/merchant/oa-user/:id',
    { config: { access: VIEW }, schema: { operationId: 'getFollower', summary: 'Get a follower', tags, description: 'One follower (the detail modal).', params: idParam, response: { 200: dataResponse(follower) } } },
    async (req) => ({ data: presentFollower(await requireFollower(deps.db, tenantScope(req.ctx), req.params.id)) }),
  );

  app.patch(
    '/merchant/oa-user/:id',
    {
      config: { access: UPDATE, audit: 'ZALO_OA_FOLLOWER_UPDATE' },
      schema: {
        operationId: 'updateFollower',
        summary: 'Update a follower\'s alias, external id and shared info',
        tags,
        description: 'Alias, external id and shared info (cityId/districtId from oa-user/cities → 422 otherwise; userDob dd/MM/yyyy), written to Zalo user/update first and stored on success.',
        params: idParam,
        body: followerUpdateBody,
        response: { 200: dataResponse(follower) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const row = await requireFollower(deps.db, scope, req.params.id);
      const plan = planUpdate(row.f, req.body);
      await zaloCall(pushUpdateToZalo(deps.zalo, row, plan.zalo));
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const after = await storeUpdate(tx, scope, row, plan.store);
        await record({
          targetType: 'oa_follower',
          targetId: row.f.id,
          before: { userAlias: row.f.userAlias, userExternalId: row.f.userExternalId, sharedInfo: row.f.sharedInfo },
          after: { userAlias: after.userAlias, userExternalId: after.userExternalId, sharedInfo: after.sharedInfo },
        });
        return after;
      });
      return { data };
    },
  );
}
