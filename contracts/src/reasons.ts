/**
 * Every revert reason the contracts give (Error(string)), for the server and console to recognise. ethers exposes
 * the text as `error.reason` of a CALL_EXCEPTION. A draft issuance by a wallet without Access Level 2 fails with
 * `notAllowedToIssue`, which contains 'not allowed to issue tokens' as the spec requires.
 */
export const revertReasons = {
  // Rights (SecurityToken)
  notAllowedToIssue: 'caller is not allowed to issue tokens',
  notAllowedToRedeem: 'caller is not allowed to redeem tokens',
  notAllowedToPause: 'caller is not allowed to pause token trading',
  notAllowedToResume: 'caller is not allowed to resume token trading',
  notAllowedToFreezeMinting: 'caller is not allowed to freeze minting',
  notTokenOwner: 'caller is not the token owner',
  notController: 'caller is not the token controller',
  notOperator: 'caller is not an operator of the token holder',
  // Rights (SecurityScheme, Whitelist)
  notOwnerOrSecurityManager:
    'caller is not the owner of the smart contract or a security manager of this asset',
  notSecurityManager: 'caller is not a security manager',
  notLevel1: 'caller does not have Access Level 1 in the security scheme',
  // Token state
  paused: 'token trading is paused',
  pausedAlready: 'token trading is paused already',
  activeAlready: 'token trading is active already',
  mintingFrozen: 'token minting is frozen',
  mintingFrozenAlready: 'token minting is frozen already',
  notControllable: 'token is not controllable',
  // Compliance and balances
  holderNotVerified: 'token holder is not verified in the whitelist',
  receiverNotVerified: 'receiver is not verified in the whitelist',
  insufficientBalance: 'insufficient balance',
  insufficientAllowance: 'insufficient allowance',
  unknownPartition: 'unknown partition',
  supplyOverflow: 'total supply would overflow',
  tooManyPartitions: 'too many partitions',
  // Compliance rules (SecurityToken): the short reason of canTransferByPartition is the same text
  tokenHolderLimit: 'token holder limit reached',
  partitionHolderLimit: 'partition holder limit reached',
  tokenLockedUp: 'token is locked up',
  partitionLockedUp: 'partition is locked up',
  tokenCountryNotAllowed: 'receiver country not allowed',
  partitionCountryNotAllowed: 'country not allowed in partition',
  aboveTokenMaximum: 'holding above token maximum',
  abovePartitionMaximum: 'holding above partition maximum',
  belowTokenMinimum: 'holding below token minimum',
  belowPartitionMinimum: 'holding below partition minimum',
  notAllowedToSetRules: 'caller is not allowed to set rules',
  unknownCountryMode: 'unknown country mode',
  minimumAboveMaximum: 'minimum holding is above the maximum',
  tooManyCountries: 'too many countries',
  countryRequired: 'country is required',
  holdersNotAscending: 'holders are not in ascending order',
  // While rules switch on and holders are counted in batches (setRules, countHolders): no balance moves
  holdersBeingCounted: 'holders are being counted',
  holdersNotBeingCounted: 'holders are not being counted',
  countryNotIso: 'country is not an ISO 3166 alpha-2 code',
  // Input
  zeroAmount: 'amount must be greater than zero',
  partitionRequired: 'partition is required',
  holderZero: 'token holder is the zero address',
  receiverZero: 'receiver is the zero address',
  senderZero: 'sender is the zero address',
  accountZero: 'account is the zero address',
  ownerZero: 'owner is the zero address',
  operatorZero: 'operator is the zero address',
  spenderZero: 'spender is the zero address',
  partitionListedTwice: 'partition is listed twice',
  unequalArrays: 'arrays have unequal lengths',
  noHolders: 'no token holders given',
  noAddresses: 'no addresses given',
  invalidIssuanceInput: 'invalid issuance input',
  invalidWhitelistEntry: 'invalid whitelist entry',
  ownOperator: 'token holder cannot be its own operator',
  operatorAuthorized: 'operator is already authorized',
  operatorNotAuthorized: 'operator is not authorized',
  partitionOperatorAuthorized: 'operator is already authorized for this partition',
  partitionOperatorNotAuthorized: 'operator is not authorized for this partition',
  documentNameRequired: 'document name is required',
  documentLocationRequired: 'document location is required',
  unknownDocument: 'unknown document',
  assetIdRequired: 'asset id is required',
  securityManagerAlready: 'account is already a security manager of this asset',
  notSecurityManagerOfAsset: 'account is not a security manager of this asset',
  levelAlready: 'account already has this access level',
  levelMissing: 'account does not have this access level',
  verifiedAlready: 'account is already verified',
  notVerified: 'account is not verified',
  hashRequired: 'verification hash is required',
  hashUnchanged: 'verification hash is unchanged',
  // Constructors
  tokenNameRequired: 'token name is required',
  tokenSymbolRequired: 'token symbol is required',
  whitelistNameRequired: 'whitelist name is required',
  whitelistNotContract: 'whitelist is not a contract',
  schemeNotContract: 'security scheme is not a contract',
  // Distributor
  notDistributionIssuer: 'caller is not the issuer of this distribution',
  distributionTooLarge: 'distribution amount is too large',
  deadlineInPast: 'claim deadline must be in the future',
  rootRequired: 'Merkle root is required',
  alreadyFunded: 'distribution is already funded',
  notFunded: 'distribution is not funded',
  reclaimed: 'distribution was reclaimed',
  deadlinePassed: 'claim deadline has passed',
  deadlineNotPassed: 'claim deadline has not passed',
  invalidProof: 'invalid Merkle proof',
  alreadyClaimed: 'payment already claimed',
  pushAlreadyClaimed: 'holder has already claimed this payment',
  insufficientDistributionFunds: 'distribution has insufficient funds',
  // TestStableToken
  notMinter: 'caller is not the minter',
  // Token v2 (SecurityTokenV2, SecurityTokenV2Admin) and TokenFactory
  notPendingOwner: 'caller is not the pending owner',
  upgradeNotScheduled: 'upgrade is not scheduled',
  upgradeDelayNotPassed: 'upgrade delay has not passed',
  upgradeDelayTooLong: 'upgrade delay is too long',
  implementationNotRegistered: 'implementation is not registered',
  implementationNotUpgradeable: 'implementation is not upgradeable',
  adminImplementationNotContract: 'admin implementation is not a contract',
  calledThroughProxy: 'must not be called through a proxy',
  notFactoryOwner: 'caller is not the factory owner',
  implementationNotContract: 'implementation is not a contract',
  implementationRegisteredAlready: 'implementation is registered already',
  noImplementation: 'no implementation is registered',
  // SecuritySchemeV2 (also 'caller is not the pending owner')
  notSchemeOwner: 'caller is not the owner of the smart contract',
  // Token v2.1 enforcement (issue 36): freezes, recovery, the sender's verification and KYC expiry. The transfer
  // refusals are also canTransferByPartition's short reasons (but 'sender is not verified', whose revert text is
  // senderNotVerified); transferRefusalWords puts them in words.
  notEnforcer: 'caller is not the owner or controller',
  senderNotVerified: 'sender is not verified in the whitelist',
  senderVerificationExpired: 'sender verification expired',
  receiverVerificationExpired: 'receiver verification expired',
  senderFrozen: 'sender is frozen',
  receiverFrozen: 'receiver is frozen',
  senderRecovered: 'sender wallet was recovered',
  receiverRecovered: 'receiver wallet was recovered',
  exceedsUnfrozenBalance: 'amount exceeds unfrozen balance',
  exceedsFrozenTokens: 'amount exceeds frozen tokens',
  recoveryToSameWallet: 'new wallet is the lost wallet',
  recoveredAlready: 'wallet was recovered already',
  newWalletNotVerified: 'new wallet is not verified',
  verificationHashesDiffer: 'verification hashes differ',
  // WhitelistV2
  expiryNotInFuture: 'expiry is not in the future',
} as const;

/**
 * The enforcement refusals of a transfer (token v2.1, issue 36) as the pre-check answers them
 * (canTransferByPartition: ERC-1066 code and short reason, which is also the revert text but for
 * 'sender is not verified') and in words for a person, with the next step.
 */
export const transferRefusalWords: Readonly<Record<string, { code: string; words: string }>> = {
  'sender is not verified': {
    code: '0x56',
    words:
      "The sender is no longer verified in the token's whitelist, so it cannot send. Verify the address again first.",
  },
  [revertReasons.senderNotVerified]: {
    code: '0x56',
    words:
      "The sender is no longer verified in the token's whitelist, so it cannot send. Verify the address again first.",
  },
  [revertReasons.senderVerificationExpired]: {
    code: '0x56',
    words:
      "The sender's KYC has expired, so it cannot send. Renew its KYC and the whitelist record's expiry first.",
  },
  [revertReasons.receiverVerificationExpired]: {
    code: '0x57',
    words:
      "The receiver's KYC has expired, so it cannot receive. Renew its KYC and the whitelist record's expiry first.",
  },
  [revertReasons.senderFrozen]: {
    code: '0x56',
    words:
      'The sender is frozen on this token: it can neither send nor receive until the issuer unfreezes it.',
  },
  [revertReasons.receiverFrozen]: {
    code: '0x57',
    words:
      'The receiver is frozen on this token: it can neither send nor receive until the issuer unfreezes it.',
  },
  [revertReasons.senderRecovered]: {
    code: '0x56',
    words:
      "The sender's wallet was recovered to a new address: it can never send again. Use the new address.",
  },
  [revertReasons.receiverRecovered]: {
    code: '0x57',
    words:
      "The receiver's wallet was recovered to a new address: it can never receive again. Use the new address.",
  },
  [revertReasons.exceedsUnfrozenBalance]: {
    code: '0x55',
    words:
      'The amount is above what the sender may move: part of its balance is frozen. Send at most the unfrozen amount.',
  },
};

export type RevertReason = (typeof revertReasons)[keyof typeof revertReasons];
