import { Counter, Gauge, type Registry } from 'prom-client';

/** The live back office's metrics (docs/operations.md, "Metrics"): streams open, events sent, resumes. */
export function liveMetrics(registry: Registry, openStreams: () => number) {
  const registers = [registry];
  new Gauge({
    name: 'live_streams_open',
    help: 'Event streams (GET /api/events/) open in this process',
    registers,
    collect() {
      this.set(openStreams());
    },
  });
  const eventsSent = new Counter({
    name: 'live_events_sent_total',
    help: 'Events written to the streams of this process, by type (change, counters, presence, reset)',
    labelNames: ['type'],
    registers,
  });
  const resumes = new Counter({
    name: 'live_resumes_total',
    help: 'Streams opened with a Last-Event-ID, by result: resumed (the missed events replayed) or reset',
    labelNames: ['result'],
    registers,
  });
  return { eventsSent, resumes };
}
