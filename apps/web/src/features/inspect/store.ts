import type { CheckAnswer, InspectCheck, SignedSnapshot } from '@dnx/shared';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * What the phone knows of the snapshot it keeps, read from the signed bodies it verified (cursor, time, regions,
 * allowed age, marks) and from its own note (whose it is, when it last synced).
 */
export interface SnapshotMeta {
  cursor: string;
  generatedAt: string;
  regions: number[];
  /** Past this age the answers turn amber (the server's INSPECT_SNAPSHOT_MAX_AGE). */
  maxAgeMinutes: number;
  /** The user the snapshot was downloaded for: another user starts from a full download. */
  userId: number;
  marks: number;
  /** When this phone last stored a snapshot or delta. */
  syncedAt: string;
}

/** The phone's own note beside the signed bodies: not signed, and nothing an answer is read from. */
export interface LocalNote {
  userId: number;
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
  /** The signed answers as received: 0 is a full snapshot, 1, 2, … the deltas on it, in order. */
  signed: { key: number; value: SignedSnapshot };
  meta: { key: 'snapshot'; value: LocalNote };
  checks: { key: string; value: QueuedCheck };
}

const dbName = 'dnx-inspect';
let opened: Promise<IDBPDatabase<InspectDb>> | null = null;

/**
 * The phone's database: the snapshot as signed (a full one and the deltas since, each body exactly as the server
 * signed it, checked again at every start), whose it is, and the checks not yet sent. Version 1 kept the marks
 * unsigned: its marks and note are dropped, so such a phone downloads a full snapshot; its queued checks stay.
 */
export function inspectDb(): Promise<IDBPDatabase<InspectDb>> {
  opened ??= openDB<InspectDb>(dbName, 2, {
    upgrade(db, oldVersion, _newVersion, tx) {
      const names = db.objectStoreNames as DOMStringList;
      if (names.contains('marks' as never)) db.deleteObjectStore('marks' as never);
      if (oldVersion >= 1) void tx.objectStore('meta').clear();
      if (!names.contains('meta')) db.createObjectStore('meta');
      if (!names.contains('checks')) db.createObjectStore('checks', { keyPath: 'id' });
      db.createObjectStore('signed');
    },
  });
  return opened;
}

/**
 * Drops the kept snapshot (its signed bodies and note) on this device. The checks not yet sent stay, to be sent at
 * the next sync: a check made is never lost. Nothing is opened for a browser that never held the database.
 */
export async function clearSnapshotStore(): Promise<void> {
  const known = await indexedDB.databases?.();
  if (known && !known.some((database) => database.name === dbName)) return;
  const db = await inspectDb();
  const tx = db.transaction(['signed', 'meta'], 'readwrite');
  await Promise.all([tx.objectStore('signed').clear(), tx.objectStore('meta').clear(), tx.done]);
}

/** The kept signed bodies in order (the full snapshot first) and the note; nothing of them is trusted yet. */
export async function keptBodies(): Promise<{ bodies: unknown[]; note: LocalNote | undefined }> {
  const db = await inspectDb();
  const tx = db.transaction(['signed', 'meta'], 'readonly');
  const [keys, bodies, note] = await Promise.all([
    tx.objectStore('signed').getAllKeys(),
    tx.objectStore('signed').getAll(),
    tx.objectStore('meta').get('snapshot'),
    tx.done,
  ]);
  // getAll answers in key order; a gap in the keys (a body removed) breaks the chain where it is.
  const inOrder = keys.every((key, i) => key === i);
  return {
    bodies: inOrder
      ? bodies
      : bodies.slice(
          0,
          keys.findIndex((key, i) => key !== i),
        ),
    note,
  };
}

/**
 * Stores a verified body in one transaction: a full snapshot replaces every body kept, a delta goes after the last
 * one (`at`: its place); a failure leaves what was kept whole.
 */
export async function storeSignedBody(body: SignedSnapshot, at: number, note: LocalNote): Promise<void> {
  const db = await inspectDb();
  const tx = db.transaction(['signed', 'meta'], 'readwrite');
  const signed = tx.objectStore('signed');
  if (at === 0) void signed.clear();
  void signed.put(body, at);
  void tx.objectStore('meta').put(note, 'snapshot');
  await tx.done;
}

export async function queueCheck(check: QueuedCheck): Promise<void> {
  await (await inspectDb()).put('checks', check);
}

export async function queuedChecks(): Promise<QueuedCheck[]> {
  return (await inspectDb()).getAll('checks');
}

/** Drops the checks the server answered for (recorded now or before, or refused for good). */
export async function dropChecks(ids: readonly string[]): Promise<void> {
  const tx = (await inspectDb()).transaction('checks', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}
