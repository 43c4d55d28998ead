import { can, type Abilities, type Actor } from '../../platform/policy';

/**
 * Who may do what with review tasks and approval workflows (§6). A task is decided only by its
 * next approver, and only while it is pending, by a user holding UPDATE_TENANT_TASK; the list and
 * detail need VIEW_TENANT_TASK (declared on the routes).
 */
export function canDecideTask(actor: Actor, task: { status: string; nextApproverId: string | null }): boolean {
  return can(actor, 'UPDATE_TENANT_TASK') && task.status === 'PENDING' && task.nextApproverId === actor.userId;
}

export function taskListAbilities(actor: Actor, task: { status: string; nextApproverId: string | null }): Abilities<'decide'> {
  return { decide: canDecideTask(actor, task) };
}

export function taskDetailAbilities(actor: Actor, task: { status: string; nextApproverId: string | null }): Abilities<'approve' | 'reject'> {
  const decide = canDecideTask(actor, task);
  return { approve: decide, reject: decide };
}

/** Setting a workflow creates it (CREATE_…) or changes it (UPDATE_…). */
export function canSetWorkflow(actor: Actor, exists: boolean): boolean {
  return exists ? can(actor, 'UPDATE_APPROVAL_WORK_FLOW') : can(actor, 'CREATE_APPROVAL_WORK_FLOW');
}

export function workflowAbilities(actor: Actor, exists: boolean): Abilities<'update' | 'delete'> {
  return { update: canSetWorkflow(actor, exists), delete: exists && can(actor, 'DELETE_APPROVAL_WORK_FLOW') };
}
