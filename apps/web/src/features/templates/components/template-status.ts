import type { TaskStatus } from '@zc/shared/api/approvals';

/** Zalo's template quality levels (REFERENCE: templateQuality / change_template_quality). */
export const TEMPLATE_QUALITIES = ['HIGH', 'MEDIUM', 'LOW', 'UNDEFINED'] as const;

/** Tag colours of the Zalo template statuses. */
export function templateStatusColor(status: string): string {
  switch (status) {
    case 'ENABLE':
    case 'APPROVED':
      return 'green';
    case 'PENDING_REVIEW':
    case 'PENDING':
    case 'SUBMITTED':
      return 'gold';
    case 'REJECT':
    case 'REJECTED':
    case 'FAILED':
      return 'red';
    default:
      return 'default';
  }
}

/** Tag colours of a request's internal review (§4 display mapping: approved green, declined red, pending gold). */
export const TASK_STATUS_COLOURS: Record<TaskStatus, string> = { PENDING: 'gold', APPROVAL: 'green', DISAPPROVAL: 'red', VOIDED: 'default' };

/** Tag colours of the quality levels: high green, medium gold, low red (Zalo disables low ones). */
export function templateQualityColor(quality: string): string {
  switch (quality) {
    case 'HIGH':
      return 'green';
    case 'MEDIUM':
      return 'gold';
    case 'LOW':
      return 'red';
    default:
      return 'default';
  }
}

/** i18n key of a button type: 'oa.open.url' → 'oa_open_url' (a dot would nest the key). */
export function templateButtonTypeKey(type: string): string {
  return type.replaceAll('.', '_');
}
