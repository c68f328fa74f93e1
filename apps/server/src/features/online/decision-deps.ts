import type { Database } from '../../db/client';
import type { PaymentService } from '../payments';
import type { requestDetails } from './request-details';

/** What the staff's decisions are built from. */
export interface DecisionDeps {
  db: Database;
  payments: PaymentService;
  /** The public status page's link for a tracking code (the decision's mail holds it). */
  statusLink: (code: string) => string;
  lookedUp: ReturnType<typeof requestDetails>['lookedUp'];
}
