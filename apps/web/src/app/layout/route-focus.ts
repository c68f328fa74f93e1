import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading } from '../../lib/page-focus';

/**
 * After a move to another screen the focus goes to its heading (WCAG 2.4.3): a screen reader announces the new
 * screen and Tab continues in it. The first screen after sign-in leaves the focus at the start of the page, so
 * the skip link is the first stop. A change of the query alone (a filter, a page of a list) moves nothing, and a
 * modal dialog the person has opened meanwhile keeps the focus.
 */
export function useFocusOnScreenChange(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // A modal dialog opened while the screen was still arriving (Ctrl+K right after a move) keeps the focus: taking
    // it out of the dialog left it on the dialog's close button, where Enter closed it. (The navigation drawer, which
    // closes on the move, gives it up as before.)
    if (document.activeElement?.closest('.ant-modal')) return;
    focusPageHeading();
  }, [pathname]);
}
