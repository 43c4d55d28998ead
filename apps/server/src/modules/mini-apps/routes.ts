import type { ModuleDeps, ZodApp } from '../../app-types';

/** Mini apps of a tenant (issue 14 #1, #2): registry, switcher, API keys, roles and users, settings, history. */
export function registerMiniAppRoutes(_app: ZodApp, _deps: ModuleDeps): void {}
