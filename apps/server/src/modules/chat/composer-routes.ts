import type { ModuleDeps, ZodApp } from '../../app-types';

/** Sending (outbox), retry, reactions, uploads to Zalo, stickers. */
export function registerChatComposerRoutes(_app: ZodApp, _deps: ModuleDeps): void {}
