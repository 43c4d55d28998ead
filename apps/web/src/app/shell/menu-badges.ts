import type { MenuNode } from './menu-model';

/** Unread counts by badge name (§2.2: 'requests', 'tickets'); a name without a count draws nothing. */
export type BadgeCounts = Readonly<Partial<Record<string, number>>>;

/**
 * The number a menu item shows: its own badge's count (a badge may also carry the number itself),
 * or for a group the sum over its children, so a closed or collapsed group still signals unread items.
 */
export function badgeCount(node: MenuNode, counts: BadgeCounts): number {
  if (node.children) return node.children.reduce((sum, child) => sum + badgeCount(child, counts), 0);
  const badge: unknown = node.badge;
  const count = typeof badge === 'number' ? badge : typeof badge === 'string' ? (counts[badge] ?? 0) : 0;
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}
