import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { buildMenuItems, menuCountsOf } from './menu-items';

describe("the menu's live counts", () => {
  const permissions = [
    'view_onlinecarrier',
    'change_onlinecarrier',
    'view_onlinepayment',
    'change_onlinepayment',
    'view_fnbatch',
  ];
  const html = (counts: ReturnType<typeof menuCountsOf>) =>
    renderToStaticMarkup(
      <MemoryRouter>
        {buildMenuItems(permissions, i18n.t, counts).flatMap((item) =>
          item && 'children' in item
            ? (item.children ?? []).map((c) => <span key={String(c?.key)}>{c && 'label' in c && c.label}</span>)
            : [],
        )}
      </MemoryRouter>,
    );

  it('shows the counters the stream sent beside their items, and nothing for a zero or a count not sent', () => {
    const counts = menuCountsOf({ onlineCarriersWaiting: 3, onlinePaymentsWaiting: 0 });
    expect(counts).toEqual({ 'new-fn': undefined, 'online-carrier': 3, 'online-payment': 0 });
    const markup = html(counts);
    expect(markup).toMatch(/data-testid="menu-count-online-carrier"[^>]*>[^<]*<span class="menu-count">3<\/span>/);
    expect(markup).not.toContain('menu-count-new-fn');
    expect((markup.match(/class="menu-count"/g) ?? []).length).toBe(1);
  });
});

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
