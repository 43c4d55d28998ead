import { z } from 'zod';
import { dataResponse, idParam } from '@zc/shared/api/common';
import {
  markAllViewedBody,
  markAllViewedResult,
  notification,
  notificationList,
  notificationPreference,
  notificationQuery,
  updateNotificationBody,
  updateNotificationPreferencesBody,
} from '@zc/shared/api/notifications';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { authenticated, merchantAccess, requireMerchant, requireUser, tenantAccess } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { runMutation } from '../../platform/mutation';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { presentNotification } from './presenter';
import { listForUser, markAllAsViewed, markViewed, preferencesOf, setPreferences } from './service';

const tags = ['Notifications'];

/** §7 Audit and notifications: the caller's own notifications (organisation-wide or one tenant), marking viewed, per-kind delivery choices. */
export function registerNotificationRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/notification/getList/by-merchant',
    {
      config: { access: merchantAccess() },
      schema: { operationId: 'listMerchantNotifications', summary: 'List the caller\'s notifications in the organisation', tags, description: "The caller's notifications in the organisation (every tenant and the organisation's own), newest first; `meta.totalNew` counts the unread ones.", querystring: notificationQuery, response: { 200: notificationList } },
    },
    async (req) => {
      const q = req.query;
      const r = await listForUser(deps.db, { userId: requireUser(req.ctx).id, merchantId: requireMerchant(req.ctx) }, q);
      return { data: r.rows.map(presentNotification), meta: { total: r.total, totalNew: r.totalNew, page: q.page, size: q.size } };
    },
  );

  app.get(
    '/merchant/notification/getList/by-tenant',
    {
      config: { access: tenantAccess('VIEW_TENANT_NOTIFICATION') },
      schema: { operationId: 'listTenantNotifications', summary: 'List the caller\'s notifications in the tenant', tags, description: "The caller's notifications in the current tenant (x-tenant-id), newest first; `meta.totalNew` counts the unread ones.", querystring: notificationQuery, response: { 200: notificationList } },
    },
    async (req) => {
      const q = req.query;
      const tenantId = scopedTenantId(tenantScope(req.ctx));
      const r = await listForUser(deps.db, { userId: requireUser(req.ctx).id, merchantId: requireMerchant(req.ctx), tenantId }, q);
      return { data: r.rows.map(presentNotification), meta: { total: r.total, totalNew: r.totalNew, page: q.page, size: q.size } };
    },
  );

  app.post(
    '/merchant/notification/mark-all-viewed',
    {
      config: { access: merchantAccess(), audit: 'NOTIFICATION_VIEW' },
      schema: { operationId: 'markAllNotificationsViewed', summary: 'Mark all the caller\'s notifications viewed', tags, description: "Marks the caller's new notifications of the organisation viewed, or only the current tenant's (`tenantOnly`, with x-tenant-id).", body: markAllViewedBody, response: { 200: dataResponse(markAllViewedResult) } },
    },
    async (req) => {
      const userId = requireUser(req.ctx).id;
      const merchantId = requireMerchant(req.ctx);
      if (req.body.tenantOnly && !req.ctx.tenantId) throw fieldError('tenantOnly', 'tenantOnly needs the x-tenant-id header');
      const tenantId = req.body.tenantOnly ? (req.ctx.tenantId ?? undefined) : undefined;
      const updated = await runMutation(deps.db, req, async (tx, record) => {
        const n = await markAllAsViewed(tx, { userId, merchantId, tenantId });
        await record({ tenantId: tenantId ?? null, targetType: 'notification', targetId: null, after: { status: 'viewed', count: n, tenantOnly: req.body.tenantOnly } });
        return n;
      });
      return { data: { updated } };
    },
  );

  app.patch(
    '/merchant/notification/:id',
    {
      config: { access: merchantAccess(), audit: 'NOTIFICATION_VIEW' },
      schema: { operationId: 'markNotificationViewed', summary: 'Mark a notification viewed', tags, description: "Marks one of the caller's notifications viewed; anyone else's answers 404.", params: idParam, body: updateNotificationBody, response: { 200: dataResponse(z.object({ id: z.string(), status: notification.shape.status })) } },
    },
    async (req) => {
      const userId = requireUser(req.ctx).id;
      const merchantId = requireMerchant(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const before = await markViewed(tx, userId, merchantId, req.params.id);
        await record({ tenantId: before.tenantId, targetType: 'notification', targetId: before.id, before: { status: before.status }, after: { status: 'viewed' } });
      });
      return { data: { id: req.params.id, status: 'viewed' as const } };
    },
  );

  app.get(
    '/merchant/notification/preferences',
    {
      config: { access: authenticated },
      schema: { operationId: 'getNotificationPreferences', summary: 'Get the caller\'s notification preferences', tags, description: "The caller's delivery choice (in-app, email) for every notification kind; a kind never chosen shows its default.", response: { 200: dataResponse(z.array(notificationPreference)) } },
    },
    async (req) => ({ data: await preferencesOf(deps.db, requireUser(req.ctx).id) }),
  );

  app.put(
    '/merchant/notification/preferences',
    {
      config: { access: authenticated, audit: 'NOTIFICATION_PREFERENCES_UPDATE' },
      schema: { operationId: 'updateNotificationPreferences', summary: 'Set the caller\'s notification preferences', tags, description: 'Sets the delivery choice of the kinds named; the others keep theirs. Answers every kind.', body: updateNotificationPreferencesBody, response: { 200: dataResponse(z.array(notificationPreference)) } },
    },
    async (req) => {
      const userId = requireUser(req.ctx).id;
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await setPreferences(tx, userId, req.body.preferences);
        await record({ merchantId: null, tenantId: null, targetType: 'notification_preferences', targetId: userId, before: { preferences: before }, after: { preferences: after } });
        return after;
      });
      return { data };
    },
  );
}
