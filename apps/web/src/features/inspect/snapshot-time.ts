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
