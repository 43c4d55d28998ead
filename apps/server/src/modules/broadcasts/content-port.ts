import type { DbOrTx } from '../../db/client';

/**
 * What broadcasts need of the OA content module (posts and videos): for each content id, its title,
 * description, cover and type, and the Zalo article id it is published under on each OA. Broadcasts
 * never read the content tables; the composition root (review-kinds.ts) plugs in the content
 * module's `publishedArticles`.
 */
export interface PublishedContent {
  id: string;
  type: string;
  title: string;
  description: string;
  cover: string | null;
  /** zalo_oas.id → Zalo article id, only for OAs where it is published. */
  articles: Map<string, string>;
}
export type ContentSource = (db: DbOrTx, tenantId: string, contentIds: readonly string[]) => Promise<Map<string, PublishedContent>>;

let source: ContentSource | null = null;

/** Set where a process wires its modules; a test may set its own. */
export function useBroadcastContentSource(fn: ContentSource): void {
  source = fn;
}

export async function publishedContents(db: DbOrTx, tenantId: string, contentIds: readonly string[]): Promise<Map<string, PublishedContent>> {
  if (contentIds.length === 0) return new Map();
  if (!source) throw new Error('no content source for broadcasts (review-kinds.ts wireReviewKinds)');
  return source(db, tenantId, [...new Set(contentIds)]);
}

/** One published article as the content module lists it (its `publishedArticles`). */
export interface PublishedArticleRow {
  contentId: string;
  type: string;
  title: string;
  cover: string | null;
  zaloOaId: string;
  zaloContentId: string;
  description?: string | null;
}

/** Adapts the content module's flat list (one row per content and OA) to the source broadcasts read. */
export function contentSourceFrom(list: (db: DbOrTx, tenantId: string, contentIds: readonly string[]) => Promise<PublishedArticleRow[]>): ContentSource {
  return async (db, tenantId, contentIds) => {
    const out = new Map<string, PublishedContent>();
    for (const a of await list(db, tenantId, contentIds)) {
      const c = out.get(a.contentId) ?? { id: a.contentId, type: a.type, title: a.title, description: a.description ?? '', cover: a.cover, articles: new Map<string, string>() };
      c.articles.set(a.zaloOaId, a.zaloContentId);
      out.set(a.contentId, c);
    }
    return out;
  };
}
