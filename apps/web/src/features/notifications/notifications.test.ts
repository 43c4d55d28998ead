import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import vi from '../../locales/vi/notifications.json';
import { NOTIFICATION_KINDS } from '@zc/shared/api/notifications';
import { notificationTarget } from './notification-target';
import { notificationText } from './notification-text';

const TENANT = '11111111-1111-4111-8111-111111111111';
const base = { idTask: null, referenceId: null, referenceType: null, tenantId: TENANT };

describe('notificationTarget (§4 click rule)', () => {
  it('routes a task to its request, a ticket to its ticket, a template, the OA settings and the wallet', () => {
    expect(notificationTarget({ ...base, idTask: 'task-1', referenceType: 'CAMPAIGN', referenceId: 'c1' })).toBe(`/tenant/my-task/requests/task-1?tenantId=${TENANT}`);
    expect(notificationTarget({ ...base, referenceType: 'TICKET', referenceId: 't1' })).toBe(`/tenant/my-task/tickets/t1?tenantId=${TENANT}`);
    expect(notificationTarget({ ...base, referenceType: 'TEMPLATE', referenceId: 'tpl' })).toBe(`/tenant/zns-service/template-management?tenantId=${TENANT}`);
    expect(notificationTarget({ ...base, referenceType: 'ZALO_OA', referenceId: 'oa' })).toBe(`/tenant/zalo-oa/setting?tenantId=${TENANT}`);
    expect(notificationTarget({ ...base, referenceType: 'WALLET', referenceId: 'w' })).toBe('/dashboard/billing');
    expect(notificationTarget({ ...base, tenantId: null, referenceType: 'CONTENT' })).toBe('/systemmessage');
    expect(notificationTarget({ ...base, referenceType: 'CONTENT', referenceId: 'x' })).toBe(`/tenant?tenantId=${TENANT}`);
  });
});

describe('notificationText', () => {
  const t = ((key: string, values?: Record<string, string>) => `${key}${values?.name ? `(${values.name})` : ''}`) as unknown as TFunction<'notifications'>;
  it('builds the sentence of a known kind around the stored subject; an unknown kind shows the stored text', () => {
    expect(notificationText(t, { type: 'TASK_WAITING', name: 'Tết', description: 'note' })).toEqual({ title: 'kinds.TASK_WAITING.title(Tết)', detail: 'note' });
    expect(notificationText(t, { type: 'WALLET_LOW_BALANCE', name: 'Shop', description: 'Balance 1 VND is below the threshold 2 VND' })).toEqual({ title: 'kinds.WALLET_LOW_BALANCE.title(Shop)', detail: 'kinds.WALLET_LOW_BALANCE.detail' });
    expect(notificationText(t, { type: 'LEGACY', name: 'Stored', description: null })).toEqual({ title: 'Stored', detail: null });
  });
  it('every kind has a label and a title in the locale', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const k = (vi.kinds as Record<string, { label?: string; title?: string }>)[kind];
      expect(k?.label, kind).toBeTruthy();
      expect(k?.title, kind).toContain('{{name}}');
    }
  });
});
