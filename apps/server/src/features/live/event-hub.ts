import {
  meetsRequirement,
  type LiveChange,
  type LiveEventType,
  type LiveOp,
  type LiveResource,
  type PermissionRequirement,
} from '@dnx/shared';
import { isInRegionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';
import { createEventIds } from './event-ids';

/**
 * The events of one process (issue 47): each change numbered and kept in a ring buffer, so a stream that dropped
 * resumes from the id it last had; every open stream gets each event as its reader may see it, decided per event
 * from the rows the change feed carried. An id is the number sealed (event-ids.ts): it tells nothing of the others.
 */

/** A changed row as the stream decides on it: its id and the regions it was and is in (null: no region). */
export interface ChangedRow {
  id: number;
  /** Absent for a list that is not regional; else its region before and after (one of them for an insert or a delete). */
  regions?: (number | null)[];
}

/** A change as kept: who may read its resource, and its rows (null: a statement too large to name them). */
export interface KeptChange {
  n: number;
  resource: LiveResource;
  op: LiveOp;
  by: number | null;
  read: PermissionRequirement;
  /** The list is regional: a `bulk` of it (rows unknown) is for readers of every region only (issue 56). */
  regional?: boolean;
  rows: ChangedRow[] | null;
}

/** One open stream: its reader (renewed when their access changes) and where its frames go. */
export interface LiveStream {
  reader: AuthUser;
  write(frame: string): void;
  close(): void;
}

/** What `reader` may see of `change`; null: nothing. */
export function changeFor(reader: AuthUser, change: KeptChange): LiveChange | null {
  if (!meetsRequirement(reader.permissions, change.read)) return null;
  if (change.rows === null) {
    // Which regions a statement too large to name its rows touched is unknown: a regional reader is not told of it,
    // so the event never says that another region changed.
    if (change.regional && !reader.isNational) return null;
    return { resource: change.resource, ids: null, op: 'bulk', by: change.by };
  }
  const ids = change.rows
    .filter((row) => row.regions === undefined || row.regions.some((region) => isInRegionScope(reader, region)))
    .map((row) => row.id);
  return ids.length ? { resource: change.resource, ids, op: change.op, by: change.by } : null;
}

export const frame = (type: LiveEventType, data: object, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

export interface EventHub {
  readonly bootId: string;
  /** The number of the last event (in this process only: never sent). */
  readonly seq: number;
  /** A fresh id of the last event: where a read or a stream's opening stands (`x-live-position`). */
  position(): string;
  readonly streams: ReadonlySet<LiveStream>;
  add(stream: LiveStream): void;
  remove(stream: LiveStream): void;
  /** Numbers `change`, keeps it and sends it to every stream whose reader may see it. */
  publish(change: Omit<KeptChange, 'n'>): void;
  /**
   * The frames a stream resuming after `lastEventId` missed, as its reader may see them; null when they are not
   * all kept (another or a restarted process, an id too old, a gap in the feed): the stream starts with `reset`.
   * `lastEventId` may name several ids (a tab's first reads): the oldest of this process's is resumed from.
   */
  replay(reader: AuthUser, lastEventId: string): string[] | null;
  /** Events before now cannot be resumed across (the feed was lost: changes may have gone unannounced). */
  breakResume(): void;
  /** Called with each event type sent to one stream (metrics). */
  onSent(listener: (type: LiveEventType) => void): void;
}

export function createEventHub(capacity: number): EventHub {
  const ids = createEventIds();
  const streams = new Set<LiveStream>();
  const ring: KeptChange[] = [];
  let seq = 0;
  // The first event a resume may start after: one before it is across a gap.
  let resumableAfter = 0;
  const sentListeners: ((type: LiveEventType) => void)[] = [];
  const sent = (type: LiveEventType) => sentListeners.forEach((listener) => listener(type));

  return {
    bootId: ids.bootId,
    get seq() {
      return seq;
    },
    position: () => ids.idOf(seq),
    streams,
    add: (stream) => streams.add(stream),
    remove: (stream) => streams.delete(stream),
    publish(change) {
      seq += 1;
      const kept: KeptChange = { ...change, n: seq };
      ring.push(kept);
      if (ring.length > capacity) ring.shift();
      for (const stream of streams) {
        const data = changeFor(stream.reader, kept);
        if (!data) continue;
        stream.write(frame('change', data, ids.idOf(seq)));
        sent('change');
      }
    },
    replay(reader, lastEventId) {
      const last = ids.oldestOf(lastEventId);
      if (last === null || last > seq || last < resumableAfter) return null;
      const oldest = ring[0]?.n ?? seq + 1;
      // Every event after `last` must still be kept.
      if (last + 1 < oldest) return null;
      const frames: string[] = [];
      for (const kept of ring) {
        if (kept.n <= last) continue;
        const data = changeFor(reader, kept);
        if (data) frames.push(frame('change', data, ids.idOf(kept.n)));
      }
      return frames;
    },
    breakResume() {
      // The gap takes a number of its own: an id from before it is below, one given after it is not.
      seq += 1;
      resumableAfter = seq;
    },
    onSent: (listener) => sentListeners.push(listener),
  };
}
