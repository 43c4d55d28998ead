import { describe, expect, it } from 'vitest';
import type { ServiceBlocker } from '@zc/shared/api/settings';
import { ApiError } from '../../../lib/api-client';
import { blockerLink, groupBlockers, SERVICE_MENU_ITEMS, SERVICE_ORDER, serviceBlockersOf, timeZoneOptions, utcOffsetLabel } from './services';

const blocker = (over: Partial<ServiceBlocker>): ServiceBlocker => ({ service: 'znsService', kind: 'ZNS_CAMPAIGN', id: 'c1', name: 'Tri ân', status: 'RUNNING', ...over });

describe('services tab rules', () => {
  it('reads the blockers of a 409 SERVICE_IN_USE answer and nothing else', () => {
    const items = [blocker({}), blocker({ kind: 'ZNS_TEMPLATE', id: 't1', status: 'SUBMITTED' })];
    const err = new ApiError(409, { error: { code: 'SERVICE_IN_USE', message: 'x', details: { items } } });
    expect(serviceBlockersOf(err)).toEqual(items);
    expect(serviceBlockersOf(new ApiError(409, { error: { code: 'SERVICE_IN_USE', message: 'x' } }))).toEqual([]);
    expect(serviceBlockersOf(new ApiError(403, { error: { code: 'FORBIDDEN', message: 'x' } }))).toBeNull();
    expect(serviceBlockersOf(new Error('boom'))).toBeNull();
    const junk = new ApiError(409, { error: { code: 'SERVICE_IN_USE', message: 'x', details: { items: [null, 3, { id: 1 }, items[0]] } } });
    expect(serviceBlockersOf(junk)).toEqual([items[0]]);
  });

  it('groups blockers by kind in arrival order', () => {
    const g = groupBlockers([blocker({ id: '1' }), blocker({ kind: 'ZNS_TEMPLATE', id: '2' }), blocker({ id: '3' })]);
    expect(g.map((x) => [x.kind, x.items.map((i) => i.id)])).toEqual([
      ['ZNS_CAMPAIGN', ['1', '3']],
      ['ZNS_TEMPLATE', ['2']],
    ]);
  });

  it('links each blocker to the page where it is finished or cancelled, with the tenant', () => {
    expect(blockerLink(blocker({ id: 'abc' }), 't9')?.href).toBe('/tenant/zns-service/campaign/abc?tenantId=t9');
    expect(blockerLink(blocker({ kind: 'OA_BROADCAST', id: 'b1' }), 't9')?.href).toBe('/tenant/zalo-oa/broadcast/b1?tenantId=t9');
    expect(blockerLink(blocker({ kind: 'OA_CONTENT' }), 't9')?.href).toBe('/tenant/zalo-oa/content?tenantId=t9');
    expect(blockerLink(blocker({ kind: 'ZMA_CODE_BATCH' }), 't9')).toBeNull();
  });

  it('names the menu items of every service (§2.2)', () => {
    for (const s of SERVICE_ORDER) expect(SERVICE_MENU_ITEMS[s].length).toBeGreaterThan(0);
  });

  it('offers the current time zone even when the platform does not list it, and labels offsets', () => {
    expect(timeZoneOptions('Asia/Saigon', ['Asia/Bangkok'])).toEqual(['Asia/Saigon', 'Asia/Bangkok']);
    expect(timeZoneOptions('Asia/Bangkok', ['Asia/Bangkok'])).toEqual(['Asia/Bangkok']);
    expect(utcOffsetLabel('Asia/Ho_Chi_Minh')).toBe('UTC+07:00');
    expect(utcOffsetLabel('UTC')).toBe('UTC+00:00');
    expect(utcOffsetLabel('Not/AZone')).toBe('UTC');
  });
});
