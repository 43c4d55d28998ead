import { z } from 'zod';
import { dataResponse, idParam, listResponse } from '@zc/shared/api/common';
import { updateTenantBalanceBody, walletBalance, walletHistoryEntry, walletHistoryQuery, walletUser } from '@zc/shared/api/wallet';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { merchantAccess, requireMerchant, tenantAccess } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { actorOf } from '../../platform/policy';
import { tenantScope } from '../../platform/tenant-scope';
import { runMutation } from '../../platform/mutation';
import { paged } from '../../platform/pagination';
import { availableReceivers, merchantBalance, merchantHistory, tenantBalance, tenantHistory, updateTenantBalance } from './service';

const tags = ['Wallets'];

/** §7 Tenants and wallet / Merchants billing: balances, ledgers and the §5 wallet edit. */
export function registerWalletRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/billing/merchant-balance',
    { config: { access: merchantAccess('VIEW_MERCHANT_BILLING_BALANCE') }, schema: { operationId: 'getMerchantBalance', summary: 'Get the organisation\'s balance', tags, response: { 200: dataResponse(walletBalance) } } },
    async (req) => ({ data: await merchantBalance(deps.db, requireMerchant(req.ctx), actorOf(req.ctx)) }),
  );

  app.get(
    '/merchant/billing/merchant-balance-history',
    { config: { access: merchantAccess('VIEW_MERCHANT_BILLING_BALANCE') }, schema: { operationId: 'listMerchantBalanceHistory', summary: 'List the organisation\'s balance history', tags, querystring: walletHistoryQuery, response: { 200: listResponse(walletHistoryEntry) } } },
    async (req) => {
      const r = await merchantHistory(deps.db, requireMerchant(req.ctx), req.query);
      return paged(r.items, r.total, req.query);
    },
  );

  app.get(
    '/merchant/billing/tenant-balance',
    { config: { access: tenantAccess('VIEW_TENANT_BILLING_BALANCE') }, schema: { operationId: 'getTenantBalance', summary: 'Get the tenant\'s wallet', tags, response: { 200: dataResponse(walletBalance) } } },
    async (req) => ({ data: await tenantBalance(deps.db, tenantScope(req.ctx), actorOf(req.ctx)) }),
  );

  app.get(
    '/merchant/billing/tenant-balance-history',
    { config: { access: tenantAccess('VIEW_TENANT_BILLING_BALANCE') }, schema: { operationId: 'listTenantBalanceHistory', summary: 'List the tenant\'s wallet history', tags, querystring: walletHistoryQuery, response: { 200: listResponse(walletHistoryEntry) } } },
    async (req) => {
      const r = await tenantHistory(deps.db, tenantScope(req.ctx), req.query);
      return paged(r.items, r.total, req.query);
    },
  );

  app.get(
    '/merchant/billing/available-tenant-receiver/:id',
    {
      config: { access: merchantAccess('UPDATE_TENANT_BILLING_BALANCE') },
      schema: { operationId: 'listTenantBalanceReceivers', summary: 'List who may receive a tenant\'s low-balance alerts', tags, description: 'Users who can open tenant {id} and may therefore receive its low-balance alerts.', params: idParam, response: { 200: dataResponse(z.array(walletUser)) } },
    },
    async (req) => ({ data: await availableReceivers(deps.db, requireMerchant(req.ctx), req.params.id) }),
  );

  app.post(
    '/merchant/billing/update-tenant-balance',
    {
      config: { access: merchantAccess('UPDATE_TENANT_BILLING_BALANCE'), audit: 'WALLET_UPDATE_TENANT_BALANCE' },
      schema: {
        operationId: 'updateTenantBalance',
        summary: 'Update the tenant\'s wallet',
        tags,
        description:
          'Edits the wallet of the tenant named by x-tenant-id: replaces mode, threshold and receivers and applies `billingBalance` as one ADD or SUB ledger entry (0 = settings only). SUB above the balance → 400 on `billingBalance`.',
        body: updateTenantBalanceBody,
        response: { 200: dataResponse(walletBalance) },
      },
    },
    async (req) => {
      const tenantId = req.ctx.tenantId;
      if (!tenantId) throw fieldError('x-tenant-id', 'A tenant must be selected', 'required');
      const merchantId = requireMerchant(req.ctx);
      const actor = actorOf(req.ctx);
      const wallet = await runMutation(deps.db, req, async (tx, record) => {
        const r = await updateTenantBalance(tx, { merchantId, tenantId, actor, body: req.body });
        await record({ tenantId, targetType: 'wallet', targetId: r.wallet.id, before: r.before, after: r.after });
        return r.wallet;
      });
      return { data: wallet };
    },
  );
}
