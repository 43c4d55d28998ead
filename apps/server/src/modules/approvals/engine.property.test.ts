import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Permission } from '@zc/shared/permissions';
import { reviewTaskCounts, reviewTaskParticipants, reviewTasks } from '../../db/schema/approvals';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import { trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { buildOrganisation, buildTenant, buildUser, createTestDatabase } from '../../test/helpers';
import { canonicalJson, decide, initialState, snapshotHash, voidState, type ReviewState } from './engine';
import { insertWorkflow, listTasksForUser } from './repo';
import { decideTask, registerReviewKind, submitForReview, voidReview } from './service';

/* The pure state machine. */

const user = fc.constantFrom('a', 'b', 'c', 'd');
const step = fc.oneof(
  fc.record({ op: fc.constant('decide' as const), by: user, approve: fc.boolean() }),
  fc.record({ op: fc.constant('void' as const) }),
);

describe('review state machine (pure)', () => {
  it('ends in exactly one terminal state, only the next approver decides, in order', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(['a', 'b', 'c']), fc.array(step, { maxLength: 12 }), (approvers, steps) => {
        let s: ReviewState = initialState(approvers);
        if (approvers.length === 0) expect(s.status).toBe('APPROVAL');
        let terminalSeen = s.status !== 'PENDING' ? 1 : 0;
        for (const st of steps) {
          if (st.op === 'void') {
            const v = voidState(s);
            if (s.status === 'PENDING') expect(v.status).toBe('VOIDED');
            else expect(v).toEqual(s);
            if (s.status === 'PENDING') terminalSeen += 1;
            s = v;
            continue;
          }
          const before = s;
          const r = decide(s, st.by, st.approve, 'note', new Date(0));
          if (!r.ok) {
            if (before.status === 'PENDING') expect(r.refusal).toBe('TASK_NOT_YOUR_TURN');
            else expect(r.refusal).toBe(before.status === 'VOIDED' ? 'TASK_NOT_PENDING' : 'TASK_ALREADY_DECIDED');
            continue;
          }
          // Only the next approver, only while pending, and the approvers in their order.
          expect(before.status).toBe('PENDING');
          expect(before.nextApproverId).toBe(st.by);
          expect(approvers[before.currentStep ?? -1]).toBe(st.by);
          s = r.state;
          if (s.status !== 'PENDING') terminalSeen += 1;
        }
        expect(terminalSeen).toBeLessThanOrEqual(1);
        if (s.status === 'APPROVAL') expect(s.workflow.every((e) => e.status === 'APPROVED')).toBe(true);
        if (s.status === 'DISAPPROVAL') expect(s.workflow.filter((e) => e.status === 'REJECTED')).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });

  it('hashes equal snapshots equally whatever the key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(snapshotHash(reversed)).toBe(snapshotHash(obj));
        expect(JSON.parse(canonicalJson(obj))).toEqual(JSON.parse(JSON.stringify(obj)));
      }),
    );
  });
});

/* The stored engine against the model, with a test kind. */

const items = new Map<string, { name: string; revision: number }>();
const approvedRuns = new Map<string, number>();
const rejectedRuns = new Map<string, number>();
registerReviewKind({
  kind: 'OA_BROADCAST',
  linkField: 'oaBroadcastId',
  snapshot: async (_tx, _scope, id) => {
    const item = items.get(id);
    return item ? { name: item.name, teamId: null, snapshot: { revision: item.revision } } : null;
  },
  preview: (s) => ({ title: 'broadcast', body: canonicalJson(s), fields: [] }),
  onApproved: async (_tx, task) => void approvedRuns.set(task.id, (approvedRuns.get(task.id) ?? 0) + 1),
  onRejected: async (_tx, task) => void rejectedRuns.set(task.id, (rejectedRuns.get(task.id) ?? 0) + 1),
});

let database: Database & { drop(): Promise<void> };
let merchantId: string;
let people: string[];
beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await buildOrganisation(database)).id;
  people = [];
  for (let i = 0; i < 4; i += 1) people.push((await buildUser(database, { merchantId, role: 'ADMIN' })).id);
});
afterAll(async () => database.drop());

const actor = (userId: string): Actor => ({ userId, merchantRole: 'ADMIN', permissions: new Set<Permission>(['UPDATE_TENANT_TASK', 'VIEW_TENANT_TASK']) });

const op = fc.oneof(
  fc.record({ op: fc.constant('submit' as const), item: fc.nat(1) }),
  fc.record({ op: fc.constant('edit' as const), item: fc.nat(1) }),
  fc.record({ op: fc.constant('decide' as const), item: fc.nat(1), by: fc.nat(3), approve: fc.boolean() }),
  fc.record({ op: fc.constant('race' as const), item: fc.nat(1), approve: fc.tuple(fc.boolean(), fc.boolean()) }),
);

async function attempt(scope: TenantScope, userId: string, taskId: string, approve: boolean): Promise<'ok' | string> {
  try {
    await database.db.transaction((tx) => decideTask(tx, actor(userId), scope, taskId, { approval: approve, comment: 'ghi chú' }));
    return 'ok';
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
}

describe('review engine (stored) against the model', () => {
  it('random submissions, edits, decisions and simultaneous decisions keep every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray([0, 1, 2]), fc.array(op, { minLength: 1, maxLength: 14 }), async (order, ops) => {
        const tenant = await buildTenant(database, merchantId);
        const scope = trustedTenantScope(tenant.id);
        await database.db.transaction((tx) => insertWorkflow(tx, scope, { kind: 'OA_BROADCAST', teamId: null, approverIds: order.map((i) => people[i] ?? ''), userId: people[3] ?? '' }));
        const refs = [randomUUID(), randomUUID()];
        refs.forEach((r, i) => items.set(r, { name: `Item ${i}`, revision: 0 }));
        // Model: the item's live review (pure state + its task id) and how many reviews were voided.
        const live = new Map<string, { taskId: string; state: ReviewState }>();
        let expectedVoids = 0;
        for (const o of ops) {
          const ref = refs[o.item] ?? '';
          if (o.op === 'submit' || o.op === 'edit') {
            const item = items.get(ref);
            if (item && o.op === 'edit') item.revision += 1;
            if (live.get(ref)?.state.status === 'PENDING') expectedVoids += 1;
            const task = await database.db.transaction(async (tx) => {
              if (o.op === 'edit') await voidReview(tx, scope, 'OA_BROADCAST', ref);
              return submitForReview(tx, { userId: people[3] ?? '' }, scope, { kind: 'OA_BROADCAST', referenceId: ref });
            });
            live.set(ref, { taskId: task.id, state: initialState(order.map((i) => people[i] ?? '')) });
            continue;
          }
          const cur = live.get(ref);
          if (!cur) continue;
          if (o.op === 'decide') {
            const by = people[o.by] ?? '';
            const expected = decide(cur.state, by, o.approve, 'ghi chú', new Date());
            const got = await attempt(scope, by, cur.taskId, o.approve);
            expect(got).toBe(expected.ok ? 'ok' : expected.refusal);
            if (expected.ok) cur.state = expected.state;
            continue;
          }
          // Two decisions by the next approver at the same moment: exactly one applies.
          const next = cur.state.nextApproverId;
          if (!next) continue;
          const [r1, r2] = await Promise.all([attempt(scope, next, cur.taskId, o.approve[0]), attempt(scope, next, cur.taskId, o.approve[1])]);
          expect([r1, r2].filter((r) => r === 'ok')).toHaveLength(1);
          const [row] = await database.db.select().from(reviewTasks).where(eq(reviewTasks.id, cur.taskId));
          cur.state = { status: row?.status ?? 'PENDING', workflow: row?.workflow ?? [], currentStep: row?.currentStep ?? null, nextApproverId: row?.nextApproverId ?? null };
        }
        const tasks = await database.db.select().from(reviewTasks).where(eq(reviewTasks.tenantId, tenant.id));
        for (const ref of refs) {
          const mine = tasks.filter((x) => x.referenceId === ref);
          // At most one live review per item; the newest is the live one, the others ended.
          expect(mine.filter((x) => x.status === 'PENDING').length).toBeLessThanOrEqual(1);
          const model = live.get(ref);
          if (model) expect(mine.find((x) => x.id === model.taskId)?.status).toBe(model.state.status);
        }
        expect(tasks.filter((x) => x.status === 'VOIDED')).toHaveLength(expectedVoids);
        for (const task of tasks) {
          // The approval action ran exactly once for an approved review, never otherwise; same for rejection.
          expect(approvedRuns.get(task.id) ?? 0).toBe(task.status === 'APPROVAL' ? 1 : 0);
          expect(rejectedRuns.get(task.id) ?? 0).toBe(task.status === 'DISAPPROVAL' ? 1 : 0);
          const parts = await database.db.select().from(reviewTaskParticipants).where(eq(reviewTaskParticipants.taskId, task.id));
          expect(parts.every((p) => p.status === task.status)).toBe(true);
        }
        // The counter rows equal a direct count of the participants, key by key, and every list
        // total (each status filter, with and without a name) equals a direct count.
        const parts = await database.db.select().from(reviewTaskParticipants).where(eq(reviewTaskParticipants.tenantId, tenant.id));
        const keyOf = (r: { userId: string; kind: string | null; teamId: string | null; status: string }) => `${r.userId}|${r.kind ?? ''}|${r.teamId ?? ''}|${r.status}`;
        const direct = new Map<string, number>();
        for (const p of parts) direct.set(keyOf(p), (direct.get(keyOf(p)) ?? 0) + 1);
        const counted = await database.db.select().from(reviewTaskCounts).where(eq(reviewTaskCounts.tenantId, tenant.id));
        expect(new Map(counted.filter((c) => c.n !== 0).map((c) => [keyOf(c), c.n]))).toEqual(direct);
        for (const u of people) {
          for (const status of [undefined, 'PENDING', 'APPROVAL', 'DISAPPROVAL', 'VOIDED'] as const) {
            for (const name of [undefined, 'item 1']) {
              const r = await listTasksForUser(database.db, scope, { userId: u, status, name, direction: 'desc', limit: 2, offset: 1 });
              const want = parts.filter((p) => p.userId === u && (status ? p.status === status : p.status !== 'VOIDED') && (!name || p.name === 'Item 1'));
              expect(r.total).toBe(want.length);
              expect(r.rows.length).toBe(Math.max(0, Math.min(2, want.length - 1)));
            }
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
