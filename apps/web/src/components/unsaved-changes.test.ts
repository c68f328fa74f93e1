import { describe, expect, it } from 'vitest';
import { formSnapshot, isSourceDirty, leavesScreen } from './unsaved-changes';

/** A form as the guard reads it: whether the person changed a field, and its values. */
function formWith(values: Record<string, unknown>, touched: boolean) {
  return { isFieldsTouched: () => touched, getFieldsValue: () => values } as never;
}

describe('the unsaved-changes guard', () => {
  it('holds a form the person changed, not one only filled by code or reset', () => {
    expect(isSourceDirty(formWith({ name: 'Bakı' }, true), null)).toBe(true);
    // Values set by a lookup or a load, or a form after `resetFields`: nothing typed.
    expect(isSourceDirty(formWith({ name: 'Bakı' }, false), null)).toBe(false);
  });

  it('lets go once the values are saved, and holds again when they change after the save', () => {
    const saved = formSnapshot({ name: 'Bakı', stops: [{ name: 'Gənclik' }] });
    expect(isSourceDirty(formWith({ name: 'Bakı', stops: [{ name: 'Gənclik' }] }, true), saved)).toBe(false);
    expect(
      isSourceDirty(formWith({ name: 'Bakı', stops: [{ name: 'Gənclik' }, { name: 'Xətai' }] }, true), saved),
    ).toBe(true);
  });

  it('takes a flag or a check as well as a form', () => {
    expect(isSourceDirty(true, null)).toBe(true);
    expect(isSourceDirty(false, null)).toBe(false);
    let typed = '';
    const check = () => typed !== '';
    expect(isSourceDirty(check, null)).toBe(false);
    typed = 'Səbəb';
    expect(isSourceDirty(check, null)).toBe(true);
  });

  it('asks only for a move to another screen of the signed-in area', () => {
    const at = (pathname: string, search = '') => ({ pathname, search });
    expect(leavesScreen(at('/app/bus-routes-create'), at('/app/bus-routes'))).toBe(true);
    // A list's filters or a step in the query string stay on the screen.
    expect(leavesScreen(at('/app/users'), at('/app/users', '?page=2'))).toBe(false);
    expect(leavesScreen(at('/app/user-create', '?step=1'), at('/app/user-create', '?step=2'))).toBe(false);
    // The payment form is a screen of the payments route: back to the list leaves it, its own parameters do not.
    expect(leavesScreen(at('/app/fn-payment', '?form=new'), at('/app/fn-payment'))).toBe(true);
    expect(leavesScreen(at('/app/fn-payment', '?form=new'), at('/app/fn-payment', '?form=new&x=1'))).toBe(false);
    expect(leavesScreen(at('/app/fn-payment', '?form=12'), at('/app/fn-payment', '?view=12'))).toBe(true);
    // Signing out, or a session that ended, is never held back.
    expect(leavesScreen(at('/app/users'), at('/signin'))).toBe(false);
  });

  it('compares day pickers by their day', () => {
    const day = { toJSON: () => '2026-11-26T00:00:00.000Z' };
    expect(formSnapshot({ date: day })).toBe(formSnapshot({ date: '2026-11-26T00:00:00.000Z' }));
  });
});
