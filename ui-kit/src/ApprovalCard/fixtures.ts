import type { ApprovalCardItem } from './ApprovalCard.tsx';

/** Story and test data (times in UTC ISO; the card shows them in local time). */
export const approvalFixtures: Record<
  'needsYou' | 'waiting' | 'expiringSoon' | 'wouldFail' | 'whatIf' | 'whatIfNothing',
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
  whatIf: {
    txId: 45,
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
    txId: 46,
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
