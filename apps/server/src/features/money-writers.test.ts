import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every source file below `dir` (tests and test kits aside), relative to the server's `src`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-kit\.ts$/.test(entry.name)
      ? [path.relative(source, file)]
      : [];
  });
}

/**
 * Money is written by the payments feature alone (issue 42): no other code inserts or updates a payment or its rows.
 * The opening-balance import wrote its paid payments itself, with a raw status 3, and the demo's year of history its
 * own in bulk; both now call the payments feature (`recordOpeningPayment`, `insertSeededPayments`). Left out: the
 * migrations and database functions.
 */
describe('who writes money', () => {
  it('is the payments feature alone', () => {
    const writes =
      /\.(insert|update)\((payments|paymentRows)\)|insertAsJson\(\s*\w+,\s*(payments|paymentRows)\b|(insert into|update)\s+"?(payments|payment_rows)"?\s/i;
    const writers = sourceFiles(source)
      .filter((file) => !file.startsWith(`features${path.sep}payments${path.sep}`))
      .filter((file) => !file.startsWith(`db${path.sep}`))
      .filter((file) => writes.test(readFileSync(path.join(source, file), 'utf8')));
    expect(writers).toEqual([]);
  });
});
