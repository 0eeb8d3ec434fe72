/**
 * What other modules read of the holders the indexer stores (token_balances): the rules module builds the holder
 * list that switches a live token's rules on from these, at the indexer's block.
 */
export { holderAddresses, indexedBlockOf, indexedHolderTotals, indexedUpTo } from './repository.ts';
