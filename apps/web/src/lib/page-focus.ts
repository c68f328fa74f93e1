import { useLayoutEffect, useRef } from 'react';

/**
 * Where the focus goes on a signed-in screen: the skip link moves it to the main region, and a new screen
 * moves it to its heading, so a screen reader announces the screen and Tab continues from there.
 */

/** The id of the main region (`<main>`) of every signed-in screen. */
export const mainContentId = 'main-content';

const mainRegion = () => document.getElementById(mainContentId);

/** The skip link's target: the main region itself (it has `tabIndex={-1}`). */
export function focusMainContent(): void {
  mainRegion()?.focus();
}

/** The screen's first heading inside the main region, or the region when the screen has none. */
export function focusPageHeading(): void {
  const main = mainRegion();
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1, h2, h3');
  // A heading takes the focus from script only; Tab still passes it by.
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  (heading ?? main).focus();
}

/** How long after a dialog closes its opener may still turn disabled (the list it acts on reloading): frames. */
const settleFrames = 120;

/**
 * Keeps the focus on the screen once a dialog opened by `opener` has closed: the heading takes it when the opener is
 * gone or disabled, now or within about two seconds (a delete's list reloads, the selection empties and the button
 * that held the focus turns disabled), unless the person has moved the focus elsewhere meanwhile.
 */
export function focusHeadingIfOpenerLost(opener: Element | null): void {
  const lost = () => !(opener instanceof HTMLElement && opener.isConnected && !opener.matches(':disabled'));
  // What holds the focus as the dialog goes (the dialog's own button, the opener or nothing): not the person's choice.
  const closing = document.activeElement;
  let frames = 0;
  const watch = () => {
    const active = document.activeElement;
    // The person went on elsewhere: the focus is theirs.
    if (active !== closing && active !== opener && active !== document.body && active !== null) return;
    if (lost()) {
      focusPageHeading();
      return;
    }
    frames += 1;
    if (frames < settleFrames) requestAnimationFrame(watch);
  };
  watch();
}

const controls =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), button:not(:disabled), a[href], [tabindex="0"]';
/** Frames to wait for a part of a screen to show (a step opening) before giving up: about a second. */
const waitFrames = 60;

/** Focuses what `find` returns, frame after frame, until it holds the focus or about a second has passed. */
function focusWhenReady(find: () => HTMLElement | null | undefined): void {
  let frames = 0;
  const attempt = () => {
    const control = find();
    control?.focus();
    frames += 1;
    if ((!control || document.activeElement !== control) && frames < waitFrames) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** Moves the focus to the first control inside the element `id` once it shows (a step that is opening). */
export function focusFirstControl(id: string): void {
  focusWhenReady(() => document.getElementById(id)?.querySelector<HTMLElement>(controls));
}

/**
 * Gives the focus back to what held it when `open` turned true, once `open` turns false. Ant Design's own return
 * waits for the closing motion to end, and is lost when the drawer is closed while it is still opening (a quick
 * Escape); this one does not wait. Pair it with `focusable={{ focusTriggerAfterClose: false }}`.
 */
export function useFocusReturn(open: boolean): void {
  const trigger = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const element = trigger.current;
    trigger.current = null;
    if (element) focusWhenReady(() => (element.isConnected ? element : null));
  }, [open]);
}
