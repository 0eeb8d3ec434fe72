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
} as const;

export type RevertReason = (typeof revertReasons)[keyof typeof revertReasons];
