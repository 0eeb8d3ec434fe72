import type { PendingTx } from './PendingTxItem.tsx';

/** Story and test data. */
export const storyNow = new Date(2026, 10, 23, 15, 0, 0);

export const pendingTxFixtures: PendingTx[] = [
  {
    txId: 12,
    txTypeName: 'pause trading',
    startedOn: new Date(storyNow.getTime() - 3 * 60_000),
    startedBy: 'alice@example.com',
    signers: ['alice@example.com'],
    currentApprovers: 1,
    requiredApprovers: 2,
    token: { symbol: 'TKN', name: 'Token One' },
  },
  {
    txId: 13,
    txTypeName: 'issue tokens',
    startedOn: new Date(storyNow.getTime() - 5 * 3_600_000),
    startedBy: 'bob@example.com',
    signers: ['bob@example.com', 'carol@example.com', 'dave@example.com'],
    currentApprovers: 3,
    requiredApprovers: 3,
    token: { symbol: 'BND30', name: 'Municipal bond 2030 with a rather long descriptive name' },
  },
];
