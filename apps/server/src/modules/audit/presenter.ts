import type { AuditAction, AuditEntry } from '@zc/shared/api/audit';
import type { AuditEntryRow } from './repo';

/** An audit entry as the log shows it: who, what, on which target, before and after. */
export function presentAuditEntry(r: AuditEntryRow): AuditEntry {
  return {
    id: r.log.id,
    seq: r.log.seq,
    merchantId: r.log.merchantId,
    tenantId: r.log.tenantId,
    tenantName: r.tenantName,
    actor: r.log.actorId && r.actorEmail ? { id: r.log.actorId, email: r.actorEmail, displayName: r.actorName ?? '' } : null,
    // audit_logs.action is written only from AUDIT_ACTIONS (route declarations).
    action: r.log.action as AuditAction,
    targetType: r.log.targetType,
    targetId: r.log.targetId,
    before: r.log.before,
    after: r.log.after,
    ip: r.log.ip,
    requestId: r.log.requestId,
    createdAt: new Date(r.log.createdAt).toISOString(),
  };
}
