import type { ApproverStatus } from '@zc/shared/api/approvals';

/** What one approver of the §4 timeline shows: its label (none after a rejection) and colour. */
export type TimelineLabel = 'approved' | 'declined' | 'inProgress' | 'pending' | null;

export const TIMELINE_COLOURS: Record<Exclude<TimelineLabel, null>, string> = {
  approved: 'green',
  declined: 'red',
  inProgress: 'blue',
  pending: 'gray',
};

/** The label's text colour (antd's green-7, red-7, blue-6; pending takes the secondary text colour). */
export const TIMELINE_TEXT_COLOURS: Record<Exclude<TimelineLabel, null>, string | undefined> = {
  approved: '#389e0d',
  declined: '#cf1322',
  inProgress: '#1677ff',
  pending: undefined,
};

/**
 * §4 approver timeline: a decided approver shows approved (green) or declined (red); the first
 * undecided one shows in progress unless someone has rejected; the others show pending (grey)
 * until a rejection, after which their labels are blank.
 */
export function timelineLabels(entries: ReadonlyArray<{ status: ApproverStatus }>): TimelineLabel[] {
  const rejected = entries.some((e) => e.status === 'REJECTED');
  let seenUndecided = false;
  return entries.map((e) => {
    if (e.status === 'APPROVED') return 'approved';
    if (e.status === 'REJECTED') return 'declined';
    if (rejected) return null;
    if (!seenUndecided) {
      seenUndecided = true;
      return 'inProgress';
    }
    return 'pending';
  });
}

/** §4 status display mapping: the word a status shows under (approved, declined, pending, hidden). */
export type StatusDisplay = 'approved' | 'declined' | 'pending' | 'hidden';

const DISPLAY: Record<string, StatusDisplay> = {
  approved: 'approved',
  approval: 'approved',
  done: 'approved',
  published: 'approved',
  rejected: 'declined',
  disapproval: 'declined',
  cancelled: 'declined',
  voided: 'declined',
  fail: 'declined',
  pending: 'pending',
  pending_review: 'pending',
  draft: 'hidden',
};

/** Maps an item or task status (any case) to its display word; unknown statuses show as pending. */
export function statusDisplay(status: string): StatusDisplay {
  return DISPLAY[status.toLowerCase()] ?? 'pending';
}

export const STATUS_DISPLAY_COLOURS: Record<StatusDisplay, string> = { approved: 'green', declined: 'red', pending: 'gold', hidden: 'default' };
