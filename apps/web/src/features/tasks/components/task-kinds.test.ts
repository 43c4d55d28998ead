import { describe, expect, it } from 'vitest';
import { kindsOfTab } from './task-kinds';

describe('type filter of My tasks (§2.14)', () => {
  it('offers only the kinds of the tab’s module', () => {
    expect(kindsOfTab('OA')).toEqual(['OA_CONTENT_POST', 'OA_CONTENT_VIDEO', 'OA_BROADCAST']);
    expect(kindsOfTab('ZNS')).toEqual(['ZNS_CAMPAIGN', 'ZNS_TEMPLATE']);
  });

  it('offers every kind on the all tab', () => {
    expect(kindsOfTab('all')).toHaveLength(5);
  });
});
