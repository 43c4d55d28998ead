import { z } from 'zod';

/** §3 Content kinds: everything that goes out under the tenant's name and is reviewed. */
export const CONTENT_KINDS = ['OA_CONTENT_POST', 'OA_CONTENT_VIDEO', 'OA_BROADCAST', 'ZNS_CAMPAIGN', 'ZNS_TEMPLATE'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** The module a kind belongs to (the My tasks tabs: all, OA, ZNS). */
export const TASK_MODULES = ['OA', 'ZNS'] as const;
export type TaskModule = (typeof TASK_MODULES)[number];
export const MODULE_OF_KIND: Record<ContentKind, TaskModule> = {
  OA_CONTENT_POST: 'OA',
  OA_CONTENT_VIDEO: 'OA',
  OA_BROADCAST: 'OA',
  ZNS_CAMPAIGN: 'ZNS',
  ZNS_TEMPLATE: 'ZNS',
};

/**
 * §4 Task status. PENDING while approvers remain, APPROVAL once the last approved, DISAPPROVAL on a
 * rejection; VOIDED when the item was edited while pending (a new review replaces it) — voided
 * tasks are kept for the record and left out of the lists.
 */
export const TASK_STATUSES = ['PENDING', 'APPROVAL', 'DISAPPROVAL', 'VOIDED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** The statuses the list filter offers (§2.14). */
export const TASK_FILTER_STATUSES = ['PENDING', 'APPROVAL', 'DISAPPROVAL'] as const;

/** §3 Approver entry status. */
export const APPROVER_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApproverStatus = (typeof APPROVER_STATUSES)[number];

/** §3 Task status (viewed/new) of one user's view of a task. */
export const TASK_VIEW_STATUSES = ['new', 'viewed'] as const;

export const approverEntry = z.object({
  userId: z.uuid(),
  status: z.enum(APPROVER_STATUSES),
  updatedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type ApproverEntry = z.infer<typeof approverEntry>;
