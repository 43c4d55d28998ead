import type { ReviewKind } from '../approvals/service';
import { trustedTenantScope } from '../../platform/tenant-scope';
import { approveCampaign, campaignSnapshot, rejectCampaign } from './service';

interface Snapshot {
  name: string;
  template: { znsTemplateId: string; name: string; listPrice: number; price: number };
  zaloOA: { id: string; name: string };
  apiKey: { id: string; name: string };
  recipients: number;
  estimatedCost: number;
  mode: string;
  startMode: string;
  scheduleAt: string | null;
}

const vnd = (n: number) => `${n.toLocaleString('vi-VN')} VND`;

/** Vietnam time, as the approver reads a schedule. */
function vnTime(iso: string): string {
  const d = new Date(Date.parse(iso) + 7 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCHours())}:${p(d.getUTCMinutes())} ${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} (UTC+7)`;
}

/**
 * ZNS campaigns under review (§3 ZNS_CAMPAIGN): the snapshot is the campaign as submitted — name,
 * template and prices, recipients, estimated cost, mode and schedule (its hash is the task's);
 * the preview frame is the template's (`campaign/template/{id}`). The last approval holds the
 * estimated cost in the wallet and makes the campaign wait for its start; a rejection ends it REJECTED.
 */
export const znsCampaignReviewKind: ReviewKind = {
  kind: 'ZNS_CAMPAIGN',
  linkField: 'campaignId',
  snapshot: (tx, scope, referenceId) => campaignSnapshot(tx, scope, referenceId),
  preview(snapshot) {
    const s = snapshot as Snapshot;
    return {
      title: s.name,
      body: null,
      fields: [
        { label: 'Template', labelKey: 'template', value: `${s.template.name} (${s.template.znsTemplateId})` },
        { label: 'Official Account', labelKey: 'zaloOAId', value: s.zaloOA.name },
        { label: 'API key', labelKey: 'apiKey', value: s.apiKey.name },
        { label: 'Recipients', labelKey: 'recordCount', value: String(s.recipients) },
        { label: 'Price', labelKey: 'price', value: s.template.price === s.template.listPrice ? vnd(s.template.price) : `${vnd(s.template.price)} (${vnd(s.template.listPrice)})` },
        { label: 'Estimated cost', labelKey: 'estimatedCost', value: vnd(s.estimatedCost) },
        { label: 'Mode', labelKey: 'mode', value: s.mode },
        { label: 'Schedule', labelKey: 'scheduleAt', value: s.scheduleAt ? vnTime(s.scheduleAt) : s.startMode },
      ],
      imageUrl: null,
      previewUrl: null,
    };
  },
  onApproved: (tx, task) => approveCampaign(tx, trustedTenantScope(task.tenantId), task.referenceId, task.createdBy),
  onRejected: (tx, task) => rejectCampaign(tx, trustedTenantScope(task.tenantId), task.referenceId),
};
