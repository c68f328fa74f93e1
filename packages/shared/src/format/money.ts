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

/** Azerbaijani display: thousands with dots, decimals with a comma, the manat sign after: `1.234,50 ₼`. */
export function formatMoney(amount: bigint | string): string {
  const qepik = typeof amount === 'bigint' ? amount : parseMoney(amount);
  const negative = qepik < 0n;
  const abs = negative ? -qepik : qepik;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${whole},${(abs % 100n).toString().padStart(2, '0')} ₼`;
}
