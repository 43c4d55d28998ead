import type { ModuleDeps, ZodApp } from '../../app-types';
import { registerChatComposerRoutes } from './composer-routes';
import { registerChatInboxRoutes } from './inbox-routes';

/** The OA chat inbox (issue 15, ADR 0021): the inbox and team work, then the composer. */
export function registerChatRoutes(app: ZodApp, deps: ModuleDeps): void {
  registerChatInboxRoutes(app, deps);
  registerChatComposerRoutes(app, deps);
}
