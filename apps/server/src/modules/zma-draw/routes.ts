import { dataResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import {
  affiliateCampaign,
  affiliateCampaignBody,
  affiliateListQuery,
  createDrawBody,
  draw,
  drawListQuery,
  grantTurnsBody,
  grantTurnsParams,
  zaloUserParams,
  grantTurnsResult,
  referral,
  referralListQuery,
  rule,
  ruleBody,
  ruleListQuery,
  ruleTestBody,
  ruleTestResult,
  spinParams,
  spinResult,
  updateAffiliateCampaignBody,
  updateDrawBody,
  updateRuleBody,
} from '@zc/shared/api/zma-draw';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { publicAccess, requireTenant, requireZmaApp, zmaAccess, type RequestCtx } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { createCustomerTokens, findCustomerByZaloUserId, requireCustomer } from '../zma-customers/service';
import { requireZmaApiKey, zmaApiKeyOnRequest, zmaApiRateLimit } from '../mini-apps/service';
import { notFound } from '../../platform/errors';
import {
  createCampaign,
  createDraw,
  createRule,
  deleteCampaign,
  deleteDraw,
  deleteRule,
  getCampaign,
  getDraw,
  getRule,
  grantTurns,
  listCampaigns,
  listDraws,
  listReferrals,
  listRules,
  spin,
  testRules,
  updateCampaign,
  updateDraw,
  updateRule,
  type ZmaActor,
} from './service';

const tags = ['Mini app'];
const M = '/zma/merchant';

function actorOf(ctx: RequestCtx): ZmaActor {
  return { zmaAppId: requireZmaApp(ctx), tenantId: requireTenant(ctx), userId: ctx.user?.id ?? null };
}

const paged = <T>(data: T[], total: number, q: { page: number; pageSize: number }) => ({ data, meta: { total, page: q.page, size: q.pageSize } });

/** Lucky draws, rules and the rule tester, spins, affiliate campaigns, granted turns (issue 14 #6, #7; ADR 0022). */
export function registerZmaDrawRoutes(app: ZodApp, deps: ModuleDeps): void {
  const tokens = createCustomerTokens(deps.config.appSecret);

  // ------------------------------------------------------------ draws
  app.get(
    `${M}/lucky-draw`,
    {
      config: { access: zmaAccess('VIEW_ZMA_GAME') },
      schema: { operationId: 'listZmaDraws', summary: 'List the lucky draws', tags, description: 'Draws of the mini app (x-zma-id) with their prizes, branches and counts of spins and winners.', querystring: drawListQuery, response: { 200: listResponse(draw) } },
    },
    async (req) => {
      const r = await listDraws(deps.db, requireZmaApp(req.ctx), req.query);
      return paged(r.data, r.total, req.query);
    },
  );

  app.post(
    `${M}/lucky-draw`,
    {
      config: { access: zmaAccess('CREATE_ZMA_GAME'), audit: 'ZMA_DRAW_CREATE' },
      schema: {
        operationId: 'createZmaDraw',
        summary: 'Create a lucky draw',
        tags,
        description: '2–12 prizes; probabilities in parts per million summing to exactly 1,000,000 (else 422 ZMA_DRAW_INVALID naming body.prizes); negative stock → 422 naming body.prizes.N.stock; a gift must be an ACTIVE gift of this mini app.',
        body: createDrawBody,
        response: { 200: dataResponse(draw) },
      },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const created = await createDraw(tx, actor, req.body);
        await record({ tenantId: actor.tenantId, targetType: 'zma_draw', targetId: created.id, after: created });
        return created;
      });
      return { data };
    },
  );

  app.get(
    `${M}/lucky-draw/:id`,
    {
      config: { access: zmaAccess('VIEW_ZMA_GAME') },
      schema: { operationId: 'getZmaDraw', summary: 'A lucky draw', tags, description: 'One draw of the mini app; another app\'s id answers 404.', params: idParam, response: { 200: dataResponse(draw) } },
    },
    async (req) => ({ data: await getDraw(deps.db, requireZmaApp(req.ctx), req.params.id) }),
  );

  app.patch(
    `${M}/lucky-draw/:id`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_GAME'), audit: 'ZMA_DRAW_UPDATE' },
      schema: {
        operationId: 'updateZmaDraw',
        summary: 'Update a lucky draw',
        tags,
        description: '`prizes`, when given, replaces the wheel: a prize named by `id` keeps its `won` and its stock may not go below it (422 naming body.prizes.N.stock).',
        params: idParam,
        body: updateDrawBody,
        response: { 200: dataResponse(draw) },
      },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await updateDraw(tx, actor, req.params.id, req.body);
        await record({ tenantId: actor.tenantId, targetType: 'zma_draw', targetId: after.id, before, after });
        return after;
      });
      return { data };
    },
  );

  app.delete(
    `${M}/lucky-draw/:id`,
    {
      config: { access: zmaAccess('DELETE_ZMA_GAME'), audit: 'ZMA_DRAW_DELETE' },
      schema: { operationId: 'deleteZmaDraw', summary: 'Delete a lucky draw', tags, description: 'Deletes the draw with its prizes, rules and spin counters; codes already won stay with their customers.', params: idParam, response: { 200: okResponse } },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const before = await deleteDraw(tx, actor, req.params.id);
        await record({ tenantId: actor.tenantId, targetType: 'zma_draw', targetId: before.id, before });
      });
      return { data: { ok: true as const } };
    },
  );

  // ------------------------------------------------------------ rules
  app.get(
    `${M}/rule`,
    {
      config: { access: zmaAccess('VIEW_ZMA_GAME') },
      schema: { operationId: 'listZmaRules', summary: 'List the play rules', tags, description: 'Rules of the mini app (drawId null = every draw); meaning of each condition type in ADR 0022.', querystring: ruleListQuery, response: { 200: listResponse(rule) } },
    },
    async (req) => {
      const data = await listRules(deps.db, requireZmaApp(req.ctx), req.query.drawId);
      return { data, meta: { total: data.length } };
    },
  );

  app.post(
    `${M}/rule/test`,
    {
      config: { access: zmaAccess('VIEW_ZMA_GAME'), audit: { none: 'the rule tester only reads' } },
      schema: {
        operationId: 'testZmaRules',
        summary: 'Test the rules for a customer',
        tags,
        description: 'May this customer play this draw now (or at `at`), how many turns are left, and why not (reasons with the rule at fault).',
        body: ruleTestBody,
        response: { 200: dataResponse(ruleTestResult) },
      },
    },
    async (req) => ({ data: await testRules(deps.db, requireZmaApp(req.ctx), req.body) }),
  );

  app.post(
    `${M}/rule`,
    {
      config: { access: zmaAccess('CREATE_ZMA_GAME'), audit: 'ZMA_RULE_CREATE' },
      schema: { operationId: 'createZmaRule', summary: 'Create a play rule', tags, description: 'GAME_RESULT and GIFT_USAGE need value ≥ 1 (422 ZMA_DRAW_INVALID naming body.value); drawId must be a draw of this mini app.', body: ruleBody, response: { 200: dataResponse(rule) } },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const created = await createRule(tx, actor, req.body);
        await record({ tenantId: actor.tenantId, targetType: 'zma_rule', targetId: created.id, after: created });
        return created;
      });
      return { data };
    },
  );

  app.get(
    `${M}/rule/:id`,
    {
      config: { access: zmaAccess('VIEW_ZMA_GAME') },
      schema: { operationId: 'getZmaRule', summary: 'A play rule', tags, description: 'One rule of the mini app.', params: idParam, response: { 200: dataResponse(rule) } },
    },
    async (req) => ({ data: await getRule(deps.db, requireZmaApp(req.ctx), req.params.id) }),
  );

  app.patch(
    `${M}/rule/:id`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_GAME'), audit: 'ZMA_RULE_UPDATE' },
      schema: { operationId: 'updateZmaRule', summary: 'Update a play rule', tags, description: 'Any field of the rule.', params: idParam, body: updateRuleBody, response: { 200: dataResponse(rule) } },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await updateRule(tx, actor, req.params.id, req.body);
        await record({ tenantId: actor.tenantId, targetType: 'zma_rule', targetId: after.id, before, after });
        return after;
      });
      return { data };
    },
  );

  app.delete(
    `${M}/rule/:id`,
    {
      config: { access: zmaAccess('DELETE_ZMA_GAME'), audit: 'ZMA_RULE_DELETE' },
      schema: { operationId: 'deleteZmaRule', summary: 'Delete a play rule', tags, description: 'Deletes the rule.', params: idParam, response: { 200: okResponse } },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const before = await deleteRule(tx, actor, req.params.id);
        await record({ tenantId: actor.tenantId, targetType: 'zma_rule', targetId: before.id, before });
      });
      return { data: { ok: true as const } };
    },
  );

  // ------------------------------------------------------------ affiliate campaigns
  app.get(
    `${M}/affiliate-campaign`,
    {
      config: { access: zmaAccess('VIEW_ZMA_GAME') },
      schema: { operationId: 'listZmaAffiliateCampaigns', summary: 'List the affiliate campaigns', tags, description: 'Referral campaigns with counts of referrals (total, rewarded, rejected).', querystring: affiliateListQuery, response: { 200: listResponse(affiliateCampaign) } },
    },
    async (req) => {
      const r = await listCampaigns(deps.db, requireZmaApp(req.ctx), req.query);
      return paged(r.data, r.total, req.query);
    },
  );

  app.post(
    `${M}/affiliate-campaign`,
    {
      config: { access: zmaAccess('CREATE_ZMA_GAME'), audit: 'ZMA_AFFILIATE_CREATE' },
      schema: { operationId: 'createZmaAffiliateCampaign', summary: 'Create an affiliate campaign', tags, description: 'Rewards per referral: bonus turns and/or an ACTIVE gift of this mini app for the referrer, welcome turns for the new customer.', body: affiliateCampaignBody, response: { 200: dataResponse(affiliateCampaign) } },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const created = await createCampaign(tx, actor, req.body);
        await record({ tenantId: actor.tenantId, targetType: 'zma_affiliate_campaign', targetId: created.id, after: created });
        return created;
      });
      return { data };
    },
  );

  app.get(
    `${M}/affiliate-campaign/:id`,
    {
      config: { access: zmaAccess('VIEW_ZMA_GAME') },
      schema: { operationId: 'getZmaAffiliateCampaign', summary: 'An affiliate campaign', tags, description: 'One campaign of the mini app.', params: idParam, response: { 200: dataResponse(affiliateCampaign) } },
    },
    async (req) => ({ data: await getCampaign(deps.db, requireZmaApp(req.ctx), req.params.id) }),
  );

  app.patch(
    `${M}/affiliate-campaign/:id`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_GAME'), audit: 'ZMA_AFFILIATE_UPDATE' },
      schema: { operationId: 'updateZmaAffiliateCampaign', summary: 'Update an affiliate campaign', tags, description: 'Any field of the campaign.', params: idParam, body: updateAffiliateCampaignBody, response: { 200: dataResponse(affiliateCampaign) } },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await updateCampaign(tx, actor, req.params.id, req.body);
        await record({ tenantId: actor.tenantId, targetType: 'zma_affiliate_campaign', targetId: after.id, before, after });
        return after;
      });
      return { data };
    },
  );

  app.delete(
    `${M}/affiliate-campaign/:id`,
    {
      config: { access: zmaAccess('DELETE_ZMA_GAME'), audit: 'ZMA_AFFILIATE_DELETE' },
      schema: { operationId: 'deleteZmaAffiliateCampaign', summary: 'Delete an affiliate campaign', tags, description: 'Deletes the campaign and its referral records (turns and gifts already given stay).', params: idParam, response: { 200: okResponse } },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const before = await deleteCampaign(tx, actor, req.params.id);
        await record({ tenantId: actor.tenantId, targetType: 'zma_affiliate_campaign', targetId: before.id, before });
      });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    `${M}/affiliate-campaign/:id/referrals`,
    {
      config: { access: zmaAccess('VIEW_ZMA_GAME') },
      schema: { operationId: 'listZmaReferrals', summary: 'Referrals of a campaign', tags, description: 'Who referred whom, rewarded or rejected with the reason (SELF_REFERRAL, CAMPAIGN_CLOSED, REFERRER_LIMIT, ALREADY_KNOWN).', params: idParam, querystring: referralListQuery, response: { 200: listResponse(referral) } },
    },
    async (req) => {
      const r = await listReferrals(deps.db, requireZmaApp(req.ctx), req.params.id, req.query);
      return paged(r.data, r.total, req.query);
    },
  );

  // ------------------------------------------------------------ granted turns
  app.post(
    `${M}/customer/:customerId/turns`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_USER'), audit: 'ZMA_TURNS_GRANT' },
      schema: { operationId: 'grantZmaTurns', summary: 'Grant turns to a customer', tags, description: 'Adds 1–1000 bonus turns (spent after the period\'s turns, in any draw of the mini app).', params: grantTurnsParams, body: grantTurnsBody, response: { 200: dataResponse(grantTurnsResult) } },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await grantTurns(tx, actor, req.params.customerId, req.body.turns, req.body.note);
        await record({ tenantId: actor.tenantId, targetType: 'zma_customer', targetId: r.customerId, before: { bonusTurns: r.before }, after: { bonusTurns: r.bonusTurns, turns: req.body.turns, note: req.body.note ?? null } });
        return { customerId: r.customerId, bonusTurns: r.bonusTurns };
      });
      return { data };
    },
  );

  // ------------------------------------------------------------ the tenant's backend (mini-app API key)
  app.post(
    '/zma/v1/customers/:zaloUserId/turns',
    {
      config: { access: publicAccess, audit: { none: 'an API-key call, not a console user: the TURNS_GRANTED activity records it with the key' }, ...zmaApiRateLimit },
      onRequest: zmaApiKeyOnRequest(deps.db),
      schema: {
        operationId: 'grantZmaTurnsByApi',
        summary: 'Grant turns to a customer (backend)',
        tags,
        description:
          "The tenant's own backend (a purchase, a check-in) gives a mini-app customer 1–1000 bonus turns, naming them by Zalo's user id. Mini-app API key in `x-api-key`: 401 API_KEY_INVALID before the body is read; a Zalo user who never opened this mini app → 404.",
        params: zaloUserParams,
        body: grantTurnsBody,
        response: { 200: dataResponse(grantTurnsResult) },
      },
    },
    async (req) => {
      const caller = await requireZmaApiKey(req, deps.db);
      const customer = await findCustomerByZaloUserId(deps.db, caller.zmaAppId, req.params.zaloUserId);
      if (!customer) throw notFound();
      const actor: ZmaActor = { zmaAppId: caller.zmaAppId, tenantId: caller.tenantId, userId: null };
      const r = await deps.db.transaction((tx) => grantTurns(tx, actor, customer.id, req.body.turns, req.body.note, { apiKeyId: caller.keyId }));
      return { data: { customerId: r.customerId, bonusTurns: r.bonusTurns } };
    },
  );

  // ------------------------------------------------------------ the mini app's spin
  app.post(
    '/zma/app/draws/:drawId/spin',
    {
      config: { access: publicAccess, audit: { none: 'a customer\'s spin is recorded as zma_spins and the SPIN / GIFT_WON activity' } },
      schema: {
        operationId: 'spinZmaDraw',
        summary: 'Spin the wheel (mini app)',
        tags,
        description:
          'Customer token (Bearer). Decided on the server in one transaction: 409 ZMA_DRAW_NOT_OPEN (details.reason INACTIVE | NOT_STARTED | ENDED), 409 ZMA_PLAY_NOT_ALLOWED (details.reason WIN_LIMIT | UNUSED_GIFTS | INFO_NOT_SHARED), 409 ZMA_NO_TURNS (details.reason NO_TURNS | WEEKDAY | GENDER | INFO_NOT_SHARED, details.nextTurnsAt).',
        params: spinParams,
        response: { 200: dataResponse(spinResult) },
      },
    },
    async (req) => {
      const claims = await requireCustomer(req, tokens);
      const data = await spin(deps.db, { zmaAppId: claims.zmaAppId, tenantId: claims.tenantId, drawId: req.params.drawId, customerId: claims.customerId });
      return { data };
    },
  );
}
