import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST merchant/merchant/leave: the caller leaves the organisation (refused for its last owner). */
export async function leaveOrganisation({ merchantId }: { merchantId: string }): Promise<void> {
  await apiRequest('merchant/merchant/leave', { method: 'POST', merchantId, tenantId: null });
}

export function useLeaveOrganisation() {
  return useMutation({ mutationFn: leaveOrganisation });
}
