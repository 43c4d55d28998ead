import { CONTENT_KINDS, MODULE_OF_KIND, type ContentKind, type TaskModule } from '@zc/shared/api/approvals';

/** A My tasks tab: every module, or one. */
export type ModuleTab = 'all' | TaskModule;

/** The kinds the type filter offers under a module tab (§2.14: limited to the module's kinds). */
export function kindsOfTab(tab: ModuleTab): ContentKind[] {
  return CONTENT_KINDS.filter((k) => tab === 'all' || MODULE_OF_KIND[k] === tab);
}
