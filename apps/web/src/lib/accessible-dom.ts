import { useEffect, useMemo, useRef } from 'react';

/**
 * Applies `patch` to the element's subtree now and whenever the subtree's children change: for accessibility
 * gaps inside Ant Design components that their props cannot reach. A patch only sets attributes, so it never
 * triggers itself. `patch` should keep its identity between renders (a module function, or `useCallback`).
 */
export function useAccessibleDom<T extends HTMLElement>(patch: (root: T) => void) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    patch(root);
    const observer = new MutationObserver(() => patch(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [patch]);
  return ref;
}

const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A table's measure row is `aria-hidden` but repeats the headers' controls (WCAG 4.1.2, axe `aria-hidden-focus`):
 * it is made inert and its controls leave the tab order.
 */
export function hideMeasureRows(root: HTMLElement): void {
  root.querySelectorAll<HTMLElement>('.ant-table-measure-row').forEach((row) => {
    if (!row.hasAttribute('inert')) row.setAttribute('inert', '');
    row.querySelectorAll<HTMLElement>(focusable).forEach((control) => {
      if (control.getAttribute('tabindex') !== '-1') control.setAttribute('tabindex', '-1');
    });
  });
}

/**
 * A transfer's lists: the "select all" check box of each list and each record's check box are named, and each
 * scrolling list can take the focus (axe `label`, `scrollable-region-focusable`), named by its title.
 */
export function nameTransferLists(root: HTMLElement, selectAll: string): void {
  root.querySelectorAll<HTMLElement>('.ant-transfer-section').forEach((section) => {
    const title = section.querySelector('.ant-transfer-list-header-title')?.textContent ?? '';
    const box = section.querySelector<HTMLInputElement>('.ant-transfer-list-header input[type="checkbox"]');
    const boxName = `${selectAll}: ${title}`;
    if (box && box.getAttribute('aria-label') !== boxName) box.setAttribute('aria-label', boxName);
    // Each record's check box is named by the record (its item carries the title).
    section.querySelectorAll<HTMLElement>('.ant-transfer-list-content-item').forEach((item) => {
      const name = item.getAttribute('title') ?? item.textContent ?? '';
      const input = item.querySelector<HTMLInputElement>('input[type="checkbox"]');
      if (input && input.getAttribute('aria-label') !== name) input.setAttribute('aria-label', name);
    });
    const list = section.querySelector<HTMLElement>('.ant-transfer-list-content');
    if (list && list.getAttribute('tabindex') !== '0') {
      list.setAttribute('tabindex', '0');
      list.setAttribute('aria-label', title);
    }
  });
}

/**
 * A table that scrolls sideways with nothing focusable in it (text only) takes the focus itself, so the keyboard
 * can scroll it (axe `scrollable-region-focusable`, WCAG 2.1.1), as a region named `name`.
 */
export function focusableTableScroll(name: string) {
  return (root: HTMLElement): void => {
    root.querySelectorAll<HTMLElement>('.ant-table-content').forEach((scroller) => {
      if (scroller.getAttribute('tabindex') !== '0') scroller.setAttribute('tabindex', '0');
      if (scroller.getAttribute('role') !== 'region') scroller.setAttribute('role', 'region');
      if (scroller.getAttribute('aria-label') !== name) scroller.setAttribute('aria-label', name);
    });
  };
}

/**
 * The root of a plain table (no list machinery): its measure row made inert and its scrolling box a focusable region
 * named `caption`. Put the returned ref on the element around the table.
 */
export function useAccessibleTable<T extends HTMLElement = HTMLDivElement>(caption: string) {
  const patch = useMemo(() => {
    const scroll = focusableTableScroll(caption);
    return (root: T) => {
      hideMeasureRows(root);
      scroll(root);
    };
  }, [caption]);
  return useAccessibleDom<T>(patch);
}
