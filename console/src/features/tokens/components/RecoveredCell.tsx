import { Address } from '../../config/index.ts';

/**
 * Version 2 tokens (issue 36, from the index): on the holders page, the lost wallet a recovered holder replaced
 * ("From"), or the new wallet a lost one was recovered to ("To"); empty otherwise.
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
    <>
      {`${words} `}
      <Address address={address} />
    </>
  );
}
