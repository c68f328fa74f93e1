import { describe, expect, it } from 'vitest';
import { bankStatementMessages } from '@dnx/shared';
import { ApiError } from '../../../lib/api-client';
import { resolvable, serverReason } from './resolution';

describe('a bank entry resolution', () => {
  it('offers a resolution for the open states only', () => {
    expect(
      ['matched', 'not_ours', 'amount_differs', 'no_payment', 'contested', 'no_credit'].map((s) =>
        resolvable(s as never),
      ),
    ).toEqual([false, false, true, true, true, false]);
  });

  it("shows the server's own reason of a refused link or upload", () => {
    expect(serverReason(new ApiError(409, { detail: bankStatementMessages.paymentTaken }))).toBe(
      bankStatementMessages.paymentTaken,
    );
    expect(serverReason(new ApiError(400, { payment_id: [bankStatementMessages.paymentNotPaid] }))).toBe(
      bankStatementMessages.paymentNotPaid,
    );
    const sum = bankStatementMessages.combinedSum('3.00', '2.00');
    expect(serverReason(new ApiError(400, { payment_ids: [sum] }))).toBe(sum);
    const arithmetic = bankStatementMessages.arithmetic('1.00', '2.00', '0.00', '1.00');
    expect(serverReason(new ApiError(400, { file: [arithmetic] }))).toBe(arithmetic);
    expect(serverReason(new ApiError(500, { detail: 'A server error occurred.' }))).not.toBe(
      'A server error occurred.',
    );
  });
});
