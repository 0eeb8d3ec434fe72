/**
 * ERC-20 conformance of SecurityToken, written from the text of the standard (EIP-20) and driven through the
 * canonical ERC-20 human-readable ABI with ethers, as a wallet uses it, on the embedded chain with real keys.
 * The rules stay intact: a plain transfer is refused for the same reasons, with the same texts, as a partition
 * transfer. The last test checks, over random operation sequences against a JS model, that the ERC-20 Transfer
 * log always adds up to balanceOf and totalSupply.
 */
import { Contract, Interface, id, type Log, ZeroAddress, ZeroHash } from 'ethers';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  encodePartition,
  type Fixture,
  kycHash,
  partitionA,
  partitionB,
  type Role,
  startFixture,
  tokenVersions,
} from '../scripts/fixture.ts';
import { chainSnapshots, expectRevert, minedOk, send } from './helpers.ts';

/** The ERC-20 interface as the standard states it (names of the arguments from EIP-20). */
const erc20Abi = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address _owner) view returns (uint256 balance)',
  'function transfer(address _to, uint256 _value) returns (bool success)',
  'function transferFrom(address _from, address _to, uint256 _value) returns (bool success)',
  'function approve(address _spender, uint256 _value) returns (bool success)',
  'function allowance(address _owner, address _spender) view returns (uint256 remaining)',
  'event Transfer(address indexed _from, address indexed _to, uint256 _value)',
  'event Approval(address indexed _owner, address indexed _spender, uint256 _value)',
];
const erc165Abi = ['function supportsInterface(bytes4 interfaceID) view returns (bool)'];
const erc20 = new Interface(erc20Abi);

const issueOne = 'issueByPartition(bytes32,address,uint256,bytes)';
const issueMany = 'issueByPartition(bytes32,address[],uint256[],bytes)';

describe.each(tokenVersions)('token v%i', (version) => {
  let f: Fixture;
  const addr = (role: Role) => f.wallets[role].address;
  /** The token as an ERC-20 client sees it, signed by `role`'s key. */
  const wallet = (role: Role) => new Contract(f.token.target, erc20Abi, f.wallets[role]);
  /** The full token interface, for the partition side. */
  const token = (role: Role) => f.as(f.token, role);

  /** ERC-20 events of a receipt, decoded with the standard ABI. */
  function erc20Events(logs: readonly Log[]) {
    return logs
      .map((log) => erc20.parseLog(log))
      .filter((parsed) => parsed !== null)
      .map((parsed) => [parsed.name, ...parsed.args]);
  }

  async function sendErc20(role: Role, method: string, ...args: unknown[]) {
    const tx = await wallet(role)
      .getFunction(method)
      .send(...args);
    const receipt = await tx.wait();
    if (receipt?.status !== 1) throw new Error(`${method} failed`);
    return receipt;
  }

  const read = <T = bigint>(method: string, ...args: unknown[]): Promise<T> =>
    wallet('stranger').getFunction(method)(...args) as Promise<T>;
  const partitionBalance = (role: Role, partition: string): Promise<bigint> =>
    f.token.getFunction('balanceOfByPartition')(partition, addr(role));

  beforeAll(async () => {
    f = await startFixture(version);
    await send(f.as(f.whitelist, 'level1'), 'addVerified', addr('level2'), kycHash(addr('level2')));
    // holderA: 1000 Common, 500 Preferred; holderB: 50 Common; level2 (who may redeem): 300 Common.
    await send(
      token('level2'),
      issueMany,
      partitionA,
      [addr('holderA'), addr('holderB'), addr('level2')],
      [1000, 50, 300],
      '0x',
    );
    await send(token('level2'), issueOne, partitionB, addr('holderA'), 500, '0x');
  });
  afterAll(() => f.stop());

  describe('ERC-20 conformance (through the standard ABI)', () => {
    const snapshots = chainSnapshots(() => f.provider);
    beforeEach(snapshots.take);
    afterEach(snapshots.restore);

    it('answers the optional and required views', async () => {
      expect(await read<string>('name')).toBe('Acme Shares');
      expect(await read<string>('symbol')).toBe('ACME');
      expect(await read('decimals')).toBe(0n);
      expect(await read('totalSupply')).toBe(1850n);
      expect(await read('balanceOf', addr('holderA'))).toBe(1500n);
      expect(await read('balanceOf', addr('holderB'))).toBe(50n);
      expect(await read('balanceOf', addr('stranger'))).toBe(0n);
    });

    it('logs Transfer from the zero address when tokens are created, and to it when they are destroyed', async () => {
      const issued = await send(token('level2'), issueOne, partitionA, addr('operator'), 7, '0x');
      expect(erc20Events(issued.receipt.logs)).toEqual([['Transfer', ZeroAddress, addr('operator'), 7n]]);
      const batch = await send(
        token('level2'),
        issueMany,
        partitionA,
        [addr('holderB'), addr('operator')],
        [1, 2],
        '0x',
      );
      expect(erc20Events(batch.receipt.logs)).toEqual([
        ['Transfer', ZeroAddress, addr('holderB'), 1n],
        ['Transfer', ZeroAddress, addr('operator'), 2n],
      ]);
      const redeemed = await send(token('controller'), 'controllerRedeem', addr('operator'), 9, '0x', '0x');
      expect(erc20Events(redeemed.receipt.logs)).toEqual([['Transfer', addr('operator'), ZeroAddress, 9n]]);
    });

    it('transfer moves _value to _to, returns true and fires Transfer', async () => {
      expect(await wallet('holderA').getFunction('transfer').staticCall(addr('holderB'), 30)).toBe(true);
      const receipt = await sendErc20('holderA', 'transfer', addr('holderB'), 30);
      expect(erc20Events(receipt.logs)).toEqual([['Transfer', addr('holderA'), addr('holderB'), 30n]]);
      expect(await read('balanceOf', addr('holderA'))).toBe(1470n);
      expect(await read('balanceOf', addr('holderB'))).toBe(80n);
      expect(await read('totalSupply')).toBe(1850n);
    });

    it('treats a transfer of 0 as a normal transfer: it fires Transfer and moves nothing', async () => {
      const receipt = await sendErc20('holderB', 'transfer', addr('holderA'), 0);
      expect(erc20Events(receipt.logs)).toEqual([['Transfer', addr('holderB'), addr('holderA'), 0n]]);
      // Also from an account that holds nothing, and by transferFrom without any allowance.
      const empty = await sendErc20('operator', 'transfer', addr('holderA'), 0);
      expect(erc20Events(empty.logs)).toEqual([['Transfer', addr('operator'), addr('holderA'), 0n]]);
      const from = await sendErc20('stranger', 'transferFrom', addr('holderB'), addr('holderA'), 0);
      expect(erc20Events(from.logs)).toEqual([['Transfer', addr('holderB'), addr('holderA'), 0n]]);
      expect(await read('balanceOf', addr('holderB'))).toBe(50n);
      expect(await read('balanceOf', addr('holderA'))).toBe(1500n);
    });

    it('throws when the sender does not have enough tokens', async () => {
      await expectRevert(wallet('holderB'), 'transfer', [addr('holderA'), 51], 'insufficient balance');
      await expectRevert(wallet('stranger'), 'transfer', [addr('holderA'), 1], 'insufficient balance');
    });

    it('approve sets (not adds to) the allowance and fires Approval', async () => {
      const first = await sendErc20('holderA', 'approve', addr('operator'), 100);
      expect(erc20Events(first.logs)).toEqual([['Approval', addr('holderA'), addr('operator'), 100n]]);
      expect(await read('allowance', addr('holderA'), addr('operator'))).toBe(100n);
      await sendErc20('holderA', 'approve', addr('operator'), 40);
      expect(await read('allowance', addr('holderA'), addr('operator'))).toBe(40n);
      await sendErc20('holderA', 'approve', addr('operator'), 0);
      expect(await read('allowance', addr('holderA'), addr('operator'))).toBe(0n);
      expect(await read('allowance', addr('operator'), addr('holderA'))).toBe(0n);
      await expectRevert(wallet('holderA'), 'approve', [ZeroAddress, 1], 'spender is the zero address');
    });

    it('transferFrom spends exactly _value of the allowance and throws beyond it', async () => {
      await sendErc20('holderA', 'approve', addr('operator'), 100);
      const receipt = await sendErc20('operator', 'transferFrom', addr('holderA'), addr('holderB'), 60);
      expect(erc20Events(receipt.logs)).toEqual([['Transfer', addr('holderA'), addr('holderB'), 60n]]);
      expect(await read('allowance', addr('holderA'), addr('operator'))).toBe(40n);
      expect(await read('balanceOf', addr('holderA'))).toBe(1440n);
      expect(await read('balanceOf', addr('holderB'))).toBe(110n);
      await expectRevert(
        wallet('operator'),
        'transferFrom',
        [addr('holderA'), addr('holderB'), 41],
        'insufficient allowance',
        () => read('allowance', addr('holderA'), addr('operator')),
      );
      // The allowance is the spender's own: nobody else may use it.
      await expectRevert(
        wallet('stranger'),
        'transferFrom',
        [addr('holderA'), addr('holderB'), 1],
        'insufficient allowance',
      );
      await sendErc20('operator', 'transferFrom', addr('holderA'), addr('operator'), 40);
      expect(await read('allowance', addr('holderA'), addr('operator'))).toBe(0n);
      expect(await read('balanceOf', addr('operator'))).toBe(40n);
    });

    it('detects ERC-165 and ERC-20 through supportsInterface', async () => {
      const detector = new Contract(f.token.target, erc165Abi, f.provider);
      const selectors = (abi: string[]): string[] => {
        const out: string[] = [];
        new Interface(abi).forEachFunction((fragment) => {
          out.push(fragment.selector);
        });
        return out;
      };
      const interfaceId = (abi: string[]) =>
        `0x${selectors(abi)
          .reduce((x, selector) => x ^ BigInt(selector), 0n)
          .toString(16)
          .padStart(8, '0')}`;
      const erc20Functions = erc20Abi.filter((line) =>
        /^function (totalSupply|balanceOf|transfer|transferFrom|approve|allowance)\(/.test(line),
      );
      expect(interfaceId(erc20Functions)).toBe('0x36372b07');
      expect(interfaceId(erc165Abi)).toBe('0x01ffc9a7');
      const supports = (interfaceId: string): Promise<boolean> =>
        detector.getFunction('supportsInterface')(interfaceId);
      expect(await supports('0x01ffc9a7')).toBe(true);
      expect(await supports('0x36372b07')).toBe(true);
      const erc1643 = [
        'function getDocument(bytes32)',
        'function setDocument(bytes32,string,bytes32)',
        'function removeDocument(bytes32)',
        'function getAllDocuments()',
      ];
      const erc1644 = [
        'function isControllable()',
        'function controllerTransfer(address,address,uint256,bytes,bytes)',
        'function controllerRedeem(address,uint256,bytes,bytes)',
      ];
      expect(await supports(interfaceId(erc1643))).toBe(true);
      expect(await supports(interfaceId(erc1644))).toBe(true);
      expect(await supports('0xffffffff')).toBe(false);
      expect(await supports('0x00000000')).toBe(false);
    });
  });

  describe('ERC-20 transfers keep the token’s rules', () => {
    const snapshots = chainSnapshots(() => f.provider);
    beforeEach(snapshots.take);
    afterEach(snapshots.restore);
    const status = async (from: Role, to: string, partition: string, value: number) => {
      const [code, reason]: [string, string] = await f.token.getFunction('canTransferByPartition')(
        addr(from),
        to,
        partition,
        value,
        '0x',
      );
      return [code, Buffer.from(reason.slice(2), 'hex').toString('utf8').replace(/\0+$/, '')];
    };
    const balances = () =>
      Promise.all([read('balanceOf', addr('holderA')), read('balanceOf', addr('unverified'))]);

    it('refuses a receiver outside the whitelist with the same reason on every path', async () => {
      const reason = 'receiver is not verified in the whitelist';
      const to = addr('unverified');
      await expectRevert(wallet('holderA'), 'transfer', [to, 1], reason, balances);
      await expectRevert(wallet('holderA'), 'transfer', [to, 0], reason, balances);
      await expectRevert(
        token('holderA'),
        'transferByPartition',
        [partitionA, to, 1, '0x'],
        reason,
        balances,
      );
      await sendErc20('holderA', 'approve', addr('operator'), 10);
      await expectRevert(wallet('operator'), 'transferFrom', [addr('holderA'), to, 1], reason, balances);
      expect(await status('holderA', to, partitionA, 1)).toEqual(['0x57', 'receiver is not verified']);
    });

    it('refuses every transfer during a pause with the same reason on every path', async () => {
      await send(token('level2'), 'pause');
      const reason = 'token trading is paused';
      const to = addr('holderB');
      const state = () => Promise.all([read('balanceOf', addr('holderA')), read('balanceOf', to)]);
      await expectRevert(wallet('holderA'), 'transfer', [to, 1], reason, state);
      await expectRevert(token('holderA'), 'transferByPartition', [partitionA, to, 1, '0x'], reason, state);
      await sendErc20('holderA', 'approve', addr('operator'), 10);
      await expectRevert(wallet('operator'), 'transferFrom', [addr('holderA'), to, 1], reason, state);
      expect(await status('holderA', to, partitionA, 1)).toEqual(['0x54', reason]);
      await send(token('level2'), 'unPause');
      await sendErc20('holderA', 'transfer', to, 1);
    });

    it('refuses a transfer beyond a rule with the same reason on every path', async () => {
      // Three holders (holderA, holderB, level2) and a cap of three: operator would be the fourth.
      const holders = [addr('holderA'), addr('holderB'), addr('level2')].sort((a, b) =>
        BigInt(a) < BigInt(b) ? -1 : 1,
      );
      await send(f.as(f.token, 'owner'), 'setRules', ZeroHash, 3, 0, 0, 0, 0, [], holders);
      const reason = 'token holder limit reached';
      const to = addr('operator');
      await expectRevert(wallet('holderA'), 'transfer', [to, 1], reason, balances);
      await expectRevert(
        token('holderA'),
        'transferByPartition',
        [partitionA, to, 1, '0x'],
        reason,
        balances,
      );
      await sendErc20('holderA', 'approve', addr('stranger'), 10);
      await expectRevert(wallet('stranger'), 'transferFrom', [addr('holderA'), to, 1], reason, balances);
      expect(await status('holderA', to, partitionA, 1)).toEqual(['0x57', reason]);
      // A plain transfer between holders stays allowed, and one that empties a holder makes room.
      await sendErc20('holderA', 'transfer', addr('holderB'), 1);
      await sendErc20('holderB', 'transfer', to, 51);
      expect(await read('balanceOf', to)).toBe(51n);
    });

    it('refuses the zero address as receiver', async () => {
      const reason = 'receiver is the zero address';
      await expectRevert(wallet('holderA'), 'transfer', [ZeroAddress, 1], reason);
      await expectRevert(token('holderA'), 'transferByPartition', [partitionA, ZeroAddress, 1, '0x'], reason);
    });

    it('draws a plain transfer from the default partitions: creation order, or the holder’s own order', async () => {
      expect([...(await f.token.getFunction('defaultPartitionsOf')(addr('holderA')))]).toEqual([
        partitionA,
        partitionB,
      ]);
      const all = await send(token('holderA'), 'transfer', addr('holderB'), 1200);
      expect(
        all.events
          .filter((e) => e.name === 'TransferByPartition')
          .map((e) => [e.args.fromPartition, e.args.value]),
      ).toEqual([
        [partitionA, 1000n],
        [partitionB, 200n],
      ]);
      expect(await partitionBalance('holderB', partitionA)).toBe(1050n);
      expect(await partitionBalance('holderB', partitionB)).toBe(200n);

      // holderB prefers Preferred, then Common.
      const set = await send(token('holderB'), 'setDefaultPartitions', [partitionB, partitionA]);
      expect(set.events).toEqual([
        {
          name: 'DefaultPartitionsSet',
          args: { tokenHolder: addr('holderB'), partitions: [partitionB, partitionA] },
        },
      ]);
      const preferred = await send(token('holderB'), 'transfer', addr('holderA'), 250);
      expect(
        preferred.events
          .filter((e) => e.name === 'TransferByPartition')
          .map((e) => [e.args.fromPartition, e.args.value]),
      ).toEqual([
        [partitionB, 200n],
        [partitionA, 50n],
      ]);
      // Only Preferred: Common is out of reach of holderB's plain transfers.
      await send(token('holderB'), 'setDefaultPartitions', [partitionB]);
      await expectRevert(wallet('holderB'), 'transfer', [addr('holderA'), 1], 'insufficient balance');
      await send(token('holderB'), 'setDefaultPartitions', []);
      expect([...(await f.token.getFunction('defaultPartitionsOf')(addr('holderB')))]).toEqual([
        partitionA,
        partitionB,
      ]);
      await sendErc20('holderB', 'transfer', addr('holderA'), 1);

      const unknown = encodePartition('Unknown');
      await expectRevert(token('holderB'), 'setDefaultPartitions', [[unknown]], 'unknown partition');
      await expectRevert(
        token('holderB'),
        'setDefaultPartitions',
        [[partitionA, partitionA]],
        'partition is listed twice',
      );
    });
  });

  // ---------------------------------------------------------------------------------------------------------------
  // Random sequences: the Transfer log adds up to balanceOf and totalSupply.
  // ---------------------------------------------------------------------------------------------------------------

  const partitions = [partitionA, partitionB, encodePartition('Series C')];
  const holders = ['holderA', 'holderB', 'level2', 'unverified'] as const satisfies readonly Role[];
  type Holder = (typeof holders)[number];
  const spender = 'operator' as const;

  type Op =
    | { kind: 'issue'; p: number; to: Holder; amount: number }
    | { kind: 'transfer'; from: Holder; to: Holder; amount: number }
    | { kind: 'approve'; from: Holder; amount: number }
    | { kind: 'transferFrom'; from: Holder; to: Holder; amount: number }
    | { kind: 'transferByPartition'; from: Holder; to: Holder; p: number; amount: number }
    | { kind: 'redeem'; p: number; amount: number }
    | { kind: 'controllerTransfer'; from: Holder; to: Holder; amount: number }
    | { kind: 'controllerRedeem'; from: Holder; amount: number }
    | { kind: 'order'; from: Holder; order: number[] };

  const amount = fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 700 }) },
  );
  const p = fc.integer({ min: 0, max: partitions.length - 1 });
  const holder = fc.constantFrom(...holders);
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('issue' as const), p, to: holder, amount }),
    fc.record({ kind: fc.constant('transfer' as const), from: holder, to: holder, amount }),
    fc.record({ kind: fc.constant('approve' as const), from: holder, amount }),
    fc.record({ kind: fc.constant('transferFrom' as const), from: holder, to: holder, amount }),
    fc.record({ kind: fc.constant('transferByPartition' as const), from: holder, to: holder, p, amount }),
    fc.record({ kind: fc.constant('redeem' as const), p, amount }),
    fc.record({ kind: fc.constant('controllerTransfer' as const), from: holder, to: holder, amount }),
    fc.record({ kind: fc.constant('controllerRedeem' as const), from: holder, amount }),
    fc.record({
      kind: fc.constant('order' as const),
      from: holder,
      order: fc.uniqueArray(p, { maxLength: partitions.length }),
    }),
  );

  /** What the token must hold: balances per holder and partition, allowances of the spender, default orders. */
  class Model {
    balances = new Map<string, number>();
    allowances = new Map<Holder, number>();
    orders = new Map<Holder, number[]>();
    created = [0, 1];
    constructor() {
      this.add('holderA', 0, 1000);
      this.add('holderB', 0, 50);
      this.add('level2', 0, 300);
      this.add('holderA', 1, 500);
    }
    bal(h: Holder, pi: number) {
      return this.balances.get(`${h}:${pi}`) ?? 0;
    }
    add(h: Holder, pi: number, v: number) {
      this.balances.set(`${h}:${pi}`, this.bal(h, pi) + v);
    }
    /**
     * Moves `value` drawn from `order`; false (nothing changed) when the rules refuse it. Version 2.1 refuses a sender
     * the whitelist does not verify, even for 0 tokens, unless the transfer is forced (the controller's).
     */
    draw(from: Holder, to: Holder | undefined, value: number, order: number[], forced = false): boolean {
      if (to === 'unverified') return false;
      if (version >= 2 && !forced && from === 'unverified') return false;
      if (order.reduce((sum, pi) => sum + this.bal(from, pi), 0) < value) return false;
      let remaining = value;
      for (const pi of order) {
        const part = Math.min(this.bal(from, pi), remaining);
        remaining -= part;
        this.add(from, pi, -part);
        if (to) this.add(to, pi, part);
      }
      return true;
    }
    apply(op: Op): boolean {
      switch (op.kind) {
        case 'issue':
          if (op.amount === 0 || op.to === 'unverified') return false;
          if (!this.created.includes(op.p)) this.created.push(op.p);
          this.add(op.to, op.p, op.amount);
          return true;
        case 'transfer':
          return this.draw(op.from, op.to, op.amount, this.orders.get(op.from) ?? this.created);
        case 'approve':
          this.allowances.set(op.from, op.amount);
          return true;
        case 'transferFrom': {
          const allowed = this.allowances.get(op.from) ?? 0;
          if (allowed < op.amount) return false;
          if (!this.draw(op.from, op.to, op.amount, this.orders.get(op.from) ?? this.created)) return false;
          this.allowances.set(op.from, allowed - op.amount);
          return true;
        }
        case 'transferByPartition':
          if (op.amount === 0 || op.to === 'unverified' || this.bal(op.from, op.p) < op.amount) return false;
          return this.draw(op.from, op.to, op.amount, [op.p]);
        case 'redeem':
          if (op.amount === 0 || this.bal('level2', op.p) < op.amount) return false;
          return this.draw('level2', undefined, op.amount, [op.p]);
        case 'controllerTransfer':
          return op.amount !== 0 && this.draw(op.from, op.to, op.amount, this.created, true);
        case 'controllerRedeem':
          return op.amount !== 0 && this.draw(op.from, undefined, op.amount, this.created, true);
        case 'order':
          if (op.order.some((pi) => !this.created.includes(pi))) return false;
          if (op.order.length === 0) this.orders.delete(op.from);
          else this.orders.set(op.from, op.order);
          return true;
      }
    }
  }

  async function execute(op: Op): Promise<boolean> {
    let call: [Contract, string, unknown[]];
    switch (op.kind) {
      case 'issue':
        call = [token('level2'), issueOne, [partitions[op.p], addr(op.to), op.amount, '0x']];
        break;
      case 'transfer':
        call = [wallet(op.from), 'transfer', [addr(op.to), op.amount]];
        break;
      case 'approve':
        call = [wallet(op.from), 'approve', [addr(spender), op.amount]];
        break;
      case 'transferFrom':
        call = [wallet(spender), 'transferFrom', [addr(op.from), addr(op.to), op.amount]];
        break;
      case 'transferByPartition':
        call = [token(op.from), 'transferByPartition', [partitions[op.p], addr(op.to), op.amount, '0x']];
        break;
      case 'redeem':
        call = [token('level2'), 'redeemByPartition', [partitions[op.p], op.amount, '0x']];
        break;
      case 'controllerTransfer':
        call = [
          token('controller'),
          'controllerTransfer',
          [addr(op.from), addr(op.to), op.amount, '0x', '0x'],
        ];
        break;
      case 'controllerRedeem':
        call = [token('controller'), 'controllerRedeem', [addr(op.from), op.amount, '0x', '0x']];
        break;
      case 'order':
        call = [token(op.from), 'setDefaultPartitions', [op.order.map((pi) => partitions[pi])]];
        break;
    }
    return minedOk(...call);
  }

  /** Sums of the token's whole Transfer log: per address (in minus out) and the net creation (minted − burned). */
  async function transferLogSums() {
    const logs = await f.provider.getLogs({
      address: f.token.target as string,
      topics: [id('Transfer(address,address,uint256)')],
      fromBlock: 0,
      toBlock: 'latest',
    });
    const perAddress = new Map<string, bigint>();
    let created = 0n;
    for (const log of logs) {
      const parsed = erc20.parseLog(log);
      if (!parsed) continue;
      const [from, to, value] = parsed.args as unknown as [string, string, bigint];
      if (from === ZeroAddress) created += value;
      else perAddress.set(from, (perAddress.get(from) ?? 0n) - value);
      if (to === ZeroAddress) created -= value;
      else perAddress.set(to, (perAddress.get(to) ?? 0n) + value);
    }
    return { perAddress, created };
  }

  describe('ERC-20 view of random operation sequences', () => {
    it('the Transfer log adds up to every balanceOf and to totalSupply, and the token follows the model', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
          const snapshot: string = await f.provider.send('evm_snapshot', []);
          try {
            const model = new Model();
            for (const [index, step] of ops.entries()) {
              const accepted = model.apply(step);
              expect(await execute(step), `step ${index} ${JSON.stringify(step)}`).toBe(accepted);
            }
            const { perAddress, created } = await transferLogSums();
            const supply = await read('totalSupply');
            expect(created).toBe(supply);
            let modelSupply = 0;
            for (const h of holders) {
              const balance = await read('balanceOf', addr(h));
              const modelBalance = partitions.reduce((sum, _, pi) => sum + model.bal(h, pi), 0);
              modelSupply += modelBalance;
              expect(balance, `balanceOf ${h}`).toBe(BigInt(modelBalance));
              expect(perAddress.get(addr(h)) ?? 0n, `Transfer sum of ${h}`).toBe(balance);
              expect(await read('allowance', addr(h), addr(spender)), `allowance of ${h}`).toBe(
                BigInt(model.allowances.get(h) ?? 0),
              );
            }
            expect(supply).toBe(BigInt(modelSupply));
            for (const [address, sum] of perAddress) {
              if (!holders.some((h) => addr(h) === address))
                expect(sum, `Transfer sum of ${address}`).toBe(0n);
            }
          } finally {
            await f.provider.send('evm_revert', [snapshot]);
          }
        }),
        { numRuns: 15 },
      );
    });
  });
});
