import { markKey, type CheckAnswer, type InspectCheck, type SnapshotMark, type SnapshotPayload } from '@dnx/shared';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What the phone keeps of the last snapshot it accepted (its payload's header) and whose it is. */
export interface SnapshotMeta {
  cursor: string;
  generatedAt: string;
  regions: number[];
  /** Past this age the screen warns that the snapshot is old (the server's INSPECT_SNAPSHOT_MAX_AGE). */
  maxAgeMinutes: number;
  /** The user the snapshot was downloaded for: another user starts from a full download. */
  userId: number;
  marks: number;
  /** When this phone last stored a snapshot or delta. */
  syncedAt: string;
}

/** A check waiting to be sent (POST /api/inspect/checks/), with what the screen showed for the phone's own list. */
export interface QueuedCheck {
  id: string;
  series: string;
  number: string;
  checkedAt: string;
  answer: CheckAnswer;
  source: 'scan' | 'typed';
  snapshotAt: string | null;
  location: InspectCheck['location'];
  /**
   * The inspector who made it (the user of the snapshot kept then): it is sent only in their session, so a check
   * left unsent on a shared phone is never recorded as the next person's. Absent on checks queued before.
   */
  userId?: number;
}

interface InspectDb extends DBSchema {
  marks: { key: string; value: SnapshotMark };
  meta: { key: 'snapshot'; value: SnapshotMeta };
  checks: { key: string; value: QueuedCheck };
}

const dbName = 'dnx-inspect';
let opened: Promise<IDBPDatabase<InspectDb>> | null = null;

/** The phone's database (issue 46): the snapshot's marks by key, its header, the checks not yet sent. */
export function inspectDb(): Promise<IDBPDatabase<InspectDb>> {
  opened ??= openDB<InspectDb>(dbName, 1, {
    upgrade(db) {
      db.createObjectStore('marks');
      db.createObjectStore('meta');
      db.createObjectStore('checks', { keyPath: 'id' });
    },
  });
  return opened;
}

/**
 * Sign-out forgets the snapshot (the marks: plates and payers of a region, and its header) on this device: the next
 * person on a shared phone cannot read them, and an inspector who signs in again downloads a full one. The checks not
 * yet sent stay, to be sent at the next sync: a check made is never lost. Nothing is opened for a browser that never
 * held the inspector's database.
 */
export async function forgetSnapshot(): Promise<void> {
  const known = await indexedDB.databases?.();
  if (known && !known.some((database) => database.name === dbName)) return;
  const db = await inspectDb();
  const tx = db.transaction(['marks', 'meta'], 'readwrite');
  await Promise.all([tx.objectStore('marks').clear(), tx.objectStore('meta').clear(), tx.done]);
}

export async function snapshotMeta(): Promise<SnapshotMeta | undefined> {
  return (await inspectDb()).get('meta', 'snapshot');
}

/** One key read: the mark as the snapshot holds it, undefined when it does not. */
export async function findMark(series: string, number: string): Promise<SnapshotMark | undefined> {
  return (await inspectDb()).get('marks', markKey(series, number));
}

/**
 * Stores a verified snapshot in one transaction: a full one replaces every mark, a delta adds, replaces and removes;
 * a failure leaves the previous snapshot whole.
 */
export async function applySnapshot(payload: SnapshotPayload, userId: number, now: Date): Promise<SnapshotMeta> {
  const db = await inspectDb();
  const tx = db.transaction(['marks', 'meta'], 'readwrite');
  const marks = tx.objectStore('marks');
  if (payload.full) await marks.clear();
  for (const mark of payload.marks) void marks.put(mark, markKey(mark[0], mark[1]));
  for (const [series, number] of payload.removed) void marks.delete(markKey(series, number));
  const count = await marks.count();
  const meta: SnapshotMeta = {
    cursor: payload.cursor,
    generatedAt: payload.generatedAt,
    regions: payload.regions,
    maxAgeMinutes: payload.maxAgeMinutes,
    userId,
    marks: count,
    syncedAt: now.toISOString(),
  };
  await tx.objectStore('meta').put(meta, 'snapshot');
  await tx.done;
  return meta;
}

export async function queueCheck(check: QueuedCheck): Promise<void> {
  const userId = check.userId ?? (await snapshotMeta())?.userId;
  await (await inspectDb()).put('checks', userId === undefined ? check : { ...check, userId });
}

export async function queuedChecks(): Promise<QueuedCheck[]> {
  return (await inspectDb()).getAll('checks');
}

/** Drops the checks the server answered for (recorded now or before). */
export async function dropChecks(ids: readonly string[]): Promise<void> {
  const tx = (await inspectDb()).transaction('checks', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}
