import { describe, expect, it } from 'vitest';
import { savedViewPath, splitListKey } from './index';

describe('a saved view opened by its address', () => {
  it("is its list's screen with the view's id, and the tab of a list with tabs", () => {
    expect(savedViewPath({ id: 7, list: 'fn-payment' })).toBe('/app/fn-payment?saved_view=7');
    expect(savedViewPath({ id: 12, list: 'active-fn:by-inspector' })).toBe(
      '/app/active-fn?tab=by-inspector&saved_view=12',
    );
  });

  it('is none when its list is no longer a screen', () => {
    expect(savedViewPath({ id: 3, list: 'gone-screen' })).toBeNull();
  });

  it('splits a list key into its route and tab', () => {
    expect(splitListKey('active-fn:by-inspector')).toEqual({ route: 'active-fn', tab: 'by-inspector' });
    expect(splitListKey('drivers')).toEqual({ route: 'drivers', tab: null });
  });
});
