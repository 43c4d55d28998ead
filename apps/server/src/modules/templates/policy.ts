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
export type TemplateRequestAbilities = Abilities<'viewTemplate' | 'edit'>;

export function templateAbilities(actor: Actor): TemplateAbilities {
  return { view: canViewTemplate(actor) };
}

/** A request is edited only while its internal review is pending (or has none yet), before Zalo sees it. */
export function canEditTemplateRequest(actor: Actor, request: { status: string; taskStatus: string | null }): boolean {
  return canRequestTemplate(actor) && request.status === 'PENDING' && (request.taskStatus === null || request.taskStatus === 'PENDING' || request.taskStatus === 'VOIDED');
}

export function templateRequestAbilities(actor: Actor, request: { status: string; znsTemplateId: string | null; taskStatus: string | null }): TemplateRequestAbilities {
  return { viewTemplate: canViewTemplate(actor) && request.status === 'APPROVED' && request.znsTemplateId !== null, edit: canEditTemplateRequest(actor, request) };
}
