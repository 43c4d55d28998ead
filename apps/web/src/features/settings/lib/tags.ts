import type { TenantTag } from '@zc/shared/api/settings';

/** Tags whose name contains the search (case- and accent-insensitive), of one OA when named. */
export function filterTags(tags: readonly TenantTag[], filter: { search: string; zaloOaId: string | null }): TenantTag[] {
  const needle = fold(filter.search.trim());
  return tags.filter((x) => (!filter.zaloOaId || x.zaloOaId === filter.zaloOaId) && (!needle || fold(x.tagName).includes(needle)));
}

/** The OAs present among the tags, once each, in order of appearance. */
export function tagOaOptions(tags: readonly TenantTag[]): Array<{ zaloOaId: string; oaName: string }> {
  const seen = new Map<string, string>();
  for (const x of tags) if (!seen.has(x.zaloOaId)) seen.set(x.zaloOaId, x.oaName);
  return [...seen.entries()].map(([zaloOaId, oaName]) => ({ zaloOaId, oaName }));
}

function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();
}
