/** A statement's snapshot (`pg_current_snapshot()`): which transactions it saw. */
export interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  xip: ReadonlySet<bigint>;
}

export function parseSnapshot(text: string): Snapshot {
  const [xmin = '0', xmax = '0', xip = ''] = text.split(':');
  return { xmin: BigInt(xmin), xmax: BigInt(xmax), xip: new Set(xip.split(',').filter(Boolean).map(BigInt)) };
}

/** Whether the transaction `xid` had committed for a reader with snapshot `s`. */
export function visibleIn(s: Snapshot, xid: bigint): boolean {
  return xid < s.xmin || (xid < s.xmax && !s.xip.has(xid));
}
