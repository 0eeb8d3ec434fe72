import { Contract, Interface, ZeroAddress } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { securityTokenV2Abi, tokenFactoryArtifact } from '../src/artifacts.ts';
import { deploy, deployV2Implementation, type Fixture, type Role, startFixture } from '../scripts/fixture.ts';
import { chainSnapshots, eventsOf, expectRevert, send } from './helpers.ts';

let f: Fixture;
let factory: Contract;
const snapshots = chainSnapshots(() => f.provider);
const addr = (role: Role) => f.wallets[role].address;
const token = new Interface(securityTokenV2Abi);

async function createArgs(
  overrides: Partial<Record<'name' | 'symbol' | 'owner' | 'whitelist' | 'scheme', string>> = {},
) {
  return [
    overrides.name ?? 'Acme Shares',
    overrides.symbol ?? 'ACME',
    overrides.owner ?? addr('owner'),
    addr('controller'),
    overrides.whitelist ?? (await f.whitelist.getAddress()),
    overrides.scheme ?? (await f.scheme.getAddress()),
  ];
}

beforeAll(async () => {
  f = await startFixture(2);
  factory = f.v2.factory;
});
afterAll(() => f.stop());
beforeEach(() => snapshots.take());
afterEach(() => snapshots.restore());

describe('TokenFactory', () => {
  it('deploys an initialized token in one transaction on the newest registered implementation', async () => {
    const implementation = await f.v2.implementation.getAddress();
    expect([...(await factory.getFunction('implementations')())]).toEqual([implementation]);
    const { receipt, events } = await send(f.as(factory, 'stranger'), 'createToken', ...(await createArgs()));
    expect(Number(receipt.gasUsed)).toBeLessThanOrEqual(500_000);
    const created = events.find((event) => event.name === 'TokenCreated')!;
    expect(created.args).toMatchObject({ implementation, owner: addr('owner') });
    const address = created.args.token as string;
    const proxy = f.as(new Contract(address, securityTokenV2Abi, f.provider), 'stranger');
    // The proxy logs ERC-1967's Upgraded to its first implementation, and OpenZeppelin's Initialized(1).
    expect(eventsOf(proxy, receipt)).toEqual([
      { name: 'Upgraded', args: { implementation } },
      { name: 'Initialized', args: { version: 1n } },
    ]);
    const read = (method: string) => proxy.getFunction(method)();
    expect(await read('name')).toBe('Acme Shares');
    expect(await read('symbol')).toBe('ACME');
    expect(await read('decimals')).toBe(0n);
    expect(await read('owner')).toBe(addr('owner'));
    expect(await read('controller')).toBe(addr('controller'));
    expect(await read('isControllable')).toBe(true);
    expect(await read('whitelist')).toBe(await f.whitelist.getAddress());
    expect(await read('securityScheme')).toBe(await f.scheme.getAddress());
    expect(await read('registry')).toBe(await factory.getAddress());
    expect(await read('implementation')).toBe(implementation);
    expect(await read('totalSupply')).toBe(0n);

    // A newer registered implementation is the one the next token gets.
    const { implementation: newer } = await deployV2Implementation(factory, f.wallets.owner);
    expect(await factory.getFunction('latestImplementation')()).toBe(await newer.getAddress());
  });

  it('refuses what version 1’s constructor refuses, with the same reasons', async () => {
    const by = f.as(factory, 'owner');
    await expectRevert(by, 'createToken', await createArgs({ name: '' }), 'token name is required');
    await expectRevert(by, 'createToken', await createArgs({ symbol: '' }), 'token symbol is required');
    await expectRevert(
      by,
      'createToken',
      await createArgs({ owner: ZeroAddress }),
      'owner is the zero address',
    );
    await expectRevert(
      by,
      'createToken',
      await createArgs({ whitelist: addr('holderA') }),
      'whitelist is not a contract',
    );
    await expectRevert(
      by,
      'createToken',
      await createArgs({ scheme: addr('holderA') }),
      'security scheme is not a contract',
    );
  });

  it('lets nobody initialize a token twice or an implementation at all', async () => {
    const initialize = 'initialize(string,string,address,address,address,address,address)';
    const args = [...(await createArgs({ owner: addr('stranger') })), addr('stranger')];
    const invalidInitialization = token.getError('InvalidInitialization')!.selector;
    for (const target of [f.token, f.v2.implementation, f.v2.adminImplementation]) {
      const contract = new Contract(await target.getAddress(), securityTokenV2Abi, f.wallets.stranger);
      await expect(contract.getFunction(initialize).staticCall(...args)).rejects.toMatchObject({
        data: invalidInitialization,
      });
    }
    expect(await f.token.getFunction('owner')()).toBe(addr('owner'));
    await expectRevert(f.token, 'proxiableUUID', [], 'must not be called through a proxy');
  });

  it('registers implementations for its owner only, each once, and creates nothing before the first', async () => {
    const implementation = await f.v2.implementation.getAddress();
    await expectRevert(
      f.as(factory, 'stranger'),
      'register',
      [implementation],
      'caller is not the factory owner',
    );
    await expectRevert(
      f.as(factory, 'owner'),
      'register',
      [implementation],
      'implementation is registered already',
    );
    await expectRevert(
      f.as(factory, 'owner'),
      'register',
      [addr('holderA')],
      'implementation is not a contract',
    );
    const { contract: empty } = await deploy(tokenFactoryArtifact, f.wallets.owner, addr('owner'));
    await expectRevert(empty, 'createToken', await createArgs(), 'no implementation is registered');
  });
});
