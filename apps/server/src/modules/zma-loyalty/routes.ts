import type { ModuleDeps, ZodApp } from '../../app-types';

/** Branches, gift inventory, vouchers and gift codes of a mini app (issue 14 #3–#5; `/api/zma/merchant/*`, x-zma-id). */
export function registerZmaLoyaltyRoutes(_app: ZodApp, _deps: ModuleDeps): void {}
