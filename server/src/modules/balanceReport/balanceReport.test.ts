import {
  type ContractArtifact,
  type DevChain,
  devAccountKeys,
  securitySchemeArtifact,
  securityTokenArtifact,
  toBytes32Name,
  whitelistArtifact,
} from '@tranche/contracts';
import { type BaseContract, ContractFactory, JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { insertAccount } from '../accounts/repository.ts';
import { partitions } from '../partitions/schema.ts';
import { insertProject } from '../projects/repository.ts';
import { projectStatus } from '../projects/schema.ts';

let chain: DevChain;
let provider: JsonRpcProvider;
let owner: NonceManager;
let schemeAddress: string;
let whitelistAddress: string;
const investor = Wallet.createRandom().address.toLowerCase();
const bystander = Wallet.createRandom().address.toLowerCase();

async function deploy(artifact: ContractArtifact, ...args: unknown[]): Promise<BaseContract> {
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, owner);
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  return contract;
}

async function send(contract: BaseContract, signature: string, ...args: unknown[]) {
  const response = await contract.getFunction(signature).send(...args);
  await response.wait();
}

/** A token on the dev chain with `holdings` issued to the investor (partition name to amount). */
async function deployToken(symbol: string, holdings: Record<string, bigint>): Promise<string> {
  const ownerAddress = await owner.getAddress();
  const token = await deploy(
    securityTokenArtifact,
    `${symbol} token`,
    symbol,
    ownerAddress,
    ownerAddress,
    whitelistAddress,
    schemeAddress,
  );
  for (const [partition, amount] of Object.entries(holdings)) {
    await send(
      token,
      'issueByPartition(bytes32,address,uint256,bytes)',
      toBytes32Name(partition),
      investor,
      amount,
      '0x',
    );
  }
  return (await token.getAddress()).toLowerCase();
}

beforeAll(async () => {
  chain = await startTestChain();
  provider = new JsonRpcProvider(chain.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  owner = new NonceManager(new Wallet(devAccountKeys[3], provider));
  const ownerAddress = await owner.getAddress();
  const scheme = await deploy(securitySchemeArtifact, ownerAddress);
  schemeAddress = await scheme.getAddress();
  await send(scheme, 'grantOperator', ownerAddress, await scheme.getFunction('assetId').staticCall());
  await send(scheme, 'grantLevel1', ownerAddress);
  await send(scheme, 'grantLevel2', ownerAddress);
  const whitelist = await deploy(whitelistArtifact, 'Balance test list', ownerAddress, schemeAddress);
  whitelistAddress = await whitelist.getAddress();
  await send(whitelist, 'addVerified', investor, `0x${'11'.repeat(32)}`);
});
afterAll(async () => {
  provider.destroy();
  await chain.stop();
});

describe.each(databaseKinds)('GET /balanceof on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let alpha: string;
  let beta: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
    const account = await insertAccount(t.ctx.db, {
      loginName: 'reporter@example.com',
      emailAddress: 'reporter@example.com',
      profileName: 'Reporter',
      passwordHash: 'unused',
      confirmedOn: new Date(),
    });
    headers = {
      authorization: `Bearer ${await t.ctx.sessions.issue({ accountId: account?.id ?? 0, sessionVersion: 1 })}`,
    };
    alpha = await deployToken(`ALP${kind.length}`, { common: 100n, preferred: 25n });
    beta = await deployToken(`BET${kind.length}`, { common: 7n });
    const empty = await deployToken(`EMP${kind.length}`, {});
    await t.ctx.db
      .insert(partitions)
      .values({ name: 'preferred', description: 'Preferred shares', value: toBytes32Name('preferred') });
    await insertProject(t.ctx.db, {
      projectCode: `ALP${kind.length}`,
      projectName: 'Alpha Fund',
      status: projectStatus.deployed,
      contractAddress: alpha,
    });
    await insertProject(t.ctx.db, {
      projectCode: `BET${kind.length}`,
      projectName: 'Beta Bond',
      status: projectStatus.deployed,
      contractAddress: beta,
    });
    await insertProject(t.ctx.db, {
      projectCode: `EMP${kind.length}`,
      projectName: 'Empty',
      status: projectStatus.deployed,
      contractAddress: empty,
    });
    // A draft has no contract: never read.
    await insertProject(t.ctx.db, { projectCode: `DRA${kind.length}`, projectName: 'Draft only' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every token the address holds with its balance in each partition, read from the chain', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/balanceof/${investor.toUpperCase().replace('0X', '0x')}`,
      headers,
    });
    expect(answer.json()).toEqual({
      statusCode: 200,
      data: [
        {
          projectCode: `ALP${kind.length}`,
          projectName: 'Alpha Fund',
          contractAddress: alpha,
          projectStatusDescription: 'Deployed',
          balanceInfo: [
            { partition: 'common', description: 'common', balance: '100', unconfirmed: false },
            { partition: 'preferred', description: 'Preferred shares', balance: '25', unconfirmed: false },
          ],
        },
        {
          projectCode: `BET${kind.length}`,
          projectName: 'Beta Bond',
          contractAddress: beta,
          projectStatusDescription: 'Deployed',
          balanceInfo: [{ partition: 'common', description: 'common', balance: '7', unconfirmed: false }],
        },
      ],
    });
  });

  it('answers an empty list for an address without tokens, and the spec texts for bad addresses', async () => {
    const none = await t.app.inject({ method: 'GET', url: `/api/balanceof/${bystander}`, headers });
    expect(none.json()).toEqual({ statusCode: 200, data: [] });
    const invalid = await t.app.inject({ method: 'GET', url: '/api/balanceof/0x1234', headers });
    expect(invalid.json()).toEqual({
      statusCode: 400,
      error: { message: 'The Ethereum address specified is invalid' },
    });
    const blank = await t.app.inject({ method: 'GET', url: '/api/balanceof/%20', headers });
    expect(blank.json()).toEqual({ statusCode: 400, error: { message: 'The Ethereum address is required' } });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/balanceof/${investor}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
