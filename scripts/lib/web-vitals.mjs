// What one page load costs a person, read in Chromium through the page's own PerformanceObservers and the DevTools
// protocol (bench-web.mjs): FCP, LCP, CLS, long tasks, interactions, and the bytes on the wire per request.
/* global document, requestAnimationFrame */

/** Runs in the page before any of its scripts: keeps every paint, shift, long task and interaction it sees. */
export const observerScript = `(() => {
  const bench = (window.__bench = { fcp: null, lcp: null, lcpNode: null, shifts: [], longTasks: [], events: [] });
  const describe = (node) => {
    if (!node || !node.tagName) return null;
    const id = node.getAttribute('data-testid');
    return node.tagName.toLowerCase() + (id ? '[data-testid=' + id + ']' : '') +
      (typeof node.className === 'string' && node.className ? '.' + node.className.trim().split(/\\s+/).slice(0, 2).join('.') : '');
  };
  const watch = (type, take, options = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true, ...options });
    } catch {}
  };
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') bench.fcp = e.startTime; });
  watch('largest-contentful-paint', (e) => { bench.lcp = e.startTime; bench.lcpNode = describe(e.element); });
  watch('layout-shift', (e) => {
    if (e.hadRecentInput) return;
    const source = (e.sources || []).map((s) => describe(s.node)).filter(Boolean)[0] || null;
    bench.shifts.push([e.startTime, e.value, source]);
  });
  watch('longtask', (e) => bench.longTasks.push([e.startTime, e.duration]));
  watch('event', (e) => { if (e.interactionId) bench.events.push([e.interactionId, e.startTime, e.duration, e.name]); },
    { durationThreshold: 16 });
})();`;

/** CLS as Chromium reports it: the largest session window (shifts under 1 s apart, at most 5 s long). */
export function cumulativeLayoutShift(shifts) {
  let best = { value: 0, source: null };
  let window = { value: 0, start: -Infinity, last: -Infinity, top: [0, null] };
  for (const [at, value, source] of shifts) {
    if (at - window.last > 1000 || at - window.start > 5000) window = { value: 0, start: at, last: at, top: [0, null] };
    window.value += value;
    window.last = at;
    if (value > window.top[0]) window.top = [value, source];
    if (window.value > best.value) best = { value: window.value, source: window.top[1] };
  }
  return best;
}

/** Total blocking time: each long task's time past 50 ms, from the first paint on. */
export function totalBlockingTime(longTasks, from = 0) {
  return longTasks.filter(([at]) => at >= from).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
}

/** INP of the interactions since `from` (ms on the page's clock): the longest interaction (few interactions). */
export function interactionToNextPaint(events, from = 0) {
  const byInteraction = new Map();
  for (const [id, at, duration] of events) {
    if (at < from) continue;
    byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, duration));
  }
  return byInteraction.size === 0 ? null : Math.max(...byInteraction.values());
}

/** Streams that stay open for the whole visit (the live events): they never count as the network being busy. */
const longLived = (request) => request.type === 'EventSource' || /\/api\/events\//.test(request.url);

/**
 * Watches a page's network through the DevTools protocol, throttled to `profile`: the bytes on the wire (the
 * compressed bodies and headers) by resource type, and whether anything but a long-lived stream is in flight.
 */
export async function watchNetwork(context, page, profile) {
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  const finished = [];
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (!requests.has(requestId)) requests.set(requestId, { url: request.url, type, done: false, bytes: 0 });
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', ({ requestId, type }) => {
    const entry = requests.get(requestId);
    if (entry) entry.type = type;
  });
  const end = ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (!entry || entry.done) return;
    entry.done = true;
    entry.bytes = encodedDataLength ?? 0;
    finished.push(entry);
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', end);
  cdp.on('Network.loadingFailed', (event) => end({ ...event, encodedDataLength: 0 }));
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: (profile.downMbit * 1_000_000) / 8,
    uploadThroughput: (profile.upMbit * 1_000_000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const busy = () => [...requests.values()].some((r) => !r.done && !longLived(r));
  return {
    /** Resolves when nothing (but a stream) has been in flight for `quietMs`, or at `timeoutMs`. */
    async settled(quietMs = 500, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!busy() && Date.now() - lastActivity >= quietMs) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    },
    bytes() {
      const js = finished.filter((r) => r.type === 'Script').reduce((sum, r) => sum + r.bytes, 0);
      const total = finished.reduce((sum, r) => sum + r.bytes, 0);
      return { js, total, requests: finished.length };
    },
    scripts: () => finished.filter((r) => r.type === 'Script').map((r) => [new URL(r.url).pathname, r.bytes]),
  };
}

/** Waits, in the page, until `selector` matches a visible element; answers the page's clock at that moment. */
export function waitVisible(page, selector, timeoutMs = 30_000) {
  return page.evaluate(
    ([sel, timeout]) =>
      new Promise((resolve, reject) => {
        const deadline = performance.now() + timeout;
        const check = () => {
          const found = [...document.querySelectorAll(sel)].some((el) => el.getClientRects().length > 0);
          if (found) return resolve(performance.now());
          if (performance.now() > deadline) return reject(new Error(`${sel} did not show in ${timeout} ms`));
          requestAnimationFrame(check);
        };
        check();
      }),
    [selector, timeoutMs],
  );
}

export const median = (values) => {
  const known = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  return known.length === 0 ? null : known[Math.floor((known.length - 1) / 2)];
};
