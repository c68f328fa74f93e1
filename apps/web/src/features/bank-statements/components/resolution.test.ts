import { describe, expect, it } from 'vitest';
import { bankStatementMessages } from '@dnx/shared';
import { ApiError } from '../../../lib/api-client';
import { resolutionActions, resolutionBody, resolvable, serverReason } from './resolution';

describe('a bank entry resolution', () => {
  it('sends the payment only for a link, the claimed one unless another is typed', () => {
    expect(resolutionBody({ action: 'link', reason: 'Qəbz səhv' }, 7)).toEqual({
      action: 'link',
      payment_id: 7,
      reason: 'Qəbz səhv',
    });
    expect(resolutionBody({ action: 'link', payment_id: 9, reason: 'r' }, 7).payment_id).toBe(9);
    expect(resolutionBody({ action: 'not_ours', payment_id: 9, reason: 'r' }, 7).payment_id).toBeNull();
  });

  it('offers a resolution for the open states only', () => {
    expect(
      ['matched', 'not_ours', 'amount_differs', 'no_payment', 'contested', 'no_credit'].map((s) =>
        resolvable(s as never),
      ),
    ).toEqual([false, false, true, true, true, false]);
  });

  it('offers only the acceptance of a difference a person left open, with a reason', () => {
    const entry = { id: 1, payment_id: 7, match_state: 'amount_differs' as const, resolved: true };
    expect(resolutionActions(entry)).toEqual(['accept_difference']);
    expect(resolutionActions({ ...entry, resolved: false })).toEqual(['accept_difference', 'link', 'not_ours']);
    expect(resolutionActions({ ...entry, match_state: 'no_payment', resolved: false })).toEqual(['link', 'not_ours']);
    expect(resolutionBody({ action: 'accept_difference', payment_id: 9, reason: 'r' }, 7)).toEqual({
      action: 'accept_difference',
      payment_id: null,
      reason: 'r',
    });
  });

  it("shows the server's own reason of a refused link or upload", () => {
    expect(serverReason(new ApiError(409, { detail: bankStatementMessages.paymentTaken }))).toBe(
      bankStatementMessages.paymentTaken,
    );
    expect(serverReason(new ApiError(400, { payment_id: [bankStatementMessages.paymentNotPaid] }))).toBe(
      bankStatementMessages.paymentNotPaid,
    );
    const arithmetic = bankStatementMessages.arithmetic('1.00', '2.00', '0.00', '1.00');
    expect(serverReason(new ApiError(400, { file: [arithmetic] }))).toBe(arithmetic);
    expect(serverReason(new ApiError(500, { detail: 'A server error occurred.' }))).not.toBe(
      'A server error occurred.',
    );
  });
});
