import { z } from 'zod';
import { checkEuResponse } from '@zc/shared/api/auth';
import { dataResponse, listResponse, pageQuery } from '@zc/shared/api/common';
import { merchant, merchantRoleItem } from '@zc/shared/api/organisation';
import { MERCHANT_ROLE_PERMISSIONS, MERCHANT_ROLES } from '@zc/shared/permissions';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { authenticated, merchantAccess, requireMerchant, requireUser } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { parseFormFields, readImageForm } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { paged, offsetOf } from '../../platform/pagination';
import { countOrganisationsOfUser, findEndUserHome, getMerchantOfUser, listMerchantsOfUser, updateOrganisationAvatar } from './service';

const tags = ['Merchants'];

/** Organisation (merchant) routes of §7 Merchants and Tenants. */
export function registerMerchantRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get('/merchant/merchant/by-user', { config: { access: authenticated }, schema: { tags, response: { 200: dataResponse(z.array(merchant)) } } }, async (req) => ({
    data: await listMerchantsOfUser(deps.db, requireUser(req.ctx).id),
  }));

  app.get('/merchant/tenant/list-by-user', { config: { access: authenticated }, schema: { tags, response: { 200: dataResponse(z.array(merchant)) } } }, async (req) => ({
    data: await listMerchantsOfUser(deps.db, requireUser(req.ctx).id),
  }));

  app.get(
    '/merchant/merchant/pagination/by-user',
    { config: { access: authenticated }, schema: { tags, querystring: pageQuery, response: { 200: listResponse(merchant) } } },
    async (req) => {
      const userId = requireUser(req.ctx).id;
      const rows = await listMerchantsOfUser(deps.db, userId, { limit: req.query.size, offset: offsetOf(req.query) });
      return paged(rows, await countOrganisationsOfUser(deps.db, userId), req.query);
    },
  );

  app.get(
    '/merchant/merchant/check-eu-by-user',
    { config: { access: authenticated }, schema: { tags, response: { 200: checkEuResponse } } },
    async (req) => ({ data: await findEndUserHome(deps.db, requireUser(req.ctx).id) }),
  );

  app.get(
    '/merchant/merchant/:id',
    { config: { access: authenticated }, schema: { tags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(merchant) } } },
    async (req) => ({ data: await getMerchantOfUser(deps.db, requireUser(req.ctx).id, req.params.id) }),
  );

  app.get(
    '/merchant/merchant-role',
    { config: { access: merchantAccess('VIEW_USER') }, schema: { tags, response: { 200: dataResponse(z.array(merchantRoleItem)) } } },
    async () => ({ data: MERCHANT_ROLES.map((name) => ({ name, permissions: [...MERCHANT_ROLE_PERMISSIONS[name]] })) }),
  );

  app.patch(
    '/merchant/merchant/updateAvatar',
    {
      config: { access: merchantAccess('UPDATE_MERCHANT'), audit: 'MERCHANT_UPDATE_AVATAR' },
      schema: { tags, consumes: ['multipart/form-data'], description: 'multipart field `file`: JPG or PNG, at most 5 MB', response: { 200: dataResponse(merchant) } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const { image, fields } = await readImageForm(req);
      parseFormFields(z.strictObject({}), fields);
      if (!image) throw fieldError('file', 'An image is required', 'required');
      const key = await deps.files.put(image.buf, image.type);
      await runMutation(deps.db, req, (tx, record) => updateOrganisationAvatar(tx, merchantId, key, record));
      return { data: await getMerchantOfUser(deps.db, requireUser(req.ctx).id, merchantId) };
    },
  );
}
