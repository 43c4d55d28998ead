import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { checkEuResponse } from '@zc/shared/api/auth';
import { dataResponse, errorResponse, listResponse, pageQuery } from '@zc/shared/api/common';
import { merchant, merchantRoleItem, tenant, tenantFormFields, tenantServices, tenantServicesBody, tenantUpdateFields } from '@zc/shared/api/organisation';
import { deleteTenantTagBody, merchantUpdateBody, serviceBlocker, tenantSettingsBody, tenantTagsResponse } from '@zc/shared/api/settings';
import { orgChart } from '@zc/shared/api/user-groups';
import { MERCHANT_ROLE_PERMISSIONS, MERCHANT_ROLES } from '@zc/shared/permissions';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { findTenantAccess } from '../../platform/access';
import { authenticated, merchantAccess, requireMerchant, requireUser, tenantAccess } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors';
import { parseFormFields, readImageForm } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { tenantScope } from '../../platform/tenant-scope';
import { getOrgChart } from './org-chart';
import { deleteTagOnZalo, forgetTenantTag, listTenantTags, tagDeletionTarget } from './tags';
import { organisationActor } from './policy';
import { presentTenant } from './presenter';
import {
  countOrganisationsOfUser,
  createTenant,
  findEndUserHome,
  getMerchantOfUser,
  getTenantServices,
  listMerchantsOfUser,
  updateOrganisationAvatar,
  updateOrganisationLogo,
  updateOrganisationName,
  updateTenant,
  updateTenantServices,
  updateTenantSettings,
} from './service';

const merchantTags = ['Merchants'];
const tenantTags = ['Tenants'];

/** Organisation (merchant) routes of §7 Merchants and Tenants. */
export function registerMerchantRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get('/merchant/merchant/by-user', { config: { access: authenticated }, schema: { operationId: 'listUserMerchants', summary: 'List the organisations the caller belongs to', tags: merchantTags, response: { 200: dataResponse(z.array(merchant)) } } }, async (req) => ({
    data: await listMerchantsOfUser(deps.db, requireUser(req.ctx).id),
  }));

  app.get('/merchant/tenant/list-by-user', { config: { access: authenticated }, schema: { operationId: 'listTenantsByUser', summary: 'List the caller\'s organisations with their tenants', tags: merchantTags, response: { 200: dataResponse(z.array(merchant)) } } }, async (req) => ({
    data: await listMerchantsOfUser(deps.db, requireUser(req.ctx).id),
  }));

  app.get(
    '/merchant/merchant/pagination/by-user',
    { config: { access: authenticated }, schema: { operationId: 'listMerchantsByUser', summary: 'List the caller\'s organisations, paged', tags: merchantTags, querystring: pageQuery, response: { 200: listResponse(merchant) } } },
    async (req) => {
      const userId = requireUser(req.ctx).id;
      const rows = await listMerchantsOfUser(deps.db, userId, { limit: req.query.size, offset: offsetOf(req.query) });
      return paged(rows, await countOrganisationsOfUser(deps.db, userId), req.query);
    },
  );

  app.get(
    '/merchant/merchant/check-eu-by-user',
    { config: { access: authenticated }, schema: { operationId: 'checkEuByUser', summary: 'Check whether the caller is an end user and where they belong', tags: merchantTags, response: { 200: checkEuResponse } } },
    async (req) => ({ data: await findEndUserHome(deps.db, requireUser(req.ctx).id) }),
  );

  app.get(
    '/merchant/merchant/:id',
    { config: { access: authenticated }, schema: { operationId: 'getMerchant', summary: 'Get an organisation', tags: merchantTags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(merchant) } } },
    async (req) => ({ data: await getMerchantOfUser(deps.db, requireUser(req.ctx).id, req.params.id) }),
  );

  app.get(
    '/merchant/merchant-role',
    { config: { access: merchantAccess('VIEW_USER') }, schema: { operationId: 'listMerchantRoles', summary: 'List the organisation roles', tags: merchantTags, response: { 200: dataResponse(z.array(merchantRoleItem)) } } },
    async () => ({ data: MERCHANT_ROLES.map((name) => ({ name, permissions: [...MERCHANT_ROLE_PERMISSIONS[name]] })) }),
  );

  /** The organisation's avatar or logo from the multipart field `file` (JPG or PNG by content, ≤ 5 MB). */
  const replaceOrganisationImage =
    (write: typeof updateOrganisationAvatar) =>
    async (req: FastifyRequest) => {
      const merchantId = requireMerchant(req.ctx);
      const { image, fields } = await readImageForm(req);
      parseFormFields(z.strictObject({}), fields);
      if (!image) throw fieldError('file', 'An image is required', 'required');
      const key = await deps.files.put(image.buf, image.type);
      await runMutation(deps.db, req, (tx, record) => write(tx, merchantId, key, record));
      return { data: await getMerchantOfUser(deps.db, requireUser(req.ctx).id, merchantId) };
    };

  app.patch(
    '/merchant/merchant/updateAvatar',
    {
      config: { access: merchantAccess('UPDATE_MERCHANT'), audit: 'MERCHANT_UPDATE_AVATAR' },
      schema: { operationId: 'updateMerchantAvatar', summary: 'Replace the organisation\'s avatar', tags: merchantTags, consumes: ['multipart/form-data'], description: 'multipart field `file`: JPG or PNG, at most 5 MB', response: { 200: dataResponse(merchant) } },
    },
    replaceOrganisationImage(updateOrganisationAvatar),
  );

  app.patch(
    '/merchant/merchant/update',
    {
      config: { access: merchantAccess('UPDATE_MERCHANT'), audit: 'MERCHANT_UPDATE' },
      schema: { operationId: 'updateMerchant', summary: 'Rename the organisation', tags: merchantTags, description: 'The organisation named by x-merchant-id.', body: merchantUpdateBody, response: { 200: dataResponse(merchant) } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      await runMutation(deps.db, req, (tx, record) => updateOrganisationName(tx, merchantId, req.body.name, record));
      return { data: await getMerchantOfUser(deps.db, requireUser(req.ctx).id, merchantId) };
    },
  );

  app.patch(
    '/merchant/merchant/updateLogo',
    {
      config: { access: merchantAccess('UPDATE_MERCHANT'), audit: 'MERCHANT_UPDATE_LOGO' },
      schema: { operationId: 'updateMerchantLogo', summary: 'Replace the organisation\'s logo', tags: merchantTags, consumes: ['multipart/form-data'], description: 'multipart field `file`: JPG or PNG, at most 5 MB (the sidebar logo; the avatar stands in until one is set)', response: { 200: dataResponse(merchant) } },
    },
    replaceOrganisationImage(updateOrganisationLogo),
  );

  // The id names the organisation; membership (404) and VIEW_TENANT or VIEW_USER (403) are checked by getOrgChart.
  app.get(
    '/merchant/merchant/get-org-chart/:id',
    { config: { access: authenticated }, schema: { operationId: 'getOrgChart', summary: 'Get the organisation chart', tags: merchantTags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(orgChart) } } },
    async (req) => ({ data: await getOrgChart(deps.db, requireUser(req.ctx).id, req.params.id) }),
  );
}

/** Tenant routes of §7 Tenants: detail, create/update with avatar, services. */
export function registerTenantRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/merchant/tenant/:id',
    { config: { access: authenticated }, schema: { operationId: 'getTenant', summary: 'Get a tenant', tags: tenantTags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(tenant) } } },
    async (req) => {
      const userId = requireUser(req.ctx).id;
      const grant = await findTenantAccess(deps.db, userId, req.params.id);
      if (!grant) throw notFound();
      return { data: presentTenant(grant.tenant, organisationActor(userId, grant.merchantRole)) };
    },
  );

  app.post(
    '/merchant/tenant',
    {
      config: { access: merchantAccess('CREATE_TENANT'), audit: 'TENANT_CREATE' },
      schema: { operationId: 'createTenant', summary: 'Create a tenant', tags: tenantTags, consumes: ['multipart/form-data'], description: 'multipart fields: `name` (required), `file` (avatar, JPG or PNG by content, at most 5 MB, required)', response: { 200: dataResponse(tenant) } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const { fields, image } = await readImageForm(req);
      const body = parseFormFields(tenantFormFields, fields);
      if (!image) throw fieldError('file', 'An avatar image is required', 'required');
      const key = await deps.files.put(image.buf, image.type);
      const data = await runMutation(deps.db, req, (tx, record) => createTenant(tx, actorOf(req.ctx), { merchantId, name: body.name, avatar: key }, record));
      return { data };
    },
  );

  app.patch(
    '/merchant/tenant/:id',
    {
      config: { access: merchantAccess('UPDATE_TENANT'), audit: 'TENANT_UPDATE' },
      schema: { operationId: 'updateTenant', summary: 'Rename a tenant or replace its avatar', tags: tenantTags, consumes: ['multipart/form-data'], params: z.strictObject({ id: z.uuid() }), description: 'multipart fields: `name`, `file` (avatar)', response: { 200: dataResponse(tenant) } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const { fields, image } = await readImageForm(req);
      const body = parseFormFields(tenantUpdateFields, fields);
      const key = image ? await deps.files.put(image.buf, image.type) : undefined;
      const data = await runMutation(deps.db, req, (tx, record) => updateTenant(tx, actorOf(req.ctx), merchantId, req.params.id, { name: body.name, avatar: key }, record));
      return { data };
    },
  );

  app.get(
    '/merchant/service-manager/tenant-service',
    { config: { access: tenantAccess('VIEW_TENANT_SERVICES') }, schema: { operationId: 'getTenantServices', summary: 'Get the services enabled for the tenant', tags: tenantTags, response: { 200: dataResponse(tenantServices) } } },
    async (req) => ({ data: await getTenantServices(deps.db, tenantScope(req.ctx)) }),
  );

  app.post(
    '/merchant/service-manager/tenant-service',
    {
      config: { access: merchantAccess('UPDATE_TENANT'), audit: 'TENANT_SERVICES_UPDATE' },
      schema: {
        operationId: 'updateTenantServices',
        summary: 'Enable or disable the tenant\'s services',
        tags: tenantTags,
        description:
          'Enables or disables the OA, ZNS, mini-app and multi-team services of the tenant named by x-tenant-id. Switching a service off while its work is in flight (ZNS: campaigns waiting for review, scheduled or sending, template requests in review; OA: broadcasts in review, scheduled or being sent, contents in review or being published; mini app: gift-code batches generating) answers 409 SERVICE_IN_USE with details.items (service, kind, id, name, status) and changes nothing. Multi-team has nothing in flight: teams and quotas are kept while it is off.',
        body: tenantServicesBody,
        response: { 200: dataResponse(tenantServices), 409: errorResponse.describe(`SERVICE_IN_USE: details.items lists each blocker ${JSON.stringify(Object.keys(serviceBlocker.shape))}`) },
      },
    },
    async (req) => {
      if (!req.ctx.tenantId) throw fieldError('x-tenant-id', 'A tenant must be selected', 'required');
      const scope = tenantScope(req.ctx);
      const { oaService, znsService, isMiniAppEnabled, isMultiTeam } = req.body;
      const patch = Object.fromEntries(Object.entries({ oaService, znsService, isMiniAppEnabled, isMultiTeam }).filter(([, v]) => v !== undefined));
      const data = await runMutation(deps.db, req, (tx, record) => updateTenantServices(tx, actorOf(req.ctx), scope, patch, record));
      return { data };
    },
  );
  app.patch(
    '/merchant/tenant/:id/settings',
    {
      config: { access: merchantAccess('UPDATE_TENANT'), audit: 'TENANT_SETTINGS_UPDATE' },
      schema: {
        operationId: 'updateTenantSettings',
        summary: 'Change a tenant\'s time zone or industry',
        tags: tenantTags,
        description: 'The general settings tab: timeZone (IANA name; statements are cut at its month ends) and industry (§3, null clears it).',
        params: z.strictObject({ id: z.uuid() }),
        body: tenantSettingsBody,
        response: { 200: dataResponse(tenant) },
      },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const data = await runMutation(deps.db, req, (tx, record) => updateTenantSettings(tx, actorOf(req.ctx), merchantId, req.params.id, req.body, record));
      return { data };
    },
  );

  app.get(
    '/merchant/tenant-settings/tags',
    {
      config: { access: tenantAccess('UPDATE_ZALO_OA_USER', 'oaService') },
      schema: { operationId: 'listTenantTags', summary: 'List the follower labels of the tenant\'s OAs', tags: tenantTags, description: 'Each label of each OA (Zalo gettagsofoa with the labels synced followers carry) and how many synced followers carry it; OAs Zalo did not answer for are named in `unreachable`.', response: { 200: tenantTagsResponse } },
    },
    async (req) => listTenantTags(deps.db, deps.zalo, actorOf(req.ctx), tenantScope(req.ctx)),
  );

  app.delete(
    '/merchant/tenant-settings/tags',
    {
      config: { access: tenantAccess('UPDATE_ZALO_OA_USER', 'oaService'), audit: 'OA_TAG_DELETE' },
      schema: {
        operationId: 'deleteTenantTag',
        summary: 'Delete a follower label of an OA',
        tags: tenantTags,
        description: 'Removes the label on Zalo (rmtag: every follower loses it), then from the synced followers. 404 for another tenant\'s OA; ZALO_REJECTED when Zalo refuses (e.g. an unknown label).',
        querystring: deleteTenantTagBody,
        response: { 200: dataResponse(z.object({ followers: z.number().int() })) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const oa = await tagDeletionTarget(deps.db, scope, req.query.zaloOaId);
      await deleteTagOnZalo(deps.zalo, oa.id, req.query.tagName);
      const data = await runMutation(deps.db, req, (tx, record) => forgetTenantTag(tx, scope, oa, req.query.tagName, record));
      return { data };
    },
  );
}
