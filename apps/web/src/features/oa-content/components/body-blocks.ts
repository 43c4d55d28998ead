import type { BodyBlock } from '@zc/shared/api/oa-content';

export type { BodyBlock } from '@zc/shared/api/oa-content';

function escapeAttr(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The editor's starting HTML for saved blocks (text blocks are HTML already; the editor's schema drops what it does not know). */
export function blocksToHtml(blocks: readonly BodyBlock[]): string {
  return blocks
    .map((b) => {
      switch (b.type) {
        case 'text':
          return b.content;
        case 'image':
          return `<img src="${escapeAttr(b.url)}"${b.caption ? ` alt="${escapeAttr(b.caption)}" title="${escapeAttr(b.caption)}"` : ''}>`;
        case 'video':
          return `<div data-zalo-video=""${b.url ? ` data-url="${escapeAttr(b.url)}"` : ''}${b.videoKey ? ` data-video-id="${escapeAttr(b.videoKey)}"` : ''}${b.thumb ? ` data-thumb="${escapeAttr(b.thumb)}"` : ''}></div>`;
        case 'product':
          return `<div data-zalo-product="" data-id="${escapeAttr(b.id)}"></div>`;
      }
    })
    .join('');
}

/** A top-level node of the editor's JSON document. */
export interface DocNode {
  type?: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  text?: string;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The editor's document as body blocks: consecutive text nodes (paragraphs, headings, lists…) become
 * one text block whose HTML `toHtml` renders; images, videos and products are their own blocks.
 * Empty paragraphs alone give no text block.
 */
export function docToBlocks(nodes: readonly DocNode[], toHtml: (nodes: DocNode[]) => string): BodyBlock[] {
  const out: BodyBlock[] = [];
  let run: DocNode[] = [];
  const flush = () => {
    const meaningful = run.some((n) => n.type !== 'paragraph' || (n.content?.length ?? 0) > 0);
    if (meaningful) out.push({ type: 'text', content: toHtml(run) });
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'image') {
      flush();
      const url = str(node.attrs?.src);
      const caption = str(node.attrs?.alt) ?? str(node.attrs?.title);
      if (url) out.push({ type: 'image', url, ...(caption ? { caption } : {}) });
    } else if (node.type === 'zaloVideo') {
      flush();
      const url = str(node.attrs?.url);
      const videoKey = str(node.attrs?.videoId);
      const thumb = str(node.attrs?.thumb);
      if (url || videoKey) out.push({ type: 'video', ...(url ? { url } : videoKey ? { videoKey } : {}), ...(thumb ? { thumb } : {}) });
    } else if (node.type === 'zaloProduct') {
      flush();
      const id = str(node.attrs?.productId);
      if (id) out.push({ type: 'product', id });
    } else run.push(node);
  }
  flush();
  return out;
}
