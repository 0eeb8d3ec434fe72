/**
 * The one number formatter for amounts: integers end to end (bigint or decimal strings of base units), never
 * through floating point. No dependency, so every package uses it: the ui-kit's amount displays, the console's pages,
 * the server's texts and the chain error sentences (`@tranche/contracts/units`, re-exported by `@tranche/api`).
 */

export type AmountFormat = {
  /** Decimals of the token or asset: base units are divided by 10^decimals (default 0). */
  decimals?: number;
  /** Appended after a space, e.g. 'tUSD'. */
  symbol?: string;
  /**
   * Fraction digits always shown (padded with zeros): default 2 for an amount with decimals (35,250.00 tUSD), 0
   * without. Further digits are shown only when they are not zero, so nothing is ever rounded away.
   */
  minFractionDigits?: number;
};

/** '1234567' → '1,234,567'. */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A base-unit amount for people: thousands separators, the decimals of the token or asset, its symbol.
 * `formatAmount(35250000000n, { decimals: 6, symbol: 'tUSD' })` → '35,250.00 tUSD'; `formatAmount('5500')` →
 * '5,500'. A value that is not an integer is returned as it is.
 */
export function formatAmount(value: bigint | string | number, format: AmountFormat = {}): string {
  const decimals = format.decimals ?? 0;
  let units: bigint;
  try {
    units = typeof value === 'bigint' ? value : BigInt(String(value).trim());
  } catch {
    return String(value);
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const minFraction = Math.min(format.minFractionDigits ?? (decimals > 0 ? 2 : 0), decimals);
  let fraction = decimals > 0 ? digits.slice(-decimals).replace(/0+$/, '') : '';
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  const text = `${negative ? '-' : ''}${group(whole)}${fraction ? `.${fraction}` : ''}`;
  return format.symbol ? `${text} ${format.symbol}` : text;
}

/**
 * An amount a person typed in asset units ('35,250', '35250.5') as base units (parseUnits semantics: at most
 * `decimals` fraction digits, nothing rounded). Null when it is not such a number.
 */
export function parseAmount(text: string, decimals: number): bigint | null {
  const cleaned = text.trim().replace(/[,_\s]/g, '');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || cleaned === '' || cleaned === '.') return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
}
