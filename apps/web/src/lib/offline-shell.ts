/**
 * Registers the service worker that keeps the app shell (issue 46), from the pages that must open offline (/inspect,
 * the public check page). Absent in development (no sw.js is built) or in a browser without service workers.
 */
export function registerOfflineShell(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Without it the page still works online.
  });
}
