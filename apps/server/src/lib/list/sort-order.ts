import type { SortValues } from './sql-key';

/** How the database orders a sort value, as far as it can be compared here: anything else is 'unknown'. */
export type KeyKind = 'int' | 'decimal' | 'bytes' | 'text' | 'unknown';

function compareDecimal(a: string, b: string): number {
  const negative = a.startsWith('-');
  if (negative !== b.startsWith('-')) return negative ? -1 : 1;
  const sign = negative ? -1 : 1;
  const [ai = '', af = ''] = (negative ? a.slice(1) : a).split('.');
  const [bi = '', bf = ''] = (negative ? b.slice(1) : b).split('.');
  if (ai.length !== bi.length) return sign * (ai.length - bi.length);
  if (ai !== bi) return sign * (ai < bi ? -1 : 1);
  const width = Math.max(af.length, bf.length);
  const fa = af.padEnd(width, '0');
  const fb = bf.padEnd(width, '0');
  return fa === fb ? 0 : sign * (fa < fb ? -1 : 1);
}

/** One sort value against another as PostgreSQL orders them ascending (NULLs last). */
export function compareSortValue(kind: KeyKind, a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  switch (kind) {
    case 'int': {
      const x = BigInt(a);
      const y = BigInt(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 'decimal':
      return compareDecimal(a, b);
    case 'bytes':
      // COLLATE "C": byte order of the UTF-8 text (code point order, which UTF-16 comparison is not).
      return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
    default:
      throw new Error(`a ${kind} sort value cannot be compared here`);
  }
}

/** Two rows' sort values in a list's order. */
export function compareMarks(kinds: readonly KeyKind[], descending: boolean, a: SortValues, b: SortValues): number {
  for (let i = 0; i < kinds.length; i += 1) {
    const c = compareSortValue(kinds[i]!, a[i] ?? null, b[i] ?? null);
    if (c !== 0) return descending ? -c : c;
  }
  return 0;
}
