import { DEFAULT_DRAW_LOOK, type AffiliateCampaign, type Draw, type DrawLook, type Referral, type ReferralRejectReason, type Rule } from '@zc/shared/api/zma-draw';
import type { CampaignRow, DrawRow, PrizeView, RuleRow } from './repo';

const iso = (d: Date | string | null): string | null => (d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString());

function lookOf(raw: Record<string, unknown>): DrawLook {
  const str = (k: string, fallback: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : fallback);
  return {
    primaryColor: str('primaryColor', DEFAULT_DRAW_LOOK.primaryColor),
    secondaryColor: str('secondaryColor', DEFAULT_DRAW_LOOK.secondaryColor),
    buttonText: str('buttonText', DEFAULT_DRAW_LOOK.buttonText),
    backgroundUrl: typeof raw.backgroundUrl === 'string' ? raw.backgroundUrl : null,
  };
}

/** Draw row + prizes → the contract's Draw (a whitelist). */
export function presentDraw(d: DrawRow, prizes: PrizeView[], branches: { id: string; name: string }[], counts: { spins: number; winners: number }): Draw {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    status: d.status,
    startsAt: iso(d.startsAt),
    endsAt: iso(d.endsAt),
    look: lookOf(d.look),
    prizes: prizes.map((p) => ({
      id: p.id,
      giftItemId: p.giftItemId,
      giftName: p.gift?.name ?? null,
      giftType: p.gift?.type ?? null,
      label: p.label,
      probability: p.probability,
      stock: p.stock,
      won: p.won,
      position: p.position,
      color: p.color,
    })),
    branches: branches.map((b) => ({ id: b.id, name: b.name })),
    spins: Number(counts.spins),
    winners: Number(counts.winners),
    createdAt: d.createdAt.toISOString(),
  };
}

export function presentRule(r: RuleRow, drawName: string | null): Rule {
  return {
    id: r.id,
    drawId: r.drawId,
    drawName,
    name: r.name,
    conditionType: r.conditionType,
    frequency: r.frequency,
    weekdays: r.weekdays,
    gender: r.gender,
    value: r.value,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}

export function presentCampaign(c: CampaignRow, giftName: string | null, counts: { total: number; rewarded: number }): AffiliateCampaign {
  const total = Number(counts.total);
  const rewarded = Number(counts.rewarded);
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    startsAt: iso(c.startsAt),
    endsAt: iso(c.endsAt),
    rewardTurns: c.rewardTurns,
    rewardGiftItemId: c.rewardGiftItemId,
    rewardGiftName: c.rewardGiftItemId ? giftName : null,
    newCustomerTurns: c.newCustomerTurns,
    maxRewardsPerReferrer: c.maxRewardsPerReferrer,
    referrals: { total, rewarded, rejected: total - rewarded },
    createdAt: c.createdAt.toISOString(),
  };
}

export function presentReferral(r: {
  referral: { id: string; campaignId: string; referrerCustomerId: string; referredZaloUserId: string; referredCustomerId: string | null; status: string; reason: string | null; createdAt: Date };
  referrerName: string;
  referrerAvatar: string | null;
  referredName: string | null;
  referredAvatar: string | null;
}): Referral {
  const f = r.referral;
  return {
    id: f.id,
    campaignId: f.campaignId,
    referrer: { id: f.referrerCustomerId, name: r.referrerName, avatar: r.referrerAvatar },
    referredZaloUserId: f.referredZaloUserId,
    referred: f.referredCustomerId && r.referredName !== null ? { id: f.referredCustomerId, name: r.referredName, avatar: r.referredAvatar } : null,
    // Written only as REWARDED / REJECTED with a REFERRAL_REJECT_REASONS reason (service.recordReferral).
    status: f.status as Referral['status'],
    reason: f.reason as ReferralRejectReason | null,
    createdAt: f.createdAt.toISOString(),
  };
}
