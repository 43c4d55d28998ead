import type { ReviewKind } from '../approvals/service';
import { trustedTenantScope } from '../../platform/tenant-scope';
import type { BroadcastTargetRow } from '../../db/schema/broadcasts';
import { BROADCAST_CITY_TABLE } from './cities';
import { approveBroadcast, broadcastSnapshot, rejectBroadcast } from './service';

interface Snapshot {
  name: string;
  zaloOA: { id: string; name: string };
  scheduleTime: string;
  target: BroadcastTargetRow;
  contents: Array<{ id: string; title: string; cover: string | null }>;
}

const AGE_RANGES = ['0–12', '13–17', '18–24', '25–34', '35–44', '45–54', '55–64', '65+'];
const GENDERS = ['Tất cả / All', 'Nam / Male', 'Nữ / Female'];
const REGIONS = ['Miền Bắc / North', 'Miền Trung / Central', 'Miền Nam / South'];

/** Vietnam time, as the approver reads a schedule. */
function vnTime(iso: string): string {
  const d = new Date(Date.parse(iso) + 7 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCHours())}:${p(d.getUTCMinutes())} ${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} (UTC+7)`;
}

/**
 * OA broadcasts under review (§3 OA_BROADCAST): the snapshot is the broadcast as submitted — name,
 * OA, schedule, audience and contents; approval makes it wait for its schedule time (the send job
 * hands it to Zalo), rejection ends it REJECTED. Editing one in review voids the review.
 */
export const oaBroadcastReviewKind: ReviewKind = {
  kind: 'OA_BROADCAST',
  linkField: 'oaBroadcastId',
  snapshot: (tx, scope, referenceId) => broadcastSnapshot(tx, scope, referenceId),
  preview(snapshot) {
    const s = snapshot as Snapshot;
    const t = s.target;
    const region = t.cities.length > 0 ? t.cities.map((c) => BROADCAST_CITY_TABLE.find((x) => x.value === c)?.name ?? String(c)).join(', ') : t.locations.length > 0 ? t.locations.map((l) => REGIONS[l] ?? String(l)).join(', ') : 'Tất cả / All';
    return {
      title: s.name,
      body: s.contents.map((c, i) => `${i + 1}. ${c.title}`).join('\n'),
      fields: [
        { label: 'Official Account', labelKey: 'zaloOAId', value: s.zaloOA.name },
        { label: 'Schedule', labelKey: 'scheduleTime', value: vnTime(s.scheduleTime) },
        { label: 'Ages', labelKey: 'ages', value: t.ages.length === 8 || t.ages.length === 0 ? 'Tất cả / All' : t.ages.map((a) => AGE_RANGES[a] ?? String(a)).join(', ') },
        { label: 'Gender', labelKey: 'gender', value: GENDERS[t.gender] ?? String(t.gender) },
        { label: 'Location', labelKey: 'location', value: region },
      ],
      imageUrl: s.contents[0]?.cover ?? null,
      previewUrl: null,
    };
  },
  onApproved: (tx, task) => approveBroadcast(tx, trustedTenantScope(task.tenantId), task.referenceId),
  onRejected: (tx, task) => rejectBroadcast(tx, trustedTenantScope(task.tenantId), task.referenceId),
};
