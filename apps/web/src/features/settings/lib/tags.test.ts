import { describe, expect, it } from 'vitest';
import type { TenantTag } from '@zc/shared/api/settings';
import { filterTags, tagOaOptions } from './tags';

const tag = (tagName: string, zaloOaId = 'a', oaName = 'OA A'): TenantTag => ({ tagName, zaloOaId, oaName, followers: 1 });

describe('tags tab filters', () => {
  const all = [tag('Khách VIP'), tag('Đại lý'), tag('Khách mới', 'b', 'OA B')];

  it('finds tags ignoring case and Vietnamese accents', () => {
    expect(filterTags(all, { search: 'khach', zaloOaId: null }).map((x) => x.tagName)).toEqual(['Khách VIP', 'Khách mới']);
    expect(filterTags(all, { search: 'dai', zaloOaId: null }).map((x) => x.tagName)).toEqual(['Đại lý']);
    expect(filterTags(all, { search: '  ', zaloOaId: null })).toHaveLength(3);
  });

  it('keeps one OA’s tags when an OA is chosen', () => {
    expect(filterTags(all, { search: 'khach', zaloOaId: 'b' }).map((x) => x.tagName)).toEqual(['Khách mới']);
  });

  it('lists each OA once', () => {
    expect(tagOaOptions(all)).toEqual([
      { zaloOaId: 'a', oaName: 'OA A' },
      { zaloOaId: 'b', oaName: 'OA B' },
    ]);
  });
});
