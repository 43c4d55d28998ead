import type { ContentKind } from '@zc/shared/api/approvals';
import type { BodyBlock } from '@zc/shared/api/oa-content';
import type { ReviewKind } from '../approvals/service';
import { contentSnapshot, onContentApproved, onContentRejected } from './service';

interface Snapshot {
  type: 'post' | 'video';
  title: string;
  author: string;
  description: string;
  body: BodyBlock[];
  avatar: string | null;
  cover: { cover_type: string; photo_url?: string } | null;
  zaloOA: Array<{ name: string }>;
}

const plain = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * OA posts and videos under review (§3 OA_CONTENT_POST / OA_CONTENT_VIDEO): the snapshot is the
 * content as submitted with its OAs, the preview its title, text and cover; approval publishes it to
 * each OA (mappings queued for the publisher), rejection sends it back as disapproval.
 */
function contentKind(kind: ContentKind): ReviewKind {
  return {
    kind,
    linkField: 'oaContentId',
    snapshot: (tx, scope, referenceId) => contentSnapshot(tx, scope, referenceId),
    preview(snapshot) {
      const s = snapshot as Snapshot;
      const text = s.body.flatMap((b) => (b.type === 'text' ? [plain(b.content)] : [])).join('\n');
      return {
        title: s.title || 'Bản nháp chưa có tiêu đề',
        body: text || null,
        fields: [
          { label: 'Type', labelKey: 'type', value: s.type },
          { label: 'Author', labelKey: 'author', value: s.author },
          { label: 'Description', labelKey: 'description', value: s.description },
          { label: 'Official accounts', labelKey: 'officialAccounts', value: s.zaloOA.map((o) => o.name).join(', ') },
        ],
        imageUrl: (s.cover?.cover_type === 'photo' ? s.cover.photo_url : undefined) ?? s.avatar ?? null,
        previewUrl: null,
      };
    },
    onApproved: (tx, task) => onContentApproved(tx, task.tenantId, task.referenceId),
    onRejected: (tx, task) => onContentRejected(tx, task.tenantId, task.referenceId),
  };
}

export const oaContentPostReviewKind = contentKind('OA_CONTENT_POST');
export const oaContentVideoReviewKind = contentKind('OA_CONTENT_VIDEO');
