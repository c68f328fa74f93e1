import { parseLiveEventId } from '@dnx/shared';

/** The oldest live position the reads since the stream last stopped carried (the server's `x-live-position`). */
let oldest: { text: string; bootId: string; n: number } | null = null;

/**
 * Notes where the server's live events stood when a read began (issue 47). The tab's first stream opens a moment
 * after its first screen's reads and resumes from the oldest of them, so a change made in between is replayed, not
 * lost. A position of another process than the first one noted is left: that stream is answered `reset`, and the
 * tab reads again what it shows.
 */
export function noteReadPosition(text: string | null): void {
  const position = parseLiveEventId(text);
  if (!position) return;
  if (!oldest || (position.bootId === oldest.bootId && position.n < oldest.n)) oldest = { text: text!, ...position };
}

/** Where a new stream starts: the oldest position noted, which is forgotten (the stream carries on from there). */
export function takeReadPosition(): string | null {
  const text = oldest?.text ?? null;
  oldest = null;
  return text;
}
