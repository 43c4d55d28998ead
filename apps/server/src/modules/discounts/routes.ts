import { dataResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import { discount, discountInput, discountListQuery, merchantDiscountListQuery } from '@zc/shared/api/discounts';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { merchantAccess, requireMerchant, tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { createDiscount, deleteDiscount, listMerchantDiscounts, listTenantDiscounts, updateDiscount } from './service';

const tags = ['Discounts'];
const RULES =
  'A discount targets a template kind (targetKind TEMPLATE_KIND: CUSTOM, VERIFIED, PAYMENT, VOUCHER, FEEDBACK) or a tag (TAG: TRANSACTION, CUSTOMER_CARE, PROMOTION), takes a percentage (PERCENT, 1–100, rounded half up to whole VND) or a fixed amount (AMOUNT, VND per message, floored at 0) off the list price, and is valid over [validFrom, validTo) (validTo null: open-ended). The charged price is the lowest of the wallet discount and every valid matching discount. 422 DISCOUNT_INVALID names the broken rule; 409 DISCOUNT_OVERLAP when another discount of the same target is valid in part of the period.';

/** Settings › discount (§3) and the organisation's list (§7 merchant/zns-discount/list-merchant-discount). */
export function registerDiscountRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/zns-discount/list-merchant-discount',
    {
      config: { access: merchantAccess('VIEW_MERCHANT_DISCOUNT') },
      schema: { operationId: 'listMerchantDiscounts', summary: 'List the discounts of every tenant of the organisation', tags, description: "Every tenant's discounts of the organisation named by x-merchant-id (optionally one tenant), with the tenant name.", querystring: merchantDiscountListQuery, response: { 200: listResponse(discount) } },
    },
    async (req) => {
      const r = await listMerchantDiscounts(deps.db, actorOf(req.ctx), requireMerchant(req.ctx), { tenantId: req.query.tenantId, state: req.query.state, limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.rows, r.total, req.query);
    },
  );

  app.get(
    '/merchant/zns-discount',
    { config: { access: tenantAccess('VIEW_TENANT_DISCOUNT') }, schema: { operationId: 'listDiscounts', summary: 'List the tenant\'s ZNS discounts', tags, description: `The tenant's discounts, newest period first. ${RULES}`, querystring: discountListQuery, response: { 200: listResponse(discount) } } },
    async (req) => {
      const r = await listTenantDiscounts(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { state: req.query.state, limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.rows, r.total, req.query);
    },
  );

  app.post(
    '/merchant/zns-discount',
    { config: { access: tenantAccess('CREATE_TENANT_DISCOUNT'), audit: 'ZNS_DISCOUNT_CREATE' }, schema: { operationId: 'createDiscount', summary: 'Create a ZNS discount', tags, description: RULES, body: discountInput, response: { 200: dataResponse(discount) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await createDiscount(tx, actorOf(req.ctx), scope, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zns_discount', targetId: r.row.id, after: r.audit });
        return r.view;
      });
      return { data };
    },
  );

  app.put(
    '/merchant/zns-discount/:id',
    { config: { access: tenantAccess('UPDATE_TENANT_DISCOUNT'), audit: 'ZNS_DISCOUNT_UPDATE' }, schema: { operationId: 'updateDiscount', summary: 'Replace a ZNS discount', tags, description: `Replaces the discount. ${RULES}`, params: idParam, body: discountInput, response: { 200: dataResponse(discount) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await updateDiscount(tx, actorOf(req.ctx), scope, req.params.id, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zns_discount', targetId: req.params.id, before: r.before, after: r.after });
        return r.view;
      });
      return { data };
    },
  );

  app.delete(
    '/merchant/zns-discount/:id',
    { config: { access: tenantAccess('DELETE_TENANT_DISCOUNT'), audit: 'ZNS_DISCOUNT_DELETE' }, schema: { operationId: 'deleteDiscount', summary: 'Delete a ZNS discount', tags, description: 'Deletes the discount; messages already sent keep the price they were charged.', params: idParam, response: { 200: okResponse } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const r = await deleteDiscount(tx, scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zns_discount', targetId: req.params.id, before: r.before });
      });
      return { data: { ok: true as const } };
    },
  );
}
