/**
 * Compliance rules of SecurityToken (issue 22): holder caps, lock-ups, minimum and maximum holdings and country
 * lists, on the whole token (scope zero) and per partition. Each rule's pass and refuse paths with its ERC-1066
 * code and reason, on transfers, issues and controller operations; then random operations against a JS model of
 * every rule (holder counts never drift, a refused operation changes nothing).
 */
import { type Contract, ZeroHash } from 'ethers';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Fixture,
  freshAddress,
  kycHash,
  partitionA,
  partitionB,
  type Role,
  startFixture,
  tokenVersions,
} from '../scripts/fixture.ts';
import { chainSnapshots, expectRevert, minedOk, send } from './helpers.ts';

const issueOne = 'issueByPartition(bytes32,address,uint256,bytes)';
const issueMany = 'issueByPartition(bytes32,address[],uint256[],bytes)';
const tokenScope = ZeroHash;
const far = 2 ** 39;
const countryCodes = {
  holderA: 'DE',
  holderB: 'FR',
  operator: 'US',
  level2: 'DE',
  controller: 'DE',
} as const;
const country = (code: string) => `0x${Buffer.from(code).toString('hex')}`;

describe.each(tokenVersions)('token v%i', (version) => {
  let f: Fixture;
  let token: Contract;
  const snapshots = chainSnapshots(() => f.provider);
  const addr = (role: Role) => f.wallets[role].address;
  const as = (role: Role) => f.as(token, role);
  const decode = (b: string) => Buffer.from(b.slice(2), 'hex').toString('utf8').replace(/\0+$/, '');

  type RuleInput = {
    maxHolders?: number;
    lockupUntil?: number;
    minHolding?: number;
    maxHolding?: number;
    mode?: number;
    countries?: string[];
  };
  function setRules(scope: string, rule: RuleInput, by: Role = 'owner', holders: string[] = []) {
    return send(
      as(by),
      'setRules',
      scope,
      rule.maxHolders ?? 0,
      rule.lockupUntil ?? 0,
      rule.minHolding ?? 0,
      rule.maxHolding ?? 0,
      rule.mode ?? 0,
      (rule.countries ?? []).map(country),
      holders,
    );
  }
  const ascending = (list: string[]) => [...list].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  /** Every address holding tokens, ascending: what a caller gives when rules switch on. */
  async function holderList(candidates: Role[]) {
    const held: string[] = [];
    for (const role of candidates)
      if ((await token.getFunction('balanceOf')(addr(role))) > 0n) held.push(addr(role));
    return ascending(held);
  }
  const counting = async () => [...(await token.getFunction('holderCountingState')())];
  const rulesActive = async () => (await token.getFunction('rulesActive')()) as boolean;
  async function check(from: Role, to: Role, partition: string, value: number) {
    const [code, reason] = await token.getFunction('canTransferByPartition')(
      addr(from),
      addr(to),
      partition,
      value,
      '0x',
    );
    return [code, decode(reason)];
  }
  const holdersOf = async (scope: string) => Number((await token.getFunction('rulesOf')(scope))[0][1]);
  async function state() {
    const roles: Role[] = ['holderA', 'holderB', 'operator', 'level2'];
    return Promise.all([
      ...roles.flatMap((r) =>
        [partitionA, partitionB].map((p) => token.getFunction('balanceOfByPartition')(p, addr(r))),
      ),
      holdersOf(tokenScope),
      holdersOf(partitionA),
      holdersOf(partitionB),
    ]);
  }

  beforeAll(async () => {
    f = await startFixture(version);
    token = f.token;
    await send(f.as(f.whitelist, 'level1'), 'addVerified', addr('level2'), kycHash(addr('level2')));
    const roles = Object.keys(countryCodes) as (keyof typeof countryCodes)[];
    await send(
      f.as(f.whitelist, 'level1'),
      'setCountryBatch',
      roles.map(addr),
      roles.map((r) => country(countryCodes[r])),
    );
    await send(as('level2'), issueMany, partitionA, [addr('holderA'), addr('holderB')], [100, 50], '0x');
    await send(as('level2'), issueOne, partitionB, addr('holderA'), 10, '0x');
  });
  afterAll(() => f.stop());
  beforeEach(() => snapshots.take());
  afterEach(() => snapshots.restore());

  describe('switching rules on', () => {
    it('counts the holders from the complete, ascending list given by the owner or a security manager', async () => {
      const list = await holderList(['holderA', 'holderB']);
      await expectRevert(
        as('stranger'),
        'setRules',
        [tokenScope, 3, 0, 0, 0, 0, [], list],
        'caller is not allowed to set rules',
      );
      await expectRevert(
        as('owner'),
        'setRules',
        [tokenScope, 3, 0, 0, 0, 0, [], [...list].reverse()],
        'holders are not in ascending order',
      );
      await expectRevert(
        as('owner'),
        'setRules',
        [tokenScope, 0, 0, 0, 0, 3, [], list],
        'unknown country mode',
      );
      await expectRevert(
        as('owner'),
        'setRules',
        [tokenScope, 0, 0, 9, 5, 0, [], list],
        'minimum holding is above the maximum',
      );
      expect(await token.getFunction('rulesActive')()).toBe(false);
      const { events } = await setRules(
        tokenScope,
        { maxHolders: 3, mode: 1, countries: ['DE'] },
        'op',
        list,
      );
      expect(events[0]).toMatchObject({ name: 'RulesSet', args: { scope: tokenScope, maxHolders: 3n } });
      expect(await token.getFunction('rulesActive')()).toBe(true);
      expect([await holdersOf(tokenScope), await holdersOf(partitionA), await holdersOf(partitionB)]).toEqual(
        [2, 2, 1],
      );
      const [rule, countries] = await token.getFunction('rulesOf')(tokenScope);
      expect(rule[0]).toBe(3n);
      expect([...countries]).toEqual([country('DE')]);
      expect(await token.getFunction('canSetRules')(addr('op'))).toBe(true);
      expect(await token.getFunction('canSetRules')(addr('holderA'))).toBe(false);
      expect([...(await token.getFunction('holderCountingState')())]).toEqual([false, list[1]]);
      await expectRevert(as('owner'), 'countHolders', [[]], 'holders are not being counted');
    });

    it('leaves a rule-free token judging as before', async () => {
      expect(await check('holderA', 'operator', partitionA, 10)).toEqual(['0x51', 'transfer allowed']);
    });
  });

  describe('counting holders in batches', () => {
    it('switches rules on over several batches, strictly ascending across them, with the counts right at the end', async () => {
      const extra = Array.from({ length: 7 }, (_, i) => freshAddress('count', i));
      await send(f.as(f.whitelist, 'level1'), 'addVerifiedBatch', extra, extra.map(kycHash));
      await send(as('level2'), issueMany, partitionA, extra, [1, 2, 3, 4, 5, 6, 7], '0x');
      await send(as('level2'), issueMany, partitionB, extra.slice(0, 3), [5, 5, 5], '0x');
      // Nine holders: seven new ones, holderA and holderB; four of them in partition B.
      const all = ascending([...extra, addr('holderA'), addr('holderB')]);
      const [first, second, third] = [all.slice(0, 3), all.slice(3, 6), all.slice(6)];
      const heldIn = async (batch: string[], p: string) => {
        let n = 0;
        for (const a of batch) if ((await token.getFunction('balanceOfByPartition')(p, a)) > 0n) n += 1;
        return n;
      };

      await setRules(tokenScope, { maxHolders: 20 }, 'owner', first);
      expect(await rulesActive()).toBe(false);
      expect(await counting()).toEqual([true, first[2]]);
      expect([await holdersOf(tokenScope), await holdersOf(partitionA), await holdersOf(partitionB)]).toEqual(
        [3, await heldIn(first, partitionA), await heldIn(first, partitionB)],
      );
      // Out of order, overlapping the last address counted, twice in a batch, or by someone else: refused.
      const notAscending = 'holders are not in ascending order';
      await expectRevert(
        as('owner'),
        'countHolders',
        [[second[1], second[0], second[2]]],
        notAscending,
        state,
      );
      await expectRevert(as('owner'), 'countHolders', [[first[2], ...second]], notAscending, state);
      await expectRevert(as('owner'), 'countHolders', [[second[0], second[0]]], notAscending, state);
      await expectRevert(
        as('stranger'),
        'countHolders',
        [second],
        'caller is not allowed to set rules',
        state,
      );

      await send(as('op'), 'countHolders', second);
      expect(await rulesActive()).toBe(false);
      expect(await counting()).toEqual([true, second[2]]);
      expect(await holdersOf(tokenScope)).toBe(6);
      await send(as('owner'), 'countHolders', third);
      expect(await rulesActive()).toBe(true);
      expect(await counting()).toEqual([false, third[2]]);
      expect([await holdersOf(tokenScope), await holdersOf(partitionA), await holdersOf(partitionB)]).toEqual(
        [9, 9, 4],
      );
      await expectRevert(as('owner'), 'countHolders', [[]], 'holders are not being counted');
      // Counted right: the next new holder is the tenth, and one leaving a partition is counted out of it.
      await send(as('level2'), issueOne, partitionB, addr('holderB'), 1, '0x');
      expect([await holdersOf(tokenScope), await holdersOf(partitionB)]).toEqual([9, 5]);
      await send(as('holderA'), 'transferByPartition', partitionB, addr('holderB'), 10, '0x');
      expect([await holdersOf(tokenScope), await holdersOf(partitionB)]).toEqual([9, 4]);
    });

    it('refuses every transfer, issue and redemption while holders are counted, with the reason, then allows them', async () => {
      await send(as('level2'), issueOne, partitionA, addr('level2'), 30, '0x');
      const list = await holderList(['holderA', 'holderB', 'level2']);
      await setRules(tokenScope, { maxHolders: 5 }, 'owner', list.slice(0, 1));
      const reason = 'holders are being counted';
      expect(await check('holderA', 'holderB', partitionA, 1)).toEqual(['0x54', reason]);
      expect(await check('holderA', 'holderA', partitionA, 1)).toEqual(['0x54', reason]);
      await expectRevert(
        as('holderA'),
        'transferByPartition',
        [partitionA, addr('holderB'), 1, '0x'],
        reason,
        state,
      );
      await expectRevert(as('holderA'), 'transfer', [addr('holderB'), 1], reason, state);
      await send(as('holderA'), 'approve', addr('operator'), 5);
      await expectRevert(
        as('operator'),
        'transferFrom',
        [addr('holderA'), addr('holderB'), 1],
        reason,
        state,
      );
      await expectRevert(as('level2'), issueOne, [partitionA, addr('operator'), 1, '0x'], reason, state);
      await expectRevert(as('level2'), issueMany, [partitionA, [addr('operator')], [1], '0x'], reason, state);
      await expectRevert(as('level2'), issueOne, [partitionB, addr('holderB'), 1, '0x'], reason, state);
      await expectRevert(as('level2'), 'redeemByPartition', [partitionA, 1, '0x'], reason, state);
      await expectRevert(
        as('controller'),
        'controllerTransfer',
        [addr('holderA'), addr('holderB'), 1, '0x', '0x'],
        reason,
        state,
      );
      await expectRevert(
        as('controller'),
        'controllerRedeem',
        [addr('holderA'), 1, '0x', '0x'],
        reason,
        state,
      );
      // A rule set meanwhile (no holders given) leaves the count where it is.
      await setRules(partitionB, { maxHolders: 1 });
      expect(await counting()).toEqual([true, list[0]]);
      await send(as('owner'), 'countHolders', list.slice(1));
      expect(await rulesActive()).toBe(true);
      expect(await check('holderA', 'holderB', partitionA, 1)).toEqual(['0x51', 'transfer allowed']);
      expect(await minedOk(as('level2'), 'redeemByPartition', [partitionA, 1, '0x'])).toBe(true);
    });

    it('leaves counting open on an incomplete list; a new list given to setRules starts it again', async () => {
      const list = await holderList(['holderA', 'holderB']);
      // The higher address alone: the lower one can no longer be counted in this round.
      await setRules(tokenScope, {}, 'owner', [list[1]!]);
      expect(await rulesActive()).toBe(false);
      expect(await counting()).toEqual([true, list[1]]);
      await expectRevert(as('owner'), 'countHolders', [[list[0]]], 'holders are not in ascending order');
      await send(as('owner'), 'countHolders', []);
      expect(await counting()).toEqual([true, list[1]]);
      await setRules(tokenScope, { maxHolders: 3 }, 'owner', list);
      expect(await rulesActive()).toBe(true);
      expect([await holdersOf(tokenScope), await holdersOf(partitionA), await holdersOf(partitionB)]).toEqual(
        [2, 2, 1],
      );
    });

    it('switches a token without holders on at once, whatever the list', async () => {
      const { token: empty } = await f.deployToken();
      await send(f.as(empty, 'owner'), 'setRules', tokenScope, 1, 0, 0, 0, 0, [], []);
      expect(await empty.getFunction('rulesActive')()).toBe(true);
    });
  });

  describe('holder caps', () => {
    beforeEach(async () => {
      await setRules(tokenScope, { maxHolders: 2 }, 'owner', await holderList(['holderA', 'holderB']));
    });

    it('refuses a third token holder on every path, and allows moves that do not add one', async () => {
      expect(await check('holderA', 'operator', partitionA, 1)).toEqual([
        '0x57',
        'token holder limit reached',
      ]);
      await expectRevert(
        as('holderA'),
        'transferByPartition',
        [partitionA, addr('operator'), 1, '0x'],
        'token holder limit reached',
        state,
      );
      await expectRevert(
        as('level2'),
        issueOne,
        [partitionA, addr('operator'), 1, '0x'],
        'token holder limit reached',
        state,
      );
      await expectRevert(
        as('controller'),
        'controllerTransfer',
        [addr('holderA'), addr('operator'), 1, '0x', '0x'],
        'token holder limit reached',
        state,
      );
      expect(await check('holderA', 'holderB', partitionB, 5)).toEqual(['0x51', 'transfer allowed']);
      // holderB leaves as operator arrives: still two holders.
      await send(as('holderB'), 'transferByPartition', partitionA, addr('operator'), 50, '0x');
      expect(await holdersOf(tokenScope)).toBe(2);
      expect(await holdersOf(partitionA)).toBe(2);
    });

    it('caps the holders of one partition', async () => {
      await setRules(partitionB, { maxHolders: 1 });
      expect(await check('holderA', 'holderB', partitionB, 1)).toEqual([
        '0x57',
        'partition holder limit reached',
      ]);
      await expectRevert(
        as('level2'),
        issueOne,
        [partitionB, addr('holderB'), 1, '0x'],
        'partition holder limit reached',
        state,
      );
      expect(await check('holderA', 'holderB', partitionB, 10)).toEqual(['0x51', 'transfer allowed']);
      await send(as('holderA'), 'transferByPartition', partitionB, addr('holderB'), 10, '0x');
      expect([await holdersOf(partitionB), await holdersOf(tokenScope)]).toEqual([1, 2]);
    });
  });

  describe('holder counts of a token that starts with one partition', () => {
    it("counts the token's holders as its partition's, and from the second partition on by themselves", async () => {
      const { token: single } = await f.deployToken();
      const by = (role: Role) => f.as(single, role);
      const holders = async (scope: string) => Number((await single.getFunction('rulesOf')(scope))[0][1]);
      const counts = async () => [
        await holders(tokenScope),
        await holders(partitionA),
        await holders(partitionB),
      ];
      await send(by('level2'), issueMany, partitionA, [addr('holderA'), addr('holderB')], [100, 50], '0x');
      const list = [addr('holderA'), addr('holderB')].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      await send(by('owner'), 'setRules', tokenScope, 3, 0, 0, 0, 0, [], list);
      expect(await counts()).toEqual([2, 2, 0]);
      await send(by('holderA'), 'transferByPartition', partitionA, addr('operator'), 10, '0x');
      expect(await counts()).toEqual([3, 3, 0]);
      await expectRevert(
        by('holderA'),
        'transferByPartition',
        [partitionA, addr('level2'), 1, '0x'],
        'token holder limit reached',
      );
      // A second partition: an existing holder adds no token holder, a new one is refused at the cap.
      await send(by('level2'), issueOne, partitionB, addr('holderA'), 5, '0x');
      expect(await counts()).toEqual([3, 3, 1]);
      await expectRevert(
        by('level2'),
        issueOne,
        [partitionB, addr('level2'), 1, '0x'],
        'token holder limit reached',
      );
      await send(by('holderB'), 'transferByPartition', partitionA, addr('operator'), 50, '0x');
      expect(await counts()).toEqual([2, 2, 1]);
      await send(by('level2'), issueOne, partitionB, addr('level2'), 1, '0x');
      expect(await counts()).toEqual([3, 2, 2]);
      await send(by('holderA'), 'transferByPartition', partitionA, addr('operator'), 90, '0x');
      expect(await counts()).toEqual([3, 1, 2]);
    });
  });

  describe('lock-ups', () => {
    it('stops transfers out of a locked partition, not issues or controller transfers, until the date', async () => {
      const now = (await f.provider.getBlock('latest'))!.timestamp;
      await setRules(
        partitionA,
        { lockupUntil: now + 3600 },
        'owner',
        await holderList(['holderA', 'holderB']),
      );
      expect(await check('holderA', 'holderB', partitionA, 1)).toEqual(['0x55', 'partition is locked up']);
      expect(await check('holderA', 'holderB', partitionB, 1)).toEqual(['0x51', 'transfer allowed']);
      await expectRevert(
        as('holderA'),
        'transferByPartition',
        [partitionA, addr('holderB'), 1, '0x'],
        'partition is locked up',
        state,
      );
      await send(as('level2'), issueOne, partitionA, addr('holderB'), 5, '0x');
      await send(
        as('controller'),
        'controllerTransferByPartition',
        partitionA,
        addr('holderA'),
        addr('holderB'),
        5,
        '0x',
        '0x',
      );
      await f.provider.send('evm_increaseTime', [3601]);
      await f.provider.send('evm_mine', []);
      expect(await check('holderA', 'holderB', partitionA, 1)).toEqual(['0x51', 'transfer allowed']);
    });

    it('locks every partition under a token lock-up', async () => {
      await setRules(tokenScope, { lockupUntil: far }, 'owner', await holderList(['holderA', 'holderB']));
      expect(await check('holderA', 'holderB', partitionB, 1)).toEqual(['0x55', 'token is locked up']);
    });
  });

  describe('minimum and maximum holdings', () => {
    beforeEach(async () => {
      await setRules(
        partitionA,
        { minHolding: 10, maxHolding: 100 },
        'owner',
        await holderList(['holderA', 'holderB']),
      );
    });

    it('refuses a receiver above the maximum or below the minimum, and a sender left below the minimum', async () => {
      expect(await check('holderA', 'holderB', partitionA, 60)).toEqual([
        '0x57',
        'holding above partition maximum',
      ]);
      expect(await check('holderA', 'holderB', partitionA, 95)).toEqual([
        '0x57',
        'holding above partition maximum',
      ]);
      expect(await check('holderA', 'operator', partitionA, 5)).toEqual([
        '0x57',
        'holding below partition minimum',
      ]);
      expect(await check('holderB', 'holderA', partitionA, 45)).toEqual([
        '0x57',
        'holding above partition maximum',
      ]);
      expect(await check('holderA', 'holderB', partitionA, 50)).toEqual(['0x51', 'transfer allowed']);
      expect(await check('holderA', 'operator', partitionA, 95)).toEqual([
        '0x56',
        'holding below partition minimum',
      ]);
      // Down to zero is allowed.
      expect(await check('holderB', 'operator', partitionA, 50)).toEqual(['0x51', 'transfer allowed']);
      await expectRevert(
        as('level2'),
        issueOne,
        [partitionA, addr('operator'), 101, '0x'],
        'holding above partition maximum',
        state,
      );
      await expectRevert(
        as('level2'),
        issueOne,
        [partitionA, addr('operator'), 9, '0x'],
        'holding below partition minimum',
        state,
      );
    });

    it('refuses a redemption, own, by an operator or forced, that leaves the holder below the minimum, not one to zero', async () => {
      await send(as('level2'), issueOne, partitionA, addr('level2'), 30, '0x');
      await send(as('holderA'), 'authorizeOperator', addr('level2'));
      const own = (value: number) => [partitionA, value, '0x'];
      await expectRevert(
        as('level2'),
        'redeemByPartition',
        own(25),
        'holding below partition minimum',
        state,
      );
      await expectRevert(
        as('level2'),
        'operatorRedeemByPartition',
        [partitionA, addr('holderA'), 95, '0x'],
        'holding below partition minimum',
        state,
      );
      await expectRevert(
        as('controller'),
        'controllerRedeemByPartition',
        [partitionA, addr('holderB'), 41, '0x', '0x'],
        'holding below partition minimum',
        state,
      );
      await expectRevert(
        as('controller'),
        'controllerRedeem',
        [addr('holderB'), 45, '0x', '0x'],
        'holding below partition minimum',
        state,
      );
      await setRules(tokenScope, { minHolding: 20 });
      await expectRevert(as('level2'), 'redeemByPartition', own(15), 'holding below token minimum', state);
      // Down to the minimum, or to zero, is allowed.
      expect(await minedOk(as('level2'), 'redeemByPartition', own(10))).toBe(true);
      expect(await minedOk(as('level2'), 'redeemByPartition', own(20))).toBe(true);
      expect(await minedOk(as('controller'), 'controllerRedeem', [addr('holderB'), 50, '0x', '0x'])).toBe(
        true,
      );
      expect(await token.getFunction('balanceOfByPartition')(partitionA, addr('level2'))).toBe(0n);
      expect(await holdersOf(partitionA)).toBe(1);
    });

    it('applies the token rule in every partition', async () => {
      await setRules(tokenScope, { minHolding: 1, maxHolding: 12 });
      expect(await check('holderA', 'holderB', partitionB, 3)).toEqual(['0x51', 'transfer allowed']);
      await expectRevert(
        as('level2'),
        issueOne,
        [partitionB, addr('holderB'), 13, '0x'],
        'holding above token maximum',
        state,
      );
    });
  });

  describe('country lists', () => {
    it('allows only listed countries under an allow-list and refuses listed ones under a deny-list', async () => {
      await setRules(
        tokenScope,
        { mode: 1, countries: ['DE', 'FR'] },
        'owner',
        await holderList(['holderA', 'holderB']),
      );
      expect(await check('holderA', 'operator', partitionA, 1)).toEqual([
        '0x57',
        'receiver country not allowed',
      ]);
      expect(await check('holderA', 'holderB', partitionA, 1)).toEqual(['0x51', 'transfer allowed']);
      await setRules(partitionA, { mode: 2, countries: ['FR'] });
      expect(await check('holderA', 'holderB', partitionA, 1)).toEqual([
        '0x57',
        'country not allowed in partition',
      ]);
      expect(await check('holderA', 'holderB', partitionB, 1)).toEqual(['0x51', 'transfer allowed']);
      await expectRevert(
        as('level2'),
        issueOne,
        [partitionA, addr('operator'), 1, '0x'],
        'receiver country not allowed',
        state,
      );
      // Replacing the list drops the old entries.
      await setRules(tokenScope, { mode: 1, countries: ['US'] });
      expect(await check('holderA', 'operator', partitionB, 1)).toEqual(['0x51', 'transfer allowed']);
      expect(await check('holderA', 'holderB', partitionB, 1)).toEqual([
        '0x57',
        'receiver country not allowed',
      ]);
    });

    it('keeps the whitelist country as an ISO 3166 alpha-2 code', async () => {
      const wl = f.as(f.whitelist, 'level1');
      expect(await f.whitelist.getFunction('countryOf')(addr('holderB'))).toBe(country('FR'));
      await expectRevert(
        wl,
        'setCountryBatch',
        [[addr('holderB')], ['0x6465']],
        'country is not an ISO 3166 alpha-2 code',
      );
      await expectRevert(
        wl,
        'setCountryBatch',
        [[addr('stranger')], [country('DE')]],
        'account is not verified',
      );
      await send(wl, 'addVerifiedInCountry', addr('stranger'), kycHash(addr('stranger')), country('IT'));
      expect(await f.whitelist.getFunction('countryOf')(addr('stranger'))).toBe(country('IT'));
      await send(wl, 'removeVerified', addr('stranger'));
      expect(await f.whitelist.getFunction('countryOf')(addr('stranger'))).toBe('0x0000');
    });
  });

  // ---- Random operations against a model of every rule ----

  const people = ['holderA', 'holderB', 'operator', 'level2', 'unverified'] as const;
  type Person = (typeof people)[number];
  const parts = [partitionA, partitionB];
  type Rule = {
    maxHolders: number;
    lockupUntil: number;
    minHolding: number;
    maxHolding: number;
    mode: number;
    countries: string[];
  };
  type Op =
    | { kind: 'issue'; p: number; to: Person; amount: number }
    | { kind: 'transfer'; p: number; from: Person; to: Person; amount: number }
    | { kind: 'erc20'; from: Person; to: Person; amount: number }
    | { kind: 'force'; from: Person; to: Person; amount: number }
    | { kind: 'redeem'; p: number; amount: number }
    | { kind: 'controllerRedeem'; from: Person; amount: number };

  const ruleArb: fc.Arbitrary<Rule> = fc.record({
    maxHolders: fc.constantFrom(0, 2, 3, 4),
    lockupUntil: fc.constantFrom(0, 0, 1, far),
    minHolding: fc.constantFrom(0, 0, 5),
    maxHolding: fc.constantFrom(0, 0, 300),
    mode: fc.constantFrom(0, 1, 2),
    countries: fc.subarray(['DE', 'FR', 'US']),
  });
  const person = fc.constantFrom(...people);
  const pArb = fc.integer({ min: 0, max: 1 });
  const amountArb = fc.integer({ min: 1, max: 120 });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('issue' as const), p: pArb, to: person, amount: amountArb }),
    fc.record({
      kind: fc.constant('transfer' as const),
      p: pArb,
      from: person,
      to: person,
      amount: amountArb,
    }),
    fc.record({ kind: fc.constant('erc20' as const), from: person, to: person, amount: amountArb }),
    fc.record({ kind: fc.constant('force' as const), from: person, to: person, amount: amountArb }),
    fc.record({ kind: fc.constant('redeem' as const), p: pArb, amount: amountArb }),
    fc.record({ kind: fc.constant('controllerRedeem' as const), from: person, amount: amountArb }),
  );

  /** The reference model: balances, holder counts and the token's judgement of every rule. */
  class RulesModel {
    bal = new Map<string, number>();
    holders = [0, 0, 0]; // token, partition A, partition B
    constructor(
      readonly rules: Rule[], // token, partition A, partition B
      readonly now: number,
    ) {}
    b(h: Person, p: number) {
      return this.bal.get(`${h}:${p}`) ?? 0;
    }
    total(h: Person) {
      return this.b(h, 0) + this.b(h, 1);
    }
    onlyIn(h: Person, p: number) {
      return this.b(h, 1 - p) === 0;
    }
    /** _requireMinimumLeft: a redemption leaves nothing or at least both minimum holdings in `p`. */
    leavesMinimum(h: Person, p: number, v: number) {
      const left = this.b(h, p) - v;
      return left === 0 || [0, p + 1].every((k) => left >= this.rules[k]!.minHolding);
    }
    /** _partStatus: the token's rule, then the partition's, on a move of `v` in `p` (from undefined: an issue). */
    allowed(p: number, from: Person | undefined, to: Person, v: number, lockup: boolean) {
      if (to === 'unverified') return false;
      const fromHeld = from ? this.b(from, p) : Number.POSITIVE_INFINITY;
      const toHeld = this.b(to, p);
      for (const k of [0, 1]) {
        const r = this.rules[k === 0 ? 0 : p + 1]!;
        if (lockup && r.lockupUntil > this.now) return false;
        if (
          r.mode !== 0 &&
          r.countries.includes(countryCodes[to as keyof typeof countryCodes]) !== (r.mode === 1)
        )
          return false;
        const received = toHeld + v;
        if (r.maxHolding !== 0 && received > r.maxHolding) return false;
        if (
          r.minHolding !== 0 &&
          (received < r.minHolding || (fromHeld !== v && fromHeld - v < r.minHolding))
        )
          return false;
        const count = this.holders[k === 0 ? 0 : p + 1]!;
        if (r.maxHolders !== 0 && count >= r.maxHolders && toHeld === 0) {
          const leaves = fromHeld === v;
          const adds =
            k === 1 ? !leaves : this.onlyIn(to, p) && !(leaves && from !== undefined && this.onlyIn(from, p));
          if (adds) return false;
        }
      }
      return true;
    }
    move(p: number, from: Person | undefined, to: Person | undefined, v: number) {
      const fromBefore = from ? this.b(from, p) : 0;
      const toBefore = to ? this.b(to, p) : 0;
      if (from === to) return;
      if (from) this.bal.set(`${from}:${p}`, fromBefore - v);
      if (to) this.bal.set(`${to}:${p}`, toBefore + v);
      if (to && toBefore === 0) {
        this.holders[p + 1]! += 1;
        if (this.onlyIn(to, p)) this.holders[0]! += 1;
      }
      if (from && fromBefore === v) {
        this.holders[p + 1]! -= 1;
        if (this.onlyIn(from, p)) this.holders[0]! -= 1;
      }
    }
    /** The parts of a transfer drawn from partitions in creation order (A then B). */
    split(from: Person, v: number) {
      const out: [number, number][] = [];
      let remaining = v;
      for (const p of [0, 1]) {
        const part = Math.min(this.b(from, p), remaining);
        if (part > 0) out.push([p, part]);
        remaining -= part;
      }
      return remaining === 0 ? out : undefined;
    }
    apply(op: Op): boolean {
      switch (op.kind) {
        case 'issue':
          if (!this.allowed(op.p, undefined, op.to, op.amount, false)) return false;
          this.move(op.p, undefined, op.to, op.amount);
          return true;
        case 'transfer':
          if (this.b(op.from, op.p) < op.amount) return false;
          if (op.from !== op.to && !this.allowed(op.p, op.from, op.to, op.amount, true)) return false;
          if (op.from === op.to && op.to === 'unverified') return false;
          this.move(op.p, op.from, op.to, op.amount);
          return true;
        case 'erc20':
        case 'force': {
          const split = this.split(op.from, op.amount);
          if (!split || op.to === 'unverified') return false;
          const lockup = op.kind === 'erc20';
          if (op.from !== op.to && split.some(([p, v]) => !this.allowed(p, op.from, op.to, v, lockup)))
            return false;
          for (const [p, v] of split) this.move(p, op.from, op.to, v);
          return true;
        }
        case 'redeem':
          if (this.b('level2', op.p) < op.amount) return false;
          if (!this.leavesMinimum('level2', op.p, op.amount)) return false;
          this.move(op.p, 'level2', undefined, op.amount);
          return true;
        case 'controllerRedeem': {
          const split = this.split(op.from, op.amount);
          if (!split || split.some(([p, v]) => !this.leavesMinimum(op.from, p, v))) return false;
          for (const [p, v] of split) this.move(p, op.from, undefined, v);
          return true;
        }
      }
    }
  }

  function execute(op: Op) {
    const t = (role: Role) => f.as(token, role);
    switch (op.kind) {
      case 'issue':
        return minedOk(t('level2'), issueOne, [parts[op.p], addr(op.to), op.amount, '0x']);
      case 'transfer':
        return minedOk(t(op.from), 'transferByPartition', [parts[op.p], addr(op.to), op.amount, '0x']);
      case 'erc20':
        return minedOk(t(op.from), 'transfer', [addr(op.to), op.amount]);
      case 'force':
        return minedOk(t('controller'), 'controllerTransfer', [
          addr(op.from),
          addr(op.to),
          op.amount,
          '0x',
          '0x',
        ]);
      case 'redeem':
        return minedOk(t('level2'), 'redeemByPartition', [parts[op.p], op.amount, '0x']);
      case 'controllerRedeem':
        return minedOk(t('controller'), 'controllerRedeem', [addr(op.from), op.amount, '0x', '0x']);
    }
  }

  describe('rules against a model', () => {
    it('judges random operations like the model; holder counts never drift and refusals change nothing', async () => {
      const start = await holderList(['holderA', 'holderB']);
      await fc.assert(
        fc.asyncProperty(
          fc.array(ruleArb, { minLength: 3, maxLength: 3 }),
          fc.array(opArb, { minLength: 1, maxLength: 10 }),
          // Rules switch on with the first `cut` holders; the rest are counted after `meanwhile` was refused.
          fc.integer({ min: 0, max: start.length }),
          fc.option(opArb, { nil: undefined }),
          async (rules, ops, cut, meanwhile) => {
            const snapshot: string = await f.provider.send('evm_snapshot', []);
            try {
              const now = (await f.provider.getBlock('latest'))!.timestamp;
              const model = new RulesModel(rules, now);
              model.bal.set('holderA:0', 100);
              model.bal.set('holderB:0', 50);
              model.bal.set('holderA:1', 10);
              model.holders = [2, 2, 1];
              for (const [i, scope] of [tokenScope, ...parts].entries()) {
                const r = rules[i]!;
                await send(
                  as('owner'),
                  'setRules',
                  scope,
                  r.maxHolders,
                  r.lockupUntil,
                  r.minHolding,
                  r.maxHolding,
                  r.mode,
                  r.countries.map(country),
                  i === 0 ? start.slice(0, cut) : [],
                );
              }
              expect(await rulesActive()).toBe(cut === start.length);
              if (cut < start.length) {
                if (meanwhile) {
                  const before = await state();
                  expect(await execute(meanwhile), `while counting ${JSON.stringify(meanwhile)}`).toBe(false);
                  expect(await state()).toEqual(before);
                }
                await send(as('op'), 'countHolders', start.slice(cut));
              }
              for (const [index, op] of ops.entries()) {
                const before = await state();
                const accepted = model.apply(op);
                expect(await execute(op), `step ${index} ${JSON.stringify(op)}`).toBe(accepted);
                if (!accepted) expect(await state()).toEqual(before);
              }
              const counts = [
                await holdersOf(tokenScope),
                await holdersOf(partitionA),
                await holdersOf(partitionB),
              ];
              expect(counts).toEqual(model.holders);
              for (const h of people)
                for (const p of [0, 1])
                  expect(
                    await token.getFunction('balanceOfByPartition')(parts[p], addr(h)),
                    `${h} ${p}`,
                  ).toBe(BigInt(model.b(h, p)));
            } finally {
              await f.provider.send('evm_revert', [snapshot]);
            }
          },
        ),
        { numRuns: 12 },
      );
    });
  });
});
