import type { ModuleDeps, ZodApp } from '../../app-types';

/** Inbox, conversation, notes, assignment, spam, status, presence, canned replies, follower timeline. */
export function registerChatInboxRoutes(_app: ZodApp, _deps: ModuleDeps): void {}
