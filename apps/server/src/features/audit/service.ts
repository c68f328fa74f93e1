import type { AuditEntry, AuditListQuery, AuditVerification, Page } from '@dnx/shared';
import type { Database } from '../../db/client';
import { auditChain } from '../../lib/audit';
import { auditList, auditSource } from './repository';

/** Reading the audit trail and checking its hash chain (the administrator's audit-log screen). */
export function createAuditService(db: Database) {
  return {
    list: (query: AuditListQuery, currentUrl: string): Promise<Page<AuditEntry>> =>
      auditList.page(query, auditSource(db), { currentUrl }),
    /** Every entry the list selects with `query`, chunk by chunk in its order (the list's export). */
    stream: (query: AuditListQuery): AsyncIterable<AuditEntry[]> => auditList.stream(query, auditSource(db)),
    count: (query: AuditListQuery): Promise<number> => auditList.count(query, auditSource(db)),
    verify: (): Promise<AuditVerification> => auditChain.verify(db),
  };
}
