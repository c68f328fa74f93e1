import type { Language } from '../users/preferences';
import { decimalMark, formatLanguage, groupThousands } from './language';

/**
 * Money is kept as whole qəpik (1 manat = 100 qəpik) in a bigint, never as a binary float.
 * Amounts travel as decimal strings with two places ("1234.50").
 */
const moneyPattern = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/;

export function parseMoney(value: string): bigint {
  const match = moneyPattern.exec(value.trim());
  if (!match) throw new RangeError(`Not an amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const qepik = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -qepik : qepik;
}

export function moneyToDecimal(qepik: bigint): string {
  const negative = qepik < 0n;
  const abs = negative ? -qepik : qepik;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * Money as `language` writes it, two decimals and the manat sign: Azerbaijani `1.234,50 ₼` (the spec's), Russian
 * `1 234,50 ₼`, English `₼1,234.50`.
 */
export function formatMoney(amount: bigint | string, language?: Language): string {
  const qepik = typeof amount === 'bigint' ? amount : parseMoney(amount);
  const negative = qepik < 0n;
  const abs = negative ? -qepik : qepik;
  const lang = formatLanguage(language);
  const whole = groupThousands((abs / 100n).toString(), lang);
  const number = `${whole}${decimalMark[lang]}${(abs % 100n).toString().padStart(2, '0')}`;
  const sign = negative ? '-' : '';
  return lang === 'en' ? `${sign}₼${number}` : `${sign}${number} ₼`;
}

/** An exact decimal as whole digits and a scale: "12.5" and "12,50" give 125n and 1250n with scale 1 and 2. */
export interface ExactDecimal {
  digits: bigint;
  scale: number;
}

const decimalPattern = /^(\d+)(?:[.,](\d+))?$/;

/** Reads a non-negative decimal string exactly (no binary float ever holds it). */
export function parseExactDecimal(value: string): ExactDecimal {
  const match = decimalPattern.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal: ${value}`);
  const [, whole, fraction = ''] = match;
  return { digits: BigInt(`${whole!}${fraction}`), scale: fraction.length };
}

/** Writes `digits / 10^scale` in its shortest exact form ("12.5", "18", "0.005"). */
export function exactDecimalToString({ digits, scale }: ExactDecimal): string {
  const text = digits.toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * Rounds a non-negative `digits / 10^scale` to a whole number, half up (0.5 goes to 1): the one rounding step
 * of money, applied once to the exact product.
 */
export function roundHalfUp(digits: bigint, scale: number): bigint {
  if (digits < 0n) throw new RangeError('roundHalfUp takes a non-negative amount');
  if (scale === 0) return digits;
  const divisor = 10n ** BigInt(scale);
  return (digits * 2n + divisor) / (2n * divisor);
}
