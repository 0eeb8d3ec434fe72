/**
 * The chain's gas limits, apart from the measured figures: scripts/gas.ts imports these while it is about to write
 * gas-report.json, so this module must not import the report (the report regenerates from nothing).
 */

/** Anvil's default hardfork (Osaka, EIP-7825) rejects any transaction with a gas limit above this. */
export const txGasCap = 16_777_216;

/** Gas the console and server add to an estimate before sending (spec: estimate + 31500). */
export const gasMargin = 31_500;
