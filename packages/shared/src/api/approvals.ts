import { z } from 'zod';
import { abilities } from './common';

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

/* ─── API contract (§7 Tasks, approval workflows) ─────────────────────────────────────────── */

/** A user as the task screens show them (creator, next approver, workflow approver). */
export const taskUser = z.object({ id: z.uuid(), displayName: z.string(), email: z.string(), avatar: z.string().nullable() });
export type TaskUser = z.infer<typeof taskUser>;

/** §3 Approver entry with its user (displayName, userProfile.fullName, userProfile.avatar). */
export const approverEntryView = approverEntry.extend({
  user: z.object({ id: z.uuid(), displayName: z.string(), email: z.string(), userProfile: z.object({ fullName: z.string(), avatar: z.string().nullable() }) }).nullable(),
});
export type ApproverEntryView = z.infer<typeof approverEntryView>;

/** Comma-joined uuids in a query string (`teamIds=a,b`). */
const commaUuidList = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.uuid()).max(100));

/** GET merchant/task/list (§2.14 filters). */
export const taskListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  module: z.enum(TASK_MODULES).optional(),
  /** The content kind (§2.14 "type", limited to the module's kinds by the web). */
  type: z.enum(CONTENT_KINDS).optional(),
  orderBy: z
    .string()
    .regex(/^createdAt=(asc|desc)$/, { message: 'orderBy must be createdAt=asc or createdAt=desc' })
    .default('createdAt=desc')
    .transform((v) => ({ field: 'createdAt' as const, direction: v.endsWith('asc') ? ('asc' as const) : ('desc' as const) })),
  statusTask: z.enum(TASK_FILTER_STATUSES).optional(),
  teamIds: commaUuidList.optional(),
  name: z.string().trim().max(200).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

/** The reviewed item's id under the name its module's page uses (null for the other kinds). */
const itemLinks = {
  oaContentId: z.uuid().nullable(),
  oaBroadcastId: z.uuid().nullable(),
  campaignId: z.uuid().nullable(),
  templateRequestId: z.uuid().nullable(),
};

/** §3 Task, as the caller sees it in My tasks. */
export const taskItem = z.object({
  id: z.uuid(),
  name: z.string(),
  module: z.enum(TASK_MODULES),
  /** The content kind. */
  type: z.enum(CONTENT_KINDS),
  /** The caller's view of it: new until they open it. */
  status: z.enum(TASK_VIEW_STATUSES),
  statusTask: z.enum(TASK_STATUSES),
  teamId: z.uuid().nullable(),
  referenceId: z.uuid(),
  ...itemLinks,
  createdBy: taskUser.nullable(),
  nextApprover: taskUser.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** decide: the caller is the next approver of this pending task and holds UPDATE_TENANT_TASK. */
  abilities: abilities(['decide']),
});
export type TaskItem = z.infer<typeof taskItem>;

/** What the task detail shows on the left (§2.14): built by the kind from the frozen snapshot. */
export const taskPreview = z.object({
  title: z.string(),
  body: z.string().nullable(),
  /** `labelKey` names the label for the web to translate (e.g. templateType); `label` is its plain text. */
  fields: z.array(z.object({ label: z.string(), labelKey: z.string().optional(), value: z.string() })),
  imageUrl: z.string().nullable().optional(),
  previewUrl: z.string().nullable().optional(),
});
export type TaskPreview = z.infer<typeof taskPreview>;

export const taskDetail = taskItem.omit({ abilities: true }).extend({
  /** §3 workFlowCurrent: the approvers copied at submission, in order, with their decisions. */
  workFlowCurrent: z.array(approverEntryView),
  currentStep: z.number().int().nullable(),
  snapshot: z.unknown(),
  snapshotHash: z.string(),
  preview: taskPreview.nullable(),
  version: z.number().int(),
  /** approve / reject: the caller is the next approver of this pending task (and holds UPDATE_TENANT_TASK). */
  abilities: abilities(['approve', 'reject']),
});
export type TaskDetail = z.infer<typeof taskDetail>;

/** POST merchant/task/{id}: the §5 approve/reject modal; the note is required ('please input note'). */
export const decideTaskBody = z.strictObject({
  type: z.enum(['APPROVAL', 'DISAPPROVAL']),
  comment: z.string({ error: 'please input note' }).trim().min(1, { error: 'please input note' }).max(1000),
});
export type DecideTaskBody = z.infer<typeof decideTaskBody>;

/** PATCH merchant/task/{id}. */
export const viewTaskBody = z.strictObject({ status: z.literal('viewed') });

/** GET merchant/task/log: every review of one item (by its id or one of its tasks' id), voided included. */
export const taskLogQuery = z
  .strictObject({ referenceId: z.uuid().optional(), taskId: z.uuid().optional() })
  .refine((q) => q.referenceId !== undefined || q.taskId !== undefined, { message: 'referenceId or taskId is required', path: ['referenceId'] });

/** §3 Task counter card. The ticket fields come from the tickets module. */
export const taskCard = z.object({
  /** Tasks the caller has not opened yet (VOIDED excluded). */
  statusView: z.number().int(),
  statusViewTicket: z.number().int(),
  totalTask: z.number().int(),
  totalTicket: z.number().int(),
  totalPending: z.number().int(),
  totalReject: z.number().int(),
  totalApproval: z.number().int(),
  totalClose: z.number().int(),
  totalInprogress: z.number().int(),
  totalOpen: z.number().int(),
  totalResolved: z.number().int(),
});
export type TaskCard = z.infer<typeof taskCard>;

/* Approval workflows (§6 CREATE/VIEW/UPDATE/DELETE_APPROVAL_WORK_FLOW). */

export const MAX_WORKFLOW_APPROVERS = 10;

export const workflowQuery = z.strictObject({ teamId: z.uuid().optional() });

/** One kind's workflow for the tenant (teamId null) or a team; empty approvers = approved on submission. */
export const approvalWorkflow = z.object({
  kind: z.enum(CONTENT_KINDS),
  module: z.enum(TASK_MODULES),
  teamId: z.uuid().nullable(),
  /** False when no workflow is stored for this kind (and scope): items are approved on submission. */
  configured: z.boolean(),
  approvers: z.array(taskUser),
  updatedAt: z.string().nullable(),
  abilities: abilities(['update', 'delete']),
});
export type ApprovalWorkflow = z.infer<typeof approvalWorkflow>;

export const putWorkflowBody = z.strictObject({
  kind: z.enum(CONTENT_KINDS),
  teamId: z.uuid().nullable().default(null),
  approverIds: z
    .array(z.uuid())
    .max(MAX_WORKFLOW_APPROVERS)
    .superRefine((ids, ctx) => {
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        if (seen.has(id)) ctx.addIssue({ code: 'custom', message: 'an approver is listed twice', path: [i] });
        seen.add(id);
      });
    }),
});
export type PutWorkflowBody = z.infer<typeof putWorkflowBody>;

/** GET merchant/approval-workflow/candidates: who may be named an approver (users who can open the tenant). */
export const workflowCandidate = taskUser;

export const workflowKindParams = z.strictObject({ kind: z.enum(CONTENT_KINDS) });
