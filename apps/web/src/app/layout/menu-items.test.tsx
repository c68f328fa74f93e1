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
