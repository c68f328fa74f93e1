import type { AuditEntry } from '@dnx/shared';
import { defineListEndpoint } from '../../../components/resource-list';

/** `GET /api/audit/` (paging, order, search, filters); the trail is read only, so nothing is deleted through it. */
export const auditEndpoint = defineListEndpoint<AuditEntry>(['audit'], '/api/audit/');
