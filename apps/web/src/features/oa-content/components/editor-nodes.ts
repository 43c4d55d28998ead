import { Node, mergeAttributes } from '@tiptap/core';

/** How a media atom looks in the editor: a dashed box with its source. */
const ATOM_STYLE = 'border:1px dashed #bfbfbf;border-radius:6px;padding:8px 12px;margin:8px 0;background:#fafafa;overflow-wrap:anywhere';

/** A video block of the post body (Zalo body item `video`: url or video_id, thumb), an atom in the editor. */
export const ZaloVideo = Node.create({
  name: 'zaloVideo',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      url: { default: null, parseHTML: (el) => el.getAttribute('data-url'), renderHTML: (a: { url?: string | null }) => (a.url ? { 'data-url': a.url } : {}) },
      videoId: { default: null, parseHTML: (el) => el.getAttribute('data-video-id'), renderHTML: (a: { videoId?: string | null }) => (a.videoId ? { 'data-video-id': a.videoId } : {}) },
      thumb: { default: null, parseHTML: (el) => el.getAttribute('data-thumb'), renderHTML: (a: { thumb?: string | null }) => (a.thumb ? { 'data-thumb': a.thumb } : {}) },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-zalo-video]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const label = String(node.attrs.url ?? node.attrs.videoId ?? '');
    return ['div', mergeAttributes(HTMLAttributes, { 'data-zalo-video': '', class: 'oa-block oa-block-video', style: ATOM_STYLE }), ['span', {}, `▶ ${label}`]];
  },
});

/** A product block of the post body (Zalo body item `product`: id), an atom in the editor. */
export const ZaloProduct = Node.create({
  name: 'zaloProduct',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      productId: { default: null, parseHTML: (el) => el.getAttribute('data-id'), renderHTML: (a: { productId?: string | null }) => (a.productId ? { 'data-id': a.productId } : {}) },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-zalo-product]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { 'data-zalo-product': '', class: 'oa-block oa-block-product', style: ATOM_STYLE }), ['span', {}, `🛒 ${String(node.attrs.productId ?? '')}`]];
  },
});
