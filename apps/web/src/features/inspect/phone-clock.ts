/**
 * The phone's clock against the server's (issue 56): each sync measures how far the phone's clock is from the
 * server's `serverTime` and keeps it. Past `clockSkewLimitMs` the screen warns, and the phone judges by the server's
 * time (its own clock corrected by what was measured): an expiry, the list's age and the check's time.
 */
export const clockSkewLimitMs = 2 * 60_000;

const clockKey = 'dnx-inspect-clock';

/**
 * Keeps the phone's offset from the server: `serverTime` against the middle of the request (sent at `sentAt`,
 * answered at `answeredAt`, both the phone's clock in ms); a time that does not read as one changes nothing.
 */
export function recordServerTime(serverTime: unknown, sentAt: number, answeredAt: number): void {
  const server = typeof serverTime === 'string' ? Date.parse(serverTime) : Number.NaN;
  if (Number.isNaN(server)) return;
  try {
    localStorage.setItem(clockKey, String(Math.round(server - (sentAt + answeredAt) / 2)));
  } catch {
    // Storage refused: the offset is measured again at the next sync.
  }
}

/** The server's clock minus the phone's, in ms, as last measured; null before any sync. */
export function clockOffset(): number | null {
  try {
    const kept = localStorage.getItem(clockKey);
    const offset = kept === null ? Number.NaN : Number(kept);
    return Number.isFinite(offset) ? offset : null;
  } catch {
    return null;
  }
}

/** The offset when it is past the limit (the phone's clock is off), else null. */
export function clockSkew(offset = clockOffset()): number | null {
  return offset !== null && Math.abs(offset) > clockSkewLimitMs ? offset : null;
}

/** Now as the phone should judge it: its own clock, or the server's time when the phone's is off. */
export function trustedNow(phoneNow = new Date(), offset = clockOffset()): Date {
  const skew = clockSkew(offset);
  return skew === null ? phoneNow : new Date(phoneNow.getTime() + skew);
}
