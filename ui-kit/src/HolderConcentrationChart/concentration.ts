import type { ReactNode } from 'react';
import { type Share, sharesOf } from '../private/shares.ts';

/** How many of the largest holders the chart names. */
export const namedHolders = 10;

export type ConcentrationHolder = {
  /** The holder in words (its name or address): the table's text when there is no `detail`. */
  label: string;
  balance: bigint;
  /** What the table shows for the holder instead of `label`, e.g. an address with its name and explorer link. */
  detail?: ReactNode;
};

/**
 * The shares of the `namedHolders` largest holders (by balance, then as given) and one share for everyone else:
 * the balances of holders past the tenth plus `rest` (the balance of holders not listed at all).
 */
export function concentrationOf(
  holders: ConcentrationHolder[],
  rest = 0n,
  restLabel = 'All other holders',
): (Share & { rest?: boolean; detail?: ReactNode })[] {
  const positive = holders.filter((h) => h.balance > 0n);
  const sorted = positive
    .map((holder, index) => ({ holder, index }))
    .sort((a, b) =>
      a.holder.balance === b.holder.balance
        ? a.index - b.index
        : a.holder.balance > b.holder.balance
          ? -1
          : 1,
    )
    .map((entry) => entry.holder);
  const top = sorted.slice(0, namedHolders);
  const others = sorted.slice(namedHolders).reduce((sum, h) => sum + h.balance, rest > 0n ? rest : 0n);
  const items = top.map((h) => ({ label: h.label, amount: h.balance }));
  const shares = sharesOf(others > 0n ? [...items, { label: restLabel, amount: others }] : items);
  return shares.map((share, index) =>
    index >= top.length ? { ...share, rest: true } : { ...share, detail: top[index]?.detail },
  );
}
