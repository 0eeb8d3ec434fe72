import { readFileSync } from 'node:fs';
import {
  Contract,
  type InterfaceAbi,
  Interface,
  id as keccakId,
  type Log,
  type LogDescription,
  ZeroAddress,
} from 'ethers';
import solc from 'solc';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compilerSettings } from '../scripts/compile.ts';
import {
  deploy,
  type Fixture,
  freshAddress,
  kycHash,
  partitionA,
  partitionB,
  type Role,
  startFixture,
} from '../scripts/fixture.ts';
import { whitelistV2Artifact } from '../src/artifacts.ts';
import { transferRefusalWords } from '../src/reasons.ts';
import { chainSnapshots, expectRevert, send } from './helpers.ts';

const issueOne = 'issueByPartition(bytes32,address,uint256,bytes)';
const issueMany = 'issueByPartition(bytes32,address[],uint256[],bytes)';

/** Compiles the standard interfaces written for this test (test/contracts) and returns their ABIs by name. */
function standardInterfaces(): Record<string, InterfaceAbi> {
  const files = ['IERC7943Fungible.sol', 'IERC3643.sol'];
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      files.map((file) => [
        file,
        { content: readFileSync(new URL(`./contracts/${file}`, import.meta.url), 'utf8') },
      ]),
    ),
    settings: { ...compilerSettings, outputSelection: { '*': { '*': ['abi'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  const out: Record<string, InterfaceAbi> = {};
  for (const file of files)
    for (const [name, c] of Object.entries(output.contracts[file]))
      out[name] = (c as { abi: InterfaceAbi }).abi;
  return out;
}

/** ERC-165 interface id: the XOR of the selectors of an interface's own functions. */
function interfaceId(abi: InterfaceAbi, exclude: string[] = []): string {
  let x = 0;
  new Interface(abi).forEachFunction((fn) => {
    if (!exclude.includes(fn.name)) x ^= Number.parseInt(fn.selector.slice(2), 16);
  });
  return `0x${(x >>> 0).toString(16).padStart(8, '0')}`;
}

describe('token v2.1 enforcement (issue 36): freeze, partial freeze, KYC expiry, recovery', () => {
  let f: Fixture;
  let token: Contract;
  const snapshots = chainSnapshots(() => f.provider);
  const addr = (role: Role) => f.wallets[role].address;
  const as = (role: Role) => f.as(token, role);
  const read = <T = unknown>(fn: string, ...args: unknown[]) => token.getFunction(fn)(...args) as Promise<T>;
  const bal = (role: Role | string, p: string) =>
    read<bigint>('balanceOfByPartition', p, role.startsWith('0x') ? role : addr(role as Role));
  const frozen = (role: Role | string, p: string) =>
    read<bigint>('getFrozenTokensByPartition', p, role.startsWith('0x') ? role : addr(role as Role));
  const state = () =>
    Promise.all(
      (['holderA', 'holderB', 'operator'] as const).flatMap((r) => [
        bal(r, partitionA),
        bal(r, partitionB),
        frozen(r, partitionA),
        frozen(r, partitionB),
        read('isFrozen', addr(r)),
      ]),
    );
  const precheck = (from: Role | string, to: Role | string, p: string, value: number) =>
    read<[string, string, string]>(
      'canTransferByPartition',
      from.startsWith('0x') ? from : addr(from as Role),
      to.startsWith('0x') ? to : addr(to as Role),
      p,
      value,
      '0x',
    ).then(([code, reason]) => {
      const text = Buffer.from(reason.slice(2), 'hex').toString('utf8').replace(/\0+$/, '');
      // Every enforcement refusal has words for the pre-check, under the code the token answers.
      if (text in transferRefusalWords) expect(transferRefusalWords[text]?.code, text).toBe(code);
      return [code, text];
    });

  beforeAll(async () => {
    f = await startFixture(2);
    token = f.token;
    await send(
      f.as(token, 'level2'),
      issueMany,
      partitionA,
      [addr('holderA'), addr('holderB')],
      [1000, 200],
      '0x',
    );
    await send(
      f.as(token, 'level2'),
      issueMany,
      partitionB,
      [addr('holderA'), addr('holderB')],
      [500, 50],
      '0x',
    );
  });
  afterAll(() => f.stop());
  beforeEach(() => snapshots.take());
  afterEach(() => snapshots.restore());

  it('freezes an address: it neither sends nor receives, a forced transfer still takes its tokens', async () => {
    const { events } = await send(as('owner'), 'setAddressFrozen', addr('holderA'), true);
    expect(events).toEqual([
      {
        name: 'AddressFrozen',
        args: { _userAddress: addr('holderA'), _isFrozen: true, _owner: addr('owner') },
      },
    ]);
    expect(await read('isFrozen', addr('holderA'))).toBe(true);
    await expectRevert(
      as('holderA'),
      'transferByPartition',
      [partitionA, addr('holderB'), 1, '0x'],
      'sender is frozen',
      state,
    );
    await expectRevert(as('holderA'), 'transfer', [addr('holderB'), 1], 'sender is frozen', state);
    await expectRevert(as('holderB'), 'transfer', [addr('holderA'), 1], 'receiver is frozen', state);
    await expectRevert(
      as('level2'),
      issueOne,
      [partitionA, addr('holderA'), 1, '0x'],
      'receiver is frozen',
      state,
    );
    await expectRevert(
      as('level2'),
      issueMany,
      [partitionA, [addr('holderB'), addr('holderA')], [1, 1], '0x'],
      'receiver is frozen',
      state,
    );
    expect(await precheck('holderA', 'holderB', partitionA, 1)).toEqual(['0x56', 'sender is frozen']);
    expect(await precheck('holderB', 'holderA', partitionA, 1)).toEqual(['0x57', 'receiver is frozen']);
    expect(await read('canSend', addr('holderA'))).toBe(false);
    expect(await read('canReceive', addr('holderA'))).toBe(false);
    expect(await read('canTransfer', addr('holderA'), addr('holderB'), 1)).toBe(false);
    // The controller may take a frozen address's tokens, never give it any.
    await send(
      as('controller'),
      'controllerTransferByPartition',
      partitionA,
      addr('holderA'),
      addr('holderB'),
      100,
      '0x',
      '0x',
    );
    expect(await bal('holderA', partitionA)).toBe(900n);
    await expectRevert(
      as('controller'),
      'controllerTransferByPartition',
      [partitionA, addr('holderB'), addr('holderA'), 1, '0x', '0x'],
      'receiver is frozen',
      state,
    );
    // Only the owner or the controller; the controller may too.
    await expectRevert(
      as('stranger'),
      'setAddressFrozen',
      [addr('holderB'), true],
      'caller is not the owner or controller',
      state,
    );
    await expectRevert(
      as('holderA'),
      'setAddressFrozen',
      [addr('holderA'), false],
      'caller is not the owner or controller',
      state,
    );
    await send(as('controller'), 'setAddressFrozen', addr('holderA'), false);
    expect(await read('isFrozen', addr('holderA'))).toBe(false);
    await send(as('holderA'), 'transferByPartition', partitionA, addr('holderB'), 1, '0x');
    expect(await bal('holderB', partitionA)).toBe(301n);
  });

  it('freezes part of a balance per partition: frozen tokens stay, the rest moves', async () => {
    const { events } = await send(
      as('owner'),
      'freezePartialTokensByPartition',
      partitionA,
      addr('holderA'),
      600,
    );
    expect(events).toEqual([
      { name: 'FrozenByPartition', args: { partition: partitionA, account: addr('holderA'), frozen: 600n } },
      { name: 'TokensFrozen', args: { _userAddress: addr('holderA'), _amount: 600n } },
    ]);
    expect(await frozen('holderA', partitionA)).toBe(600n);
    expect(await read('getFrozenTokens', addr('holderA'))).toBe(600n);
    // The balance reads the same: frozen tokens are still held.
    expect(await bal('holderA', partitionA)).toBe(1000n);
    expect(await read('balanceOf', addr('holderA'))).toBe(1500n);
    expect(await precheck('holderA', 'holderB', partitionA, 401)).toEqual([
      '0x55',
      'amount exceeds unfrozen balance',
    ]);
    expect(await precheck('holderA', 'holderB', partitionA, 400)).toEqual(['0x51', 'transfer allowed']);
    expect(await precheck('holderA', 'holderB', partitionA, 1001)).toEqual(['0x52', 'insufficient balance']);
    await expectRevert(
      as('holderA'),
      'transferByPartition',
      [partitionA, addr('holderB'), 401, '0x'],
      'amount exceeds unfrozen balance',
      state,
    );
    await send(as('holderA'), 'transferByPartition', partitionA, addr('holderB'), 400, '0x');
    expect([await bal('holderA', partitionA), await frozen('holderA', partitionA)]).toEqual([600n, 600n]);
    await expectRevert(
      as('holderA'),
      'transferByPartition',
      [partitionA, addr('holderB'), 1, '0x'],
      'amount exceeds unfrozen balance',
      state,
    );
    // A plain transfer draws the unfrozen tokens only: partition A has none left, so all of it comes from B.
    expect(await read('canTransfer', addr('holderA'), addr('holderB'), 500)).toBe(true);
    expect(await read('canTransfer', addr('holderA'), addr('holderB'), 501)).toBe(false);
    await expectRevert(
      as('holderA'),
      'transfer',
      [addr('holderB'), 501],
      'amount exceeds unfrozen balance',
      state,
    );
    await send(as('holderA'), 'transfer', addr('holderB'), 300);
    expect([await bal('holderA', partitionA), await bal('holderA', partitionB)]).toEqual([600n, 200n]);
    // Redemption of own tokens burns unfrozen ones only.
    await send(f.as(f.whitelist, 'level1'), 'addVerified', addr('level2'), kycHash(addr('level2')));
    await send(as('level2'), issueOne, partitionA, addr('level2'), 10, '0x');
    await send(as('owner'), 'freezePartialTokensByPartition', partitionA, addr('level2'), 8);
    await expectRevert(
      as('level2'),
      'redeemByPartition',
      [partitionA, 3, '0x'],
      'amount exceeds unfrozen balance',
      state,
    );
    await send(as('level2'), 'redeemByPartition', partitionA, 2, '0x');
    // Freezing beyond the unfrozen balance, unfreezing beyond the frozen amount, and strangers are refused.
    await expectRevert(
      as('owner'),
      'freezePartialTokensByPartition',
      [partitionA, addr('holderA'), 1],
      'amount exceeds unfrozen balance',
      state,
    );
    await expectRevert(
      as('owner'),
      'unfreezePartialTokensByPartition',
      [partitionA, addr('holderA'), 601],
      'amount exceeds frozen tokens',
      state,
    );
    await expectRevert(
      as('owner'),
      'freezePartialTokensByPartition',
      [partitionA, addr('holderB'), 0],
      'amount must be greater than zero',
      state,
    );
    await expectRevert(
      as('stranger'),
      'freezePartialTokensByPartition',
      [partitionA, addr('holderB'), 1],
      'caller is not the owner or controller',
      state,
    );
    const unfreeze = await send(
      as('controller'),
      'unfreezePartialTokensByPartition',
      partitionA,
      addr('holderA'),
      100,
    );
    expect(unfreeze.events.map((e) => e.name)).toEqual(['FrozenByPartition', 'TokensUnfrozen']);
    await send(as('holderA'), 'transferByPartition', partitionA, addr('holderB'), 100, '0x');
    expect([await bal('holderA', partitionA), await frozen('holderA', partitionA)]).toEqual([500n, 500n]);
  });

  it('a forced transfer moves frozen tokens only when the unfrozen ones do not suffice, and lowers the frozen amount by what left', async () => {
    await send(as('owner'), 'freezePartialTokensByPartition', partitionA, addr('holderA'), 600);
    // Partition: 1000 held, 600 frozen. Forced 700: 400 unfrozen and 300 frozen leave; 300 stay frozen.
    const { events } = await send(
      as('controller'),
      'controllerTransferByPartition',
      partitionA,
      addr('holderA'),
      addr('holderB'),
      700,
      '0x',
      '0x',
    );
    expect(events.map((e) => e.name)).toEqual([
      'FrozenByPartition',
      'TokensUnfrozen',
      'TransferByPartition',
      'Transfer',
      'ControllerTransfer',
    ]);
    expect(events[0]?.args).toEqual({ partition: partitionA, account: addr('holderA'), frozen: 300n });
    expect(events[1]?.args).toEqual({ _userAddress: addr('holderA'), _amount: 300n });
    expect([await bal('holderA', partitionA), await frozen('holderA', partitionA)]).toEqual([300n, 300n]);
    // A forced transfer to the sender itself moves nothing, so it unfreezes nothing (CMTAT issue 380, ERCs 1778).
    await send(
      as('controller'),
      'controllerTransferByPartition',
      partitionA,
      addr('holderA'),
      addr('holderA'),
      300,
      '0x',
      '0x',
    );
    expect([await bal('holderA', partitionA), await frozen('holderA', partitionA)]).toEqual([300n, 300n]);
    // Across partitions (ERC-7943 forcedTransfer): the unfrozen tokens of every partition go first.
    await send(as('owner'), 'freezePartialTokensByPartition', partitionB, addr('holderA'), 100);
    // A: 300 held, 300 frozen; B: 500 held, 100 frozen. Forced 450: B's 400 unfrozen, then 50 frozen of A.
    const forced = await send(as('controller'), 'forcedTransfer', addr('holderA'), addr('holderB'), 450);
    expect(forced.events.at(-1)).toEqual({
      name: 'ForcedTransfer',
      args: { from: addr('holderA'), to: addr('holderB'), amount: 450n },
    });
    expect(
      await Promise.all([
        bal('holderA', partitionA),
        frozen('holderA', partitionA),
        bal('holderA', partitionB),
        frozen('holderA', partitionB),
      ]),
    ).toEqual([250n, 250n, 100n, 100n]);
    expect(await read('getFrozenTokens', addr('holderA'))).toBe(350n);
    // Controller redemption likewise.
    await send(as('controller'), 'controllerRedeem', addr('holderA'), 300, '0x', '0x');
    expect(
      await Promise.all([
        bal('holderA', partitionA),
        frozen('holderA', partitionA),
        bal('holderA', partitionB),
        frozen('holderA', partitionB),
      ]),
    ).toEqual([0n, 0n, 50n, 50n]);
    await expectRevert(
      as('holderB'),
      'forcedTransfer',
      [addr('holderA'), addr('holderB'), 1],
      'caller is not the token controller',
      state,
    );
  });

  it('ERC-3643 freezePartialTokens/unfreezePartialTokens and ERC-7943 setFrozenTokens spread over partitions in creation order', async () => {
    await send(as('owner'), 'freezePartialTokens', addr('holderA'), 1200);
    expect([await frozen('holderA', partitionA), await frozen('holderA', partitionB)]).toEqual([1000n, 200n]);
    await expectRevert(
      as('owner'),
      'freezePartialTokens',
      [addr('holderA'), 301],
      'amount exceeds unfrozen balance',
      state,
    );
    await send(as('owner'), 'unfreezePartialTokens', addr('holderA'), 1100);
    expect([await frozen('holderA', partitionA), await frozen('holderA', partitionB)]).toEqual([0n, 100n]);
    await expectRevert(
      as('owner'),
      'unfreezePartialTokens',
      [addr('holderA'), 101],
      'amount exceeds frozen tokens',
      state,
    );
    // setFrozenTokens sets the total (capped at the balance, as ERC20uRWA does), keeping existing placements.
    const set = await send(as('owner'), 'setFrozenTokens', addr('holderA'), 150);
    expect(set.events.at(-1)).toEqual({ name: 'Frozen', args: { account: addr('holderA'), amount: 150n } });
    expect([await frozen('holderA', partitionA), await frozen('holderA', partitionB)]).toEqual([50n, 100n]);
    const capped = await send(as('owner'), 'setFrozenTokens', addr('holderA'), 10_000);
    expect(capped.events.at(-1)).toEqual({
      name: 'Frozen',
      args: { account: addr('holderA'), amount: 1500n },
    });
    await send(as('owner'), 'setFrozenTokens', addr('holderA'), 0);
    expect(await read('getFrozenTokens', addr('holderA'))).toBe(0n);
  });

  it('a sender or receiver whose KYC expired is refused with words saying so, until the record is renewed', async () => {
    const { contract: whitelist } = await deploy(
      whitelistV2Artifact,
      f.wallets.owner,
      'Expiring whitelist',
      addr('owner'),
      await f.scheme.getAddress(),
    );
    const level1 = f.as(whitelist, 'level1');
    const now = Number((await f.provider.getBlock('latest'))?.timestamp);
    const holders = [addr('holderA'), addr('holderB'), addr('controller')];
    await send(level1, 'addVerifiedBatchUntil', holders, holders.map(kycHash), [
      now + 86_400,
      now + 30 * 86_400,
      0,
    ]);
    await send(as('owner'), 'setWhitelist', await whitelist.getAddress());
    expect(await read('identityRegistry')).toBe(await whitelist.getAddress());
    await send(as('holderA'), 'transferByPartition', partitionA, addr('holderB'), 1, '0x');
    // A day and a second later holderA's record has expired; holderB's has not.
    await f.provider.send('evm_increaseTime', [86_401]);
    await f.provider.send('evm_mine', []);
    expect(await whitelist.getFunction('isVerified')(addr('holderA'))).toBe(false);
    expect(await whitelist.getFunction('verificationHash')(addr('holderA'))).toBe(kycHash(addr('holderA')));
    expect(await precheck('holderA', 'holderB', partitionA, 1)).toEqual([
      '0x56',
      'sender verification expired',
    ]);
    expect(await precheck('holderB', 'holderA', partitionA, 1)).toEqual([
      '0x57',
      'receiver verification expired',
    ]);
    await expectRevert(
      as('holderA'),
      'transferByPartition',
      [partitionA, addr('holderB'), 1, '0x'],
      'sender verification expired',
      state,
    );
    await expectRevert(
      as('holderB'),
      'transfer',
      [addr('holderA'), 1],
      'receiver verification expired',
      state,
    );
    await expectRevert(
      as('level2'),
      issueOne,
      [partitionA, addr('holderA'), 1, '0x'],
      'token holder is not verified in the whitelist',
      state,
    );
    expect(await read('canSend', addr('holderA'))).toBe(false);
    expect(await read('canReceive', addr('holderB'))).toBe(true);
    // An address never verified reads differently.
    expect(await precheck('holderB', 'stranger', partitionA, 1)).toEqual([
      '0x57',
      'receiver is not verified',
    ]);
    // The controller may still take the expired holder's tokens.
    await send(
      as('controller'),
      'controllerTransferByPartition',
      partitionA,
      addr('holderA'),
      addr('holderB'),
      1,
      '0x',
      '0x',
    );
    // Renewed, it sends again.
    const later = Number((await f.provider.getBlock('latest'))?.timestamp) + 365 * 86_400;
    await send(level1, 'setExpiryBatch', [addr('holderA')], [later]);
    expect(await whitelist.getFunction('expiryOf')(addr('holderA'))).toBe(BigInt(later));
    await send(as('holderA'), 'transferByPartition', partitionA, addr('holderB'), 1, '0x');
    await expectRevert(level1, 'setExpiryBatch', [[addr('holderA')], [now]], 'expiry is not in the future');
  });

  it('recovers a lost wallet in one call: balances, frozen amounts and the freeze move, the lost wallet is refused for ever', async () => {
    await send(as('owner'), 'freezePartialTokensByPartition', partitionB, addr('holderA'), 200);
    await send(as('owner'), 'setAddressFrozen', addr('holderA'), true);
    const lost = addr('holderA');
    const fresh = freshAddress('recovery', 0);
    // The new wallet must be verified with the lost one's KYC hash.
    await expectRevert(
      as('owner'),
      'recoveryAddress',
      [lost, fresh, ZeroAddress],
      'new wallet is not verified',
      state,
    );
    await send(f.as(f.whitelist, 'level1'), 'addVerified', fresh, kycHash(addr('holderB')));
    await expectRevert(
      as('owner'),
      'recoveryAddress',
      [lost, fresh, ZeroAddress],
      'verification hashes differ',
      state,
    );
    await send(f.as(f.whitelist, 'level1'), 'updateVerified', fresh, kycHash(lost));
    await expectRevert(
      as('stranger'),
      'recoveryAddress',
      [lost, fresh, ZeroAddress],
      'caller is not the owner or controller',
      state,
    );
    await expectRevert(
      as('owner'),
      'recoveryAddress',
      [lost, lost, ZeroAddress],
      'new wallet is the lost wallet',
      state,
    );
    const { events } = await send(as('owner'), 'recoveryAddress', lost, fresh, ZeroAddress);
    expect(events.filter((e) => e.name === 'RecoverySuccess')).toEqual([
      {
        name: 'RecoverySuccess',
        args: { _lostWallet: lost, _newWallet: fresh, _investorOnchainID: ZeroAddress },
      },
    ]);
    // The indexer's events: one TransferByPartition (and Transfer) per partition, operator the caller.
    expect(
      events
        .filter((e) => e.name === 'TransferByPartition')
        .map((e) => [e.args.fromPartition, e.args.value, e.args.operator]),
    ).toEqual([
      [partitionA, 1000n, addr('owner')],
      [partitionB, 500n, addr('owner')],
    ]);
    expect(
      await Promise.all([bal(fresh, partitionA), bal(fresh, partitionB), frozen(fresh, partitionB)]),
    ).toEqual([1000n, 500n, 200n]);
    expect(
      await Promise.all([bal(lost, partitionA), bal(lost, partitionB), frozen(lost, partitionB)]),
    ).toEqual([0n, 0n, 0n]);
    expect(await read('isFrozen', fresh)).toBe(true);
    expect(await read('recoveredTo', lost)).toBe(fresh);
    expect(await read('recoveredTo', fresh)).toBe(ZeroAddress);
    // Refused for ever: receiving, issuing, a second recovery, even once unfrozen and still whitelisted.
    await send(as('owner'), 'setAddressFrozen', lost, false);
    await expectRevert(as('holderB'), 'transfer', [lost, 1], 'receiver wallet was recovered', state);
    expect(await precheck('holderB', lost, partitionA, 1)).toEqual(['0x57', 'receiver wallet was recovered']);
    await expectRevert(
      as('level2'),
      issueOne,
      [partitionA, lost, 1, '0x'],
      'receiver wallet was recovered',
      state,
    );
    await expectRevert(
      as('owner'),
      'recoveryAddress',
      [lost, addr('holderB'), ZeroAddress],
      'wallet was recovered already',
      state,
    );
    await expectRevert(
      as('owner'),
      'recoveryAddress',
      [addr('holderB'), lost, ZeroAddress],
      'receiver wallet was recovered',
      state,
    );
    expect(await read('canReceive', lost)).toBe(false);
  });

  it('a recovery keeps the holder counts of a token with rules on', async () => {
    const holders = [addr('holderA'), addr('holderB')].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    await send(as('owner'), 'setRules', `0x${'00'.repeat(32)}`, 2, 0, 0, 0, 0, [], holders);
    expect(await read('rulesActive')).toBe(true);
    const fresh = freshAddress('recovery', 1);
    await send(f.as(f.whitelist, 'level1'), 'addVerified', fresh, kycHash(addr('holderA')));
    await send(as('controller'), 'recoveryAddress', addr('holderA'), fresh, ZeroAddress);
    const [rule] = await read<[{ holders: bigint }]>('rulesOf', `0x${'00'.repeat(32)}`);
    expect(rule.holders).toBe(2n);
    const [ruleA] = await read<[{ holders: bigint }]>('rulesOf', partitionA);
    expect(ruleA.holders).toBe(2n);
    // The cap of two holders still holds: the recovered wallet is one of them.
    await send(as('holderB'), 'transferByPartition', partitionA, fresh, 1, '0x');
  });

  it('has words for every enforcement refusal of the pre-check', () => {
    for (const reason of [
      'sender is frozen',
      'receiver is frozen',
      'sender wallet was recovered',
      'receiver wallet was recovered',
      'sender verification expired',
      'receiver verification expired',
      'sender is not verified',
      'amount exceeds unfrozen balance',
    ]) {
      expect(transferRefusalWords[reason]?.words, reason).toMatch(/^The .+\.$/);
    }
  });

  it('answers ERC-7943 and ERC-3643 clients through their own interfaces', async () => {
    const abis = standardInterfaces();
    const uRwa = new Contract(await token.getAddress(), abis.IERC7943Fungible!, f.provider);
    const t3643 = new Contract(await token.getAddress(), abis.IToken!, f.provider);
    // The ERC-165 id of ERC-7943's fungible interface (its six functions), as the EIP gives it.
    expect(interfaceId(abis.IERC7943Fungible!, ['supportsInterface'])).toBe('0x3edbb4c4');
    expect(await uRwa.getFunction('supportsInterface')('0x3edbb4c4')).toBe(true);
    expect(await uRwa.getFunction('supportsInterface')('0x01ffc9a7')).toBe(true);
    expect(await uRwa.getFunction('supportsInterface')('0xffffffff')).toBe(false);
    expect(await uRwa.getFunction('canSend')(addr('holderA'))).toBe(true);
    expect(await uRwa.getFunction('canReceive')(addr('stranger'))).toBe(false);
    expect(await uRwa.getFunction('canTransfer')(addr('holderA'), addr('holderB'), 1500)).toBe(true);
    expect(await uRwa.getFunction('canTransfer')(addr('holderA'), addr('holderB'), 1501)).toBe(false);
    expect(await uRwa.getFunction('canTransfer')(addr('holderA'), addr('stranger'), 1)).toBe(false);
    // Driven through the interfaces with the signers' keys.
    const owner7943 = uRwa.connect(f.wallets.owner) as Contract;
    const frozenSet = await (await owner7943.getFunction('setFrozenTokens')(addr('holderA'), 1400)).wait();
    expect(frozenSet?.logs.map((log: Log) => uRwa.interface.parseLog(log)?.name).filter(Boolean)).toEqual([
      'Frozen',
    ]);
    expect(await uRwa.getFunction('getFrozenTokens')(addr('holderA'))).toBe(1400n);
    expect(await uRwa.getFunction('canTransfer')(addr('holderA'), addr('holderB'), 101)).toBe(false);
    expect(await uRwa.getFunction('canTransfer')(addr('holderA'), addr('holderB'), 100)).toBe(true);
    const forced = await (
      await (uRwa.connect(f.wallets.controller) as Contract).getFunction('forcedTransfer')(
        addr('holderA'),
        addr('holderB'),
        200,
      )
    ).wait();
    expect(forced?.logs.map((log: Log) => uRwa.interface.parseLog(log)?.name).filter(Boolean)).toEqual([
      'ForcedTransfer',
    ]);
    expect(await uRwa.getFunction('getFrozenTokens')(addr('holderA'))).toBe(1300n);

    expect(await t3643.getFunction('version')()).toBe('2.1.0');
    expect(await t3643.getFunction('decimals')()).toBe(0n);
    expect(await t3643.getFunction('paused')()).toBe(false);
    expect(await t3643.getFunction('isFrozen')(addr('holderA'))).toBe(false);
    expect(await t3643.getFunction('getFrozenTokens')(addr('holderA'))).toBe(1300n);
    const registry = new Contract(
      await t3643.getFunction('identityRegistry')(),
      abis.IIdentityRegistry!,
      f.provider,
    );
    expect(await registry.getFunction('isVerified')(addr('holderA'))).toBe(true);
    expect(await registry.getFunction('isVerified')(addr('stranger'))).toBe(false);
    const compliance = new Contract(
      await t3643.getFunction('compliance')(),
      abis.IModularCompliance!,
      f.provider,
    );
    expect(await compliance.getFunction('canTransfer')(addr('holderB'), addr('holderA'), 1)).toBe(true);
    const owner3643 = t3643.connect(f.wallets.owner) as Contract;
    await (await owner3643.getFunction('setAddressFrozen')(addr('holderB'), true)).wait();
    expect(await t3643.getFunction('isFrozen')(addr('holderB'))).toBe(true);
    expect(await compliance.getFunction('canTransfer')(addr('holderB'), addr('holderA'), 1)).toBe(false);
    await (await owner3643.getFunction('setAddressFrozen')(addr('holderB'), false)).wait();
    await (await owner3643.getFunction('unfreezePartialTokens')(addr('holderA'), 1300)).wait();
    await (await owner3643.getFunction('freezePartialTokens')(addr('holderA'), 5)).wait();
    expect(await t3643.getFunction('getFrozenTokens')(addr('holderA'))).toBe(5n);
    const fresh = freshAddress('recovery', 2);
    await send(f.as(f.whitelist, 'level1'), 'addVerified', fresh, kycHash(addr('holderA')));
    const recovered = await (
      await owner3643.getFunction('recoveryAddress')(addr('holderA'), fresh, addr('stranger'))
    ).wait();
    const success = recovered?.logs
      .map((log: Log) => t3643.interface.parseLog(log))
      .find((e: LogDescription | null) => e?.name === 'RecoverySuccess');
    expect([...(success?.args ?? [])]).toEqual([addr('holderA'), fresh, addr('stranger')]);
    expect(await t3643.getFunction('balanceOf')(fresh)).toBe(1300n);
    expect(await t3643.getFunction('getFrozenTokens')(fresh)).toBe(5n);
    // Our event names are the standards' (same topic hashes as the interfaces declare them).
    for (const name of ['AddressFrozen', 'TokensFrozen', 'TokensUnfrozen', 'RecoverySuccess']) {
      expect(token.interface.getEvent(name)?.topicHash).toBe(t3643.interface.getEvent(name)?.topicHash);
    }
    for (const name of ['Frozen', 'ForcedTransfer']) {
      expect(token.interface.getEvent(name)?.topicHash).toBe(uRwa.interface.getEvent(name)?.topicHash);
    }
    expect(keccakId('RecoverySuccess(address,address,address)')).toBe(
      token.interface.getEvent('RecoverySuccess')?.topicHash,
    );
  });
});
