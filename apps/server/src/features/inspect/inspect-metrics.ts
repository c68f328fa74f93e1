import { Counter, type Registry } from 'prom-client';
import { snapshotAnswerKinds, type SnapshotAnswerKind } from './snapshot-service';

/** The inspectors' metrics (docs/operations.md, "Metrics"): how the snapshots were answered. */
export function inspectMetrics(
  registry: Registry,
  snapshots: { onAnswer(listener: (kind: SnapshotAnswerKind) => void): void },
) {
  const answers = new Counter({
    name: 'inspect_snapshots_total',
    help:
      'Inspector snapshots answered, by kind: delta, full_read (read from the database), full_kept (marks kept, ' +
      'signed again), full_cached (the signed answer kept)',
    labelNames: ['kind'],
    registers: [registry],
  });
  for (const kind of snapshotAnswerKinds) answers.inc({ kind }, 0);
  snapshots.onAnswer((kind) => answers.inc({ kind }));
  return answers;
}
