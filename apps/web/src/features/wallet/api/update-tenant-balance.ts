import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateTenantBalanceBody, WalletBalance } from '@zc/shared/api/wallet';
import { apiRequest, type DataResponse } from '../../../lib/api-client';

export type UpdateTenantBalanceInput = UpdateTenantBalanceBody & { merchantId: string; tenantId: string };

/** POST merchant/billing/update-tenant-balance {billingBalance, billingMode, billingType, threshold, thresholdNotificationUserIds}. */
export async function updateTenantBalance({ merchantId, tenantId, ...body }: UpdateTenantBalanceInput): Promise<WalletBalance> {
  return (await apiRequest<DataResponse<WalletBalance>>('merchant/billing/update-tenant-balance', { method: 'POST', body, merchantId, tenantId })).data;
}

export function useUpdateTenantBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenantBalance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
