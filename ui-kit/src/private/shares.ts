/** One slice of a whole: a label and an integer amount. */
export type ShareItem = { label: string; amount: bigint };

/** A slice with its share of the whole in hundredths of a percent (basis points); the shares add up to 10,000. */
export type Share = ShareItem & { basisPoints: number };

/**
 * The shares of each item in the sum of all (largest remainder: rounded shares add up to exactly 100.00%);
 * items of zero keep a share of 0; all zero (or none) gives no shares at all.
 */
export function sharesOf(items: ShareItem[]): Share[] {
  const total = items.reduce((sum, item) => sum + (item.amount > 0n ? item.amount : 0n), 0n);
  if (total === 0n) return [];
  const exact = items.map((item) => {
    const scaled = (item.amount > 0n ? item.amount : 0n) * 10_000n;
    return { item, floor: scaled / total, remainder: scaled % total };
  });
  let left = 10_000n - exact.reduce((sum, e) => sum + e.floor, 0n);
  const byRemainder = exact
    .map((e, index) => ({ index, remainder: e.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const extra = new Set<number>();
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    extra.add(index);
    left -= 1n;
  }
  return exact.map((e, index) => ({ ...e.item, basisPoints: Number(e.floor) + (extra.has(index) ? 1 : 0) }));
}

/** A share as a percentage with two decimals: 1234 -> '12.34%'. */
export function percentText(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}%`;
}

/** An integer amount with thousands separators (en-US), exact for any size. */
export function amountText(amount: bigint): string {
  return amount.toLocaleString('en-US');
}
