import { describe, expect, it } from 'vitest';
import type { MenuNode } from './menu-model';
import { badgeCount } from './menu-badges';

// The §2.2 "My tasks" group as the menu model describes it (the module itself comes with a later issue).
const myTask: MenuNode = {
  key: 'my-task',
  labelKey: 'menu.myTasks',
  children: [
    { key: 'task-requests', labelKey: 'menu.requests', path: '/tenant/my-task/requests?tenantId=t1', badge: 'requests' },
    { key: 'task-tickets', labelKey: 'menu.tickets', path: '/tenant/my-task/tickets?tenantId=t1', badge: 'tickets' },
  ],
};

describe('menu badges (§2.2 unread counts)', () => {
  it('counts the unread requests and tickets on their items and sums them on the My tasks group', () => {
    const counts = { requests: 3, tickets: 2 };
    const byKey = Object.fromEntries((myTask.children ?? []).map((c) => [c.key, badgeCount(c, counts)]));
    expect(byKey).toEqual({ 'task-requests': 3, 'task-tickets': 2 });
    expect(badgeCount(myTask, counts)).toBe(5);
  });

  it('draws nothing without data, for zero or less, or for an item without a badge', () => {
    expect(badgeCount(myTask, {})).toBe(0);
    expect(badgeCount(myTask, { requests: 0, tickets: -1 })).toBe(0);
    expect(badgeCount({ key: 'dashboard', path: '/dashboard' }, { requests: 4 })).toBe(0);
  });
});
