import { createHash } from 'node:crypto';
import type { ApproverEntry, TaskStatus } from '@zc/shared/api/approvals';

/**
 * The review as a pure state machine (no database): what a submission starts with, what a decision
 * does to it, when it ends. service.ts stores the result with a version check; the property tests
 * drive these functions and the stored engine with the same random sequences.
 */
export interface ReviewState {
  status: TaskStatus;
  workflow: ApproverEntry[];
  /** Index of the approver who decides next while PENDING; null once ended. */
  currentStep: number | null;
  nextApproverId: string | null;
}

export type DecisionRefusal = 'TASK_NOT_YOUR_TURN' | 'TASK_ALREADY_DECIDED' | 'TASK_NOT_PENDING';
export type DecisionResult =
  | { ok: true; state: ReviewState; outcome: 'advanced' | 'APPROVAL' | 'DISAPPROVAL' }
  | { ok: false; refusal: DecisionRefusal };

/** A new review over the approvers, in order; none → approved on submission. */
export function initialState(approverIds: readonly string[]): ReviewState {
  const workflow = approverIds.map((userId) => ({ userId, status: 'PENDING' as const, updatedAt: null, comment: null }));
  const first = workflow[0];
  if (!first) return { status: 'APPROVAL', workflow, currentStep: null, nextApproverId: null };
  return { status: 'PENDING', workflow, currentStep: 0, nextApproverId: first.userId };
}

export const isTerminal = (status: TaskStatus): boolean => status !== 'PENDING';

/**
 * The next approver decides: approval moves to the following approver or, after the last one,
 * ends APPROVAL; a rejection ends DISAPPROVAL at once. Anyone else is refused, and so is any
 * decision once the review ended (decided, or voided by an edit).
 */
export function decide(state: ReviewState, actorId: string, approval: boolean, comment: string, at: Date): DecisionResult {
  if (state.status === 'VOIDED') return { ok: false, refusal: 'TASK_NOT_PENDING' };
  if (state.status !== 'PENDING' || state.currentStep === null) return { ok: false, refusal: 'TASK_ALREADY_DECIDED' };
  const step = state.currentStep;
  const entry = state.workflow[step];
  if (!entry || entry.userId !== actorId) return { ok: false, refusal: 'TASK_NOT_YOUR_TURN' };
  const workflow = state.workflow.map((e, i) => (i === step ? { ...e, status: approval ? ('APPROVED' as const) : ('REJECTED' as const), updatedAt: at.toISOString(), comment } : e));
  if (!approval) return { ok: true, outcome: 'DISAPPROVAL', state: { status: 'DISAPPROVAL', workflow, currentStep: null, nextApproverId: null } };
  const next = workflow[step + 1];
  if (!next) return { ok: true, outcome: 'APPROVAL', state: { status: 'APPROVAL', workflow, currentStep: null, nextApproverId: null } };
  return { ok: true, outcome: 'advanced', state: { status: 'PENDING', workflow, currentStep: step + 1, nextApproverId: next.userId } };
}

/** An edit of the item ends a pending review without a decision. */
export function voidState(state: ReviewState): ReviewState {
  if (state.status !== 'PENDING') return state;
  return { ...state, status: 'VOIDED', currentStep: null, nextApproverId: null };
}

/** JSON with object keys sorted at every level, so equal snapshots hash equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** sha256 (hex) of the snapshot's canonical JSON. */
export function snapshotHash(snapshot: unknown): string {
  return createHash('sha256').update(canonicalJson(snapshot)).digest('hex');
}
