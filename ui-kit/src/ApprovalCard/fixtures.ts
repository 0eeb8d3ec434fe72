import type { ApprovalCardItem } from './ApprovalCard.tsx';

/** Story and test data (times in UTC ISO; the card shows them in local time). */
export const approvalFixtures: Record<
  | 'needsYou'
  | 'waiting'
  | 'expiringSoon'
  | 'wouldFail'
  | 'commented'
  | 'keyNotReady'
  | 'keyLacksRight'
  | 'executed'
  | 'executedFailed'
  | 'whatIf'
  | 'whatIfNothing',
  ApprovalCardItem
> = {
  needsYou: {
    txId: 41,
    txTypeName: 'Issue tokens',
    key: { address: '0x9f3a55c0de11aa22bb33cc44dd55ee6601bc01bc', name: 'Treasury' },
    token: { symbol: 'ABC', name: 'ABC Property Fund' },
    effect:
      'Issue 1,000 ABC to 0x1234567890aBcdEF1234567890ABCDef1234CdEf (Investor 12) on partition default: total supply 10,000 → 11,000; holders 57 → 58',
    precheck: { ok: true, reason: '' },
    startedBy: 'alice',
    requiredApprovers: 2,
    approvals: [{ signedBy: 'alice', signedOn: '2026-11-23T14:02:00.000Z' }],
    approvedByMe: false,
    secondsLeft: 3 * 86400 - 3600,
  },
  waiting: {
    txId: 42,
    txTypeName: 'Pause trading',
    key: { address: '0x77aa55c0de11aa22bb33cc44dd55ee66012377aa', name: 'Operations' },
    token: { symbol: 'BND30', name: 'Municipal bond 2030' },
    effect:
      'Pause trading of BND30: transfers, issuance and redemption stop until it is resumed; total supply 2,500,000, holders 311',
    precheck: { ok: true, reason: '' },
    startedBy: 'me',
    requiredApprovers: 3,
    approvals: [{ signedBy: 'me', signedOn: '2026-11-23T09:30:00.000Z' }],
    approvedByMe: true,
    secondsLeft: 26 * 3600 + 15 * 60,
  },
  expiringSoon: {
    txId: 43,
    txTypeName: 'Resume trading',
    key: { address: '0x77aa55c0de11aa22bb33cc44dd55ee66012377aa', name: 'Operations' },
    token: { symbol: 'BND30', name: 'Municipal bond 2030' },
    effect: 'Resume trading of BND30: transfers, issuance and redemption are allowed again',
    precheck: { ok: true, reason: '' },
    startedBy: 'bob',
    requiredApprovers: 2,
    approvals: [{ signedBy: 'bob', signedOn: '2026-11-20T15:10:00.000Z' }],
    approvedByMe: false,
    secondsLeft: 25 * 60,
  },
  wouldFail: {
    txId: 44,
    txTypeName: 'Redeem tokens',
    key: { address: '0x9f3a55c0de11aa22bb33cc44dd55ee6601bc01bc', name: 'Treasury' },
    token: { symbol: 'ABC', name: 'ABC Property Fund' },
    effect:
      'Redeem 5,000 ABC from 0x9F3a0000000000000000000000000000000001Bc on partition default (the key holds 1,200 there): total supply 10,000 → 5,000; holders 57 → 56',
    precheck: { ok: false, reason: 'execution reverted: Insufficient balance' },
    startedBy: 'carol',
    requiredApprovers: 2,
    approvals: [{ signedBy: 'carol', signedOn: '2026-11-23T11:45:00.000Z' }],
    approvedByMe: false,
    secondsLeft: 40 * 3600,
  },
  /** The initiator's comment, the signers who have not approved, and a key ready in gas and rights (issue 37). */
  commented: {
    txId: 45,
    txTypeName: 'Issue tokens',
    key: { address: '0x9f3a55c0de11aa22bb33cc44dd55ee6601bc01bc', name: 'Treasury' },
    token: { symbol: 'ABC', name: 'ABC Property Fund' },
    effect:
      'Issue 250 ABC to 0x1234567890aBcdEF1234567890ABCDef1234CdEf (Investor 12) on partition default: total supply 11,000 → 11,250; holders 58 → 58',
    precheck: { ok: true, reason: '' },
    startedBy: 'alice',
    requiredApprovers: 3,
    approvals: [{ signedBy: 'alice', signedOn: '2026-11-24T08:15:00.000Z' }],
    approvedByMe: false,
    secondsLeft: 2 * 86400,
    comment: 'Second tranche of the November subscription, as agreed at the board meeting on 20 November.',
    notApproved: [
      { name: 'bob', emailAddress: 'bob@abc-fund.example' },
      { name: 'carol', emailAddress: 'carol@abc-fund.example' },
    ],
    readiness: {
      gas: { ok: true, text: 'Gas: the key holds 0.482113 ETH' },
      rights: { ok: true, text: 'Right: the key holds Access Level 2' },
    },
  },
  /** The key's readiness line says what is missing: gas short, and a right that could not be read. */
  keyNotReady: {
    txId: 46,
    txTypeName: 'Force transfer',
    key: { address: '0x77aa55c0de11aa22bb33cc44dd55ee66012377aa', name: 'Operations' },
    token: { symbol: 'BND30', name: 'Municipal bond 2030' },
    effect:
      'Force transfer of 100 BND30 from 0x4aBc000000000000000000000000000000000011 to 0x5dEf000000000000000000000000000000000022 on partition default',
    precheck: { ok: true, reason: '' },
    startedBy: 'bob',
    requiredApprovers: 2,
    approvals: [{ signedBy: 'bob', signedOn: '2026-11-24T10:05:00.000Z' }],
    approvedByMe: false,
    secondsLeft: 20 * 3600,
    notApproved: [{ name: 'me', emailAddress: 'me@bnd-issuer.example' }],
    readiness: {
      gas: { ok: false, text: 'Gas: the key holds 0.000000 ETH, not enough to pay for this operation' },
      rights: {
        ok: null,
        text: "Right: whether the key holds the token's ownership or its controller role could not be read",
      },
    },
  },
  /** A right the key lacks (issue 34): the call would revert, and the line is said beside Approve, which is disabled. */
  keyLacksRight: {
    txId: 47,
    txTypeName: 'Pause trading',
    key: { address: '0x77aa55c0de11aa22bb33cc44dd55ee66012377aa', name: 'Operations' },
    token: { symbol: 'BND30', name: 'Municipal bond 2030' },
    effect:
      'Pause trading of BND30: transfers, issuance and redemption stop until it is resumed; total supply 2,500,000, holders 311',
    precheck: {
      ok: false,
      reason: 'execution reverted: caller is not allowed to pause token trading',
      readiness: [
        'The key 0x77aa55C0DE11aa22Bb33CC44dd55EE66012377Aa does not hold Access Level 2 (issue and redeem tokens, pause or resume trading) on security scheme 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC. A Security Manager of the scheme grants it on the Permissions page.',
      ],
    },
    startedBy: 'carol',
    requiredApprovers: 2,
    approvals: [{ signedBy: 'carol', signedOn: '2026-11-24T12:40:00.000Z' }],
    approvedByMe: false,
    secondsLeft: 30 * 3600,
    notApproved: [{ name: 'me', emailAddress: 'me@bnd-issuer.example' }],
    readiness: {
      gas: { ok: true, text: 'Gas: the key holds 0.120000 ETH' },
      rights: { ok: false, text: 'Right: the key lacks Access Level 2, which this operation needs' },
    },
  },
  /** Executed: its transaction and block (links to the explorer), no actions. */
  executed: {
    txId: 39,
    txTypeName: 'Issue tokens',
    key: { address: '0x9f3a55c0de11aa22bb33cc44dd55ee6601bc01bc', name: 'Treasury' },
    token: { symbol: 'ABC', name: 'ABC Property Fund' },
    effect:
      'Issue 10,000 ABC to 0x1234567890aBcdEF1234567890ABCDef1234CdEf (Investor 12) on partition default: total supply 0 → 10,000; holders 0 → 1',
    precheck: { ok: true, reason: '' },
    startedBy: 'alice',
    requiredApprovers: 2,
    approvals: [
      { signedBy: 'alice', signedOn: '2026-11-20T09:00:00.000Z' },
      { signedBy: 'bob', signedOn: '2026-11-20T09:42:00.000Z' },
    ],
    approvedByMe: true,
    secondsLeft: null,
    comment: 'Initial issuance after the closing.',
    notApproved: [],
    outcome: {
      txStatusName: 'Completed',
      txHash: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
      blockNumber: 18_204_311,
      failure: null,
    },
  },
  /** Executed and failed: the failure in words, and the transaction and block it was mined in. */
  executedFailed: {
    txId: 40,
    txTypeName: 'Redeem tokens',
    key: { address: '0x9f3a55c0de11aa22bb33cc44dd55ee6601bc01bc', name: 'Treasury' },
    token: { symbol: 'ABC', name: 'ABC Property Fund' },
    effect:
      'Redeem 5,000 ABC from 0x9F3a0000000000000000000000000000000001Bc on partition default: total supply 10,000 → 5,000; holders 57 → 56',
    precheck: { ok: true, reason: '' },
    startedBy: 'carol',
    requiredApprovers: 2,
    approvals: [
      { signedBy: 'carol', signedOn: '2026-11-21T15:10:00.000Z' },
      { signedBy: 'alice', signedOn: '2026-11-21T16:02:00.000Z' },
    ],
    approvedByMe: true,
    secondsLeft: null,
    notApproved: [],
    outcome: {
      txStatusName: 'Failed',
      txHash: '0x9b1e6a2c0d4f5e3a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c',
      blockNumber: 18_204_377,
      failure:
        'The contract refused it: Insufficient balance. Nothing was changed: correct this, then try again.',
    },
  },
  whatIf: {
    txId: 48,
    txTypeName: 'Replace whitelist',
    key: { address: '0x9f3a55c0de11aa22bb33cc44dd55ee6601bc01bc', name: 'Treasury' },
    token: { symbol: 'ABC', name: 'ABC Property Fund' },
    effect:
      'Replace the whitelist of ABC with 0x5FbDB2315678afecb367f032d93F642f64180aa3: holders and receivers are checked against it from the next transfer',
    precheck: { ok: true, reason: '' },
    startedBy: 'alice',
    requiredApprovers: 2,
    approvals: [{ signedBy: 'alice', signedOn: '2026-11-27T10:15:00.000Z' }],
    approvedByMe: false,
    secondsLeft: 2 * 86400,
    whatIf: {
      summary:
        'What this would change: 1 holder would not be verified on the new whitelist; 1 queued or pending operation would fail',
      holders: [
        {
          reason:
            'Ben Franklin holds 20 and is not verified on the new whitelist: they could no longer receive or transfer tokens',
        },
      ],
      operations: [
        { reason: 'Bulk operation #7, row 3 would fail: the receiver is not verified on the new whitelist' },
      ],
    },
  },
  whatIfNothing: {
    txId: 49,
    txTypeName: 'Freeze or unfreeze an address',
    key: { address: '0x9f3a55c0de11aa22bb33cc44dd55ee6601bc01bc', name: 'Treasury' },
    token: { symbol: 'ABC', name: 'ABC Property Fund' },
    effect:
      'Freeze 0x1234567890aBcdEF1234567890ABCDef1234CdEf (Investor 12) in ABC: it can no longer send or receive',
    precheck: { ok: true, reason: '' },
    startedBy: 'alice',
    requiredApprovers: 2,
    approvals: [{ signedBy: 'alice', signedOn: '2026-11-27T10:20:00.000Z' }],
    approvedByMe: false,
    secondsLeft: 2 * 86400,
    whatIf: { summary: 'Nothing on the register would be out of bounds', holders: [], operations: [] },
  },
};
