import { distributionMessages as m } from '@tranche/api';
import { devAccountKeys, distributorArtifact, testStableTokenArtifact } from '@tranche/contracts';
import { ContractFactory, keccak256, toUtf8Bytes, Wallet } from 'ethers';
import { HttpError } from '../../errors.ts';
import { sendSigned } from '../rbac/service.ts';
import { type Ctx, erc20Interface } from './distributor.ts';
import { contractAddressOf, saveContractAddress } from './repository.ts';

/** Local mode: the embedded chain's first development account deploys the Distributor and the test stable token. */
const localDeployerKey: string = devAccountKeys[0];
/** What `npm start` mints to the demo account: 1,000,000,000 test dollars (6 decimals). */
export const demoStableMint = 1_000_000_000n * 10n ** 6n;
/**
 * The reserve that funds each account's own development account with tUSD (local/devAccount.ts): a key of its own,
 * so that funding never takes a nonce of the chain's first account, which the demo, a developer's browser and the
 * tests send from at the same time.
 */
export const localTusdReserveKey: string = keccak256(
  toUtf8Bytes('tranche: local development accounts tUSD reserve'),
);
export const localTusdReserveAddress = new Wallet(localTusdReserveKey).address.toLowerCase();
/** 1,000,000,000,000 test dollars: a million development accounts' worth. */
export const localTusdReserve = 1_000_000_000_000n * 10n ** 6n;

async function deployLocal(ctx: Ctx, kind: 'distributor' | 'testStableToken'): Promise<string> {
  const artifact = kind === 'distributor' ? distributorArtifact : testStableTokenArtifact;
  const args = kind === 'distributor' ? [] : ['Test USD', 'tUSD'];
  const { data } = await new ContractFactory(artifact.abi, artifact.bytecode).getDeployTransaction(...args);
  const receipt = await sendSigned(ctx, localDeployerKey, { data });
  if (!receipt.contractAddress) throw new Error(`${artifact.contractName} was not deployed`);
  const address = receipt.contractAddress.toLowerCase();
  await saveContractAddress(ctx.db, ctx.chain.chainId, kind, address);
  return (await contractAddressOf(ctx.db, ctx.chain.chainId, kind)) ?? address;
}

/** The Distributor of this chain; in local mode deployed on first use. */
export async function distributorAddress(ctx: Ctx): Promise<string> {
  const known = await contractAddressOf(ctx.db, ctx.chain.chainId, 'distributor');
  if (known && (await ctx.chain.hasCode(known))) return known;
  if (!ctx.chain.local) throw new HttpError(409, m.noDistributor);
  return deployLocal(ctx, 'distributor');
}

/** Local mode at start: the Distributor, and the test stable token minted to `holder` (the demo account). */
export async function seedLocalDistributions(ctx: Ctx, holder: string): Promise<string> {
  await distributorAddress(ctx);
  const known = await contractAddressOf(ctx.db, ctx.chain.chainId, 'testStableToken');
  if (known && (await ctx.chain.hasCode(known))) return known;
  const token = await deployLocal(ctx, 'testStableToken');
  await sendSigned(ctx, localDeployerKey, {
    to: token,
    data: erc20Interface.encodeFunctionData('mint', [holder, demoStableMint]),
  });
  await sendSigned(ctx, localDeployerKey, {
    to: token,
    data: erc20Interface.encodeFunctionData('mint', [localTusdReserveAddress, localTusdReserve]),
  });
  return token;
}

export async function testStableTokenAddress(ctx: Ctx): Promise<string | null> {
  if (!ctx.chain.local) return null;
  return (await contractAddressOf(ctx.db, ctx.chain.chainId, 'testStableToken')) ?? null;
}
