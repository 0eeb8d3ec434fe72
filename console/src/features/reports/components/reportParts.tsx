import { formatClock, formatDate, Text } from '@tranche/ui-kit';

/** Where a report stands: its block, the block's time, and whether it is the latest. */
export function BlockLine({
  blockNumber,
  blockTime,
  headBlock,
}: {
  blockNumber: number;
  blockTime: string;
  headBlock: number;
}) {
  const date = new Date(blockTime);
  return (
    <Text tone="muted">
      {`At block ${blockNumber} (${formatDate(date)} ${formatClock(date)})${
        blockNumber === headBlock ? ', the latest block' : `; the latest block is ${headBlock}`
      }`}
    </Text>
  );
}

/** ?block= for a report's address, when one is chosen. */
export const blockQuery = (block: number | undefined) => (block === undefined ? {} : { block });
