import { Inline } from '@tranche/ui-kit';
import { Address } from '../../config/index.ts';

/**
 * Version 2 tokens (issue 36, from the index): on the holders page, the lost wallet a recovered holder replaced
 * ("From"), or the new wallet a lost one was recovered to ("To"); empty otherwise. The word and the address stay on
 * one line (at phone width the holders table's cards wrapped the address under "From").
 */
export function RecoveredCell({
  recoveredFrom,
  recoveredTo,
}: {
  recoveredFrom?: string;
  recoveredTo?: string;
}) {
  const [words, address] = recoveredFrom ? ['From', recoveredFrom] : recoveredTo ? ['To', recoveredTo] : [];
  if (!address) return null;
  return (
    <Inline space="xsmall" wrap={false}>
      <span>{`${words} `}</span>
      <Address address={address} />
    </Inline>
  );
}
