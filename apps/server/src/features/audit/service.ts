import type { AuditEntry, AuditListQuery, AuditVerification, Page } from '@dnx/shared';
import type { Database } from '../../db/client';
import { auditChain } from '../../lib/audit';
import { auditList, auditSource } from './repository';

/** Reading the audit trail and checking its hash chain (the administrator's audit-log screen). */
export function createAuditService(db: Database) {
  return {
    list: (query: AuditListQuery, currentUrl: string): Promise<Page<AuditEntry>> =>
      auditList.page(query, auditSource(db), { currentUrl }),
    verify: (): Promise<AuditVerification> => auditChain.verify(db),
  };
}
