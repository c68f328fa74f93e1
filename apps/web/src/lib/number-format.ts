import { formatCount } from '@dnx/shared';

export { formatCount };

/** Megabytes with one decimal after a comma (`3,4`): how much of a download has come. */
export function formatMegabytes(bytes: number): string {
  const tenths = Math.floor(bytes / 104_857.6);
  return `${formatCount(Math.floor(tenths / 10))},${tenths % 10}`;
}
