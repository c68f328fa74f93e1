/**
 * Registers the service worker that keeps the app shell (issue 46), from the pages that must open offline (/inspect,
 * the public check page). Absent in development (no sw.js is built) or in a browser without service workers. Its
 * install downloads every built file: it waits until the page has loaded and the browser is idle, so a first visit
 * on a slow link paints and reads its data first (issue 60).
 */
export function registerOfflineShell(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  whenIdleAfterLoad(() => {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without it the page still works online.
    });
  });
}

/** Runs `task` once the page's load event has passed and the browser has an idle moment (at most 5 s later). */
export function whenIdleAfterLoad(task: () => void, target: Window = window): void {
  const idle = () =>
    'requestIdleCallback' in target
      ? target.requestIdleCallback(task, { timeout: 5_000 })
      : (target as Window).setTimeout(task, 1_000);
  if (target.document.readyState === 'complete') idle();
  else target.addEventListener('load', idle, { once: true });
}
