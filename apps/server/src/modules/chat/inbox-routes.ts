import { z } from 'zod';
import { dataResponse, idParam, okResponse } from '@zc/shared/api/common';
import {
  cannedReply,
  cannedReplyBody,
  chatAssignBody,
  chatAssignee,
  chatMessage,
  chatNoteBody,
  chatPresence,
  chatPresenceBody,
  chatSpamBody,
  chatStatusBody,
  conversation,
  conversationIdParam,
  conversationListQuery,
  conversationMessageParam,
  conversationPage,
  followerTimelineItem,
  messageListQuery,
  messagePage,
} from '@zc/shared/api/chat';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { requireMerchant, tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import {
  addNote,
  assignConversation,
  conversationAuditView,
  createCannedReply,
  deleteCannedReply,
  deleteNote,
  followerTimeline,
  getConversation,
  listAssignees,
  listCannedReplies,
  listConversations,
  listMessages,
  markSpam,
  readConversation,
  setStatus,
  updateCannedReply,
  updatePresence,
} from './inbox-service';
import { presentCannedReply } from './presenter';

const tags = ['Chat'];
const VIEW = tenantAccess('VIEW_ZALO_OA_CHAT', 'oaService');
const ACTION = tenantAccess('ACTION_ZALO_OA_CHAT', 'oaService');
const cannedIdParam = idParam;

/** Inbox, conversation, notes, assignment, spam, status, presence, canned replies, follower timeline (issue 15). */
export function registerChatInboxRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/chat/conversations',
    {
      config: { access: VIEW },
      schema: {
        operationId: 'listChatConversations',
        summary: 'List the inbox\'s conversations',
        tags,
        description:
          'Conversations of one OA (`zaloOAId`) or of every OA of the tenant, by last activity (newest first), with the follower, the last message, the unread count and the customer-service window. `filter` (§3): main (not spam), unread, unreplied (the last message is the follower\'s), spam, group; `assignment`: all, mine, assigned, unassigned, team (`teamId`, else the caller\'s teams); `status` OPEN by default (ALL for both); `q`: a name prefix (case-insensitive), phone digits or words of a message. Cursor paging: pass `meta.nextCursor` as `cursor`. An OA of another tenant answers 404; a cursor this list did not answer, 400.',
        querystring: conversationListQuery,
        response: { 200: conversationPage },
      },
    },
    async (req) => {
      const r = await listConversations(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.query);
      return { data: r.data, meta: { nextCursor: r.nextCursor } };
    },
  );

  app.get(
    '/merchant/chat/assignees',
    {
      config: { access: VIEW },
      schema: {
        operationId: 'listChatAssignees',
        summary: 'List who a conversation can be assigned to',
        tags,
        description: 'The tenant\'s members who may view the chat (tenant group or organisation role), by name: the people `assign` accepts. Teams come from the teams list.',
        response: { 200: dataResponse(z.array(chatAssignee)) },
      },
    },
    async (req) => ({ data: await listAssignees(deps.db, tenantScope(req.ctx), requireMerchant(req.ctx)) }),
  );

  app.get(
    '/merchant/chat/conversations/:id',
    { config: { access: VIEW }, schema: { operationId: 'getChatConversation', summary: 'Get a conversation', tags, description: 'One conversation of the inbox (the deep link by `conversationId`). Another tenant\'s conversation answers 404.', params: conversationIdParam, response: { 200: dataResponse(conversation) } } },
    async (req) => ({ data: await getConversation(deps.db, tenantScope(req.ctx), req.params.id) }),
  );

  app.get(
    '/merchant/chat/conversations/:id/messages',
    {
      config: { access: VIEW },
      schema: {
        operationId: 'listChatMessages',
        summary: 'List a conversation\'s messages',
        tags,
        description:
          'The newest `size` messages (50 by default), oldest first within the page, internal notes included; `meta.nextCursor` passed as `before` reads the older page. The first open imports Zalo\'s conversation history; `meta.importing` is true while that import has not succeeded (the next open retries). Another tenant\'s conversation answers 404.',
        params: conversationIdParam,
        querystring: messageListQuery,
        response: { 200: messagePage },
      },
    },
    async (req) => {
      const r = await listMessages(deps, tenantScope(req.ctx), req.params.id, req.query);
      return { data: r.data, meta: { nextCursor: r.nextCursor, importing: r.importing } };
    },
  );

  app.post(
    '/merchant/chat/conversations/:id/read',
    {
      config: { access: VIEW, audit: { none: 'reading a conversation is not a change of the tenant\'s data worth an audit entry; it only clears the unread count' } },
      schema: { operationId: 'readChatConversation', summary: 'Mark a conversation read', tags, description: 'Sets the unread count to 0 and announces it (`chat.conversation_changed`, fields [unread]) to every open inbox of the tenant. Another tenant\'s conversation answers 404.', params: conversationIdParam, response: { 200: dataResponse(conversation) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await deps.db.transaction((tx) => readConversation(tx, actorOf(req.ctx), scope, req.params.id));
      return { data: await getConversation(deps.db, scope, req.params.id) };
    },
  );

  app.post(
    '/merchant/chat/conversations/:id/assign',
    {
      config: { access: ACTION, audit: 'CHAT_ASSIGN' },
      schema: {
        operationId: 'assignChatConversation',
        summary: 'Assign a conversation',
        tags,
        description: 'Assigns the conversation to a person (a member of the tenant with VIEW_ZALO_OA_CHAT) and/or a team of the tenant; null clears each. The new assignee is notified (unless they assigned it themselves). Anyone else answers 422 CHAT_ASSIGNEE_INVALID; another tenant\'s conversation 404.',
        params: conversationIdParam,
        body: chatAssignBody,
        response: { 200: dataResponse(conversation) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await assignConversation(tx, actorOf(req.ctx), scope, req.params.id, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'chat_conversation', targetId: after.id, before: conversationAuditView(before), after: conversationAuditView(after) });
      });
      return { data: await getConversation(deps.db, scope, req.params.id) };
    },
  );

  app.post(
    '/merchant/chat/conversations/:id/spam',
    {
      config: { access: ACTION, audit: 'CHAT_SPAM' },
      schema: { operationId: 'markChatConversationSpam', summary: 'Mark or unmark a conversation as spam', tags, description: 'A spam conversation leaves every inbox tab but "spam". Another tenant\'s conversation answers 404.', params: conversationIdParam, body: chatSpamBody, response: { 200: dataResponse(conversation) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await markSpam(tx, actorOf(req.ctx), scope, req.params.id, req.body.spam);
        await record({ tenantId: scopedTenantId(scope), targetType: 'chat_conversation', targetId: after.id, before: conversationAuditView(before), after: conversationAuditView(after) });
      });
      return { data: await getConversation(deps.db, scope, req.params.id) };
    },
  );

  app.post(
    '/merchant/chat/conversations/:id/status',
    {
      config: { access: ACTION, audit: 'CHAT_STATUS' },
      schema: { operationId: 'setChatConversationStatus', summary: 'Close or reopen a conversation', tags, description: 'OPEN or CLOSED; a follower\'s new message reopens a closed conversation. Another tenant\'s conversation answers 404.', params: conversationIdParam, body: chatStatusBody, response: { 200: dataResponse(conversation) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await setStatus(tx, actorOf(req.ctx), scope, req.params.id, req.body.status);
        await record({ tenantId: scopedTenantId(scope), targetType: 'chat_conversation', targetId: after.id, before: conversationAuditView(before), after: conversationAuditView(after) });
      });
      return { data: await getConversation(deps.db, scope, req.params.id) };
    },
  );

  app.post(
    '/merchant/chat/conversations/:id/notes',
    {
      config: { access: ACTION, audit: { none: 'a note is a message of the conversation (stored with its author); messages are not audited, deletions are (CHAT_NOTE_DELETE)' } },
      schema: { operationId: 'addChatNote', summary: 'Add an internal note', tags, description: 'An internal note (direction NOTE) the follower never sees: never sent to Zalo. Text 1–2000 characters (422 otherwise). Another tenant\'s conversation answers 404.', params: conversationIdParam, body: chatNoteBody, response: { 201: dataResponse(chatMessage) } },
    },
    async (req, reply) => {
      const scope = tenantScope(req.ctx);
      const note = await deps.db.transaction((tx) => addNote(tx, actorOf(req.ctx), scope, req.params.id, req.body.text));
      return reply.status(201).send({ data: note });
    },
  );

  app.delete(
    '/merchant/chat/conversations/:id/notes/:messageId',
    {
      config: { access: ACTION, audit: 'CHAT_NOTE_DELETE' },
      schema: { operationId: 'deleteChatNote', summary: 'Delete an internal note', tags, description: 'Deletes a note of the conversation. Only its author may, or an organisation OWNER or ADMIN (403 CHAT_NOTE_NOT_YOURS otherwise). A message that is not a note, or another tenant\'s, answers 404.', params: conversationMessageParam, response: { 200: okResponse } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const { before } = await deleteNote(tx, actorOf(req.ctx), scope, req.params.id, req.params.messageId);
        await record({ tenantId: scopedTenantId(scope), targetType: 'chat_message', targetId: req.params.messageId, before });
      });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/merchant/chat/conversations/:id/presence',
    {
      config: { access: VIEW, audit: { none: 'presence is a short-lived mark (45 s unless renewed), not a change of data' } },
      schema: {
        operationId: 'updateChatPresence',
        summary: 'Say you are viewing, typing in or leaving a conversation',
        tags,
        description: 'Marks the caller VIEWING or TYPING for 45 seconds (the browser renews it every 20 s) or removes the mark (LEFT); a change of state is announced (`chat.presence`), a renewal is not. Answers the other agents present now. Another tenant\'s conversation answers 404.',
        params: conversationIdParam,
        body: chatPresenceBody,
        response: { 200: dataResponse(z.array(chatPresence)) },
      },
    },
    async (req) => ({ data: await deps.db.transaction((tx) => updatePresence(tx, actorOf(req.ctx), tenantScope(req.ctx), req.params.id, req.body.state)) }),
  );

  app.get(
    '/merchant/chat/conversations/:id/timeline',
    {
      config: { access: VIEW },
      schema: { operationId: 'getChatFollowerTimeline', summary: 'List what the follower received besides the chat', tags, description: 'The follower panel\'s timeline, newest first, at most 50: OA messages sent to their Zalo user id, ZNS messages to their phone, and the OA\'s broadcasts sent since they were first synced. Another tenant\'s conversation answers 404.', params: conversationIdParam, response: { 200: dataResponse(z.array(followerTimelineItem)) } },
    },
    async (req) => ({ data: await followerTimeline(deps.db, tenantScope(req.ctx), req.params.id) }),
  );

  app.get(
    '/merchant/chat/canned-replies',
    { config: { access: VIEW }, schema: { operationId: 'listChatCannedReplies', summary: 'List the canned replies', tags, description: 'The tenant\'s canned replies by shortcut (typed after "/" in the composer), at most 1,000.', response: { 200: dataResponse(z.array(cannedReply)) } } },
    async (req) => ({ data: await listCannedReplies(deps.db, tenantScope(req.ctx)) }),
  );

  app.post(
    '/merchant/chat/canned-replies',
    {
      config: { access: ACTION, audit: 'CHAT_CANNED_REPLY_CREATE' },
      schema: { operationId: 'createChatCannedReply', summary: 'Create a canned reply', tags, description: 'A shortcut (letters, digits, - and _; at most 30) unique in the tenant regardless of case (409 CHAT_CANNED_SHORTCUT_TAKEN) and a text of at most 2000 characters.', body: cannedReplyBody, response: { 201: dataResponse(cannedReply) } },
    },
    async (req, reply) => {
      const scope = tenantScope(req.ctx);
      const row = await runMutation(deps.db, req, async (tx, record) => {
        const created = await createCannedReply(tx, actorOf(req.ctx), scope, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'chat_canned_reply', targetId: created.id, after: { shortcut: created.shortcut, text: created.text } });
        return created;
      });
      return reply.status(201).send({ data: presentCannedReply(row) });
    },
  );

  app.patch(
    '/merchant/chat/canned-replies/:id',
    {
      config: { access: ACTION, audit: 'CHAT_CANNED_REPLY_UPDATE' },
      schema: { operationId: 'updateChatCannedReply', summary: 'Change a canned reply', tags, description: 'Replaces the shortcut and the text (409 CHAT_CANNED_SHORTCUT_TAKEN when another reply uses the shortcut). Another tenant\'s canned reply answers 404.', params: cannedIdParam, body: cannedReplyBody, response: { 200: dataResponse(cannedReply) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const row = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await updateCannedReply(tx, scope, req.params.id, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'chat_canned_reply', targetId: after.id, before: { shortcut: before.shortcut, text: before.text }, after: { shortcut: after.shortcut, text: after.text } });
        return after;
      });
      return { data: presentCannedReply(row) };
    },
  );

  app.delete(
    '/merchant/chat/canned-replies/:id',
    {
      config: { access: ACTION, audit: 'CHAT_CANNED_REPLY_DELETE' },
      schema: { operationId: 'deleteChatCannedReply', summary: 'Delete a canned reply', tags, description: 'Another tenant\'s canned reply answers 404.', params: cannedIdParam, response: { 200: okResponse } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const { before } = await deleteCannedReply(tx, scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'chat_canned_reply', targetId: before.id, before: { shortcut: before.shortcut, text: before.text } });
      });
      return { data: { ok: true as const } };
    },
  );
}
