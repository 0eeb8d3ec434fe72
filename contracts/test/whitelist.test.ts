import { ContractFactory, keccak256, toUtf8Bytes, ZeroAddress, ZeroHash } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { whitelistArtifact } from '../src/artifacts.ts';
import { txGasCap, whitelistBatchSize } from '../src/batchSize.ts';
import {
  deploy,
  type Fixture,
  freshAddress,
  kycHash,
  type Role,
  roleIndexes,
  startFixture,
} from '../scripts/fixture.ts';
import { chainSnapshots, expectRevert, send } from './helpers.ts';

const roles = Object.keys(roleIndexes) as Role[];
const notLevel1 = 'caller does not have Access Level 1 in the security scheme';

let f: Fixture;
const snapshots = chainSnapshots(() => f.provider);

beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.stop());
beforeEach(() => snapshots.take());
afterEach(() => snapshots.restore());

const addr = (role: Role) => f.wallets[role].address;
const hashOf = (address: string): Promise<string> => f.whitelist.getFunction('verificationHash')(address);
const verified = (address: string): Promise<boolean> => f.whitelist.getFunction('isVerified')(address);
const newHash = (label: string) => keccak256(toUtf8Bytes(label));

describe('Whitelist deployment', () => {
  it('exposes name, owner and scheme', async () => {
    expect(await f.whitelist.getFunction('name')()).toBe('Default whitelist');
    expect(await f.whitelist.getFunction('owner')()).toBe(addr('owner'));
    expect(await f.whitelist.getFunction('securityScheme')()).toBe(await f.scheme.getAddress());
    const { contract, receipt } = await deploy(
      whitelistArtifact,
      f.wallets.stranger,
      'Second list',
      addr('holderA'),
      await f.scheme.getAddress(),
    );
    const created = contract.interface.parseLog(receipt.logs[0]!);
    expect(created?.name).toBe('WhitelistCreated');
    expect([...created!.args]).toEqual(['Second list', addr('holderA'), await f.scheme.getAddress()]);
  });

  it('rejects an empty name, a zero owner and a scheme that is not a contract', async () => {
    const factory = new ContractFactory(whitelistArtifact.abi, whitelistArtifact.bytecode, f.wallets.owner);
    const scheme = await f.scheme.getAddress();
    await expect(factory.deploy('', addr('owner'), scheme)).rejects.toMatchObject({
      reason: 'whitelist name is required',
    });
    await expect(factory.deploy('W', ZeroAddress, scheme)).rejects.toMatchObject({
      reason: 'owner is the zero address',
    });
    await expect(factory.deploy('W', addr('owner'), addr('stranger'))).rejects.toMatchObject({
      reason: 'security scheme is not a contract',
    });
  });
});

describe('Whitelist rights', () => {
  it('lets only Access Level 1 holders change entries', async () => {
    const target = addr('stranger');
    const listed = addr('holderA');
    for (const role of roles) {
      const whitelist = f.as(f.whitelist, role);
      expect(await whitelist.getFunction('canEdit')(addr(role)), role).toBe(role === 'level1');
      const calls: [string, unknown[]][] = [
        ['addVerified', [target, kycHash(target)]],
        ['updateVerified', [listed, newHash('x')]],
        ['removeVerified', [listed]],
        ['addVerifiedBatch', [[target], [kycHash(target)]]],
        ['updateVerifiedBatch', [[listed], [newHash('x')]]],
        ['removeVerifiedBatch', [[listed]]],
      ];
      for (const [method, args] of calls) {
        if (role === 'level1')
          await expect(whitelist.getFunction(method).staticCall(...args)).resolves.toEqual([]);
        else await expectRevert(whitelist, method, args, notLevel1);
      }
    }
  });

  it('follows the scheme: a revoked Level 1 holder can no longer edit', async () => {
    await send(f.as(f.scheme, 'op'), 'revokeLevel1', addr('level1'));
    await expectRevert(
      f.as(f.whitelist, 'level1'),
      'addVerified',
      [addr('stranger'), newHash('s')],
      notLevel1,
    );
  });
});

describe('Whitelist entries', () => {
  it('adds, updates and removes one address with events', async () => {
    const w = f.as(f.whitelist, 'level1');
    const target = addr('stranger');
    expect(await verified(target)).toBe(false);
    const added = await send(w, 'addVerified', target, newHash('a'));
    expect(added.events).toEqual([
      { name: 'AddressVerified', args: { account: target, hash: newHash('a'), by: addr('level1') } },
    ]);
    expect(await verified(target)).toBe(true);
    expect(await hashOf(target)).toBe(newHash('a'));
    const updated = await send(w, 'updateVerified', target, newHash('b'));
    expect(updated.events).toEqual([
      {
        name: 'VerificationUpdated',
        args: { account: target, previousHash: newHash('a'), hash: newHash('b'), by: addr('level1') },
      },
    ]);
    expect(await hashOf(target)).toBe(newHash('b'));
    const removed = await send(w, 'removeVerified', target);
    expect(removed.events).toEqual([
      {
        name: 'VerificationRemoved',
        args: { account: target, previousHash: newHash('b'), by: addr('level1') },
      },
    ]);
    expect(await verified(target)).toBe(false);
    expect(await hashOf(target)).toBe(ZeroHash);
  });

  it('adds, updates and removes many addresses in one transaction each', async () => {
    const w = f.as(f.whitelist, 'level1');
    const targets = Array.from({ length: 5 }, (_, i) => freshAddress('wl', i));
    const added = await send(w, 'addVerifiedBatch', targets, targets.map(kycHash));
    expect(added.events.map((e) => [e.name, e.args.account])).toEqual(
      targets.map((t) => ['AddressVerified', t]),
    );
    for (const t of targets) expect(await hashOf(t)).toBe(kycHash(t));
    expect(await f.whitelist.getFunction('firstUnverified')(targets)).toBe(5n);
    expect(await f.whitelist.getFunction('firstUnverified')([...targets.slice(0, 2), addr('stranger')])).toBe(
      2n,
    );
    expect(await f.whitelist.getFunction('firstUnverified')([])).toBe(0n);

    const updated = await send(
      w,
      'updateVerifiedBatch',
      targets,
      targets.map((t) => newHash(t)),
    );
    expect(updated.events.map((e) => e.name)).toEqual(Array(5).fill('VerificationUpdated'));
    for (const t of targets) expect(await hashOf(t)).toBe(newHash(t));

    const removed = await send(w, 'removeVerifiedBatch', targets.slice(0, 3));
    expect(removed.events.map((e) => e.args.account)).toEqual(targets.slice(0, 3));
    expect(await Promise.all(targets.map(verified))).toEqual([false, false, false, true, true]);
  });

  it('rejects bad input, one entry or a whole batch, and changes nothing', async () => {
    const w = f.as(f.whitelist, 'level1');
    const fresh = [freshAddress('bad', 1), freshAddress('bad', 2)];
    const listed = addr('holderA');
    const watched = [...fresh, listed, addr('holderB')];
    const state = () => Promise.all(watched.map(hashOf));
    const cases: [string, unknown[], string][] = [
      ['addVerified', [ZeroAddress, newHash('z')], 'account is the zero address'],
      ['addVerified', [fresh[0], ZeroHash], 'verification hash is required'],
      ['addVerified', [listed, newHash('again')], 'account is already verified'],
      ['updateVerified', [fresh[0], newHash('u')], 'account is not verified'],
      ['updateVerified', [ZeroAddress, newHash('u')], 'account is the zero address'],
      ['updateVerified', [listed, ZeroHash], 'verification hash is required'],
      ['updateVerified', [listed, kycHash(listed)], 'verification hash is unchanged'],
      ['removeVerified', [fresh[0]], 'account is not verified'],
      ['removeVerified', [ZeroAddress], 'account is the zero address'],
      ['addVerifiedBatch', [[], []], 'no addresses given'],
      ['addVerifiedBatch', [fresh, [newHash('1')]], 'arrays have unequal lengths'],
      // A bad entry after good ones undoes the whole batch.
      [
        'addVerifiedBatch',
        [
          [...fresh, listed],
          [newHash('1'), newHash('2'), newHash('3')],
        ],
        'account is already verified',
      ],
      [
        'addVerifiedBatch',
        [
          [fresh[0], fresh[0]],
          [newHash('1'), newHash('2')],
        ],
        'account is already verified',
      ],
      ['addVerifiedBatch', [fresh, [newHash('1'), ZeroHash]], 'verification hash is required'],
      [
        'addVerifiedBatch',
        [
          [fresh[0], ZeroAddress],
          [newHash('1'), newHash('2')],
        ],
        'account is the zero address',
      ],
      ['updateVerifiedBatch', [[listed], []], 'arrays have unequal lengths'],
      [
        'updateVerifiedBatch',
        [
          [listed, fresh[0]],
          [newHash('1'), newHash('2')],
        ],
        'account is not verified',
      ],
      ['removeVerifiedBatch', [[]], 'no addresses given'],
      ['removeVerifiedBatch', [[listed, fresh[1]]], 'account is not verified'],
    ];
    for (const [method, args, reason] of cases) await expectRevert(w, method, args, reason, state);
  });
});

describe('Whitelist malformed calldata', () => {
  it('rejects a batch whose address word carries dirty upper bits, storing nothing', async () => {
    const target = freshAddress('dirty', 1);
    const calldata = f.whitelist.interface.encodeFunctionData('addVerifiedBatch', [[target], [newHash('d')]]);
    const word = target.slice(2).toLowerCase().padStart(64, '0');
    const dirty = calldata.replace(word, `01${word.slice(2)}`);
    expect(dirty).not.toBe(calldata);
    await expect(f.wallets.level1.call({ to: f.whitelist.target, data: dirty })).rejects.toMatchObject({
      code: 'CALL_EXCEPTION',
    });
    const tx = await f.wallets.level1.sendTransaction({
      to: f.whitelist.target,
      data: dirty,
      gasLimit: 500_000,
    });
    await expect(tx.wait()).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });
    expect(await verified(target)).toBe(false);
  });
});

describe('Whitelist batch sizing', () => {
  it('fits a batch of the derived safe size under the transaction gas cap', async () => {
    const size = whitelistBatchSize();
    expect(size).toBeGreaterThan(100);
    const targets = Array.from({ length: size }, (_, i) => freshAddress('cap', i));
    const { receipt } = await send(
      f.as(f.whitelist, 'level1'),
      'addVerifiedBatch',
      targets,
      targets.map(kycHash),
    );
    expect(Number(receipt.gasUsed)).toBeLessThan(txGasCap - 31_500);
    expect(await verified(targets[size - 1]!)).toBe(true);
    // The dev chain enforces the cap: a batch twice as large runs out of gas at the largest gas limit allowed, and a gas
    // limit above the cap is refused outright. Nothing of the failed batch is stored.
    const twice = Array.from({ length: size * 2 }, (_, i) => freshAddress('over', i));
    const method = f.as(f.whitelist, 'level1').getFunction('addVerifiedBatch');
    const atCap = await method.send(twice, twice.map(kycHash), {
      gasLimit: txGasCap,
      gasPrice: 1_000_000_000n,
    });
    const failure = await atCap
      .wait()
      .catch((error: { receipt?: { gasUsed: bigint; status: number } }) => error);
    expect(failure).toMatchObject({ receipt: { status: 0, gasUsed: BigInt(txGasCap) } });
    expect(await verified(twice[0]!)).toBe(false);
    await expect(
      method.send(targets.slice(0, 1), [newHash('cap')], {
        gasLimit: txGasCap + 1,
        gasPrice: 1_000_000_000n,
      }),
    ).rejects.toThrow(/gas_limit > env.cfg.tx_gas_limit_cap/);
  });
});
