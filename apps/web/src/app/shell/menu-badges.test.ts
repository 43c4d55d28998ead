import { describe, expect, it } from 'vitest';
import { MERCHANT_ROLE_PERMISSIONS } from '@zc/shared/permissions';
import { buildTenantMenu, type MenuNode, type TenantLike } from './menu-model';
import { badgeCount } from './menu-badges';

const shop: TenantLike = { id: 't1', name: 'Shop', oaService: true, znsService: true, isMiniAppEnabled: true, isMultiTeam: true };
const find = (nodes: MenuNode[], key: string): MenuNode | undefined =>
  nodes.map((n) => (n.key === key ? n : find(n.children ?? [], key))).find((n) => n !== undefined);
function mustFind(nodes: MenuNode[], key: string): MenuNode {
  const node = find(nodes, key);
  if (!node) throw new Error(`the menu has no ${key} item`);
  return node;
}

describe('menu badges', () => {
  const menu = buildTenantMenu(new Set(MERCHANT_ROLE_PERMISSIONS.OWNER), shop);
  const myTask = mustFind(menu, 'my-task');

  it('counts the unread requests and tickets on their items and sums them on the My tasks group', () => {
    const counts = { requests: 3, tickets: 2 };
    const byKey = Object.fromEntries((myTask.children ?? []).map((c) => [c.key, badgeCount(c, counts)]));
    expect(byKey).toEqual({ 'task-requests': 3, 'task-tickets': 2 });
    expect(badgeCount(myTask, counts)).toBe(5);
  });

  it('draws nothing without data, for zero, or for an item without a badge', () => {
    expect(badgeCount(myTask, {})).toBe(0);
    expect(badgeCount(myTask, { requests: 0, tickets: -1 })).toBe(0);
    expect(badgeCount({ key: 'dashboard', path: '/dashboard' }, { requests: 4 })).toBe(0);
  });
});
