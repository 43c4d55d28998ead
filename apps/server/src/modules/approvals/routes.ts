import { z } from 'zod';
import { dataResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import {
  approvalWorkflow,
  decideTaskBody,
  putWorkflowBody,
  taskCard,
  taskDetail,
  taskItem,
  taskListQuery,
  taskLogQuery,
  viewTaskBody,
  workflowCandidate,
  workflowKindParams,
  workflowQuery,
} from '@zc/shared/api/approvals';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { appendAudit, auditFromCtx } from '../../platform/audit';
import { tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { decideTask, findMyTasks, findWorkflowCandidates, findOaContentTasks, findTask, findTaskLog, findWorkflows, removeWorkflow, setWorkflow, taskCard as cardOf, viewTask } from './service';

const tags = ['Tasks'];
const wfTags = ['Approval workflows'];

/** §7 Tasks (My tasks, the counter card, decisions) and the approval workflows of §6. */
export function registerApprovalRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/task/list',
    {
      config: { access: tenantAccess('VIEW_TENANT_TASK') },
      schema: {
        operationId: 'listTasks',
        summary: 'List the caller\'s tasks',
        tags,
        description: "The caller's tasks in the tenant (as creator or approver), voided reviews left out. `status` is the caller's view (new/viewed); `abilities.decide` is true on the tasks waiting for the caller.",
        querystring: taskListQuery,
        response: { 200: listResponse(taskItem) },
      },
    },
    async (req) => {
      const r = await findMyTasks(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.query);
      return paged(r.rows, r.total, req.query);
    },
  );

  app.get(
    '/merchant/task/card',
    { config: { access: tenantAccess('VIEW_TENANT_TASK') }, schema: { operationId: 'getTaskCard', summary: 'Get the caller\'s task counters', tags, description: '§3 Task counter card of the caller (tasks and tickets).', response: { 200: dataResponse(taskCard) } } },
    async (req) => ({ data: await cardOf(deps.db, actorOf(req.ctx), tenantScope(req.ctx)) }),
  );

  app.get(
    '/merchant/task/log',
    {
      config: { access: tenantAccess('VIEW_TENANT_TASK') },
      schema: { operationId: 'getTaskLog', summary: 'List every review of one item', tags, description: 'Every review of one item (by `referenceId`, or by `taskId` of one of its reviews), newest first, voided ones included, each with its timeline.', querystring: taskLogQuery, response: { 200: dataResponse(z.array(taskDetail)) } },
    },
    async (req) => ({ data: await findTaskLog(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.query) }),
  );

  app.get(
    '/merchant/task/oa/:id',
    {
      config: { access: tenantAccess('VIEW_TENANT_TASK') },
      schema: { operationId: 'listOaContentTasks', summary: 'List the reviews of an OA content item', tags, description: 'The reviews of one OA content item (its id), newest first.', params: idParam, response: { 200: dataResponse(z.array(taskDetail)) } },
    },
    async (req) => ({ data: await findOaContentTasks(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id) }),
  );

  app.get(
    '/merchant/task/:id',
    {
      config: { access: tenantAccess('VIEW_TENANT_TASK') },
      schema: { operationId: 'getTask', summary: 'Get a task', tags, description: 'One task: the workflow copy with each approver’s decision, the frozen snapshot and its hash, the kind’s preview; `abilities` {approve, reject}.', params: idParam, response: { 200: dataResponse(taskDetail) } },
    },
    async (req) => ({ data: await findTask(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id) }),
  );

  app.post(
    '/merchant/task/:id',
    {
      // Recorded as TASK_APPROVE or TASK_REJECT by the decision's type.
      config: { access: tenantAccess('UPDATE_TENANT_TASK'), audit: 'TASK_APPROVE' },
      schema: {
        operationId: 'decideTask',
        summary: 'Approve or reject a task',
        tags,
        description:
          'The next approver approves or rejects with a note (§5; `comment` required). 403 TASK_NOT_YOUR_TURN for anyone else; 409 TASK_ALREADY_DECIDED once decided, TASK_NOT_PENDING once voided by an edit. The last approval runs the kind’s approval action.',
        params: idParam,
        body: decideTaskBody,
        response: { 200: dataResponse(taskDetail) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const actor = actorOf(req.ctx);
      const approval = req.body.type === 'APPROVAL';
      await deps.db.transaction(async (tx) => {
        const { before, after } = await decideTask(tx, actor, scope, req.params.id, { approval, comment: req.body.comment });
        await appendAudit(
          tx,
          auditFromCtx(req.ctx, approval ? 'TASK_APPROVE' : 'TASK_REJECT', {
            tenantId: scopedTenantId(scope),
            targetType: 'review_task',
            targetId: after.id,
            before: { status: before.status, currentStep: before.currentStep },
            after: { status: after.status, currentStep: after.currentStep, comment: req.body.comment },
          }),
        );
        req.ctx.auditWritten = true;
      });
      return { data: await findTask(deps.db, actor, scope, req.params.id) };
    },
  );

  app.patch(
    '/merchant/task/:id',
    {
      config: { access: tenantAccess('VIEW_TENANT_TASK'), audit: 'TASK_VIEW' },
      schema: { operationId: 'markTaskViewed', summary: 'Mark a task viewed', tags, description: 'Marks the task viewed by the caller (§2.14: opening a row).', params: idParam, body: viewTaskBody, response: { 200: okResponse } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const r = await viewTask(tx, actorOf(req.ctx), scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'review_task', targetId: req.params.id, after: { viewed: true, changed: r.changed } });
      });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/merchant/approval-workflow',
    {
      config: { access: tenantAccess('VIEW_APPROVAL_WORK_FLOW') },
      schema: { operationId: 'listApprovalWorkflows', summary: 'List the approval workflows', tags: wfTags, description: 'The approvers of every reviewable kind, for the tenant (no teamId) or one team; an unset kind answers an empty list (approved on submission).', querystring: workflowQuery, response: { 200: dataResponse(z.array(approvalWorkflow)) } },
    },
    async (req) => ({ data: await findWorkflows(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.query.teamId ?? null) }),
  );

  app.get(
    '/merchant/approval-workflow/candidates',
    {
      config: { access: tenantAccess('VIEW_APPROVAL_WORK_FLOW') },
      schema: { operationId: 'listApprovalCandidates', summary: 'List the users who may be named approvers', tags: wfTags, description: 'Who may be named an approver: the users who can open the tenant (its members and the organisation’s owners and administrators), by name.', response: { 200: dataResponse(z.array(workflowCandidate)) } },
    },
    async (req) => ({ data: await findWorkflowCandidates(deps.db, tenantScope(req.ctx)) }),
  );

  app.put(
    '/merchant/approval-workflow',
    {
      // Recorded as WORKFLOW_CREATE or WORKFLOW_UPDATE.
      config: { access: tenantAccess(['CREATE_APPROVAL_WORK_FLOW', 'UPDATE_APPROVAL_WORK_FLOW']), audit: 'WORKFLOW_UPDATE' },
      schema: {
        operationId: 'setApprovalWorkflow',
        summary: 'Set the approvers of one reviewable kind',
        tags: wfTags,
        description: 'Sets one kind’s ordered approvers (≤ 10, unique; 400 on a duplicate) for the tenant (`teamId` null) or a team. A user who cannot open the tenant answers 422 APPROVER_NOT_IN_TENANT. Pending reviews keep their copy.',
        body: putWorkflowBody,
        response: { 200: dataResponse(approvalWorkflow) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await deps.db.transaction(async (tx) => {
        const r = await setWorkflow(tx, actorOf(req.ctx), scope, req.body);
        await appendAudit(
          tx,
          auditFromCtx(req.ctx, r.created ? 'WORKFLOW_CREATE' : 'WORKFLOW_UPDATE', {
            tenantId: scopedTenantId(scope),
            targetType: 'approval_workflow',
            targetId: r.row.id,
            before: r.before ? { kind: r.before.kind, teamId: r.before.teamId, approverIds: r.before.approverIds } : undefined,
            after: { kind: r.row.kind, teamId: r.row.teamId, approverIds: r.row.approverIds },
          }),
        );
        req.ctx.auditWritten = true;
        return r.view;
      });
      return { data };
    },
  );

  app.delete(
    '/merchant/approval-workflow/:kind',
    {
      config: { access: tenantAccess('DELETE_APPROVAL_WORK_FLOW'), audit: 'WORKFLOW_DELETE' },
      schema: { operationId: 'deleteApprovalWorkflow', summary: 'Remove the approval workflow of one kind', tags: wfTags, description: 'Removes one kind’s workflow for the tenant (no teamId) or a team: its items are then approved on submission.', params: workflowKindParams, querystring: workflowQuery, response: { 200: okResponse } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const before = await removeWorkflow(tx, scope, req.params.kind, req.query.teamId ?? null);
        await record({ tenantId: scopedTenantId(scope), targetType: 'approval_workflow', targetId: before.id, before: { kind: before.kind, teamId: before.teamId, approverIds: before.approverIds } });
      });
      return { data: { ok: true as const } };
    },
  );
}
