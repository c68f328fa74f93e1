/** Azerbaijani casing and search folding without relying on ICU collations (PGlite has none). */
export function azLower(value: string): string {
  return value.replace(/I/g, 'ı').replace(/İ/g, 'i').toLowerCase();
}

export function azUpper(value: string): string {
  return value.replace(/i/g, 'İ').replace(/ı/g, 'I').toUpperCase();
}

const foldMap: Record<string, string> = { ı: 'i', ə: 'e', ö: 'o', ü: 'u', ş: 's', ç: 'c', ğ: 'g' };

/**
 * The key text is searched by: lower case with Azerbaijani rules, then the letters a Latin keyboard lacks
 * folded to their nearest plain letter, so "Ismayilli" finds "İsmayıllı".
 */
export function azSearchKey(value: string): string {
  return azLower(value)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ıəöüşçğ]/g, (ch) => foldMap[ch] ?? ch)
    .replace(/\s+/g, ' ')
    .trim();
}

const alphabet = 'abcçdeəfgğhxıijkqlmnoöprsştuüvyz';

/** Compares by the Azerbaijani alphabet (A B C Ç D E Ə F G Ğ H X I İ J K Q L M N O Ö P R S Ş T U Ü V Y Z). */
export function azCompare(a: string, b: string): number {
  const x = azLower(a);
  const y = azLower(b);
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i += 1) {
    const cx = x[i]!;
    const cy = y[i]!;
    if (cx === cy) continue;
    const ix = alphabet.indexOf(cx);
    const iy = alphabet.indexOf(cy);
    if (ix >= 0 && iy >= 0) return ix - iy;
    if (ix >= 0) return 1;
    if (iy >= 0) return -1;
    return cx < cy ? -1 : 1;
  }
  return x.length - y.length;
}
