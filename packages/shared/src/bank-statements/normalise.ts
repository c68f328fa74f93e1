import { azSearchKey } from '../text/az';

/**
 * The one normalisation of what payers write (issue 57), the same on the server, the screen and in the database's
 * `bank_receipt_key` (db/functions/bank_receipt_key.sql does these steps in this order):
 * `№` a separator; NFKC (full-width and compatibility letters as plain ones); Azerbaijani case folding (`İ`→`i`,
 * `I`→`ı`) and transliteration (ə e, ş s, ç c, ğ g, ı i, ö o, ü u, any other accent dropped); every character but
 * a-z and 0-9 a separator; the leading zeros of a digit run dropped. A receipt's key is its tokens joined:
 * `DEMO-0001`, `demo 0001`, `qəbz №DEMO/1`'s `DEMO/1` are all `demo1`.
 */

/** The text folded, its separators single spaces: `Qəbz №DEMO/0001` is `qebz demo 1`. */
export function bankFold(text: string): string {
  const folded = azSearchKey(text.replace(/№/g, ' ').normalize('NFKC')).toLowerCase();
  return folded
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/(^|[^0-9])0+([0-9])/g, '$1$2')
    .trim();
}

/** The text's tokens, folded. */
export function bankTokens(text: string): string[] {
  const folded = bankFold(text);
  return folded === '' ? [] : folded.split(' ');
}

/** A receipt number's key: its folded tokens joined (`DEMO-0001` → `demo1`). */
export function receiptKey(receipt: string): string {
  return bankTokens(receipt).join('');
}

/** A receipt is written in at most this many pieces (`BNK 2026 000001` is three). */
const receiptPiecesMax = 4;
/** An entry offers at most this many keys to look receipts up by. */
export const receiptCandidatesMax = 96;

/**
 * The keys a text may name a receipt by: every run of one to four consecutive tokens, joined, that holds a digit and
 * is at least three characters long (`ödəniş DEMO-0001 VOEN 1402345671` offers `demo1`, `odenisdemo1`,
 * `1402345671`, …). A receipt is named when its key is one of them.
 */
export function receiptCandidates(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    const tokens = bankTokens(text);
    for (let start = 0; start < tokens.length; start += 1) {
      let key = '';
      for (let n = 0; n < receiptPiecesMax && start + n < tokens.length; n += 1) {
        key += tokens[start + n];
        if (key.length >= 3 && /[0-9]/.test(key)) found.add(key);
        if (found.size >= receiptCandidatesMax) return [...found];
      }
    }
  }
  return [...found];
}

/** A VÖEN: ten digits, the last 1 (a legal entity) or 2 (a natural person). */
export const payerVoenPattern = /^\d{9}[12]$/;

/** The ten-digit tokens of the texts that may be a VÖEN (as written: their zeros kept). */
export function voenCandidates(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts)
    for (const token of text.normalize('NFKC').split(/[^0-9]+/)) if (payerVoenPattern.test(token)) found.add(token);
  return [...found];
}

/** A payer's name folded to compare: its tokens sorted (`MMC "Kəpəz Trans"` and `Kepez Trans MMC` are one). */
export function payerNameKey(name: string): string {
  const ignored = new Set(['mmc', 'asc', 'qsc', 'llc', 'ooo', 'fs', 'f', 'ferdi', 'sahibkar']);
  return bankTokens(name)
    .filter((token) => !ignored.has(token))
    .sort()
    .join(' ');
}

/** Whether two keys are one edit apart (a character changed, added or dropped, or two neighbours swapped). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diffs: number[] = [];
    for (let i = 0; i < a.length && diffs.length <= 2; i += 1) if (a[i] !== b[i]) diffs.push(i);
    if (diffs.length === 1) return true;
    const [i, j] = diffs;
    return diffs.length === 2 && j === i! + 1 && a[i!] === b[j] && a[j] === b[i!];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  return short.slice(i) === long.slice(i + 1);
}
