import type { OnlineRequestKind } from '@dnx/shared';
import type { AuthUser } from '../../plugins/auth';
import { approveCarrier } from './carrier-approve';
import type { DecisionDeps } from './decision-deps';
import { acceptPayment } from './payment-accept';
import { rejectRequest } from './request-reject';

export type { DecisionDeps } from './decision-deps';

/**
 * The staff's decisions on a new request, each once, on its locked row, mailed and audited in its transaction:
 * approve a carrier (carrier-approve.ts), accept a request for marks (payment-accept.ts, its forms by
 * free-forms.ts), reject either (request-reject.ts); each writes its decision through decision-record.ts.
 */
export function requestDecisions(deps: DecisionDeps) {
  return {
    approveCarrier: (actor: AuthUser, id: number) => approveCarrier(deps, actor, id),
    acceptPayment: (actor: AuthUser, id: number) => acceptPayment(deps, actor, id),
    reject: <K extends OnlineRequestKind>(kind: K, actor: AuthUser, id: number, reason: string) =>
      rejectRequest(deps, kind, actor, id, reason),
  };
}
