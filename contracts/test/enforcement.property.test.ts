import type { Contract } from 'ethers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePartition, type Fixture, type Role, startFixture } from '../scripts/fixture.ts';
import { minedOk, send } from './helpers.ts';

const issueMany = 'issueByPartition(bytes32,address[],uint256[],bytes)';
const partitions = ['Common', 'Preferred'].map(encodePartition);
/** Investors (verified from the start) and the wallets a lost one may be recovered to (verified when it is). */
const investors = ['holderA', 'holderB', 'operator'] as const satisfies readonly Role[];
const spares = ['stranger', 'op'] as const satisfies readonly Role[];
const wallets = [...investors, ...spares] as const;
type Wallet = (typeof wallets)[number];

type Op =
  | { kind: 'freezeAddress'; who: Wallet; frozen: boolean }
  | { kind: 'freezePart'; p: number; who: Wallet; amount: number }
  | { kind: 'unfreezePart'; p: number; who: Wallet; amount: number }
  | { kind: 'setFrozen'; who: Wallet; amount: number }
  | { kind: 'transferByPartition'; p: number; from: Wallet; to: Wallet; amount: number }
  | { kind: 'transfer'; from: Wallet; to: Wallet; amount: number }
  | { kind: 'forcedTransfer'; from: Wallet; to: Wallet; amount: number }
  | { kind: 'forcedByPartition'; p: number; from: Wallet; to: Wallet; amount: number }
  | { kind: 'recover'; lost: Wallet; to: (typeof spares)[number] };

const wallet = fc.constantFrom(...wallets);
const p = fc.integer({ min: 0, max: partitions.length - 1 });
const amount = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 700 }) },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('freezeAddress' as const), who: wallet, frozen: fc.boolean() }),
  fc.record({ kind: fc.constant('freezePart' as const), p, who: wallet, amount }),
  fc.record({ kind: fc.constant('unfreezePart' as const), p, who: wallet, amount }),
  fc.record({ kind: fc.constant('setFrozen' as const), who: wallet, amount }),
  fc.record({ kind: fc.constant('transferByPartition' as const), p, from: wallet, to: wallet, amount }),
  fc.record({ kind: fc.constant('transfer' as const), from: wallet, to: wallet, amount }),
  fc.record({ kind: fc.constant('forcedTransfer' as const), from: wallet, to: wallet, amount }),
  fc.record({ kind: fc.constant('forcedByPartition' as const), p, from: wallet, to: wallet, amount }),
  fc.record({ kind: fc.constant('recover' as const), lost: wallet, to: fc.constantFrom(...spares) }),
);

const initial: Record<(typeof investors)[number], [number, number]> = {
  holderA: [1000, 400],
  holderB: [300, 600],
  operator: [500, 0],
};

/** The reference model: balances and frozen amounts per wallet and partition, address freezes, recoveries. */
class Model {
  bal = new Map<string, number>();
  frozen = new Map<string, number>();
  frozenAddress = new Set<Wallet>();
  recovered = new Map<Wallet, Wallet>();
  verified = new Set<Wallet>(investors);
  constructor() {
    for (const [who, amounts] of Object.entries(initial))
      for (const [pi, v] of amounts.entries()) this.bal.set(`${who}:${pi}`, v);
  }
  b(w: Wallet, pi: number) {
    return this.bal.get(`${w}:${pi}`) ?? 0;
  }
  fz(w: Wallet, pi: number) {
    return this.frozen.get(`${w}:${pi}`) ?? 0;
  }
  set(w: Wallet, pi: number, balance: number, frozen: number) {
    this.bal.set(`${w}:${pi}`, balance);
    this.frozen.set(`${w}:${pi}`, frozen);
  }
  /** May `w` take part: as a sender (`forced`: of a forced transfer) or a receiver. */
  ok(w: Wallet, sends: boolean, forced = false) {
    if (this.recovered.has(w)) return false;
    if (this.frozenAddress.has(w) && !(sends && forced)) return false;
    return forced && sends ? true : this.verified.has(w);
  }
  /** Moves `v` of partition `pi` from `from` to `to`; frozen tokens leave only when forced, lowering the frozen amount. */
  move(pi: number, from: Wallet, to: Wallet, v: number) {
    if (from === to) return;
    const left = this.b(from, pi) - v;
    this.set(from, pi, left, Math.min(this.fz(from, pi), left));
    this.set(to, pi, this.b(to, pi) + v, this.fz(to, pi));
  }
  /** Freezes (or unfreezes) up to `v` over the partitions in creation order; returns how much. */
  spread(w: Wallet, v: number, freeze: boolean) {
    let done = 0;
    for (const pi of partitions.keys()) {
      const room = Math.min(freeze ? this.b(w, pi) - this.fz(w, pi) : this.fz(w, pi), v - done);
      done += room;
      this.set(w, pi, this.b(w, pi), this.fz(w, pi) + (freeze ? room : -room));
    }
    return done;
  }
  total(w: Wallet, frozenOnly = false) {
    return [...partitions.keys()].reduce((s, pi) => s + (frozenOnly ? this.fz(w, pi) : this.b(w, pi)), 0);
  }
  /** Applies `op` when the token must accept it; answers whether it must. */
  apply(op: Op): boolean {
    switch (op.kind) {
      case 'freezeAddress':
        if (op.frozen) this.frozenAddress.add(op.who);
        else this.frozenAddress.delete(op.who);
        return true;
      case 'freezePart':
      case 'unfreezePart': {
        const freeze = op.kind === 'freezePart';
        const room = freeze ? this.b(op.who, op.p) - this.fz(op.who, op.p) : this.fz(op.who, op.p);
        if (op.amount === 0 || room < op.amount) return false;
        this.set(
          op.who,
          op.p,
          this.b(op.who, op.p),
          this.fz(op.who, op.p) + (freeze ? op.amount : -op.amount),
        );
        return true;
      }
      case 'setFrozen': {
        const current = this.total(op.who, true);
        if (op.amount > current) this.spread(op.who, op.amount - current, true);
        else this.spread(op.who, current - op.amount, false);
        return true;
      }
      case 'transferByPartition': {
        const free = this.b(op.from, op.p) - this.fz(op.from, op.p);
        if (op.amount === 0 || !this.ok(op.from, true) || !this.ok(op.to, false) || free < op.amount)
          return false;
        this.move(op.p, op.from, op.to, op.amount);
        return true;
      }
      case 'transfer': {
        const free = this.total(op.from) - this.total(op.from, true);
        if (!this.ok(op.from, true) || !this.ok(op.to, false) || free < op.amount) return false;
        let remaining = op.amount;
        for (const pi of partitions.keys()) {
          const part = Math.min(this.b(op.from, pi) - this.fz(op.from, pi), remaining);
          remaining -= part;
          this.move(pi, op.from, op.to, part);
        }
        return true;
      }
      case 'forcedTransfer': {
        if (op.amount === 0 || !this.ok(op.from, true, true) || !this.ok(op.to, false)) return false;
        if (this.total(op.from) < op.amount) return false;
        let remaining = op.amount;
        // The unfrozen tokens of every partition first, then the frozen ones.
        for (const first of [true, false]) {
          for (const pi of partitions.keys()) {
            const part = Math.min(this.b(op.from, pi) - (first ? this.fz(op.from, pi) : 0), remaining);
            remaining -= part;
            this.move(pi, op.from, op.to, part);
          }
        }
        return true;
      }
      case 'forcedByPartition': {
        if (op.amount === 0 || !this.ok(op.from, true, true) || !this.ok(op.to, false)) return false;
        if (this.b(op.from, op.p) < op.amount) return false;
        this.move(op.p, op.from, op.to, op.amount);
        return true;
      }
      case 'recover': {
        // The platform first verifies the new wallet with the lost one's KYC hash (when the lost one has one).
        if (!this.verified.has(op.lost)) return false;
        this.verified.add(op.to);
        if (op.lost === op.to || this.recovered.has(op.lost) || !this.ok(op.to, false)) return false;
        for (const pi of partitions.keys()) {
          this.set(
            op.to,
            pi,
            this.b(op.to, pi) + this.b(op.lost, pi),
            this.fz(op.to, pi) + this.fz(op.lost, pi),
          );
          this.set(op.lost, pi, 0, 0);
        }
        if (this.frozenAddress.has(op.lost)) this.frozenAddress.add(op.to);
        this.recovered.set(op.lost, op.to);
        return true;
      }
    }
  }
}

describe('token v2.1 enforcement against a model (fast-check)', () => {
  let f: Fixture;
  const addr = (role: Role) => f.wallets[role].address;
  const t = (role: Role): Contract => f.as(f.token, role);

  beforeAll(async () => {
    f = await startFixture(2);
    for (const pi of partitions.keys()) {
      const holders = investors.filter((h) => initial[h][pi]! > 0);
      await send(
        t('level2'),
        issueMany,
        partitions[pi],
        holders.map(addr),
        holders.map((h) => initial[h][pi]),
        '0x',
      );
    }
  });
  afterAll(() => f.stop());

  async function execute(op: Op): Promise<boolean> {
    switch (op.kind) {
      case 'freezeAddress':
        return minedOk(t('owner'), 'setAddressFrozen', [addr(op.who), op.frozen]);
      case 'freezePart':
        return minedOk(t('owner'), 'freezePartialTokensByPartition', [
          partitions[op.p],
          addr(op.who),
          op.amount,
        ]);
      case 'unfreezePart':
        return minedOk(t('controller'), 'unfreezePartialTokensByPartition', [
          partitions[op.p],
          addr(op.who),
          op.amount,
        ]);
      case 'setFrozen':
        return minedOk(t('owner'), 'setFrozenTokens', [addr(op.who), op.amount]);
      case 'transferByPartition':
        return minedOk(t(op.from), 'transferByPartition', [partitions[op.p], addr(op.to), op.amount, '0x']);
      case 'transfer':
        return minedOk(t(op.from), 'transfer', [addr(op.to), op.amount]);
      case 'forcedTransfer':
        return minedOk(t('controller'), 'forcedTransfer', [addr(op.from), addr(op.to), op.amount]);
      case 'forcedByPartition':
        return minedOk(t('controller'), 'controllerTransferByPartition', [
          partitions[op.p],
          addr(op.from),
          addr(op.to),
          op.amount,
          '0x',
          '0x',
        ]);
      case 'recover': {
        const whitelist = f.as(f.whitelist, 'level1');
        const lostHash: string = await f.whitelist.getFunction('verificationHash')(addr(op.lost));
        if (lostHash !== `0x${'00'.repeat(32)}`) {
          const current: string = await f.whitelist.getFunction('verificationHash')(addr(op.to));
          if (current === `0x${'00'.repeat(32)}`) await send(whitelist, 'addVerified', addr(op.to), lostHash);
          else if (current !== lostHash) await send(whitelist, 'updateVerified', addr(op.to), lostHash);
        }
        return minedOk(t('owner'), 'recoveryAddress', [addr(op.lost), addr(op.to), `0x${'00'.repeat(20)}`]);
      }
    }
  }

  async function expectMatches(model: Model) {
    const token = f.token;
    for (const w of wallets) {
      const [isFrozen, recoveredTo, frozenTotal, ...rows] = await Promise.all([
        token.getFunction('isFrozen')(addr(w)),
        token.getFunction('recoveredTo')(addr(w)),
        token.getFunction('getFrozenTokens')(addr(w)),
        ...partitions.flatMap((pt) => [
          token.getFunction('balanceOfByPartition')(pt, addr(w)),
          token.getFunction('getFrozenTokensByPartition')(pt, addr(w)),
        ]),
      ]);
      expect(isFrozen, `isFrozen ${w}`).toBe(model.frozenAddress.has(w));
      const to = model.recovered.get(w);
      expect(recoveredTo, `recoveredTo ${w}`).toBe(to ? addr(to) : `0x${'00'.repeat(20)}`);
      expect(frozenTotal, `frozen ${w}`).toBe(BigInt(model.total(w, true)));
      for (const pi of partitions.keys()) {
        const [balance, frozen] = [rows[2 * pi] as bigint, rows[2 * pi + 1] as bigint];
        expect([balance, frozen], `${w} in partition ${pi}`).toEqual([
          BigInt(model.b(w, pi)),
          BigInt(model.fz(w, pi)),
        ]);
        // Balances and frozen amounts never diverge: the frozen part is never above the balance.
        expect(frozen <= balance).toBe(true);
      }
    }
  }

  it('nobody moves frozen tokens but a forced transfer; balances and frozen amounts follow the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const snapshot: string = await f.provider.send('evm_snapshot', []);
        try {
          const model = new Model();
          for (const [index, step] of ops.entries()) {
            const accepted = model.apply(step);
            expect(await execute(step), `step ${index} ${JSON.stringify(step)}`).toBe(accepted);
          }
          await expectMatches(model);
        } finally {
          await f.provider.send('evm_revert', [snapshot]);
        }
      }),
      { numRuns: 30 },
    );
  }, 600_000);
});
