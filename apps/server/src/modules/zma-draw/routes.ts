import type { ModuleDeps, ZodApp } from '../../app-types';

/** Lucky draws, rules, spins and affiliate campaigns (issue 14 #6, #7). */
export function registerZmaDrawRoutes(_app: ZodApp, _deps: ModuleDeps): void {}
