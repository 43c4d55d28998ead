import { describe, expect, it } from 'vitest';
import { blocksToHtml, docToBlocks, type DocNode } from './body-blocks';
import { checkImageDimensions, checkImageFile, checkImageRatio, checkVideoFile, formatMb, MB } from '../../../lib/image-rules';
import { relativeTime } from './relative-time';

const html = (nodes: DocNode[]) => nodes.map((n) => `<${n.type}>`).join('');

describe('post body blocks', () => {
  it('groups text nodes into one HTML block and keeps images, videos and products as their own blocks', () => {
    const doc: DocNode[] = [
      { type: 'paragraph', content: [{ type: 'text', text: 'a' }] },
      { type: 'heading', content: [{ type: 'text', text: 'b' }] },
      { type: 'image', attrs: { src: 'https://x/a.png', alt: 'cap' } },
      { type: 'paragraph' },
      { type: 'zaloVideo', attrs: { url: 'https://x/v.mp4', videoId: null, thumb: null } },
      { type: 'zaloProduct', attrs: { productId: 'P1' } },
      { type: 'bulletList', content: [] },
    ];
    expect(docToBlocks(doc, html)).toEqual([
      { type: 'text', content: '<paragraph><heading>' },
      { type: 'image', url: 'https://x/a.png', caption: 'cap' },
      { type: 'video', url: 'https://x/v.mp4' },
      { type: 'product', id: 'P1' },
      { type: 'text', content: '<bulletList>' },
    ]);
  });

  it('leaves out a body of empty paragraphs and media without a source', () => {
    expect(docToBlocks([{ type: 'paragraph' }, { type: 'image', attrs: { src: '' } }, { type: 'zaloVideo', attrs: {} }], html)).toEqual([]);
  });

  it('renders saved blocks back as editor HTML with escaped attributes', () => {
    expect(
      blocksToHtml([
        { type: 'text', content: '<p>x</p>' },
        { type: 'image', url: 'https://x/a.png?a=1&b="2"', caption: 'c' },
        { type: 'video', videoKey: '00000000-0000-4000-8000-000000000000' },
        { type: 'product', id: 'P<1>' },
      ]),
    ).toBe(
      '<p>x</p><img src="https://x/a.png?a=1&amp;b=&quot;2&quot;" alt="c" title="c"><div data-zalo-video="" data-video-id="00000000-0000-4000-8000-000000000000"></div><div data-zalo-product="" data-id="P&lt;1&gt;"></div>',
    );
  });
});

describe('§5 image and video rules', () => {
  it('accepts jpg, jpeg and png under the limit only', () => {
    expect(checkImageFile({ name: 'a.PNG', type: 'image/png', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'a.jpeg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toEqual({ key: 'imageRules.type' });
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 5 * MB })).toEqual({ key: 'imageRules.size', values: { size: 5 } });
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: MB }, 1)).toEqual({ key: 'imageRules.size', values: { size: 1 } });
  });

  it('names the minimum and the actual size', () => {
    expect(checkImageDimensions({ width: 100, height: 50 }, { width: 160, height: 90 })).toEqual({ key: 'imageRules.minSize', values: { minWidth: 160, minHeight: 90, width: 100, height: 50 } });
    expect(checkImageDimensions({ width: 160, height: 90 }, { width: 160, height: 90 })).toBeNull();
  });

  it('checks a cover is 16:9', () => {
    expect(checkImageRatio({ width: 1280, height: 720 }, 16 / 9)).toBeNull();
    expect(checkImageRatio({ width: 1200, height: 675 }, 16 / 9)).toBeNull();
    expect(checkImageRatio({ width: 800, height: 800 }, 16 / 9)).toEqual({ key: 'imageRules.ratio', values: { width: 800, height: 800 } });
    expect(checkImageRatio({ width: 800, height: 800 }, undefined)).toBeNull();
  });

  it('takes mp4/avi videos up to 50 MB and shows sizes in MB of 1048576 bytes', () => {
    expect(checkVideoFile({ name: 'v.mp4', type: 'video/mp4', size: 50 * MB })).toBeNull();
    expect(checkVideoFile({ name: 'v.mp4', type: 'video/mp4', size: 50 * MB + 1 })).toEqual({ key: 'video.size', values: { size: 50 } });
    expect(checkVideoFile({ name: 'v.mov', type: 'video/quicktime', size: 1 })).toEqual({ key: 'video.type' });
    expect(checkVideoFile({ name: 'a.png', type: 'image/png', size: 1 })).toEqual({ key: 'video.type' });
    expect(formatMb(1048576 * 1.5)).toBe('1.50');
  });
});

describe('relative time', () => {
  it('says how long ago in the language', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(relativeTime('2026-11-25T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-25T11:59:30Z', 'en', now)).toBe('this minute');
    expect(relativeTime('2026-11-23T12:00:00Z', 'en', now)).toBe('2 days ago');
  });
});
