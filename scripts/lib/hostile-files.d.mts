/** A few KB workbook whose one shared string of `megabytes` MB is referred to by `cells` cells in `rows` rows. */
export function hugeSharedString(options?: {
  labels?: string[];
  megabytes?: number;
  cells?: number;
  rows?: number;
}): Promise<Buffer>;
/** A header, then blank rows to `megabytes` MB of sheet, unpacked. */
export function blankRows(options?: { labels?: string[]; megabytes?: number }): Promise<Buffer>;
/** A sheet of `megabytes` MB of one repeated byte. */
export function zipBomb(options?: { labels?: string[]; megabytes?: number }): Promise<Buffer>;
/** A CSV of a header and `rows` data rows (100,001 by default). */
export function csvRows(options?: { header?: string; rows?: number; row?: (i: number) => string }): Buffer;
/** A header and `count` shared strings of `length` letters: much to hold, little to read. */
export function manySharedStrings(options?: { labels?: string[]; count?: number; length?: number }): Promise<Buffer>;
