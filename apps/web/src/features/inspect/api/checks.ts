import type { InspectCheck, InspectChecksResult } from '@dnx/shared';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/inspect/checks/`: the checks made on the phone; an id sent before is answered as a duplicate. */
export function postChecks(checks: InspectCheck[]): Promise<InspectChecksResult> {
  return apiRequest<InspectChecksResult>('/api/inspect/checks/', { method: 'POST', body: { checks } });
}
