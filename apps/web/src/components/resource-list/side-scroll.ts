import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the table inside `root` scrolls sideways. While it does, its scrolling box is a named region that takes
 * the focus (arrow keys scroll it; axe `scrollable-region-focusable`) and is described by the visible hint.
 */
export function useSideScroll(root: RefObject<HTMLElement | null>, label: string, hintId: string): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const box = element.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
        const over = box !== null && box.scrollWidth > box.clientWidth + 1;
        if (box && over && box.getAttribute('role') !== 'region') {
          box.tabIndex = 0;
          box.setAttribute('role', 'region');
          box.setAttribute('aria-label', label);
          box.setAttribute('aria-describedby', hintId);
        } else if (box && !over && box.getAttribute('role') === 'region') {
          for (const name of ['tabindex', 'role', 'aria-label', 'aria-describedby']) box.removeAttribute(name);
        }
        setOverflowing(over);
      });
    };
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    const changed = new MutationObserver(measure);
    changed.observe(element, { childList: true, subtree: true });
    measure();
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      changed.disconnect();
    };
  }, [root, label, hintId]);
  return overflowing;
}
