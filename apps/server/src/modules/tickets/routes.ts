import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@zc/shared/limits';
import { dataResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import {
  createCommentFields,
  createTicketBody,
  slaSettings,
  ticketAssignees,
  ticketComment,
  ticketCommentQuery,
  ticketDetail,
  ticketHistoryEntry,
  ticketItem,
  ticketListQuery,
  TICKET_COMMENT_FILES_MAX,
  updateCommentBody,
  updateSlaBody,
  updateTicketBody,
  type TicketAttachment,
} from '@zc/shared/api/tickets';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { parseFormFields, readImageUpload } from '../../platform/files';
import { safeFormField } from '../../platform/input-safety';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import {
  addComment,
  changeTicket,
  createTicket,
  editComment,
  findSla,
  findTicketComments,
  findTicketDetail,
  findTickets,
  removeComment,
  removeTicket,
  saveSla,
  ticketAssigneeOptions,
  ticketHistory,
  viewTicket,
} from './service';
import { recordTenantUpload } from '../tenant-files/service';

const tags = ['Tickets'];

/**
 * Multipart body of a new comment: text fields and up to five JPG/PNG `files` (checked by content,
 * 5 MB each). Files are read before anything is written; the store keys them by content hash.
 */
async function readCommentForm(req: FastifyRequest, deps: ModuleDeps): Promise<{ fields: Record<string, string>; attachments: TicketAttachment[] }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected multipart/form-data');
  const fields: Record<string, string> = {};
  const files: Array<{ buf: Buffer; type: 'image/jpeg' | 'image/png'; name: string }> = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: LIMITS.uploadMaxBytes, files: TICKET_COMMENT_FILES_MAX + 1, fields: 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          part.file.resume();
          throw fieldError(part.fieldname, 'Unknown file field', 'unrecognized_keys');
        }
        if (files.length >= TICKET_COMMENT_FILES_MAX) {
          part.file.resume();
          throw fieldError('files', `At most ${TICKET_COMMENT_FILES_MAX} files`, 'too_big');
        }
        const { buf, type } = await readImageUpload(part);
        files.push({ buf, type, name: safeFormField('files.filename', part.filename || 'image').slice(0, 200) });
      } else {
        fields[part.fieldname] = safeFormField(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (err) {
    if (err instanceof AppError || (err instanceof Error && ('code' in err || 'statusCode' in err))) throw err;
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read', { fields: [{ path: 'body', code: 'invalid_format', message: 'malformed multipart body' }] });
  }
  // Validate the text before storing anything.
  const attachments: TicketAttachment[] = [];
  parseFormFields(createCommentFields, fields);
  for (const f of files) {
    const key = await deps.files.put(f.buf, f.type);
    attachments.push({ name: f.name, url: deps.files.url(key), size: f.buf.length, type: f.type });
  }
  await recordTenantUpload(deps.db, req.ctx, 'ticket', attachments.map((a) => ({ key: a.url, name: a.name, contentType: a.type, size: a.size })));
  return { fields, attachments };
}

/** §7 Tasks: tickets (merchant/ticket), their comments (merchant/ticket-comment) and the SLA settings (merchant/setting/tenant/sla). */
export function registerTicketRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/ticket/list',
    {
      config: { access: tenantAccess('VIEW_TICKET') },
      schema: {
        operationId: 'listTickets',
        summary: 'List the tickets',
        tags,
        description: 'The tenant\'s tickets. `assignee`: me (me or my teams) | unassigned | a user or team id; `createdBy=me`; `search`: title words or #number. Each row has `unread`, both SLA clocks with due times and states, `slaState` and `abilities`.',
        querystring: ticketListQuery,
        response: { 200: listResponse(ticketItem) },
      },
    },
    async (req) => {
      const q = req.query;
      const r = await findTickets(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { ...q, limit: q.size, offset: offsetOf(q) });
      return paged(r.rows, r.total, q);
    },
  );

  app.get(
    '/merchant/ticket/assignees',
    { config: { access: tenantAccess('VIEW_TICKET') }, schema: { operationId: 'listTicketAssignees', summary: 'List who a ticket may be assigned to', tags, description: 'Tenant members and teams a ticket may be assigned to (and people who may be mentioned).', response: { 200: dataResponse(ticketAssignees) } } },
    async (req) => ({ data: await ticketAssigneeOptions(deps.db, tenantScope(req.ctx)) }),
  );

  app.post(
    '/merchant/ticket',
    {
      config: { access: tenantAccess('CREATE_TICKET'), audit: 'TICKET_CREATE' },
      schema: { operationId: 'createTicket', summary: 'Raise a ticket', tags, description: 'Raises a ticket; its SLA due times come from the tenant\'s SLA settings (business hours). An assignee outside the tenant answers 422.', body: createTicketBody, response: { 200: dataResponse(ticketDetail) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const actor = actorOf(req.ctx);
      const id = await runMutation(deps.db, req, async (tx, record) => {
        const { row, audit } = await createTicket(tx, actor, scope, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'ticket', targetId: row.id, after: audit });
        return row.id;
      });
      return { data: await findTicketDetail(deps.db, actor, scope, id) };
    },
  );

  app.get(
    '/merchant/ticket/:id',
    { config: { access: tenantAccess('VIEW_TICKET') }, schema: { operationId: 'getTicket', summary: 'Get a ticket', tags, params: idParam, response: { 200: dataResponse(ticketDetail) } } },
    async (req) => ({ data: await findTicketDetail(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id) }),
  );

  app.get(
    '/merchant/ticket/:id/history',
    { config: { access: tenantAccess('VIEW_TICKET') }, schema: { operationId: 'getTicketHistory', summary: 'List a ticket\'s changes', tags, description: 'One row per changed field, oldest first.', params: idParam, response: { 200: dataResponse(z.array(ticketHistoryEntry)) } } },
    async (req) => ({ data: await ticketHistory(deps.db, tenantScope(req.ctx), req.params.id) }),
  );

  app.patch(
    '/merchant/ticket/:id',
    {
      config: { access: tenantAccess('UPDATE_TICKET'), audit: 'TICKET_UPDATE' },
      schema: {
        operationId: 'updateTicket',
        summary: 'Update a ticket',
        tags,
        description: 'Status moves only as TICKET_TRANSITIONS allow (409 TICKET_STATUS_TRANSITION otherwise; RESOLVED/CLOSED → OPEN reopens and restarts the resolution clock); a priority change recomputes the due times; assignee person or team (422 outside the tenant).',
        params: idParam,
        body: updateTicketBody,
        response: { 200: dataResponse(ticketDetail) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const actor = actorOf(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const r = await changeTicket(tx, actor, scope, req.params.id, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'ticket', targetId: req.params.id, before: { number: r.before.number, status: r.before.status, priority: r.before.priority, assigneeUserId: r.before.assigneeUserId, assigneeTeamId: r.before.assigneeTeamId }, after: { status: r.after.status, priority: r.after.priority, assigneeUserId: r.after.assigneeUserId, assigneeTeamId: r.after.assigneeTeamId, changed: r.changed } });
      });
      return { data: await findTicketDetail(deps.db, actor, scope, req.params.id) };
    },
  );

  app.patch(
    '/merchant/ticket/:id/view',
    { config: { access: tenantAccess('VIEW_TICKET'), audit: 'TICKET_VIEW' }, schema: { operationId: 'markTicketViewed', summary: 'Mark a ticket viewed', tags, description: 'Marks the ticket viewed by the caller (no longer unread for them).', params: idParam, response: { 200: okResponse } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const row = await viewTicket(tx, actorOf(req.ctx), scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'ticket', targetId: row.id, after: { number: row.number } });
      });
      return { data: { ok: true as const } };
    },
  );

  app.delete(
    '/merchant/ticket/:id',
    { config: { access: tenantAccess('DELETE_TICKET'), audit: 'TICKET_DELETE' }, schema: { operationId: 'deleteTicket', summary: 'Delete a ticket', tags, description: 'Deletes the ticket with its comments and history.', params: idParam, response: { 200: okResponse } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const r = await removeTicket(tx, scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'ticket', targetId: req.params.id, before: r.before });
      });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/merchant/ticket-comment/list',
    { config: { access: tenantAccess('VIEW_TICKET') }, schema: { operationId: 'listTicketComments', summary: 'List a ticket\'s comments', tags, description: 'The comments of one ticket, oldest first.', querystring: ticketCommentQuery, response: { 200: listResponse(ticketComment) } } },
    async (req) => {
      const q = req.query;
      const r = await findTicketComments(deps.db, actorOf(req.ctx), tenantScope(req.ctx), q.ticketId, { limit: q.size, offset: offsetOf(q) });
      return paged(r.rows, r.total, q);
    },
  );

  app.post(
    '/merchant/ticket-comment',
    {
      config: { access: tenantAccess(['CREATE_TICKET', 'UPDATE_TICKET']), audit: 'TICKET_COMMENT_CREATE' },
      schema: {
        operationId: 'createTicketComment',
        summary: 'Comment on a ticket',
        tags,
        consumes: ['multipart/form-data'],
        description: `multipart fields: \`ticketId\`, \`body\` (≤ 5,000 characters), \`mentions\` (comma-joined user ids of tenant members; 422 otherwise), up to ${TICKET_COMMENT_FILES_MAX} \`files\` (JPG or PNG by content, 5 MB each). The first comment by someone other than the creator answers the first response.`,
        response: { 200: dataResponse(ticketComment) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const { fields, attachments } = await readCommentForm(req, deps);
      const body = parseFormFields(createCommentFields, fields);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await addComment(tx, actorOf(req.ctx), scope, { ticketId: body.ticketId, body: body.body, mentions: body.mentions ?? [], attachments });
        await record({ tenantId: scopedTenantId(scope), targetType: 'ticket_comment', targetId: r.comment.id, after: r.audit });
        return r.comment;
      });
      return { data };
    },
  );

  app.patch(
    '/merchant/ticket-comment/:id',
    {
      config: { access: tenantAccess(['CREATE_TICKET', 'UPDATE_TICKET']), audit: 'TICKET_COMMENT_UPDATE' },
      schema: { operationId: 'updateTicketComment', summary: 'Edit a ticket comment', tags, description: 'Edits the text (and mentions) of the caller\'s own comment (403 for anyone else\'s).', params: idParam, body: updateCommentBody, response: { 200: dataResponse(ticketComment) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await editComment(tx, actorOf(req.ctx), scope, req.params.id, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'ticket_comment', targetId: req.params.id, before: r.audit.before, after: r.audit.after });
        return r.comment;
      });
      return { data };
    },
  );

  app.delete(
    '/merchant/ticket-comment/:id',
    { config: { access: tenantAccess(['CREATE_TICKET', 'UPDATE_TICKET']), audit: 'TICKET_COMMENT_DELETE' }, schema: { operationId: 'deleteTicketComment', summary: 'Delete a ticket comment', tags, description: 'Deletes the caller\'s own comment (403 for anyone else\'s).', params: idParam, response: { 200: okResponse } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const r = await removeComment(tx, actorOf(req.ctx), scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'ticket_comment', targetId: req.params.id, before: r.audit });
      });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/merchant/setting/tenant/sla',
    { config: { access: tenantAccess('VIEW_TICKET') }, schema: { operationId: 'getSlaSettings', summary: 'Get the tenant\'s SLA settings', tags, description: 'The tenant\'s SLA settings, or the defaults (`configured: false`).', response: { 200: dataResponse(slaSettings) } } },
    async (req) => ({ data: await findSla(deps.db, actorOf(req.ctx), tenantScope(req.ctx)) }),
  );

  app.patch(
    '/merchant/setting/tenant/sla',
    {
      config: { access: tenantAccess('UPDATE_TENANT'), audit: 'SLA_UPDATE' },
      schema: { operationId: 'updateSlaSettings', summary: 'Update the tenant\'s SLA settings', tags, description: 'Time zone (IANA), business days (0 Sunday … 6 Saturday) and hours, first-response and resolution targets in business minutes per priority, warn-before minutes. Applies to new tickets and priority changes.', body: updateSlaBody, response: { 200: dataResponse(slaSettings) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await saveSla(tx, actorOf(req.ctx), scope, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'sla_settings', targetId: scopedTenantId(scope), before: r.before, after: r.after });
        return r.view;
      });
      return { data };
    },
  );
}
