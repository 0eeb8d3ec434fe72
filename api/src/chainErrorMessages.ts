// The sentences of api/src/chainErrors.ts (a module of their own: only the chain error wording, loaded apart from the
// console's first pages, uses them). Written once, here.
import { transactionMessages } from './messages.ts';

/**
 * Ours (issue 34): what the chain, a node or a wallet answered, as a sentence with the next step
 * (api/src/chainErrors.ts picks one). No provider text reaches a person.
 */
export const chainErrorMessages = {
  insufficientFunds: (who: string) =>
    `The wallet ${who} does not hold enough of the chain's currency (ETH) to pay for gas. Add some to it, then try again.`,
  nonce:
    'Another transaction from this wallet was sent meanwhile, so this one was out of turn. Wait until that one is mined, then try again.',
  gasTooLow:
    'The transaction ran out of gas. Try again; if it happens again, the platform gave it too little gas: tell your administrator.',
  gasTooHigh:
    'The transaction needs more gas than a block of this chain allows. Split the operation into smaller ones (fewer investors or addresses at a time).',
  feeTooLow:
    "The fee offered is below what the chain asks now. Try again: the wallet's fee suggestion will be used.",
  network:
    "The chain's node could not be reached. Check your connection and the wallet's network, then try again.",
  alwaysFailing: `${transactionMessages.invalidInputsDetail} Check the amount, the addresses and your rights on this token (the pre-check says which rule stops it), then try again.`,
  reverted:
    'The chain refused the transaction when it was mined: nothing was changed. Check the values and your rights (the pre-check says which rule stops it), then try again.',
  unknown:
    'The wallet or the chain answered with an error the platform does not know. Nothing was changed: try again, and if it happens again, send the Error information of the transaction to your administrator.',
  refused: (reason: string) =>
    `The contract refused it: ${reason}. Nothing was changed: correct this, then try again.`,
  panic: (what: string) =>
    `The contract stopped on an internal check (${what}). Nothing was changed: check the amounts, then try again.`,
  insufficientBalance: (holder: string, balance: string, needed: string) =>
    `The wallet ${holder} holds ${balance} but this needs ${needed}. Add the difference to that wallet, then try again.`,
  insufficientAllowance: (spender: string, allowance: string, needed: string) =>
    `The contract ${spender} may spend ${allowance} of this wallet's tokens but this needs ${needed}. Approve the amount first (the approval step), then try again.`,
  zeroParty: (role: string) =>
    `The ${role} of the token transfer is the zero address. Enter a real address, then try again.`,
  paymentFailed: (token: string) =>
    `The payment token ${token} refused the transfer. Check the wallet's balance and approval of that token, then try again.`,
  proofInvalid: 'The proof does not match this distribution: reload the page, then try again.',
  /** Revert reasons of our contracts with a next step of their own (keys: revertReasons' texts). */
  reasons: {
    'caller is not allowed to issue tokens':
      'This wallet is not allowed to issue tokens: ask the owner for Access Level 2 in the security scheme.',
    'caller is not allowed to redeem tokens':
      'This wallet is not allowed to redeem tokens: ask the owner for Access Level 2 in the security scheme.',
    'caller is not a security manager':
      'Only a security manager of the scheme may change access rights: ask the owner to make this wallet one.',
    'caller is not the owner of the smart contract or a security manager of this asset':
      'Only the owner of the scheme or a security manager of this asset may do this: connect that wallet.',
    'token trading is paused': 'Trading of this token is paused: resume it first.',
    'token minting is frozen': 'Issuance of this token is frozen for good: nothing more can be issued.',
    'token holder is not verified in the whitelist':
      "The holder is not verified in the token's whitelist: add the address to the whitelist first.",
    'receiver is not verified in the whitelist':
      "The receiver is not verified in the token's whitelist: add the address to the whitelist first.",
    'insufficient balance': 'The holder does not hold that many tokens on this partition: lower the amount.',
    'caller is not the token controller': 'Only the token controller may do this: connect that wallet.',
    'caller is not the minter': 'Only the wallet that deployed this test token may mint it.',
  } as Record<string, string>,
} as const;
