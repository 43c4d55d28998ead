import { z } from 'zod';
import { dataResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import {
  addTeamMembersBody,
  availableMember,
  availableMembersQuery,
  createTeamBody,
  myTeam,
  removeTeamMembersBody,
  team,
  teamDetail,
  teamListQuery,
  teamQuota as teamQuotaSchema,
  updateTeamBody,
  updateTeamMemberRoleBody,
  uploadedTeamAvatar,
} from '@zc/shared/api/teams';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { requireUser, tenantAccess } from '../../platform/context';
import { parseFormFields, readImageForm } from '../../platform/files';
import { fieldError } from '../../platform/errors';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { tenantScope } from '../../platform/tenant-scope';
import {
  addTeamMembers,
  availableTeamMembers,
  createTeam,
  deleteTeam,
  findTeams,
  getTeam,
  myTeams,
  recordTeamAvatar,
  removeTeamMembers,
  teamQuota,
  updateTeam,
  updateTeamMemberRole,
} from './service';
import { recordTenantUpload } from '../tenant-files/service';

const tags = ['Teams'];
const base = '/merchant/team-manager';
const avatarFields = z.strictObject({ teamId: z.uuid().optional() });

/**
 * §7 Teams (merchant/team-manager), for tenants with several teams (the Team module, isMultiTeam):
 * reads need VIEW_TEAM; create CREATE_TEAM or CREATE_UPDATE_DELETE_TEAM, update UPDATE_TEAM or it,
 * delete DELETE_TEAM or it; membership UPDATE_TEAM_MEMBER. `user-teams` (§3 My team) needs no
 * permission and answers the caller's teams in any tenant.
 */
export function registerTeamRoutes(app: ZodApp, deps: ModuleDeps): void {
  const view = tenantAccess('VIEW_TEAM', 'isMultiTeam');

  app.get(
    `${base}/list`,
    { config: { access: view }, schema: { operationId: 'listTeams', summary: 'List the tenant\'s teams', tags, description: 'The tenant\'s teams, default first, each with `memberCount` and `abilities` {update, delete, manageMembers}. The web asks page=1&size=999.', querystring: teamListQuery, response: { 200: listResponse(team) } } },
    async (req) => {
      const q = req.query;
      const r = await findTeams(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { name: q.name, limit: q.size, offset: offsetOf(q) });
      return paged(r.rows, r.total, q);
    },
  );

  app.get(
    `${base}/user-teams`,
    { config: { access: tenantAccess() }, schema: { operationId: 'listMyTeams', summary: 'List the caller\'s teams', tags, description: '§3 My team: the caller\'s teams with their role. A tenant member in no team belongs to the default team (MEMBER).', response: { 200: dataResponse(z.array(myTeam)) } } },
    async (req) => ({ data: await myTeams(deps.db, tenantScope(req.ctx), requireUser(req.ctx).id) }),
  );

  app.get(
    `${base}/available-members`,
    { config: { access: view }, schema: { operationId: 'listAvailableTeamMembers', summary: 'List the people a team may take', tags, description: 'People of the tenant (organisation owners and admins, tenant members) who are not in the team.', querystring: availableMembersQuery, response: { 200: dataResponse(z.array(availableMember)) } } },
    async (req) => ({ data: await availableTeamMembers(deps.db, tenantScope(req.ctx), req.query.teamId) }),
  );

  app.get(
    `${base}/quota/:id`,
    { config: { access: view }, schema: { operationId: 'getTeamQuota', summary: 'Get a team\'s sending quota today', tags, description: 'The team\'s share of the tenant\'s sending today (Asia/Ho_Chi_Minh day): per module its cap (null: none), used and remain, and the tenant\'s totals (sent today, sum of team caps).', params: idParam, response: { 200: dataResponse(teamQuotaSchema) } } },
    async (req) => ({ data: await teamQuota(deps.db, tenantScope(req.ctx), req.params.id) }),
  );

  app.get(
    `${base}/:id`,
    { config: { access: view }, schema: { operationId: 'getTeam', summary: 'Get a team with its members', tags, description: 'One team with its members and their roles.', params: idParam, response: { 200: dataResponse(teamDetail) } } },
    async (req) => ({ data: await getTeam(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id) }),
  );

  app.post(
    `${base}/create`,
    {
      config: { access: tenantAccess(['CREATE_TEAM', 'CREATE_UPDATE_DELETE_TEAM'], 'isMultiTeam'), audit: 'TEAM_CREATE' },
      schema: { operationId: 'createTeam', summary: 'Create a team', tags, description: 'Creates a team (name unique per tenant: 409 TEAM_NAME_TAKEN). The tenant\'s default team is created with its first team.', body: createTeamBody, response: { 200: dataResponse(team) } },
    },
    async (req) => {
      const data = await runMutation(deps.db, req, (tx, record) => createTeam(tx, actorOf(req.ctx), tenantScope(req.ctx), req.body, record));
      return { data };
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: tenantAccess(['UPDATE_TEAM', 'CREATE_UPDATE_DELETE_TEAM'], 'isMultiTeam'), audit: 'TEAM_UPDATE' },
      schema: { operationId: 'updateTeam', summary: 'Update a team', tags, description: 'Name, avatar (a URL from upload-avatar) and daily quotas `znsDailyQuota` / `oaDailyQuota` (messages per day ≥ 0, null: no cap).', params: idParam, body: updateTeamBody, response: { 200: dataResponse(team) } },
    },
    async (req) => {
      const data = await runMutation(deps.db, req, (tx, record) => updateTeam(tx, actorOf(req.ctx), tenantScope(req.ctx), req.params.id, req.body, record));
      return { data };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: tenantAccess(['DELETE_TEAM', 'CREATE_UPDATE_DELETE_TEAM'], 'isMultiTeam'), audit: 'TEAM_DELETE' },
      schema: { operationId: 'deleteTeam', summary: 'Delete a team', tags, description: 'Deletes a team: the default team answers 409 TEAM_DEFAULT, a team with reviews pending 409 TEAM_HAS_PENDING_REVIEWS. Its API keys lose their team.', params: idParam, response: { 200: okResponse } },
    },
    async (req) => {
      await runMutation(deps.db, req, (tx, record) => deleteTeam(tx, actorOf(req.ctx), tenantScope(req.ctx), req.params.id, record));
      return { data: { ok: true as const } };
    },
  );

  app.post(
    `${base}/add-member`,
    {
      config: { access: tenantAccess('UPDATE_TEAM_MEMBER', 'isMultiTeam'), audit: 'TEAM_ADD_MEMBER' },
      schema: { operationId: 'addTeamMembers', summary: 'Add members to a team', tags, description: 'Adds people of the tenant (422 TEAM_MEMBER_NOT_IN_TENANT otherwise) with a role (MEMBER by default); members already in keep their role.', body: addTeamMembersBody, response: { 200: dataResponse(teamDetail) } },
    },
    async (req) => {
      const data = await runMutation(deps.db, req, (tx, record) => addTeamMembers(tx, actorOf(req.ctx), tenantScope(req.ctx), req.body, record));
      return { data };
    },
  );

  app.post(
    `${base}/remove-member`,
    {
      config: { access: tenantAccess('UPDATE_TEAM_MEMBER', 'isMultiTeam'), audit: 'TEAM_REMOVE_MEMBER' },
      schema: { operationId: 'removeTeamMember', summary: 'Remove a member from a team', tags, body: removeTeamMembersBody, response: { 200: dataResponse(teamDetail) } },
    },
    async (req) => {
      const data = await runMutation(deps.db, req, (tx, record) => removeTeamMembers(tx, actorOf(req.ctx), tenantScope(req.ctx), req.body, record));
      return { data };
    },
  );

  app.post(
    `${base}/update-member-role`,
    {
      config: { access: tenantAccess('UPDATE_TEAM_MEMBER', 'isMultiTeam'), audit: 'TEAM_UPDATE_MEMBER_ROLE' },
      schema: { operationId: 'updateTeamMemberRole', summary: 'Set a team member\'s role', tags, description: 'Sets a member\'s §6 team role MEMBER | LEADER (400 on userId when not a member).', body: updateTeamMemberRoleBody, response: { 200: dataResponse(teamDetail) } },
    },
    async (req) => {
      const data = await runMutation(deps.db, req, (tx, record) => updateTeamMemberRole(tx, actorOf(req.ctx), tenantScope(req.ctx), req.body, record));
      return { data };
    },
  );

  app.post(
    `${base}/upload-avatar`,
    {
      config: { access: tenantAccess(['CREATE_TEAM', 'UPDATE_TEAM', 'CREATE_UPDATE_DELETE_TEAM'], 'isMultiTeam'), audit: 'TEAM_UPLOAD_AVATAR' },
      schema: {
        operationId: 'uploadTeamAvatar',
        summary: 'Upload a team avatar',
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart: `file` (JPG or PNG by content, at most 5 MB) and optional `teamId`. Answers `avatar` (the URL to send as a team\'s `avatar`); with `teamId` the team takes it at once and is answered in `team`.',
        response: { 200: dataResponse(uploadedTeamAvatar) },
      },
    },
    async (req) => {
      const { fields, image } = await readImageForm(req);
      const body = parseFormFields(avatarFields, fields);
      if (!image) throw fieldError('file', 'An image is required', 'required');
      const avatar = deps.files.url(await deps.files.put(image.buf, image.type));
      await recordTenantUpload(deps.db, req.ctx, 'team', [{ key: avatar, name: 'team-avatar', contentType: image.type, size: image.buf.length }]);
      const data = await runMutation(deps.db, req, (tx, record) => recordTeamAvatar(tx, actorOf(req.ctx), tenantScope(req.ctx), { teamId: body.teamId ?? null, avatar }, record));
      return { data };
    },
  );
}
