// The texts the Tokens page draws (part 1, section 2): its list's empty cells, its empty state and its load error,
// with the other screens' uses of the same objects. A module of their own (messages.ts re-exports it), so that the
// Tokens route's first load does not carry every screen's texts in messages.ts (issue 37's budgets).

/** Part 1 section 5 and part 2 section 5: balance checks; part 2 section 8: balance report. */
export const balanceMessages = {
  addressRequired: 'The Ethereum address is required',
  addressInvalid: 'The Ethereum address specified is invalid',
  noTokensTitle: 'No tokens found',
  noTokens: 'We could not find any tokens matching your search criteria',
  walletRequiredTitle: 'Wallet provider required',
  walletRequiredBalances: 'Cannot display account balances until you connect your wallet',
  walletRequiredHistory: 'Cannot display balance history until you connect your wallet',
  // ours
  timestampInvalid: 'The timestamp must be a whole number of seconds',
} as const;

/** Part 1, section 8: network failure texts ("Could not ... due to the following error"). */
export const loadErrorMessages = {
  tokens: 'We could not get the list of tokens due to the following error',
  couldNot: (action: string) => `Could not ${action} due to the following error`,
} as const;

/** Part 1, section 2: texts of the Tokens page and the token detail. */
export const tokenScreenTexts = {
  ownerMissing: 'Not available yet',
  controllerMissing: 'None',
  notControllable: 'Not controllable',
  pausedBadge: 'Token trading is paused',
  selectPartition: 'Please select a partition',
  noHolders: 'No token holders',
  /** A holders page cursor that this server did not hand out for this order (ours; the spec pages by number). */
  cursorInvalid: 'The page cursor is invalid. Go back to the first page.',
  goBack: 'Go back',
  continue: 'Sounds good. Continue.',
  /** A balance changed in a block above head - INDEXER_CONFIRMATIONS (ours: the spec's chain has no such state). */
  unconfirmedBadge: 'Unconfirmed',
  unconfirmedDescription: (confirmations: number | null) =>
    confirmations === null
      ? 'Not yet final: waiting for confirmations'
      : `Not yet final: waiting for ${confirmations} confirmation${confirmations === 1 ? '' : 's'}`,
} as const;
