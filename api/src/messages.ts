/**
 * Every validation and error text of the specification (part 1 and part 2, sections 5 and 8), written once.
 * The console's forms and the server both use these constants; never retype a message elsewhere.
 * Texts marked "ours" are not given by the spec (it says "not shown") and were written for Tranche.
 */

// The texts a first page load needs (sign-in, session and answer errors, input checks) are a module of their own, so
// that the console's entry chunk does not carry every text here.
export * from './accountMessages.ts';
// The texts of the Tokens page (its list, its empty state and its load error), likewise: the route's first load does
// not wait for every other screen's texts.
export * from './tokenListMessages.ts';

/** Part 2, section 5: new token draft, deploy draft. Part 2, section 8: draft save. */
export const draftMessages = {
  symbolRequired: 'The token symbol is required',
  nameRequired: 'The name of the token is required',
  controllerRequired: 'The address of the controller is required',
  controllerZero:
    'This is a controllable token. The address of the controller is required. It cannot be a zero-address.',
  whitelistRequired: 'The whitelist address is required',
  currencyRequired: 'The currency code is required',
  exchangeRateNegative: 'The exchange rate cannot be negative',
  investorsRequired: 'Please provide one or more investors',
  investorAddressRequired: 'The public address of the investor is required',
  investorAmountPositive: 'The investment amount must be greater than zero',
  controllerInvalid: 'The address of the controller is invalid',
  whitelistInvalid: 'The address of the whitelist is invalid',
  investorAddressInvalid: 'The public address of the investor is invalid',
  ownerRequired: 'The address of the owner is required',
  saveFailed: 'Could not create the token draft due to the following error.',
  notAllowedToIssue: 'not allowed to issue tokens',
  // ours (the spec gives the limits, not the texts)
  symbolTooLong: 'The token symbol should be at most 30 characters long',
  nameTooLong: 'The name of the token should be at most 255 characters long',
  symbolInvalid: 'The token symbol may only contain letters, digits, dots, dashes and underscores',
  exchangeRateInvalid: 'The exchange rate is invalid',
  exchangeRateZero: 'The exchange rate must be greater than zero',
  exchangeRateDecimals: 'The exchange rate can have at most 6 decimals',
  codebaseRequired: 'The smart contract (codebase) is required',
  codebaseUnknown: 'The smart contract (codebase) does not exist',
  noTokenFactory:
    'Version 2 tokens cannot be deployed on this network yet: the platform has not deployed their factory (TOKEN_FACTORY_ADDRESS)',
  investorAmountWhole: 'The investment amount must be a whole number',
  investorAmountTooLarge: 'The investment amount is too large',
  investmentBelowOneToken: (row: number) =>
    `Row ${row}: the investment amount buys less than one token at this exchange rate`,
  investmentTooManyTokens: (row: number) =>
    `Row ${row}: the investment amount buys more tokens than one investor can hold at this exchange rate`,
  draftsRequired: 'Please provide one or more token drafts',
  tooManyDrafts: 'At most 20 token drafts can be saved at once',
  accountRequired: 'The address of the account deploying the token is required',
  accountInvalid: 'The address of the account deploying the token is invalid',
  ownerInvalid: 'The address of the owner is invalid',
  notFound: 'This token draft does not exist',
  notYours: 'This token draft belongs to another account',
  symbolTaken: (symbol: string) => `A token with the symbol ${symbol} exists already`,
  alreadyDeployed: 'This token draft is deployed or being deployed and cannot be changed',
  txModeInvalid: 'The transaction mode must be 1 or 2',
  deployRunning: 'This token draft is being deployed already',
  nothingToDeploy: 'Every investor of this token draft is issued already',
  whitelistNotContract: 'The whitelist is not a contract on this chain',
  noSigningKey:
    'The server has no key for this account address. Register your keys (My keys) or choose a registered address.',
  deployFailed: 'The token could not be deployed',
  deployingTitle: 'Deploying the token',
} as const;

/** Bulk investor text errors (part 2, section 5): each cites its row number. */
export const bulkInvestorMessages = {
  amountRequired: (row: number) => `Row ${row}: the investment amount is required`,
  amountInvalid: (row: number) => `Row ${row}: the investment amount is invalid`,
  amountNotPositive: (row: number) => `Row ${row}: the investment amount cannot be zero or negative`,
  addressTwice: (row: number) => `Row ${row}: this address is specified twice`,
  // ours
  addressInvalid: (row: number) => `Row ${row}: the public address of the investor is invalid`,
} as const;

/** Part 2, sections 5 and 8: whitelists. */
export const whitelistMessages = {
  whitelistRequired: 'The whitelist address is required',
  publicAddressRequired: 'The public address is required',
  templateRequired: 'Please select a template and enter the contact details',
  templateFieldRequired: (title: string) =>
    `The ${title} of the contact is required. Please enter a valid value and try again`,
  // ours
  templateDateInvalid: (title: string) => `The ${title} should be a date (YYYY-MM-DD)`,
  whitelistInvalid: 'The address of the whitelist is invalid',
  publicAddressInvalid: 'The public address specified is invalid',
  addressesRequired: 'Please specify one or more addresses to whitelabel',
  notConnected: 'You are not connected. Click on the connect button and try again',
  selectWhitelist: 'Please select a whitelist',
  saveFailed: 'Something went wrong. Sorry.',
  loadingAddresses: 'Please wait while we load the list of verified addresses',
  noAddresses: 'The whitelist has no verified addresses yet',
  // ours (the spec says "exact messages: not shown")
  nameRequired: 'The name of the whitelist is required',
  codebaseRequired: 'The codebase (smart contract) is required',
  ownerRequired: 'The address of the owner is required',
  schemeRequired: 'The security scheme is required',
} as const;

/** Part 2, section 5: keys (exact messages not shown by the spec: ours). */
export const keyMessages = {
  publicKeyRequired: 'The public address is required',
  privateKeyRequired: 'The private key is required',
  publicKeyInvalid: 'The public address is invalid',
  privateKeyInvalid: 'The private key is invalid',
  keyMismatch: 'The private key does not belong to the public address',
  addressTaken: 'This address is registered by another account',
  notRegistered: (address: string) => `The address ${address} is not registered in our platform.`,
  registered: 'Your keys were registered',
} as const;

/** Part 2, section 5: sharding and resharding. */
export const shardingMessages = {
  keyNameInvalid: 'The key name must be text',
  createNewAccountInvalid: 'Create a new account must be true or false',
  notOpened: (name: string) => `The key cannot be confirmed. ${name} did not open the PDF document yet.`,
  // ours
  emailsRequired: 'Please enter the email addresses of the signers',
  minimumTooLow: 'The minimum number of signers must be greater than 1',
  privateKeyRequired: 'The private key is required',
  pdfPasswordRequired: 'The password of the PDF document is required',
  accessCodeRequired: 'The access code is required',
  pdfDisplayFailed: 'Failed to display the PDF document.',
  // ours (server answers of sharding, resharding and distributed transactions)
  emailInvalid: (email: string) => `The email address ${email} is invalid`,
  emailTwice: (email: string) => `The email address ${email} is specified twice`,
  emailUnknown: (email: string) => `There is no platform account with the email address ${email}`,
  tooManySigners: 'At most 20 signers can share a key',
  minimumInvalid: 'The minimum number of signers must be a whole number',
  minimumTooHigh: 'The minimum number of signers cannot be greater than the number of signers',
  totalMismatch: 'The total number of signers must equal the number of email addresses',
  privateKeyInvalid: 'The private key is invalid',
  keyNameTooLong: 'The name of the key should be at most 100 characters long',
  keyExists: 'This key is sharded already',
  publicKeyRequired: 'The address of the sharded key is required',
  publicKeyInvalid: 'The address of the sharded key is invalid',
  keyNotFound: 'This sharded key does not exist',
  keyNotActive:
    'This sharded key is not active yet: its signers must open their PDF documents and activate it',
  keyActiveAlready: 'This sharded key is active already',
  notSigner: 'You are not a signer of this sharded key',
  notAllowedToCommit: 'Only the creator or a signer of this key can activate it',
  accessCodeWrong: 'The access code is incorrect',
  accessCodeTooLong: 'The access code is too long',
  accessCodeLocked: 'Too many wrong access codes. Wait 15 minutes and try again.',
  pdfPasswordWrong: 'The password of the PDF document is incorrect',
  pdfSignerUnknown: 'This email address is not a signer of this key',
  activated: 'The sharded key is active',
  created: 'The sharded key was created. Each signer must now open their PDF document.',
  reshardRequested: 'Your resharding request was submitted. The other signers must approve it.',
  pdfMailSubject: 'The password of your sharded key PDF document',
  reshardAwaitingActivation:
    'A reshard of this key waits for activation: its new signers must activate it, or a signer it keeps cancels it',
  noReshardPending: 'No reshard of this key waits for activation',
  signerDeclined: (name: string) =>
    `${name} declined to be a signer of this key, so it cannot be activated. Set the key up again with other signers.`,
  declined: 'You declined to be a signer of this key: your share and PDF were erased',
  declinedMailSubject: 'Tranche: a signer declined your sharded key',
  cancelNotKept:
    'Only a signer this reshard keeps can cancel it: the signers it removes cannot. Ask one of the kept signers.',
  reshardCancelled: 'The reshard was cancelled: the current signers keep their access codes',
  pdfOnOwnLogin: (name: string) => `${name} opens their PDF signed in as themself`,
  noPdfToFetch:
    'You have no PDF document waiting for this key: it was activated already or you are not one of its new signers',
} as const;

/** Distributed (sharded key) transactions (ours unless noted; the pending toasts are in transactionMessages). */
export const dtxMessages = {
  idRequired: 'The transaction id is required',
  idInvalid: 'The transaction id is invalid',
  txTypeRequired: 'The transaction type is required',
  txTypeInvalid: 'The transaction type is invalid',
  accountRequired: 'The address of the sharded key is required',
  accountInvalid: 'The address of the sharded key is invalid',
  txDataInvalid: 'The transaction data is invalid',
  notFound: 'This distributed transaction does not exist',
  finished: 'This transaction is finished already: nothing was changed',
  accountMismatch: 'This transaction belongs to another sharded key',
  alreadyApproved: 'You approved this transaction already',
  keyResharded: 'The key was resharded: the shares collected for this transaction stopped working',
  shareInvalid: (name: string) =>
    `The share approved by ${name} is not valid for this key: the key cannot be rebuilt`,
  rebuildFailed: (address: string, names: string) =>
    `The key rebuilt from the approvals of ${names} does not match the account ${address}`,
  abortedBy: (name: string) => `Aborted by ${name}`,
  pendingExists: (id: number, typeName: string, startedBy: string) =>
    `Transaction ${id} (${typeName}, started by ${startedBy}) is waiting for approvals on this key: approve or abort it first`,
  expired: 'This transaction expired before enough signers approved it: its approvals were erased',
  interrupted:
    'The server stopped before the transaction was sent: nothing ran on the chain. Start it again.',
  neverMined: 'The transaction was never mined: its nonce was used by another transaction. Start it again.',
  commentTooLong: (max: number) => `The comment must be at most ${max} characters`,
} as const;

/** Issue 37: an approval card's outcome and the signing key's readiness (its gas and the right the operation needs). */
export const approvalOutcomeMessages = {
  notApprovedYet: 'Not approved yet',
  comment: 'Comment',
  executedIn: (block: number) => `Executed in block ${block}`,
  failed: 'Failed',
  noReason: 'The chain gave no reason',
  gasReady: (eth: string) => `Gas: the key holds ${eth}`,
  gasShort: (eth: string) => `Gas: the key holds ${eth}, not enough to pay for this operation`,
  gasUnknown: 'Gas: the key balance could not be read',
  rightHeld: (right: string) => `Right: the key holds ${right}`,
  rightMissing: (right: string) => `Right: the key lacks ${right}, which this operation needs`,
  rightNone: 'Right: this operation needs no right on the chain',
  rightUnknown: (right: string) => `Right: whether the key holds ${right} could not be read`,
  level2: 'Access Level 2',
  tokenOwner: "the token's ownership",
  enforcer: "the token's ownership or its controller role",
  pendingOwner: "the token's pending ownership",
} as const;

/** Part 1, section 5: security schemes. */
export const schemeMessages = {
  nameRequired: 'The name of the security scheme is required',
  codebaseRequired: 'The codebase (smart contract) is required',
  ownerRequired: 'The address of the owner is required',
  loadFailed: 'Could not load the security scheme due to the following error',
} as const;

/** Part 1, sections 5 and 6: access rights. */
export const accessRightsMessages = {
  walletRequired: 'The wallet address is required',
  walletInvalid: 'The wallet address specified is invalid',
  notConnectedTitle: 'You are not connected',
  notConnected: 'Please connect to the network and try again',
  notOwner: 'This is disabled because you are not the owner of the smart contract.',
  notSecurityManager: 'This is disabled because you are not a security manager',
} as const;

/** Part 1, section 5: token operations. */
export const tokenOperationMessages = {
  symbolRequired: 'The token symbol is required',
  amountRequired: 'The amount is required',
  amountInvalid: 'The amount is invalid',
  amountTooLow: 'The amount needs to be greater than zero',
  holderRequired: 'The token holder is required',
  partitionRequired: 'The partition is required',
  notesRequired: 'The notes/comments are required',
  holderInvalid: 'The address of the token holder is invalid',
  insufficientPermissionsTitle: 'Insufficient permissions',
  notAllowedToIssue: 'Your wallet address is not allowed to issue new tokens',
  notAllowedToRedeem: 'Your wallet address is not allowed to redeem tokens',
  notAllowedToPause: 'Your wallet address is not allowed to pause token trading',
  notAllowedToResume: 'Your wallet address is not allowed to resume token trading',
  notAllowedToRemoveController: 'Your account is not authorized to remove the token controller',
  // ours (the spec lists these fields as required without texts)
  sourceRequired: 'The source address is required',
  destinationRequired: 'The destination address is required',
  forceTransferComment: 'Please enter a comment explaining why you are running a forced transfer',
  controllerRedeemComment:
    'Please enter a comment explaining why you are redeeming tokens from the address specified',
  notController: 'Forced transfers are not available to you because you are not the controller of this token',
  noController: 'This screen is disabled because the project has no controller',
  notControllableTitle: 'The token is not controllable',
  alreadyPausedTitle: 'Already paused',
  alreadyPaused: 'Trading on this token is paused already',
  alreadyUnpausedTitle: 'Already unpaused',
  alreadyUnpaused: 'Token trading is active already',
  // ours (server answers of the token operations)
  amountTooLarge: 'The amount is too large',
  accountRequired: 'The wallet address is required',
  accountInvalid: 'The wallet address specified is invalid',
  sourceInvalid: 'The source address is invalid',
  destinationInvalid: 'The destination address is invalid',
  txModeInvalid: 'Token operations are submitted with txMode 2',
  commentTooLong: 'The comment is too long',
  tokenNotFound: (symbol: string) => `There is no token with the symbol ${symbol}`,
  tokenNotDeployed: (symbol: string) => `The token ${symbol} is not deployed yet`,
  notOwnerDocuments: 'Your wallet address is not allowed to manage the documents of this token',
  tokenPausedTitle: 'Token trading is paused',
  tokenPaused: 'Token trading is paused: resume trading first',
  notIssuable: 'This token does not allow issuing new tokens anymore',
  holderNotVerified: 'The token holder is not verified in the whitelist of this token',
  receiverNotVerified: 'The destination address is not verified in the whitelist of this token',
  insufficientBalance: 'The balance is too low for this amount',
  unknownPartition: 'This token has no such partition',
  unknownDocument: 'This token has no document with this title',
  /** `sentence`: what the chain said, worded by api/src/chainErrors.ts. */
  chainRejected: (sentence: string) => `The blockchain would refuse this transaction. ${sentence}`,
} as const;

/** Part 1, section 5: documents, operators, partitions, access code, wallet type. */
export const documentMessages = {
  titleRequired: 'The document title is required',
  locationRequired: 'The document location is required',
  // ours
  titleTooLong: 'The document title should be at most 31 bytes long',
  locationTooLong: 'The document location is too long',
  locationScheme: 'The document location must be an http, https or ipfs address',
  hashInvalid: 'The document hash should be up to 64 hexadecimal digits',
  // part 1, section 2
  noDocumentsTitle: 'No documents available',
  noDocuments: 'The owner did not attach any documents to this token yet.',
} as const;

export const operatorMessages = {
  symbolRequired: 'The token symbol is required',
  operatorRequired: 'The address of the operator is required',
  operatorInvalid: 'The address of the operator is invalid',
} as const;

export const partitionMessages = {
  descriptionRequired: 'The descriptive name of the partition is required',
  valueRequired: 'The value of the partition is required',
  // ours
  valueTooLong: 'The value of the partition should be at most 31 bytes long',
  descriptionTooLong: 'The descriptive name of the partition is too long',
  exists: 'A partition with this value exists already',
} as const;

export const accessCodeMessages = {
  required: 'The access code is required',
} as const;

/** Part 1, sections 5 and 8: wallets. */
export const walletMessages = {
  typeRequired: 'Please select the type of wallet.',
  noAccounts: 'No Ethereum accounts available.',
  userDenied: 'User denied access to their Ethereum account.',
  noWeb3: 'Non-Ethereum browser detected. No instance of Web3 found in runtime.',
  connectFailed: 'Could not connect to the wallet.',
  notConnectedToNetwork: 'You are not connected to the Ethereum network',
  connectToast: 'Connect to the network!',
  pleaseConnect: 'Please connect to the network',
  pleaseConnectDot: 'Please connect to the network.',
  checkFailed: 'Failed to check the wallet address you selected.',
} as const;

/** Part 1 and part 2, section 8: the transaction wizard and pending transactions. */
export const transactionMessages = {
  aborted: 'Transaction aborted.',
  /** A transaction mined with status 0. */
  reverted: 'The transaction was reverted by the chain.',
  abortedDetail:
    'Transaction aborted. Your transaction was cancelled because you refused to sign it and nothing was submitted.',
  invalidInputs: 'Invalid inputs.',
  invalidInputsDetail:
    'Invalid inputs. Your input values are invalid. This is an always failing transaction.',
  dtxStartFailed: 'Failed to start the distributed transaction.',
  approved: 'Transaction approved',
  cancelled: 'Transaction cancelled',
  nonceFailed: 'Failed to get the nonce',
  estimateGasFailed: 'Failed to estimate gas',
  latestBlockFailed: 'Failed to get the latest block',
  buildFailed: 'Failed to build the transaction',
  registerFailed: (what: string) => `Failed to register the ${what}`,
  loadFailed: 'Could not load the transaction due to the following error',
  loadFailedColon: 'Could not load the transaction due to the following error:',
  notFoundTitle: 'We could not find this transaction',
  notFound: 'It seems like this transaction was not recorded in our platform.',
  notAvailableYet: 'Not available yet',
  notContractCreation: 'Not available because this is not a contract-creation transaction.',
  notAvailable: 'Not available',
  noErrors: 'No errors reported',
  noTransactionsTitle: 'No transactions available',
  noTransactions: 'You did not run any transactions on the blockchain yet.',
  noMatchingTransactions: 'None of your transactions match these filters.',
  noShardedTitle: 'No sharded transactions available',
  noSharded: 'You did not run any distributed transactions yet.',
  // ours (issue 38): the token's compliance rules when the transaction was mined
  rulesInForceAt: (block: number) => `Rules in force at block ${block}`,
  noRules: 'No rules',
} as const;

/** Part 2, section 2: local pages. */
export const localMessages = {
  notice: 'The data below lives in your local environment only',
  // ours
  noticeDetail:
    'This link is not available on the public blockchain explorer because the console points to a local environment. The data can change or disappear when the local environment restarts. To share links to transactions, use a public test network such as Sepolia.',
  addressInvalid: 'The address is invalid',
  hashInvalid: 'The transaction hash is invalid',
  blockInvalid: 'The block must be a block number or a block hash',
  txNotFound: 'The local chain has no transaction with this hash',
  blockNotFound: 'The local chain has no block with this number or hash',
} as const;

/** Recording and reading transactions (ours: the spec says "not shown"). */
export const transactionRecordMessages = {
  hashRequired: 'The transaction hash is required',
  hashInvalid: 'The transaction hash is invalid',
  contractRequired: 'The contract address is required',
  contractInvalid: 'The contract address is invalid',
  publicAddressRequired: 'The public address is required',
  publicAddressInvalid: 'The public address is invalid',
  txTypeRequired: 'The transaction type is required',
  txTypeInvalid: 'The transaction type is invalid',
  notRecorded: 'This transaction was not recorded by your account',
  notOnChain: 'The chain does not know this transaction',
  noReceiptYet: 'This transaction has no receipt yet: it is not mined',
  fromMismatch: 'This transaction was not sent from the public address given',
  notYourAddress:
    'This public address is not yours on this platform: register its key, sign for it, or prove your wallet first',
  contractMismatch: 'This transaction did not call or create the contract given',
  statusInvalid: 'The status must be pending, mined or reverted',
} as const;

/** On-chain refusals of the Distributor, worded for people (keys: revert reasons). */
export const distributorReasons = {
  'payment already claimed': 'This payment has been claimed already',
  'invalid Merkle proof': 'The proof does not match this distribution',
  'claim deadline has passed': 'The claim deadline has passed',
  'holder has already claimed this payment': 'A holder in this batch has claimed already',
  'claim deadline has not passed': 'The claim deadline has not passed yet',
  'distribution was reclaimed': 'This distribution was reclaimed',
  'distribution is not funded': 'This distribution is not funded yet',
  'distribution is already funded': 'This distribution is funded already',
  'distribution has insufficient funds': 'The distribution does not hold enough to pay this',
  'caller is not the issuer of this distribution': 'Only the issuer wallet of this distribution may do this',
  'claim deadline must be in the future': 'The claim deadline must be in the future',
} as Record<string, string>;

/** Corporate actions (ours): record-date registers and distributions. */
export const distributionMessages = {
  symbolRequired: 'Please enter the token symbol',
  blockInvalid: 'The block number must be a whole number of 0 or more',
  dateInvalid: 'The record date must be a date and time',
  blockOrDate: 'Give either a record block or a record date, not both',
  blockNotIndexed: (block: number, indexed: number) =>
    `Block ${block} is not indexed yet (the indexer has read up to block ${indexed}). Try again in a moment.`,
  blockInFuture: 'The record block is in the future',
  dateBeforeToken: 'The token did not exist at that date',
  unknownPartition: 'This token has no such partition',
  snapshotNotFound: 'This register does not exist',
  snapshotEmpty: 'This register has no holders to pay',
  distributionNotFound: 'This distribution does not exist',
  accountRequired: 'Please select the wallet that funds the distribution',
  accountInvalid: 'The wallet address is not a valid address',
  assetRequired: 'Please enter the address of the payment token',
  assetInvalid: 'The payment token address is not a valid address',
  assetNotErc20: 'The payment token is not an ERC-20 token on this chain',
  amountRequired: 'Please enter an amount',
  amountInvalid: 'The amount must be a whole number of base units, at least 1',
  amountTooLarge: 'The amount is too large',
  amountOrPerToken: 'Give either a total amount or an amount per token, not both',
  /** The console's terms form: amounts in the payment token's units (35,250.00), not base units. */
  amountUnitsInvalid: "The amount must be a number in the payment token's units, e.g. 35,250.00",
  amountTooPrecise: (decimals: number) =>
    `The payment token has ${decimals} decimals: give at most ${decimals} digits after the point`,
  amountZero: 'The amount must be more than 0',
  excludedInvalid: 'An excluded address is not a valid address',
  deadlineInvalid: 'The claim deadline must be a date and time',
  deadlineInPast: 'The claim deadline must be in the future',
  nothingToPay: 'With this amount no holder receives anything',
  noDistributor: 'No Distributor contract is configured on this chain',
  notIssuer: 'Only the issuer wallet of this distribution may do this',
  notTokenManager: (symbol: string) =>
    `Only the owner or controller of ${symbol}, or a Security Manager (OP) of its scheme, may make its registers and distributions. Ask one of them to do it.`,
  issuerNotYours: (address: string) =>
    `The wallet ${address} is not one of yours: register its key (My keys) or connect and prove it, then try again.`,
  notFunded: 'This distribution is not funded yet',
  underfunded: (shortfall: string, assetSymbol: string) =>
    `This distribution was funded with less than its amount: ${shortfall} base units of ${assetSymbol} are missing. Send them to its escrow, then try again.`,
  alreadyFunded: 'This distribution is funded already',
  cancelFunded:
    'This distribution holds funds on the chain, so it cannot be cancelled: reclaim what is unpaid after its claim deadline instead.',
  cancelConfirm: (id: number) =>
    `Cancel distribution #${id}? Nobody funded it; it is removed and its holders are owed nothing by it.`,
  fundShortOfBalance: (issuer: string, held: string, needed: string) =>
    `The issuer wallet ${issuer} holds ${held}, and this distribution needs ${needed}. Send the missing amount to that wallet, or cancel this distribution and make one it can pay.`,
  reclaimed: 'This distribution was reclaimed',
  deadlineNotPassed: 'The claim deadline has not passed yet',
  pushTxMode: 'Pushing payments is submitted with txMode 2',
  reclaimTxMode: 'txMode must be 1 (build the transaction) or 2 (the server signs)',
  pushRunning: 'A push of this distribution is running already',
  pushFailed: (reason: string) => `The push stopped: ${reason} Push again to go on.`,
  pushNoReason: 'no reason was recorded.',
  /** The issuer's buttons that cannot act now say why beside them (issue 34). */
  reclaimOpensAt: (deadline: string) => `Reclaim opens after the claim deadline, ${deadline}.`,
  allPaid: 'Every holder is paid: nothing is left to push.',
  underfundedNote: (missing: string) =>
    `Funded with less than its amount: ${missing} missing. Send the missing amount to its escrow from the issuer wallet to complete it; until then it cannot be pushed.`,
  /** On-chain refusals of the Distributor, worded for people (keys: revert reasons). */
  chainReasons: distributorReasons,
} as const;

/** Proving a browser wallet with a Sign-In with Ethereum message (api/src/schemas/wallets.ts). */
export const walletProofMessages = {
  addressInvalid: 'The wallet address is invalid',
  proofInvalid: 'The wallet could not be proved: sign the message the platform gave, with that wallet',
  proofExpired: 'The wallet proof expired: sign a new message',
} as const;

/** Ours (issue 34): ERC-1066 status codes of the pre-check (the EIP's meanings, with what to do). */
export const erc1066Messages = {
  '0x50': 'The transfer would fail. Check the amount and the addresses.',
  '0x51': 'The transfer would succeed.',
  '0x52': 'The balance is too low. Lower the amount or fund the holder first.',
  '0x53': 'The allowance is too low. Approve a larger amount first.',
  '0x54': 'Transfers are halted. Resume trading (or wait until holders are counted) first.',
  '0x55': 'The funds are locked up. Wait until the lock-up ends.',
  '0x56': 'The sender may not send. Verify it in the whitelist or give it the right first.',
  '0x57': 'The receiver may not receive. Verify it in the whitelist, or change the rule that stops it.',
  '0x58': 'The operator may not do this. Give the wallet the right first.',
} as Record<string, string>;

/** The ERC-1066 code of a pre-check with what to do about it. */
export function statusCodeMessage(code: string): string {
  return erc1066Messages[code.toLowerCase()] ?? erc1066Messages['0x50'] ?? '';
}

/** Issue 22: compliance rules and the pre-check before signing. Refusals say which rule or right stops it. */
export const ruleMessages = {
  rightWording:
    'A Security Manager (OP) of the scheme, like the token owner, sets the compliance rules of its tokens: holder caps, lock-ups, minimum and maximum holdings and country lists.',
  notAllowedToSetRules:
    'Your wallet address may not set the rules of this token: only the token owner or a Security Manager (OP) of its scheme may',
  rulesNotSupported: 'This token was deployed before compliance rules existed; it has no rules to set',
  maxHoldersInvalid: 'The holder limit must be a whole number from 0 (no limit) to 4294967295',
  holdingInvalid: 'Holdings must be whole numbers from 0 (no limit) to 4722366482869645213695',
  minAboveMax: 'The minimum holding is above the maximum holding',
  lockupInvalid: 'The lock-up date is invalid',
  countryInvalid: 'Each country must be an ISO 3166 alpha-2 code such as DE or US',
  countryModeInvalid: "The country list mode must be 'allow' or 'deny'",
  tooManyCountries: 'A country list holds at most 256 countries',
  operationInvalid: "The operation must be 'issue', 'redeem', 'transfer', 'force' or 'controllerRedeem'",
  txModeInvalid: 'txMode must be 1 (build for the wallet) or 2 (server-signed)',
  passes: 'This operation passes every rule and right on the chain now.',
  /** Issue 34: the signer's readiness, before anyone signs or approves. */
  noGas: (address: string, has: string, needs: string) =>
    `The signing address ${address} holds ${has}, and this operation needs about ${needs} for gas. Send ETH to that address first, then try again.`,
  /** Issue 34: a right the signing key lacks, said before anyone signs or approves (a separate readiness line). */
  missingLevel2: (key: string, scheme: string) =>
    `The key ${key} does not hold Access Level 2 (issue and redeem tokens, pause or resume trading) on security scheme ${scheme}. A Security Manager of the scheme grants it on the Permissions page.`,
  notTheController: (key: string, symbol: string, controller: string) =>
    `The key ${key} is not the controller of ${symbol}: only its controller ${controller} may force transfers and redemptions.`,
  noControllerOf: (symbol: string) =>
    `${symbol} has no controller: nobody may force transfers or redemptions.`,
  holderCap: (what: string, scope: string, count: number, limit: number) =>
    `This ${what} would give ${scope} ${count} holders; its limit is ${limit}.`,
  lockedUp: (scope: string, until: string) =>
    `${scope} is locked up until ${until}: no transfer out of it before then (issues and controller operations are still allowed).`,
  aboveMaximum: (scope: string, limit: string) =>
    `The receiver would hold more than ${scope}'s maximum holding of ${limit}.`,
  belowMinimumReceiver: (scope: string, limit: string) =>
    `The receiver would hold less than ${scope}'s minimum holding of ${limit}.`,
  belowMinimumSender: (scope: string, limit: string) =>
    `The sender would be left with less than ${scope}'s minimum holding of ${limit} (only all of it may leave).`,
  belowMinimumRedeem: (scope: string, limit: string) =>
    `This redemption would leave the holder with less than ${scope}'s minimum holding of ${limit} (only all of it may be redeemed).`,
  countryRefused: (scope: string, country: string) =>
    `${scope} does not accept receivers from ${country === '' ? 'an unknown country' : country}.`,
  chainRefused: (reason: string) => `The chain refuses this operation: ${reason}.`,
  holdersBeingCounted:
    "The token's rules are switching on and its holders are being counted: no tokens can be issued, transferred or redeemed until the count completes.",
  countingHolders: (counted: number, holders: number) => `Counting holders: ${counted} of ${holders}`,
  countingExplained:
    'Rules are enforced once every holder is counted; until then the token refuses transfers, issues and redemptions.',
  countingStopped: (reason: string) => `Counting holders stopped: ${reason}`,
  countNotAddingUp: 'the holders counted on the chain do not add up to the holders the indexer stores',
  oneHolderOverCap: 'one holder alone does not fit a transaction under the gas cap',
  countingNeedsKey: (holders: number) =>
    `Switching rules on counts this token's ${holders} holders on the chain, more than one transaction carries. Choose a registered key (the server signs and sends the batches), or ask its holder to.`,
  countingNotSupported: (holders: number) =>
    `This token's contract counts its holders in one transaction only, and its ${holders} holders do not fit one.`,
  indexerBehind: 'The indexer has not caught up with this token yet; please try again in a moment',
  countingUnderway:
    "This token's holders are already being counted; set its rules again once the count has finished",
  tokenScope: 'the token',
  partitionScope: (name: string) => `partition ${name}`,
  // What-if (POST /token/rules/simulate, the Rules tab before Save).
  simulationTitle: 'What this rule would put out of bounds',
  nothingOutOfBounds: 'No holder would be out of bounds',
  outOfBounds: (holdings: number, investors: number, addresses: number) =>
    `${holdings} ${holdings === 1 ? 'holding' : 'holdings'} of ${investors} ${investors === 1 ? 'investor' : 'investors'} (${addresses} ${addresses === 1 ? 'address' : 'addresses'}) would be out of bounds`,
  simAboveMaximum: (who: string, amount: string, partition: string, scope: string, limit: string) =>
    `${who} holds ${amount} in ${partition}, above ${scope}'s maximum holding of ${limit}`,
  simBelowMinimum: (who: string, amount: string, partition: string, scope: string, limit: string) =>
    `${who} holds ${amount} in ${partition}, below ${scope}'s minimum holding of ${limit}`,
  simCountry: (who: string, country: string, scope: string) =>
    `${who} is in ${country === '' ? 'no recorded country' : country}, which ${scope} would not accept`,
  simLockedUp: (who: string, amount: string, partition: string, until: string) =>
    `${who} holds ${amount} in ${partition}, locked up until ${until}`,
  simHolderLimit: (scope: string, addresses: number, investors: number, limit: number) =>
    `${scope.charAt(0).toUpperCase()}${scope.slice(1)} has ${addresses} holders (${investors} investors); the proposed limit is ${limit}`,
  simCountingNote: (addresses: number, investors: number) =>
    `The contract counts addresses (${addresses}); counted by investor (one KYC record, however many wallets) there are ${investors}.`,
  simOperationIssue: (what: string, reason: string) => `${what} would fail: ${reason}`,
  simApproval: (id: number) => `Pending approval #${id}`,
  simBulkRow: (job: number, row: number) => `Bulk operation #${job}, row ${row}`,
  simReceiverAbove: (limit: string) => `the receiver would hold more than the maximum holding of ${limit}`,
  simReceiverBelow: (limit: string) => `the receiver would hold less than the minimum holding of ${limit}`,
  simReceiverCountry: (country: string) =>
    `the receiver's country (${country === '' ? 'none recorded' : country}) would not be accepted`,
  simRedeemBelow: (limit: string) => `it would leave less than the minimum holding of ${limit}`,
  simNewHolderOverLimit: (limit: number) => `the receiver would be a new holder beyond the limit of ${limit}`,
  simulationTruncated: (shown: number, total: number) => `The first ${shown} of ${total} are listed.`,
  simulationFailed: 'The what-if could not be computed; Save still works and the chain checks the rule',
  // What-if on the approval cards (GET /approvals): a whitelist replacement, a freeze, a recovery (issue 39).
  whatIfNothing: 'Nothing on the register would be out of bounds',
  whatIfChanges: (holders: number, operations: number) =>
    `What this would change: ${[
      ...(holders > 0
        ? [`${holders} ${holders === 1 ? 'holder' : 'holders'} would not be verified on the new whitelist`]
        : []),
      ...(operations > 0
        ? [`${operations} queued or pending ${operations === 1 ? 'operation' : 'operations'} would fail`]
        : []),
    ].join('; ')}`,
  whatIfNotVerified: (who: string, amount: string) =>
    `${who} holds ${amount} and is not verified on the new whitelist: they could no longer receive or transfer tokens`,
  simReceiverNotVerified: 'the receiver is not verified on the new whitelist',
  simNewWalletNotVerified: 'the new wallet is not verified on the new whitelist',
  simReceiverFrozen: 'the receiver would be frozen',
  simSenderFrozen: 'the address it redeems from would be frozen',
  simFrozenAlready: 'the address would be frozen already',
  simAboveUnfrozenAfter: (free: string) =>
    `it needs more than the ${free} tokens that would be left unfrozen`,
  simReceiverRecovered: 'the receiver would be a recovered wallet, which can no longer receive',
  simSenderRecovered: 'the sender would be a recovered wallet, which can no longer send',
  simRecoveredAlready: 'the wallet would be recovered already',
} as const;

/** Bulk operations on a live token (issue 22): each row error cites its row number, like the draft's bulk text. */
export const bulkOperationMessages = {
  operationInvalid:
    "The bulk operation must be 'issue', 'force', 'freezeAddress', 'unfreezeAddress', 'freezeTokens' or 'unfreezeTokens'",
  rowsRequired: 'Please provide one or more rows',
  tooManyRows: (max: number) => `At most ${max} rows can be run at once`,
  addressRequired: (row: number) => `Row ${row}: the address is required`,
  addressInvalid: (row: number) => `Row ${row}: the address is invalid`,
  fromRequired: (row: number) => `Row ${row}: the from address is required`,
  fromInvalid: (row: number) => `Row ${row}: the from address is invalid`,
  partitionRequired: (row: number) => `Row ${row}: the partition is required`,
  partitionTooLong: (row: number) => `Row ${row}: the partition name is longer than 31 bytes`,
  amount: (row: number, problem: string) =>
    `Row ${row}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`,
  addressTwice: (row: number, partition: string) =>
    `Row ${row}: this address is specified twice for partition ${partition}`,
  addressTwiceInFile: (row: number) => `Row ${row}: this address is specified twice`,
  refused: (row: number, reason: string) => `Row ${row}: ${reason}`,
  notFound: 'This bulk operation does not exist',
  walletOnly: (address: string) =>
    `A bulk operation is signed by the server with a registered key, and ${address} is not one of yours. Register its key (My keys) or choose a registered address.`,
  notAllowedToIssue: 'Your wallet address may not issue this token, so it may not run a bulk issue',
  notController: 'Only the controller of this token may run a bulk forced transfer',
  columnsMissing: (columns: string) => `The file needs the columns ${columns}`,
  failed: 'The bulk operation stopped',
  title: 'Bulk operation',
} as const;

/** Idempotency-Key on the routes that start bulk work (server/src/http/idempotency.ts). */
export const idempotencyMessages = {
  keyInvalid: 'The Idempotency-Key header must be 1 to 255 printable characters',
  keyReused:
    'This Idempotency-Key was used for a different request. Send a new key with a new request, or the same request with this key.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

/** Webhook endpoints (api/src/schemas/webhooks.ts, server/src/modules/webhooks). */
export const webhookMessages = {
  urlRequired: 'Enter the URL of your endpoint',
  urlInvalid: 'Enter a URL starting with https:// (or http://)',
  urlTooLong: 'The URL is too long (at most 2,000 characters)',
  urlCredentials: 'The URL cannot contain a user name or password',
  urlNotPublic:
    'The URL must reach a public address: check that its host name exists and is not a private, loopback or link-local one',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Unknown event type',
  tooMany: (max: number) => `An account can have at most ${max} webhook endpoints`,
  notFound: 'There is no such webhook endpoint',
  deliveryNotFound: 'There is no such delivery',
  idInvalid: 'The id must be a whole number',
} as const;

/**
 * Registering a deployed contract (POST /rbac/register, POST /whitelist/register): the chain says whose it is (the
 * sender of its deployment or its owner), never the first account to ask (issue 33).
 */
export const contractRegistrationMessages = {
  notYours: (kind: string) =>
    `This ${kind} was neither deployed by nor is owned by an address of your account. Register it from the account that holds the wallet or key that deployed or owns it`,
  registeredByOther: (kind: string) =>
    `This ${kind} is registered already by another account that controls the address that deployed or owns it`,
  notItsDeployment: (kind: string) =>
    `The transaction given did not deploy this ${kind}. Give the hash of its deployment, or leave it out`,
} as const;

/** The per-account cap on queued background work (server/src/jobs/runner.ts). */
export const jobQueueMessages = {
  full: (max: number) =>
    `Your account has ${max} operations waiting or running already. Wait for some of them to finish, then try again.`,
} as const;

/** The review after a password reset (issue 33): what the sessions before it created, kept or removed by the owner. */
export const accountReviewMessages = {
  notFound: 'This item is not waiting for your review any more. Reload the page to see what is.',
  kindInvalid: 'Choose a webhook, a wallet or a key',
  idInvalid: 'The id must be a whole number',
  title: 'Check what was added to your account',
  intro:
    'Your password was reset. Before that, these were added to your account. If you did not add one, remove it. Webhooks stay paused until you keep them.',
  kinds: { webhook: 'Webhook', wallet: 'Proved wallet', key: 'Registered key' },
  keep: 'Keep',
  remove: 'Remove',
  done: 'Everything is reviewed.',
} as const;

/** The operations log, its verifier, auditors and regulator packs (issue 38). */
export const auditMessages = {
  dateInvalid: 'The date must be a date and time',
  blockInvalid: 'The block number must be a whole number of 0 or more',
  blockOrDate: 'Give either a block or a date for the register, not both',
  fromAfterTo: 'The end of the period must not be before its start',
  emailRequired: "Please enter the auditor's email address",
  emailInvalid: 'Please enter a valid email address',
  notAllowed: (symbol: string) =>
    `Only the owner, the controller, the scheme's operators and the auditors of ${symbol} may see its audit trail`,
  notOwner: (symbol: string) => `Only the owner of ${symbol} may grant or revoke auditors`,
  noAccount: (email: string) => `There is no confirmed account with the email address ${email}`,
  notAuditor: (email: string) => `${email} is not an auditor of this token`,
  packNotFound: 'There is no regulator pack with this id',
  packNotReady: 'This regulator pack is not ready yet',
  blockInFuture: 'The block is after the latest block of the chain',
  blockNotIndexed: (block: number, indexed: number) =>
    `Block ${block} is not indexed yet (indexed up to ${indexed}); try again in a moment`,
  dateBeforeToken: 'The date is before the first block of the chain',
} as const;

/** Version 2 tokens: upgrades and rotation of owner, whitelist and security scheme (issue 35). */
export const tokenV2Messages = {
  txModeInvalid: 'The transaction mode must be 1 or 2',
  notVersion2: 'This token is on version 1 of the smart contract: it cannot be upgraded or rotated',
  notOwner: 'Only the owner of the token can do this',
  notPendingOwner: 'Only the proposed owner can accept the ownership of the token',
  noPendingOwner: 'Nobody has been proposed as the new owner of this token',
  implementationInvalid: 'The implementation address is invalid',
  implementationNotRegistered: 'This implementation is not registered in the token factory',
  alreadyUpToDate: 'The token already runs this implementation',
  upgradeNotReady: (readyAt: string) => `The upgrade is scheduled and can be carried out from ${readyAt}`,
  newOwnerRequired: 'The address of the new owner is required',
  newOwnerInvalid: 'The address of the new owner is invalid',
  newOwnerIsOwner: 'This address already owns the token',
  whitelistRequired: 'The whitelist address is required',
  whitelistInvalid: 'The whitelist address is invalid',
  whitelistNotContract: 'The whitelist address is not a whitelist contract',
  sameWhitelist: 'The token already uses this whitelist',
  schemeRequired: 'The security scheme address is required',
  schemeInvalid: 'The security scheme address is invalid',
  schemeNotContract: 'The security scheme address is not a security scheme contract',
  sameScheme: 'The token already uses this security scheme',
} as const;

/** Enforcement on version 2 tokens: address and partial freezes, lost-wallet recovery (issue 36). */
export const tokenEnforcementMessages = {
  notVersion2: "This token's smart contract version does not support freezes; upgrade it to version 2",
  notEnforcer: 'Only the owner or the controller of the token can freeze, unfreeze or recover',
  frozenRequired: 'Say whether the address is to be frozen (true) or unfrozen (false)',
  actionInvalid: 'The action must be freeze or unfreeze',
  alreadyFrozen: 'This address is frozen already',
  notFrozen: 'This address is not frozen',
  aboveUnfrozen: (free: string) =>
    `The amount is above the unfrozen tokens of this holder in this partition (${free} can be frozen)`,
  aboveFrozen: (frozen: string) =>
    `The amount is above the frozen tokens of this holder in this partition (${frozen} are frozen)`,
  lostRequired: 'The lost wallet address is required',
  lostInvalid: 'The lost wallet address is invalid',
  newRequired: 'The new wallet address is required',
  newInvalid: 'The new wallet address is invalid',
  sameWallet: 'The new wallet is the lost wallet',
  recoveredAlready: 'This wallet was recovered already',
  newNotVerified:
    "The new wallet is not verified on the token's whitelist: verify it with the same KYC record as the lost wallet first",
  hashesDiffer:
    'The new wallet is verified with a different KYC record than the lost wallet: both must carry the same KYC hash',
  nothingToRecover: 'The lost wallet holds no tokens of this token',
} as const;
