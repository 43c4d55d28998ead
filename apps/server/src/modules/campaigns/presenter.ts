import type { Campaign, CampaignUpload } from '@zc/shared/api/campaigns';
import { can, type Actor } from '../../platform/policy';
import type { CampaignRow, UploadFileRow, UploadRow } from './repo';

export interface CampaignNames {
  apiKeys: Map<string, { id: string; name: string }>;
  teams: Map<string, { id: string; name: string }>;
  oas: Map<string, { id: string; name: string }>;
  people: Map<string, { id: string; displayName: string }>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Who may do what with a campaign (§6): it is seen with VIEW_CAMPAIGN; decided (approval) only by the
 * next approver of its pending review, holding UPDATE_TENANT_TASK.
 */
export function campaignAbilities(actor: Actor, row: Pick<CampaignRow, 'status'>, nextApproverId: string | null): Campaign['abilities'] {
  return { view: can(actor, 'VIEW_CAMPAIGN'), decide: row.status === 'PENDING' && nextApproverId === actor.userId && can(actor, 'UPDATE_TENANT_TASK') };
}

/** §3 Campaign. */
export function presentCampaign(actor: Actor, r: CampaignRow, names: CampaignNames, nextApproverId: string | null): Campaign {
  const key = names.apiKeys.get(r.apiKeyId);
  const oa = names.oas.get(r.zaloOaId);
  const creator = r.createdBy ? names.people.get(r.createdBy) : undefined;
  return {
    id: r.id,
    name: r.name,
    mode: r.mode,
    startMode: r.startMode,
    apiKey: key ? { id: key.id, name: key.name } : null,
    scheduleAt: iso(r.scheduleAt),
    status: r.status,
    dispatchState: r.dispatchState,
    cost: r.cost,
    estimatedCost: r.estimatedCost,
    recordCount: r.recordCount,
    sentCount: r.sentCount,
    failedCount: r.failedCount,
    template: { templateName: r.templateName, price: r.price, listPrice: r.listPrice, znsTemplateId: r.znsTemplateId, teamId: r.teamId },
    team: r.teamId ? (names.teams.get(r.teamId) ?? null) : null,
    zaloOA: oa ? { id: oa.id, name: oa.name } : null,
    createdBy: creator ? { id: creator.id, displayName: creator.displayName } : null,
    createdAt: r.createdAt.toISOString(),
    abilities: campaignAbilities(actor, r, nextApproverId),
  };
}

export interface UploadFacts {
  listPrice: number;
  price: number;
  balance: number;
  suggested: { phone: string; params: Record<string, string> } | null;
}

/** An upload with its counts and the cost preflight (valid rows × charged price, against the balance). */
export function presentUpload(u: UploadRow, file: UploadFileRow | null, f: UploadFacts): CampaignUpload {
  const mapped = Boolean(file?.ingestedAt);
  const estimatedCost = mapped ? u.validRows * f.price : 0;
  return {
    id: u.id,
    fileName: u.fileName,
    fileSize: u.fileSize,
    kind: file?.kind ?? 'csv',
    status: u.status,
    header: file?.header ?? [],
    mapping: mapped ? u.mapping : (f.suggested ?? u.mapping),
    mapped,
    znsTemplateId: u.znsTemplateId,
    totalRows: u.totalRows,
    validRows: u.validRows,
    rejectedRows: u.rejectedRows,
    duplicateRows: u.duplicateRows,
    listPrice: f.listPrice,
    price: f.price,
    estimatedCost,
    balance: f.balance,
    shortfall: Math.max(0, estimatedCost - f.balance),
    error: u.error,
    createdAt: u.createdAt.toISOString(),
  };
}
