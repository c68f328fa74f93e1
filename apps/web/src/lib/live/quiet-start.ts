import type { QueryClient } from '@tanstack/react-query';

/**
 * Calls `start` once the page has loaded and the app has made no query or mutation for `quietMs`: the stream is a
 * request that never ends, so opening it only after the first screen's reads keeps "the network has settled"
 * (what the page-weight budget and a browser's idle signal wait for) reachable, and the first screen's reads come
 * first. Returns a function that cancels the wait.
 */
export function startWhenQuiet(client: QueryClient, start: () => void, quietMs = 1_000): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let done = false;
  const unsubscribers: (() => void)[] = [];
  const stopWatching = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
    window.removeEventListener('load', check);
  };
  function check() {
    if (done) return;
    const busy = document.readyState !== 'complete' || client.isFetching() > 0 || client.isMutating() > 0;
    if (busy) {
      if (timer) clearTimeout(timer);
      timer = null;
      return;
    }
    timer ??= setTimeout(() => {
      done = true;
      stopWatching();
      start();
    }, quietMs);
  }
  unsubscribers.push(client.getQueryCache().subscribe(check), client.getMutationCache().subscribe(check));
  window.addEventListener('load', check);
  check();
  return () => {
    done = true;
    stopWatching();
  };
}
