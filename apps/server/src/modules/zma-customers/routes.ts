import type { ModuleDeps, ZodApp } from '../../app-types';

/** Mini-app customers: the end-user API (`/api/zma/app/*`), the console's customers, history and dashboard (issue 14 #8–#10). */
export function registerZmaCustomerRoutes(_app: ZodApp, _deps: ModuleDeps): void {}
