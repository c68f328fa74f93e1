/** A seeded random (mulberry32): the demo's year comes out the same on every run, so tests can rely on it. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A whole number from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** True with probability `p`. */
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export type Random = ReturnType<typeof seededRandom>;

const dayMs = 86_400_000;

/** The day `days` after `day` (yyyy-mm-dd, UTC). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (yyyy-mm-dd). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/** A moment within office hours (Baku, UTC+4: 05:00–13:00 UTC) of a day, never later than now. */
export const atWork = (day: string, random: Random) =>
  new Date(Math.min(Date.now(), Date.parse(`${day}T05:00:00Z`) + random.int(0, 8 * 3600 - 1) * 1000));
