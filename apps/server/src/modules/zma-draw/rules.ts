import type { PlayReasonCode } from '@zc/shared/api/zma-draw';
import type { ZmaConditionType, ZmaFrequency, ZmaGender } from '@zc/shared/api/zma';
import { periodEnd, periodKey, periodStart, vnWeekday } from './periods';

/**
 * The meaning of the §3 rule condition types (ADR 0022), as pure functions: the spin and the rule
 * tester both call `planPlay` and then `judgePlay`, so the tester answers exactly what a spin would do.
 */

export interface RuleLike {
  id: string;
  drawId: string | null;
  conditionType: ZmaConditionType;
  frequency: ZmaFrequency;
  weekdays: number[];
  gender: ZmaGender;
  value: number;
}

export interface PlayerLike {
  gender: ZmaGender;
  phone: string | null;
}

export interface Reason {
  ruleId: string | null;
  code: PlayReasonCode;
  message: string;
}

/** No active GAME_TURN rule for the draw: one turn per Vietnam-time day (ADR 0022). */
export const DEFAULT_TURNS = { value: 1, frequency: 'DAILY' as ZmaFrequency };

const onDay = (r: RuleLike, weekday: number) => r.weekdays.length === 0 || r.weekdays.includes(weekday);
const forGender = (r: RuleLike, gender: ZmaGender) => r.gender === 'none' || r.gender === gender;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** What the rules say before the customer's counters are read. */
export interface PlayPlan {
  /** The GAME_TURN rule that grants this period's turns (null = the default). */
  turnRuleId: string | null;
  /** Turns the rules grant in this period (after INFO_NOT_SHARED's cap). */
  allowed: number;
  frequency: ZmaFrequency;
  periodKey: string;
  /** When this period's turns come back. */
  nextPeriodAt: Date;
  /** Why the rules grant fewer turns than usual today (weekday, gender, phone not shared). */
  limits: Reason[];
  /** Refusals that hold whatever turns the customer has (bonus turns included). */
  refusals: Reason[];
  /** GAME_RESULT: at most `value` wins since `since` (checked against the customer's wins). */
  winLimit: { ruleId: string; value: number; since: Date } | null;
  /** GIFT_USAGE: refused while holding ≥ `value` unused gifts. */
  giftLimit: { ruleId: string; value: number } | null;
}

/**
 * Reads the rules of one draw (active ones of the draw and of the whole app) for one customer at
 * one moment. GAME_TURN rules of the draw replace the app-wide ones; the most generous rule that
 * applies today (weekday, gender) sets the turns and the period.
 */
export function planPlay(rules: readonly RuleLike[], player: PlayerLike, at: Date): PlayPlan {
  const weekday = vnWeekday(at);
  const applies = (r: RuleLike) => onDay(r, weekday) && forGender(r, player.gender);
  const turnRules = rules.filter((r) => r.conditionType === 'GAME_TURN');
  const ownTurnRules = turnRules.filter((r) => r.drawId !== null);
  const candidates = ownTurnRules.length > 0 ? ownTurnRules : turnRules;
  const limits: Reason[] = [];
  const refusals: Reason[] = [];

  let turnRuleId: string | null = null;
  let allowed = DEFAULT_TURNS.value;
  let frequency = DEFAULT_TURNS.frequency;
  if (candidates.length > 0) {
    const today = candidates.filter(applies);
    const best = today.reduce<RuleLike | null>((b, r) => (b === null || r.value > b.value ? r : b), null);
    if (best) {
      turnRuleId = best.id;
      allowed = best.value;
      frequency = best.frequency;
    } else {
      allowed = 0;
      frequency = candidates[0]!.frequency;
      const sameGender = candidates.filter((r) => forGender(r, player.gender));
      if (sameGender.length > 0) {
        const days = [...new Set(sameGender.flatMap((r) => r.weekdays))].sort().map((d) => DAY_NAMES[d]).join(', ');
        limits.push({ ruleId: sameGender[0]!.id, code: 'WEEKDAY', message: `Turns are given on ${days} only (Vietnam time)` });
      } else {
        limits.push({ ruleId: candidates[0]!.id, code: 'GENDER', message: 'The turn rules of this draw are for another gender' });
      }
    }
  }

  let winLimit: PlayPlan['winLimit'] = null;
  let giftLimit: PlayPlan['giftLimit'] = null;
  for (const r of rules) {
    if (r.conditionType === 'GAME_TURN' || !applies(r)) continue;
    if (r.conditionType === 'INFO_NOT_SHARED' && player.phone === null) {
      if (r.value === 0) refusals.push({ ruleId: r.id, code: 'INFO_NOT_SHARED', message: 'Share your phone number to play' });
      else if (r.value < allowed) {
        allowed = r.value;
        limits.push({ ruleId: r.id, code: 'INFO_NOT_SHARED', message: `Without a shared phone number: ${r.value} turn(s) per period` });
      }
    } else if (r.conditionType === 'GAME_RESULT') {
      const since = periodStart(r.frequency, at);
      if (!winLimit || r.value < winLimit.value) winLimit = { ruleId: r.id, value: r.value, since };
    } else if (r.conditionType === 'GIFT_USAGE') {
      if (!giftLimit || r.value < giftLimit.value) giftLimit = { ruleId: r.id, value: r.value };
    }
  }

  return { turnRuleId, allowed, frequency, periodKey: periodKey(frequency, at), nextPeriodAt: periodEnd(frequency, at), limits, refusals, winLimit, giftLimit };
}

/** The customer's counters the plan is judged against. */
export interface PlayCounters {
  used: number;
  bonusTurns: number;
  /** Wins since winLimit.since (only read when there is a win limit). */
  wins: number;
  /** Unused (ALLOCATED) gifts held (only read when there is a gift limit). */
  unusedGifts: number;
}

export interface PlayVerdict {
  allowed: boolean;
  turnsLeft: number;
  periodLeft: number;
  reasons: Reason[];
}

/** May the customer spin now, how many turns are left, and why not. */
export function judgePlay(plan: PlayPlan, c: PlayCounters): PlayVerdict {
  const refusals = [...plan.refusals];
  if (plan.winLimit && c.wins >= plan.winLimit.value) {
    refusals.push({ ruleId: plan.winLimit.ruleId, code: 'WIN_LIMIT', message: `At most ${plan.winLimit.value} win(s) per period` });
  }
  if (plan.giftLimit && c.unusedGifts >= plan.giftLimit.value) {
    refusals.push({ ruleId: plan.giftLimit.ruleId, code: 'UNUSED_GIFTS', message: `Use your gifts first: at most ${plan.giftLimit.value} unused gift(s)` });
  }
  const periodLeft = Math.max(0, plan.allowed - c.used);
  const turnsLeft = refusals.length > 0 ? 0 : periodLeft + Math.max(0, c.bonusTurns);
  const reasons = [...refusals, ...plan.limits];
  if (refusals.length === 0 && turnsLeft === 0) {
    reasons.unshift({ ruleId: plan.turnRuleId, code: 'NO_TURNS', message: `No turns left; new turns from ${plan.nextPeriodAt.toISOString()}` });
  }
  return { allowed: turnsLeft > 0, turnsLeft, periodLeft: refusals.length > 0 ? 0 : periodLeft, reasons };
}
