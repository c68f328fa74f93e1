import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { buildMenuItems } from './menu-items';

const t = i18n.t.bind(i18n);
const keysOf = (items: ReturnType<typeof buildMenuItems>): string[] =>
  items.flatMap((item) => {
    const children = (item as { children?: ReturnType<typeof buildMenuItems> }).children;
    return [String(item!.key), ...(children ? keysOf(children) : [])];
  });

/** The inspector's phone (issue 46) is in the forms' menu for whoever may check forms, and only for them. */
describe('the menu', () => {
  it('links /inspect for a holder of check_fn', () => {
    expect(keysOf(buildMenuItems(['check_fn', 'view_general_fn'], t))).toContain('/inspect');
  });

  it('has no /inspect without check_fn', () => {
    expect(keysOf(buildMenuItems(['view_general_fn', 'view_paid_fn'], t))).not.toContain('/inspect');
  });
});
