import { liveResumeIdsMax, parseLiveEventId } from '@dnx/shared';

/** The positions the reads since the stream last stopped carried (the server's `x-live-position`), of one process. */
let noted: { bootId: string; texts: string[] } | null = null;

/**
 * Notes where the server's live events stood when a read began (issue 47). The tab's first stream opens a moment
 * after its first screen's reads and resumes from the oldest of them, so a change made in between is replayed, not
 * lost. A position is sealed (issue 56: it says nothing of the changes the reader is not sent), so the tab cannot
 * tell which is oldest: it keeps the first `liveResumeIdsMax` and the server resumes from the oldest of them. A
 * position of another process than the first one noted is left: that stream is answered `reset`, and the tab reads
 * again what it shows.
 */
export function noteReadPosition(text: string | null): void {
  const position = parseLiveEventId(text);
  if (!position) return;
  if (!noted) noted = { bootId: position.bootId, texts: [] };
  if (position.bootId !== noted.bootId || noted.texts.length >= liveResumeIdsMax) return;
  noted.texts.push(text!);
}

/** Where a new stream starts: the positions noted, which are forgotten (the stream carries on from there). */
export function takeReadPosition(): string | null {
  const text = noted?.texts.join(' ') ?? null;
  noted = null;
  return text;
}
