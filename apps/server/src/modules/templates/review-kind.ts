import { ZNS_TEMPLATE_KINDS } from '@zc/shared/api/templates';
import type { ReviewKind } from '../approvals/service';
import { trustedTenantScope } from '../../platform/tenant-scope';
import { approveTemplateRequest, rejectTemplateRequest, templateRequestSnapshot } from './service';

interface Snapshot {
  zaloOAId: string;
  name: string;
  templateType: number | null;
  tag: string | null;
  content: string;
  params: Array<{ name: string; type: number; sample: string }>;
  note: string | null;
}

/**
 * ZNS template requests under review (§3 ZNS_TEMPLATE): the snapshot is the request as submitted,
 * the preview its content with the sample values; approval leaves the submission to Zalo to the
 * `zns-template-submit-on-approval` event handler, rejection ends the request with the note.
 */
export const znsTemplateReviewKind: ReviewKind = {
  kind: 'ZNS_TEMPLATE',
  linkField: 'templateRequestId',
  snapshot: (tx, scope, referenceId) => templateRequestSnapshot(tx, scope, referenceId),
  preview(snapshot) {
    const s = snapshot as Snapshot;
    const type = ZNS_TEMPLATE_KINDS.find((k) => k.value === s.templateType)?.name ?? String(s.templateType ?? '');
    const sample = s.params.reduce((text, p) => text.split(`{${p.name}}`).join(p.sample || `{${p.name}}`), s.content);
    return {
      title: s.name,
      body: sample,
      fields: [
        { label: 'Template type', labelKey: 'templateType', value: type },
        { label: 'Tag', labelKey: 'tag', value: s.tag ?? '' },
        ...s.params.map((p) => ({ label: p.name, labelKey: 'param', value: p.sample })),
        ...(s.note ? [{ label: 'Note', labelKey: 'note', value: s.note }] : []),
      ],
      imageUrl: null,
      previewUrl: null,
    };
  },
  onApproved: (tx, task) => approveTemplateRequest(tx, trustedTenantScope(task.tenantId), task.referenceId),
  onRejected: (tx, task, note) => rejectTemplateRequest(tx, trustedTenantScope(task.tenantId), task.referenceId, note),
};
