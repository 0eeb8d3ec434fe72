import gasReport from '../gas-report.json' with { type: 'json' };
import { gasMargin, txGasCap } from './gasLimits.ts';

export { gasMargin, txGasCap };

export type GasReport = typeof gasReport;

/** The committed figures of `pnpm --filter @tranche/contracts gas` (Anvil 1.7.1, default hardfork). */
export const measuredGas: GasReport = gasReport;

export type BatchSizeInput = {
  /** Gas each further item adds to the transaction (measured, worst case: a new holder or address). */
  perItemGas: number;
  /** Gas of the transaction apart from its items (intrinsic cost, rights checks, first-use surcharges). */
  fixedGas: number;
  /** Transaction gas cap; defaults to {@link txGasCap}. */
  gasCap?: number;
  /** Fraction of the room (cap minus margin and fixed gas) a batch may fill; defaults to 0.9. */
  headroom?: number;
};

/**
 * The largest number of items one batch transaction may carry so that its gas, plus the {@link gasMargin} added
 * before sending, stays under the cap with the given headroom. Throws when not even one item fits.
 */
export function safeBatchSize({
  perItemGas,
  fixedGas,
  gasCap = txGasCap,
  headroom = 0.9,
}: BatchSizeInput): number {
  if (!(perItemGas > 0) || !(fixedGas >= 0))
    throw new RangeError('perItemGas must be positive and fixedGas not negative');
  if (!(headroom > 0 && headroom <= 1)) throw new RangeError('headroom must be in (0, 1]');
  const room = (gasCap - gasMargin - fixedGas) * headroom;
  const size = Math.floor(room / perItemGas);
  if (size < 1)
    throw new RangeError(`A single item (${perItemGas} gas) does not fit under the ${gasCap} gas cap`);
  return size;
}

/** Bytes of `data` are logged once per holder in a batch issue: 8 gas a byte plus copying, per 32-byte word. */
const eventGasPerDataWord = 8 * 32 + 12;

function linearFit(perItemAtSmall: number, small: number, perItemAtLarge: number, large: number) {
  const totalSmall = perItemAtSmall * small;
  const totalLarge = perItemAtLarge * large;
  const perItemGas = Math.ceil((totalLarge - totalSmall) / (large - small));
  return { perItemGas, fixedGas: Math.max(0, totalSmall - perItemGas * small) };
}

/**
 * Safe number of new holders for one batch `issueByPartition(bytes32,address[],uint256[],bytes)` whose `data`
 * has `dataBytes` bytes, derived from the measured per-holder gas at 100 and 250 holders.
 */
export function issueBatchSize(dataBytes = 0, headroom?: number): number {
  const fit = linearFit(gasReport.issueBatchPerHolder100, 100, gasReport.issueBatchPerHolder250, 250);
  const dataWords = Math.ceil(dataBytes / 32);
  return safeBatchSize({
    perItemGas: fit.perItemGas + dataWords * eventGasPerDataWord,
    fixedGas: fit.fixedGas + dataBytes * 16,
    ...(headroom === undefined ? {} : { headroom }),
  });
}

/**
 * Safe number of new addresses for one `addVerifiedBatch`, derived from the measured per-address gas in a batch
 * of 100 (an average, so above the marginal cost) plus the cost of a single add as fixed part.
 */
export function whitelistBatchSize(headroom?: number): number {
  return safeBatchSize({
    perItemGas: gasReport.whitelistBatchPerAddress100,
    fixedGas: gasReport.whitelistAdd,
    ...(headroom === undefined ? {} : { headroom }),
  });
}

/**
 * Safe number of new addresses for one WhitelistV2 `addVerifiedBatchUntil` (or `addVerifiedBatch`): two storage words
 * per address (status and KYC hash), so about half of `whitelistBatchSize()`. Derived like it, from WhitelistV2's
 * figures (gas-report.json, v2.whitelistV2BatchPerAddress100 and v2.whitelistV2Add).
 */
export function whitelistV2BatchSize(headroom?: number): number {
  return safeBatchSize({
    perItemGas: gasReport.v2.whitelistV2BatchPerAddress100,
    fixedGas: gasReport.v2.whitelistV2Add,
    ...(headroom === undefined ? {} : { headroom }),
  });
}
