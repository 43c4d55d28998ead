import { can, type Abilities, type Actor } from '../../platform/policy';

/**
 * Who may do what with the template library and template requests (§6 LIST_TEMPLATE_LIBRARY,
 * VIEW_TEMPLATE, REQUEST_TEMPLATE, VIEW_REQUEST_TEMPLATE). A library template is opened (detail and
 * preview) with VIEW_TEMPLATE or LIST_TEMPLATE_LIBRARY; a request's resulting template, once Zalo
 * approved it, is opened the same way.
 */
export function canViewTemplate(actor: Actor): boolean {
  return can(actor, 'VIEW_TEMPLATE', 'LIST_TEMPLATE_LIBRARY');
}

export function canRequestTemplate(actor: Actor): boolean {
  return can(actor, 'REQUEST_TEMPLATE');
}

export type TemplateAbilities = Abilities<'view'>;
export type TemplateRequestAbilities = Abilities<'viewTemplate' | 'edit' | 'delete' | 'copy'>;

export function templateAbilities(actor: Actor): TemplateAbilities {
  return { view: canViewTemplate(actor) };
}

type RequestState = { status: string; zaloStatus?: string | null; taskStatus: string | null };

/**
 * A console template is changed while it is a draft, while its internal review is pending (or has
 * none yet), or once Zalo rejected it (resubmitted through `/template/edit`). Zalo allows no other edit.
 */
export function isEditableTemplateRequest(request: RequestState): boolean {
  if (request.status === 'DRAFT') return true;
  if (request.status === 'PENDING') return request.taskStatus === null || request.taskStatus === 'PENDING' || request.taskStatus === 'VOIDED';
  return request.status === 'REJECTED' && request.zaloStatus === 'REJECT';
}

export function canEditTemplateRequest(actor: Actor, request: RequestState): boolean {
  return canRequestTemplate(actor) && isEditableTemplateRequest(request);
}

export function templateRequestAbilities(actor: Actor, request: RequestState & { znsTemplateId: string | null }): TemplateRequestAbilities {
  return {
    viewTemplate: canViewTemplate(actor) && request.status === 'APPROVED' && request.znsTemplateId !== null,
    edit: canEditTemplateRequest(actor, request),
    delete: canRequestTemplate(actor) && request.status === 'DRAFT',
    copy: canRequestTemplate(actor),
  };
}
