import { describe, expect, it } from 'vitest';
import { resolutionBody, resolvable } from './resolution';

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
});
