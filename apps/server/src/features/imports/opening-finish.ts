import { formatFnNumber, openingMessages as m } from '@dnx/shared';
import type { Executor } from '../../db/client';
import { importRowPages } from './importer';

import { acceptedStates, type OpeningBatch, type OpeningValues } from './opening-values';

/** The checks across rows: a batch's rows agree and give each number once, one payment per receipt. */
export async function checkOpeningAcrossRows(db: Executor, importId: number) {
  const errors = new Map<number, Record<string, string[]>>();
  const add = (row: number, field: string, message: string, existing: Record<string, string[]>) => {
    const current = errors.get(row) ?? { ...existing };
    if (!current[field]) current[field] = [message];
    errors.set(row, current);
  };
  interface Batch {
    row: number;
    signature: string;
    batch: OpeningBatch;
    runs: { from: number; to: number; row: number }[];
    newRow: number | null;
    accepted: boolean;
  }
  const batches = new Map<string, Batch>();
  const receipts = new Map<string, { row: number; signature: string }>();
  const existing = new Map<number, Record<string, string[]>>();
  for await (const rows of importRowPages(db, importId, ['new', 'unchanged', 'error'])) {
    for (const r of rows) {
      const values = r.values as unknown as OpeningValues | null;
      if (!values?.batch_key) continue;
      existing.set(r.row, r.errors);
      const { batch } = values;
      const signature = JSON.stringify(batch);
      let group = batches.get(values.batch_key);
      if (!group) {
        group = { row: r.row, signature, batch, runs: [], newRow: null, accepted: false };
        batches.set(values.batch_key, group);
      } else if (group.signature !== signature) add(r.row, 'series', m.batchDiffers(group.row), r.errors);
      if (values.from && values.to) group.runs.push({ from: values.from, to: values.to, row: r.row });
      if (values.state === 'new') group.newRow ??= r.row;
      if (acceptedStates.includes(values.state)) group.accepted = true;
      if (values.payment) {
        const p = values.payment;
        const paymentSignature = JSON.stringify([p.receipt_date, p.owner_code, p.owner_name, batch.region]);
        const first = receipts.get(p.receipt_number);
        if (!first) receipts.set(p.receipt_number, { row: r.row, signature: paymentSignature });
        else if (first.signature !== paymentSignature)
          add(r.row, 'receipt_number', m.paymentDiffers(first.row), r.errors);
      }
    }
  }
  const errorsOf = (row: number) => existing.get(row) ?? {};
  const bySeries = new Map<string, Batch[]>();
  for (const group of batches.values()) {
    const { batch } = group;
    if (group.newRow !== null && group.accepted)
      add(group.newRow, 'state', m.newBesideAccepted, errorsOf(group.newRow));
    // Each number of the batch given once.
    const runs = group.runs.sort((a, b) => a.from - b.from);
    let covered = 0;
    let next = batch.start;
    let firstMissing: number | null = null;
    let last: (typeof runs)[number] | null = null;
    for (const run of runs) {
      if (last && run.from <= last.to) {
        add(run.row, 'number_from', m.runOverlap(last.row), errorsOf(run.row));
        continue;
      }
      if (run.from > next && firstMissing === null) firstMissing = next;
      covered += run.to - run.from + 1;
      next = run.to + 1;
      last = run;
    }
    const size = batch.finish - batch.start + 1;
    if (covered < size)
      add(
        group.row,
        'number_from',
        m.runsMissing(size - covered, `${batch.series} ${formatFnNumber(firstMissing ?? next)}`),
        errorsOf(group.row),
      );
    bySeries.set(batch.series, [...(bySeries.get(batch.series) ?? []), group]);
  }
  // Batches of a series in the file that meet each other.
  for (const groups of bySeries.values()) {
    groups.sort((a, b) => a.batch.start - b.batch.start);
    for (let i = 1; i < groups.length; i += 1)
      if (groups[i]!.batch.start <= groups[i - 1]!.batch.finish)
        add(groups[i]!.row, 'batch_start', m.batchesOverlap(groups[i - 1]!.row), errorsOf(groups[i]!.row));
  }
  return errors;
}
