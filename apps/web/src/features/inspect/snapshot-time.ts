import { bakuDay, formatDate, type Language } from '@dnx/shared';
import type { TFunction } from 'i18next';

const bakuTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Baku',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The hour and minute of a moment in Baku (the application's time zone): "14:05". */
export const bakuHourMinute = (at: string | Date): string => bakuTime.format(new Date(at));

/** A snapshot's time as the screen names it: "14:05" when it is of today (Baku), else "27.11.2026 14:05". */
export function snapshotClock(snapshotAt: string, now: Date, language?: Language): string {
  const day = bakuDay(new Date(snapshotAt));
  const time = bakuHourMinute(snapshotAt);
  return day === bakuDay(now) ? time : `${formatDate(day, language)} ${time}`;
}

/** "as of HH:MM" of a snapshot, in the interface's language. */
export const snapshotTime = (t: TFunction, snapshotAt: string, now: Date, language?: Language): string =>
  t('inspect.asOf', { time: snapshotClock(snapshotAt, now, language) });

const bakuSeconds = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Baku',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A check's own time, to the second, with its day (Baku): "10.03.2026 14:05:32". */
export const checkClock = (at: string, language?: Language): string =>
  `${formatDate(bakuDay(new Date(at)), language)} ${bakuSeconds.format(new Date(at))}`;

/** How old a list is, in whole days past one day, else in hours (at least one): "3 days", "13 hours". */
export function listAge(t: TFunction, snapshotAt: string, now: Date): string {
  const ms = Math.max(0, now.getTime() - Date.parse(snapshotAt));
  const days = Math.floor(ms / 86_400_000);
  if (days >= 1) return t(days === 1 ? 'inspect.ageDay' : 'inspect.ageDays', { count: days });
  const hours = Math.max(1, Math.floor(ms / 3_600_000));
  return t(hours === 1 ? 'inspect.ageHour' : 'inspect.ageHours', { count: hours });
}

/** The phone's clock against the server's, in words: "4 min ahead of the server's clock". */
export function clockSkewText(t: TFunction, skewMs: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(skewMs) / 60_000));
  // skewMs is the server's clock minus the phone's: positive, the phone is behind.
  return t(skewMs > 0 ? 'inspect.clockBehind' : 'inspect.clockAhead', { minutes });
}
