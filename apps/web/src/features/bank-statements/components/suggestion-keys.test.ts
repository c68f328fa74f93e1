import { describe, expect, it } from 'vitest';
import { combined, confirmReason, creditAfter, panelKey } from './suggestion-keys';

const list = [{ action: 'link' as const }, { action: null }, { action: 'link_part' as const }];

describe("the reconciliation panel's keys", () => {
  it('moves through the suggestions with the arrows, Home and End, and stops at either end', () => {
    expect(panelKey('ArrowDown', 0, list)).toEqual({ type: 'move', index: 1 });
    expect(panelKey('ArrowDown', 2, list)).toEqual({ type: 'move', index: 2 });
    expect(panelKey('ArrowUp', 0, list)).toEqual({ type: 'move', index: 0 });
    expect(panelKey('ArrowUp', 2, list)).toEqual({ type: 'move', index: 1 });
    expect(panelKey('End', 0, list)).toEqual({ type: 'move', index: 2 });
    expect(panelKey('Home', 2, list)).toEqual({ type: 'move', index: 0 });
    expect(panelKey('ArrowDown', 0, [])).toBeNull();
  });

  it('confirms with Enter only what can be linked; R and Delete reject any suggestion', () => {
    expect(panelKey('Enter', 0, list)).toEqual({ type: 'confirm', index: 0 });
    expect(panelKey('Enter', 1, list)).toBeNull();
    expect(panelKey('Enter', 2, list)).toEqual({ type: 'confirm', index: 2 });
    expect(panelKey('r', 1, list)).toEqual({ type: 'reject', index: 1 });
    expect(panelKey('Delete', 0, list)).toEqual({ type: 'reject', index: 0 });
    expect(panelKey('Enter', 0, [])).toBeNull();
    expect(panelKey('r', 0, [])).toBeNull();
    expect(panelKey('x', 0, list)).toBeNull();
  });

  it('opens the next and the previous open credit of the list, none past its ends', () => {
    expect(panelKey('n', 0, [])).toEqual({ type: 'credit', step: 1 });
    expect(panelKey('PageUp', 0, list)).toEqual({ type: 'credit', step: -1 });
    expect(creditAfter([4, 7, 9], 7, 1)).toBe(9);
    expect(creditAfter([4, 7, 9], 7, -1)).toBe(4);
    expect(creditAfter([4, 7, 9], 9, 1)).toBeNull();
    expect(creditAfter([4, 7, 9], 4, -1)).toBeNull();
    // A credit resolved meanwhile is no longer in the list: the list's first is next.
    expect(creditAfter([4, 9], 7, 1)).toBe(4);
    expect(creditAfter([], 7, 1)).toBeNull();
  });

  it('adds the payments chosen together in qəpik, and links them only when they are the credit', () => {
    const of = (...totals: string[]) => totals.map((total) => ({ payment: { total } }) as never);
    expect(combined(of('0.10', '0.20'), '0.30')).toEqual({ sum: 30n, fits: true });
    expect(combined(of('0.10', '0.20'), '0.31').fits).toBe(false);
    expect(combined(of('0.30'), '0.30').fits).toBe(false);
  });

  it('audits a confirmation with what it was and its score', () => {
    expect(confirmReason({ kind: 'payer_voen', score: 68 })).toBe(
      'Təklif təsdiqləndi: Ödəyicinin VÖEN-i, məbləğ tutur (68)',
    );
  });
});
