import type { z } from 'zod';
import type { stickerCollection } from '@zc/shared/api/chat';

type StickerCollection = z.infer<typeof stickerCollection>;

/**
 * The composer's sticker catalogue (§3 Sticker collection, §7 GET merchant/chat/sticker): three
 * collections of eight stickers drawn for the product (SVG files the web serves from /stickers/). A
 * sticker is sent as an OA message of kind `sticker` whose attachment id is `zaloStickerId`.
 */
const COLLECTIONS: ReadonlyArray<{ id: string; name: string; prefix: string; createdAt: string; items: readonly string[] }> = [
  { id: 'zc-words', name: 'Lời chào', prefix: 'word', createdAt: '2026-11-20T00:00:00.000Z', items: ['xin-chao', 'cam-on', 'da', 'ok', 'xin-loi', 'hen-gap', 'chuc-mung', 'tuyet'] },
  { id: 'zc-cats', name: 'Mèo con', prefix: 'cat', createdAt: '2026-11-10T00:00:00.000Z', items: ['hello', 'thanks', 'heart', 'ok', 'sleep', 'cry', 'shock', 'angry'] },
  { id: 'zc-faces', name: 'Mặt cười', prefix: 'face', createdAt: '2026-11-01T00:00:00.000Z', items: ['smile', 'laugh', 'love', 'wink', 'cool', 'surprised', 'sad', 'angry'] },
];

/** Every collection, newest first (createdAt desc, §7). */
export const STICKER_COLLECTIONS: readonly StickerCollection[] = COLLECTIONS.map((c) => ({
  id: c.id,
  name: c.name,
  createdAt: c.createdAt,
  stickers: c.items.map((item) => ({ id: `${c.prefix}-${item}`, url: `/stickers/${c.prefix}-${item}.svg`, zaloStickerId: `zc.${c.prefix}.${item}` })),
})).sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));

/** One page of the catalogue (§7 asks page 1, size 9999). */
export function stickerPage(page: number, size: number): { data: StickerCollection[]; meta: { total: number; page: number; size: number } } {
  const from = (page - 1) * size;
  return { data: STICKER_COLLECTIONS.slice(from, from + size).map((c) => ({ ...c, stickers: c.stickers.map((s) => ({ ...s })) })), meta: { total: STICKER_COLLECTIONS.length, page, size } };
}

const URL_BY_ZALO_ID = new Map(STICKER_COLLECTIONS.flatMap((c) => c.stickers.map((s) => [s.zaloStickerId, s.url] as const)));

/** The image of a catalogue sticker by the id it is sent with (null: not one of ours). */
export function stickerUrl(zaloStickerId: string): string | null {
  return URL_BY_ZALO_ID.get(zaloStickerId) ?? null;
}
