import { Contract, encodeBytes32String, ZeroAddress, ZeroHash } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  securitySchemeArtifact,
  securityTokenV2AdminArtifact,
  securityTokenV2Artifact,
  whitelistArtifact,
} from '../src/artifacts.ts';
import {
  deploy,
  deployV2Implementation,
  type Fixture,
  kycHash,
  partitionA,
  partitionB,
  type Role,
  startFixture,
} from '../scripts/fixture.ts';
import { readSource, v2Contracts } from '../scripts/layouts.ts';
import { chainSnapshots, expectRevert, send } from './helpers.ts';

const issueMany = 'issueByPartition(bytes32,address[],uint256[],bytes)';
const country = (code: string) => `0x${Buffer.from(code).toString('hex')}`;

let f: Fixture;
let token: Contract;
const snapshots = chainSnapshots(() => f.provider);
const addr = (role: Role) => f.wallets[role].address;
const as = (role: Role) => f.as(token, role);
const read = <T = unknown>(method: string, ...args: unknown[]): Promise<T> =>
  token.getFunction(method)(...args);

/** Every balance, rule and document of the token, as a holder, the console or the indexer reads them. */
async function everything() {
  const holders = (['holderA', 'holderB', 'operator', 'controller'] as const).map(addr);
  const reads: Promise<unknown>[] = [
    read('name'),
    read('symbol'),
    read('owner'),
    read('whitelist'),
    read('securityScheme'),
    read('controller'),
    read('totalSupply'),
    read<string[]>('allPartitions').then((list) => [...list]),
    ...holders.flatMap((holder) => [
      read('balanceOf', holder),
      read('balanceOfByPartition', partitionA, holder),
      read('balanceOfByPartition', partitionB, holder),
    ]),
    ...[ZeroHash, partitionA, partitionB].map((scope) =>
      read<[unknown[], string[]]>('rulesOf', scope).then(([rule, countries]) => [[...rule], [...countries]]),
    ),
    read('rulesActive'),
    read<string[]>('getAllDocuments').then((list) => [...list]),
    ...['Prospectus', 'Terms'].map((name) =>
      read<unknown[]>('getDocument', encodeBytes32String(name)).then((doc) => [...doc]),
    ),
    read('isOperator', addr('operator'), addr('holderA')),
  ];
  return Promise.all(reads);
}

beforeAll(async () => {
  f = await startFixture(2);
  token = f.token;
  await send(as('level2'), issueMany, partitionA, [addr('holderA'), addr('holderB')], [1000, 200], '0x');
  await send(as('level2'), issueMany, partitionB, [addr('holderA')], [50], '0x');
  await send(
    f.as(f.whitelist, 'level1'),
    'setCountryBatch',
    [addr('holderA'), addr('holderB'), addr('operator'), addr('controller')],
    [country('DE'), country('DE'), country('FR'), country('DE')],
  );
  const holders = [addr('holderA'), addr('holderB')].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  await send(as('owner'), 'setRules', ZeroHash, 10, 0, 0, 1000, 1, [country('DE'), country('FR')], holders);
  await send(as('owner'), 'setRules', partitionA, 5, 0, 1, 0, 0, [], []);
  await send(
    as('owner'),
    'setDocument',
    encodeBytes32String('Prospectus'),
    'ipfs://prospectus',
    kycHash(addr('owner')),
  );
  await send(
    as('owner'),
    'setDocument',
    encodeBytes32String('Terms'),
    'https://acme.example/terms',
    ZeroHash,
  );
  await send(as('holderA'), 'authorizeOperator', addr('operator'));
  expect(await read('rulesActive')).toBe(true);
});
afterAll(() => f.stop());
beforeEach(() => snapshots.take());
afterEach(() => snapshots.restore());

describe('SecurityTokenV2 upgrades', () => {
  it('upgrades a token holding balances, rules and documents to a newer registered implementation after the owner’s delay, and keeps all of them', async () => {
    const before = await everything();
    // A newer implementation: version 2 with a function of its own (built here, as a later release would be).
    const newer = v2Contracts((file) =>
      file === 'SecurityTokenV2Admin.sol'
        ? readSource(file).replace(
            /\n}\n$/,
            '\n\n    function releaseName() external pure returns (string memory) {\n        return "v2.1";\n    }\n}\n',
          )
        : readSource(file),
    );
    const { implementation } = await deployV2Implementation(
      f.v2.factory,
      f.wallets.owner,
      newer.admin,
      newer.core,
    );
    const next = await implementation.getAddress();
    const release = new Contract(await token.getAddress(), newer.admin.abi, f.provider);
    await expect(release.getFunction('releaseName')()).rejects.toThrow();
    expect(await read('implementation')).toBe(await f.v2.implementation.getAddress());

    for (const role of ['holderA', 'level2', 'op', 'controller'] as const) {
      await expectRevert(as(role), 'setUpgradeDelay', [3600], 'caller is not the token owner');
      await expectRevert(as(role), 'scheduleUpgrade', [next], 'caller is not the token owner');
    }
    // A delay beyond ten years could wrap the stored time to an earlier one: refused.
    await expectRevert(as('owner'), 'setUpgradeDelay', [2n ** 64n - 1n], 'upgrade delay is too long');
    await expectRevert(as('owner'), 'setUpgradeDelay', [3650 * 86400 + 1], 'upgrade delay is too long');
    expect((await send(as('owner'), 'setUpgradeDelay', 3600)).events).toEqual([
      { name: 'UpgradeDelaySet', args: { delay: 3600n } },
    ]);
    await expectRevert(as('owner'), 'upgradeToAndCall', [next, '0x'], 'upgrade is not scheduled');
    const { receipt, events } = await send(as('owner'), 'scheduleUpgrade', next);
    const scheduledAt = (await f.provider.getBlock(receipt.blockNumber))!.timestamp;
    expect(events).toEqual([
      { name: 'UpgradeScheduled', args: { implementation: next, readyAt: BigInt(scheduledAt + 3600) } },
    ]);
    expect([...(await read<unknown[]>('scheduledUpgrade'))]).toEqual([next, BigInt(scheduledAt + 3600)]);
    await expectRevert(as('owner'), 'upgradeToAndCall', [next, '0x'], 'upgrade delay has not passed');
    await f.provider.send('evm_increaseTime', [3600]);
    await f.provider.send('evm_mine', []);
    await expectRevert(as('holderA'), 'upgradeToAndCall', [next, '0x'], 'caller is not the token owner');
    expect((await send(as('owner'), 'upgradeToAndCall', next, '0x')).events).toEqual([
      { name: 'Upgraded', args: { implementation: next } },
    ]);
    expect(await read('implementation')).toBe(next);
    expect(await release.getFunction('releaseName')()).toBe('v2.1');
    expect([...(await read<unknown[]>('scheduledUpgrade'))]).toEqual([ZeroAddress, 0n]);
    expect(await everything()).toEqual(before);
    // And the token keeps working, rules included: a transfer that breaks the token's maximum is refused.
    await send(as('holderA'), 'transferByPartition', partitionA, addr('holderB'), 100, '0x');
    expect(await read('balanceOfByPartition', partitionA, addr('holderB'))).toBe(300n);
    await expectRevert(
      as('holderA'),
      'transferByPartition',
      [partitionA, addr('holderB'), 750, '0x'],
      'holding above token maximum',
    );
    // Compiling the newer implementation takes most of it (both halves, on 2 shared cores).
  }, 240_000);

  it('refuses an implementation the registry does not hold, and a delay of zero still needs the schedule', async () => {
    const { contract: admin } = await deploy(securityTokenV2AdminArtifact, f.wallets.stranger);
    const { contract: stray } = await deploy(
      securityTokenV2Artifact,
      f.wallets.stranger,
      await admin.getAddress(),
    );
    const strayAddress = await stray.getAddress();
    await expectRevert(as('owner'), 'scheduleUpgrade', [strayAddress], 'implementation is not registered');
    await expectRevert(
      f.as(f.v2.factory, 'stranger'),
      'register',
      [strayAddress],
      'caller is not the factory owner',
    );
    const { implementation } = await deployV2Implementation(f.v2.factory, f.wallets.owner);
    const next = await implementation.getAddress();
    expect(await read('upgradeDelay')).toBe(0n);
    await send(as('owner'), 'scheduleUpgrade', next);
    await send(as('owner'), 'upgradeToAndCall', next, '0x');
    expect(await read('implementation')).toBe(next);
  });
});

describe('SecurityTokenV2 rotation', () => {
  it('moves ownership in two steps: propose, then the new owner accepts', async () => {
    await expectRevert(
      as('stranger'),
      'transferOwnership',
      [addr('stranger')],
      'caller is not the token owner',
    );
    expect((await send(as('owner'), 'transferOwnership', addr('op'))).events).toEqual([
      { name: 'OwnershipTransferStarted', args: { previousOwner: addr('owner'), newOwner: addr('op') } },
    ]);
    expect(await read('pendingOwner')).toBe(addr('op'));
    expect(await read('owner')).toBe(addr('owner'));
    await expectRevert(as('stranger'), 'acceptOwnership', [], 'caller is not the pending owner');
    expect((await send(as('op'), 'acceptOwnership')).events).toEqual([
      { name: 'OwnershipTransferred', args: { previousOwner: addr('owner'), newOwner: addr('op') } },
    ]);
    expect(await read('owner')).toBe(addr('op'));
    expect(await read('pendingOwner')).toBe(ZeroAddress);
    await expectRevert(
      as('owner'),
      'setDocument',
      [encodeBytes32String('Late'), 'ipfs://late', ZeroHash],
      'caller is not the token owner',
    );
    await send(as('op'), 'setDocument', encodeBytes32String('Late'), 'ipfs://late', ZeroHash);
  });

  it('replaces the whitelist and the security scheme (owner only, with events); the new ones rule from the next call', async () => {
    const { contract: scheme } = await deploy(securitySchemeArtifact, f.wallets.owner, addr('owner'));
    const { contract: whitelist } = await deploy(
      whitelistArtifact,
      f.wallets.owner,
      'Second whitelist',
      addr('owner'),
      await scheme.getAddress(),
    );
    const assetId: string = await scheme.getFunction('assetId')();
    await send(f.as(scheme, 'owner'), 'grantOperator', addr('owner'), assetId);
    await send(f.as(scheme, 'owner'), 'grantLevel1', addr('owner'));
    await send(
      f.as(whitelist, 'owner'),
      'addVerifiedInCountry',
      addr('holderB'),
      kycHash(addr('holderB')),
      country('DE'),
    );
    const newWhitelist = await whitelist.getAddress();
    const newScheme = await scheme.getAddress();
    await expectRevert(as('holderA'), 'setWhitelist', [newWhitelist], 'caller is not the token owner');
    await expectRevert(as('owner'), 'setWhitelist', [addr('holderA')], 'whitelist is not a contract');
    expect((await send(as('owner'), 'setWhitelist', newWhitelist)).events).toEqual([
      {
        name: 'WhitelistReplaced',
        args: { previousWhitelist: await f.whitelist.getAddress(), newWhitelist },
      },
    ]);
    expect(await read('whitelist')).toBe(newWhitelist);
    // holderA is verified only in the old whitelist: it may no longer receive, nor (version 2.1, issue 36) send.
    await expectRevert(
      as('holderA'),
      'transferByPartition',
      [partitionA, addr('holderB'), 10, '0x'],
      'sender is not verified in the whitelist',
    );
    await expectRevert(
      as('holderB'),
      'transferByPartition',
      [partitionA, addr('holderA'), 1, '0x'],
      'receiver is not verified in the whitelist',
    );
    await expectRevert(as('level2'), 'setSecurityScheme', [newScheme], 'caller is not the token owner');
    expect((await send(as('owner'), 'setSecurityScheme', newScheme)).events).toEqual([
      {
        name: 'SecuritySchemeReplaced',
        args: { previousScheme: await f.scheme.getAddress(), newScheme },
      },
    ]);
    expect(await read('securityScheme')).toBe(newScheme);
    // level2 of the old scheme may no longer pause.
    await expectRevert(as('level2'), 'pause', [], 'caller is not allowed to pause token trading');
  });
});
