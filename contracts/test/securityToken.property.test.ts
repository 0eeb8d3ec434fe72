import type { Contract } from 'ethers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodePartition,
  type Fixture,
  kycHash,
  type Role,
  startFixture,
  tokenVersions,
} from '../scripts/fixture.ts';
import { minedOk, send } from './helpers.ts';

const issueOne = 'issueByPartition(bytes32,address,uint256,bytes)';
const issueMany = 'issueByPartition(bytes32,address[],uint256[],bytes)';
const partitions = ['Common', 'Preferred', 'Series C'].map(encodePartition);
const holders = ['holderA', 'holderB', 'operator', 'level2', 'unverified'] as const satisfies readonly Role[];
type Holder = (typeof holders)[number];
const senders = ['holderA', 'holderB', 'level2'] as const satisfies readonly Holder[];

type Op =
  | { kind: 'issue'; p: number; to: Holder; amount: number }
  | { kind: 'batch'; p: number; entries: { to: Holder; amount: number }[] }
  | { kind: 'transfer'; from: (typeof senders)[number]; to: Holder; p: number; amount: number }
  | { kind: 'operatorTransfer'; from: 'holderA' | 'holderB'; to: Holder; p: number; amount: number }
  | { kind: 'redeem'; p: number; amount: number }
  | { kind: 'controllerTransfer'; from: Holder; to: Holder; amount: number }
  | { kind: 'controllerRedeem'; from: Holder; amount: number }
  | { kind: 'togglePause' };

const amount = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 400 }) },
);
const p = fc.integer({ min: 0, max: partitions.length - 1 });
const holder = fc.constantFrom(...holders);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('issue' as const), p, to: holder, amount }),
  fc.record({
    kind: fc.constant('batch' as const),
    p,
    entries: fc.array(fc.record({ to: holder, amount }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: fc.constantFrom(...senders),
    to: holder,
    p,
    amount,
  }),
  fc.record({
    kind: fc.constant('operatorTransfer' as const),
    from: fc.constantFrom('holderA' as const, 'holderB' as const),
    to: holder,
    p,
    amount,
  }),
  fc.record({ kind: fc.constant('redeem' as const), p, amount }),
  fc.record({ kind: fc.constant('controllerTransfer' as const), from: holder, to: holder, amount }),
  fc.record({ kind: fc.constant('controllerRedeem' as const), from: holder, amount }),
  fc.constant({ kind: 'togglePause' as const }),
);

/** Balances issued before every run (per partition index), so that moves and redemptions often succeed. */
const initialIssues: [Holder, number][][] = [
  [
    ['holderA', 1000],
    ['holderB', 600],
    ['level2', 800],
  ],
  [
    ['holderA', 300],
    ['level2', 400],
  ],
];

/** The reference model: what the token must hold after each operation. */
class Model {
  balances = new Map<string, number>();
  created: number[] = [];
  paused = false;
  /** Version 2: controller operations work while the token is paused. */
  constructor(readonly controllerWhilePaused = false) {
    for (const [pi, entries] of initialIssues.entries()) {
      this.created.push(pi);
      for (const [h, v] of entries) this.add(h, pi, v);
    }
  }
  bal(h: Holder, pi: number) {
    return this.balances.get(`${h}:${pi}`) ?? 0;
  }
  add(h: Holder, pi: number, v: number) {
    this.balances.set(`${h}:${pi}`, this.bal(h, pi) + v);
  }
  total(h: Holder) {
    return this.created.reduce((sum, pi) => sum + this.bal(h, pi), 0);
  }
  /** Applies `op` when the token must accept it; answers whether it must. */
  apply(op: Op): boolean {
    const verified = (h: Holder) => h !== 'unverified';
    if (op.kind === 'togglePause') {
      this.paused = !this.paused;
      return true;
    }
    if (this.paused && !(this.controllerWhilePaused && op.kind.startsWith('controller'))) return false;
    switch (op.kind) {
      case 'issue':
        return this.apply({ kind: 'batch', p: op.p, entries: [{ to: op.to, amount: op.amount }] });
      case 'batch':
        if (op.entries.some((e) => e.amount === 0 || !verified(e.to))) return false;
        if (!this.created.includes(op.p)) this.created.push(op.p);
        for (const e of op.entries) this.add(e.to, op.p, e.amount);
        return true;
      case 'transfer':
      case 'operatorTransfer':
        if (op.amount === 0 || !verified(op.to) || this.bal(op.from, op.p) < op.amount) return false;
        this.add(op.from, op.p, -op.amount);
        this.add(op.to, op.p, op.amount);
        return true;
      case 'redeem':
        if (op.amount === 0 || this.bal('level2', op.p) < op.amount) return false;
        this.add('level2', op.p, -op.amount);
        return true;
      case 'controllerTransfer':
      case 'controllerRedeem': {
        const to = op.kind === 'controllerTransfer' ? op.to : undefined;
        if (op.amount === 0 || (to && !verified(to)) || this.total(op.from) < op.amount) return false;
        let remaining = op.amount;
        for (const pi of this.created) {
          const part = Math.min(this.bal(op.from, pi), remaining);
          remaining -= part;
          this.add(op.from, pi, -part);
          if (to) this.add(to, pi, part);
        }
        return true;
      }
    }
  }
}

describe.each(tokenVersions)('token v%i', (version) => {
  let f: Fixture;
  const addr = (role: Role) => f.wallets[role].address;

  beforeAll(async () => {
    f = await startFixture(version);
    await send(f.as(f.whitelist, 'level1'), 'addVerified', addr('level2'), kycHash(addr('level2')));
    await send(f.as(f.token, 'holderA'), 'authorizeOperator', addr('operator'));
    await send(f.as(f.token, 'holderB'), 'authorizeOperator', addr('operator'));
    for (const [pi, entries] of initialIssues.entries()) {
      await send(
        f.as(f.token, 'level2'),
        issueMany,
        partitions[pi],
        entries.map(([h]) => addr(h)),
        entries.map(([, v]) => v),
        '0x',
      );
    }
  });
  afterAll(() => f.stop());

  async function execute(op: Op, paused: boolean): Promise<boolean> {
    const t = (role: Role): Contract => f.as(f.token, role);
    let call: [Contract, string, unknown[]];
    switch (op.kind) {
      case 'issue':
        call = [t('level2'), issueOne, [partitions[op.p], addr(op.to), op.amount, '0x']];
        break;
      case 'batch':
        call = [
          t('level2'),
          issueMany,
          [partitions[op.p], op.entries.map((e) => addr(e.to)), op.entries.map((e) => e.amount), '0x'],
        ];
        break;
      case 'transfer':
        call = [t(op.from), 'transferByPartition', [partitions[op.p], addr(op.to), op.amount, '0x']];
        break;
      case 'operatorTransfer':
        call = [
          t('operator'),
          'operatorTransferByPartition',
          [partitions[op.p], addr(op.from), addr(op.to), op.amount, '0x', '0x'],
        ];
        break;
      case 'redeem':
        call = [t('level2'), 'redeemByPartition', [partitions[op.p], op.amount, '0x']];
        break;
      case 'controllerTransfer':
        call = [t('controller'), 'controllerTransfer', [addr(op.from), addr(op.to), op.amount, '0x', '0x']];
        break;
      case 'controllerRedeem':
        call = [t('controller'), 'controllerRedeem', [addr(op.from), op.amount, '0x', '0x']];
        break;
      case 'togglePause':
        call = [t('level2'), paused ? 'unPause' : 'pause', []];
        break;
    }
    return minedOk(...call);
  }

  async function expectMatches(model: Model) {
    const token = f.token;
    const reads = await Promise.all([
      token.getFunction('totalSupply')(),
      token.getFunction('isPaused')(),
      token.getFunction('allPartitions')(),
      ...partitions.map((pt) => token.getFunction('totalSupplyByPartition')(pt)),
      ...holders.flatMap((h) => [
        token.getFunction('balanceOf')(addr(h)),
        token.getFunction('partitionsOf')(addr(h)),
        ...partitions.map((pt) => token.getFunction('balanceOfByPartition')(pt, addr(h))),
      ]),
    ]);
    const [supply, paused, created, ...rest] = reads;
    const bySupply = rest.slice(0, partitions.length);
    const perHolder = rest.slice(partitions.length);
    let expectedSupply = 0;
    partitions.forEach((_, pi) => {
      const sum = holders.reduce((s, h) => s + model.bal(h, pi), 0);
      expectedSupply += sum;
      expect(bySupply[pi], `supply of partition ${pi}`).toBe(BigInt(sum));
    });
    expect(supply).toBe(BigInt(expectedSupply));
    expect(paused).toBe(model.paused);
    expect([...created]).toEqual(model.created.map((pi) => partitions[pi]));
    holders.forEach((h, i) => {
      const row = perHolder.slice(i * (partitions.length + 2), (i + 1) * (partitions.length + 2));
      expect(row[0], `balanceOf ${h}`).toBe(BigInt(model.total(h)));
      expect([...row[1]], `partitionsOf ${h}`).toEqual(
        model.created.filter((pi) => model.bal(h, pi) > 0).map((pi) => partitions[pi]),
      );
      for (const [pi] of partitions.entries()) {
        expect(row[pi + 2], `${h} in partition ${pi}`).toBe(BigInt(model.bal(h, pi)));
        expect(model.bal(h, pi)).toBeGreaterThanOrEqual(0);
      }
    });
  }

  describe('SecurityToken invariants', () => {
    it('keeps balances, partition supplies and total supply consistent over random operation sequences', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
          const snapshot: string = await f.provider.send('evm_snapshot', []);
          try {
            const model = new Model(version === 2);
            for (const [index, step] of ops.entries()) {
              const wasPaused = model.paused;
              const accepted = model.apply(step);
              expect(await execute(step, wasPaused), `step ${index} ${JSON.stringify(step)}`).toBe(accepted);
            }
            await expectMatches(model);
          } finally {
            await f.provider.send('evm_revert', [snapshot]);
          }
        }),
        { numRuns: 15 },
      );
    });
  });
});
