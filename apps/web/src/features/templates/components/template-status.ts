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
