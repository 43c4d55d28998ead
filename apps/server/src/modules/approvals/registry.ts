import type { ContentKind } from '@zc/shared/api/approvals';
import type { TaskPreview } from '@zc/shared/api/approvals';
import type { Tx, DbOrTx } from '../../db/client';
import type { TenantScope } from '../../platform/tenant-scope';

/** What a kind hands the engine about the item being submitted (its frozen snapshot). */
export interface ReviewSubject {
  /** Shown as the task's name in My tasks. */
  name: string;
  /** The item's team (its team workflow applies when one exists); null for a tenant-wide item. */
  teamId: string | null;
  /** What is being approved: content, audience, cost… Hashed (canonical JSON) and frozen in the task. */
  snapshot: Record<string, unknown>;
}

/** A review task as a kind's actions see it. */
export interface ReviewedTask {
  id: string;
  tenantId: string;
  kind: ContentKind;
  referenceId: string;
  name: string;
  snapshot: unknown;
  createdBy: string | null;
}

/**
 * One reviewable kind (§3 Content kinds). The review engine knows a kind only through this
 * interface; the kind's module registers it in `apps/server/src/review-kinds.ts`, so approvals
 * never imports the modules it reviews.
 */
export interface ReviewKind {
  kind: ContentKind;
  /** The item's current state, read in the submitting transaction; null when it is not the tenant's. */
  snapshot(tx: DbOrTx, scope: TenantScope, referenceId: string): Promise<ReviewSubject | null>;
  /** The task detail's left panel, built from the frozen snapshot only (never the live item). */
  preview(snapshot: unknown): TaskPreview;
  /**
   * The last approval: runs once, inside the deciding transaction. External calls (Zalo) belong in
   * an event handler reacting to task.decided, not here.
   */
  onApproved(tx: Tx, task: ReviewedTask): Promise<void>;
  /** A rejection with the approver's note: runs once, inside the deciding transaction. */
  onRejected(tx: Tx, task: ReviewedTask, note: string): Promise<void>;
  /** The id field the item's own page uses (oaContentId, oaBroadcastId, campaignId, templateRequestId). */
  linkField: 'oaContentId' | 'oaBroadcastId' | 'campaignId' | 'templateRequestId';
}

const kinds = new Map<ContentKind, ReviewKind>();

/** Registers a kind (once; a second registration of the same kind replaces it, for tests). */
export function registerReviewKind(kind: ReviewKind): void {
  kinds.set(kind.kind, kind);
}

export function reviewKindOf(kind: ContentKind): ReviewKind | null {
  return kinds.get(kind) ?? null;
}

export function requireReviewKind(kind: ContentKind): ReviewKind {
  const k = kinds.get(kind);
  if (!k) throw new Error(`review kind ${kind} is not registered (apps/server/src/review-kinds.ts)`);
  return k;
}
