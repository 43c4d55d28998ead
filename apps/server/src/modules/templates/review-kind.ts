import { ZNS_TEMPLATE_KINDS, type TemplateLayout, type TemplateParamInput } from '@zc/shared/api/templates';
import type { ReviewKind } from '../approvals/service';
import { trustedTenantScope } from '../../platform/tenant-scope';
import { approveTemplateRequest, rejectTemplateRequest, templateRequestSnapshot } from './service';

interface Snapshot {
  zaloOAId: string;
  name: string;
  templateType: number | null;
  tag: string | null;
  layout: TemplateLayout | null;
  params: TemplateParamInput[];
  note: string | null;
  znsTemplateId?: string | null;
}

/** The layout's title and the rest of its texts in reading order, each `<param>` replaced by its sample value. */
export function layoutPreviewText(layout: TemplateLayout | null, params: TemplateParamInput[]): { title: string | null; body: string } {
  if (!layout) return { title: null, body: '' };
  const fill = (text: string) => params.reduce((t, p) => t.split(`<${p.name}>`).join(p.sample || `<${p.name}>`), text);
  const lines: string[] = [];
  let title: string | null = null;
  for (const c of layout.body.components) {
    if (c.type === 'TITLE') title = fill(c.value);
    if (c.type === 'PARAGRAPH') lines.push(fill(c.value));
    if (c.type === 'TABLE') for (const r of c.rows) lines.push(`${r.title}: ${fill(r.value)}`);
  }
  for (const c of layout.footer.components) if (c.type === 'BUTTONS') for (const b of c.items) lines.push(`[${b.title}]`);
  return { title, body: lines.join('\n') };
}

/**
 * ZNS templates authored in the console under review (§3 ZNS_TEMPLATE): the snapshot is the
 * template as submitted, the preview its layout with the sample values; approval leaves the
 * submission to Zalo (create, or edit of a template Zalo rejected) to the
 * `zns-template-submit-on-approval` event handler, rejection ends the request with the note.
 */
export const znsTemplateReviewKind: ReviewKind = {
  kind: 'ZNS_TEMPLATE',
  linkField: 'templateRequestId',
  snapshot: (tx, scope, referenceId) => templateRequestSnapshot(tx, scope, referenceId),
  preview(snapshot) {
    const s = snapshot as Snapshot;
    const type = ZNS_TEMPLATE_KINDS.find((k) => k.value === s.templateType)?.name ?? String(s.templateType ?? '');
    const text = layoutPreviewText(s.layout, s.params ?? []);
    return {
      title: text.title ?? s.name,
      body: text.body,
      fields: [
        { label: 'Template type', labelKey: 'templateType', value: type },
        { label: 'Tag', labelKey: 'tag', value: s.tag ?? '' },
        ...(s.params ?? []).map((p) => ({ label: p.name, labelKey: 'param', value: p.sample })),
        ...(s.note ? [{ label: 'Note', labelKey: 'note', value: s.note }] : []),
      ],
      imageUrl: null,
      previewUrl: null,
    };
  },
  onApproved: (tx, task) => approveTemplateRequest(tx, trustedTenantScope(task.tenantId), task.referenceId),
  onRejected: (tx, task, note) => rejectTemplateRequest(tx, trustedTenantScope(task.tenantId), task.referenceId, note),
};
