import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditVerifyResponse } from '@zc/shared/api/audit';
import { apiGet } from '../../../lib/api-client';

export type AuditVerifyResult = z.infer<typeof auditVerifyResponse>['data'];

/** GET merchant/audit-log/verify: re-computes the organisation's hash chain. */
export async function verifyAuditChain(merchantId: string): Promise<AuditVerifyResult> {
  return (await apiGet<z.infer<typeof auditVerifyResponse>>('merchant/audit-log/verify', undefined, { merchantId, tenantId: null })).data;
}

export function useVerifyAuditChain() {
  return useMutation({ mutationFn: verifyAuditChain });
}
