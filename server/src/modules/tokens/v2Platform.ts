import type { TokenV2Platform } from '@tranche/api';
import {
  securityTokenV2AdminArtifact,
  securityTokenV2Artifact,
  tokenFactoryArtifact,
} from '@tranche/contracts';
import { and, eq } from 'drizzle-orm';
import { Contract, ContractFactory, toQuantity, Wallet } from 'ethers';
import { localPlatformKey } from './platformKey.ts';
import type { AppContext } from '../../context.ts';
import { deployedContracts } from '../../db/schema.ts';
import { sendSigned } from '../rbac/chainCalls.ts';

type Ctx = Pick<AppContext, 'db' | 'chain'>;

export { localPlatformKey };

/** deployed_contracts kinds of the platform's version 2 contracts. */
const kinds = {
  factory: 'tokenV2Factory',
  implementation: 'tokenV2Implementation',
  admin: 'tokenV2Admin',
} as const;

const factoryOf = (ctx: Ctx, address: string) =>
  new Contract(address, tokenFactoryArtifact.abi, ctx.chain.provider);

/** Where the factory at `factory` stands: its registered implementations (oldest first) and the newest's admin half. */
async function readPlatform(ctx: Ctx, factory: string): Promise<TokenV2Platform> {
  const contract = factoryOf(ctx, factory);
  const implementations = ((await contract.getFunction('implementations')()) as string[]).map((a) =>
    a.toLowerCase(),
  );
  const implementation = implementations.at(-1) ?? null;
  const admin = implementation
    ? (
        (await new Contract(implementation, securityTokenV2Artifact.abi, ctx.chain.provider).getFunction(
          'adminImplementation',
        )()) as string
      ).toLowerCase()
    : null;
  const owner = ((await contract.getFunction('owner')()) as string).toLowerCase();
  return { factory: factory.toLowerCase(), implementation, admin, implementations, owner };
}

/** The factory recorded for this chain (local mode), if any. */
async function recordedFactory(ctx: Ctx): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ address: deployedContracts.address })
    .from(deployedContracts)
    .where(and(eq(deployedContracts.chainId, ctx.chain.chainId), eq(deployedContracts.kind, kinds.factory)))
    .limit(1);
  return row?.address;
}

async function deployContract(
  ctx: Ctx,
  key: string,
  artifact: { abi: unknown; bytecode: string },
  args: unknown[],
) {
  const { data } = await new ContractFactory(artifact.abi as never, artifact.bytecode).getDeployTransaction(
    ...args,
  );
  const receipt = await sendSigned(ctx, key, { data });
  if (!receipt.contractAddress) throw new Error('The deployment created no contract');
  return { address: receipt.contractAddress.toLowerCase(), hash: receipt.hash };
}

/**
 * Deploys version 2's implementation (the admin half, then the balances half naming it) with `key` and registers it
 * in `factory` (owned by that key). Answers the balances half's address (what the factory and upgrades name).
 */
export async function deployImplementation(
  ctx: Ctx,
  key: string,
  factory: string,
): Promise<{ implementation: { address: string; hash: string }; admin: { address: string; hash: string } }> {
  const admin = await deployContract(ctx, key, securityTokenV2AdminArtifact, []);
  const implementation = await deployContract(ctx, key, securityTokenV2Artifact, [admin.address]);
  await sendSigned(ctx, key, {
    to: factory,
    data: factoryOf(ctx, factory).interface.encodeFunctionData('register', [implementation.address]),
  });
  return { implementation, admin };
}

/**
 * Deploys the factory (owned by `key`'s address) and its first implementation: the once-per-chain deployment of
 * version 2 (local mode at start, `pnpm --filter @tranche/server token-v2` on an external chain).
 */
export async function deployPlatform(ctx: Ctx, key: string) {
  const owner = new Wallet(key).address;
  const factory = await deployContract(ctx, key, tokenFactoryArtifact, [owner]);
  const { implementation, admin } = await deployImplementation(ctx, key, factory.address);
  return { factory, implementation, admin };
}

let localDeployment: Promise<string> | undefined;
let localRpcUrl: string | undefined;

/** Local mode: deploys the platform with its own key (funded by the embedded chain) and records it. */
async function deployLocal(ctx: Ctx): Promise<string> {
  const owner = new Wallet(localPlatformKey).address;
  if ((await ctx.chain.provider.getBalance(owner)) < 10n ** 18n) {
    await ctx.chain.provider.send('anvil_setBalance', [owner, toQuantity(100n * 10n ** 18n)]);
  }
  const { factory, implementation, admin } = await deployPlatform(ctx, localPlatformKey);
  await ctx.db
    .insert(deployedContracts)
    .values([
      {
        chainId: ctx.chain.chainId,
        address: admin.address,
        kind: kinds.admin,
        name: 'SecurityTokenV2Admin',
        transactionHash: admin.hash,
      },
      {
        chainId: ctx.chain.chainId,
        address: implementation.address,
        kind: kinds.implementation,
        name: 'SecurityTokenV2',
        transactionHash: implementation.hash,
      },
      {
        chainId: ctx.chain.chainId,
        address: factory.address,
        kind: kinds.factory,
        name: 'TokenFactory',
        transactionHash: factory.hash,
      },
    ])
    .onConflictDoNothing();
  return factory.address;
}

/**
 * The factory of this chain: TOKEN_FACTORY_ADDRESS when set, else the one recorded; in local mode deployed when there
 * is none (once per process: concurrent callers share the deployment). Undefined on an external chain without one.
 */
export async function tokenFactoryAddress(
  ctx: Ctx,
  options: { deploy?: boolean } = {},
): Promise<string | undefined> {
  const configured = process.env.TOKEN_FACTORY_ADDRESS?.trim();
  if (configured) return configured.toLowerCase();
  const known = await recordedFactory(ctx);
  if (known) return known;
  if (!ctx.chain.local || options.deploy === false) return undefined;
  if (!localDeployment || localRpcUrl !== ctx.chain.rpcUrl) {
    localRpcUrl = ctx.chain.rpcUrl;
    localDeployment = deployLocal(ctx).catch((error) => {
      localDeployment = undefined;
      throw error;
    });
  }
  const deployed = await localDeployment;
  // Another app on another database (tests) may share this process: each records its own deployment.
  return (await recordedFactory(ctx)) ?? (await recordLocal(ctx, deployed));
}

/** Records a deployment made by this process for another database of the same chain. */
async function recordLocal(ctx: Ctx, factory: string): Promise<string> {
  const platform = await readPlatform(ctx, factory);
  const rows = [
    { address: factory, kind: kinds.factory, name: 'TokenFactory' },
    ...(platform.implementation
      ? [{ address: platform.implementation, kind: kinds.implementation, name: 'SecurityTokenV2' }]
      : []),
    ...(platform.admin ? [{ address: platform.admin, kind: kinds.admin, name: 'SecurityTokenV2Admin' }] : []),
  ];
  await ctx.db
    .insert(deployedContracts)
    .values(rows.map((row) => ({ ...row, chainId: ctx.chain.chainId, transactionHash: null })))
    .onConflictDoNothing();
  return factory;
}

/** GET /config's `tokenV2`: where version 2 lives on this chain, or null when it is not deployed here. */
export async function tokenV2Platform(ctx: Ctx): Promise<TokenV2Platform | null> {
  const factory = await tokenFactoryAddress(ctx, { deploy: false });
  if (!factory || !(await ctx.chain.hasCode(factory))) return null;
  return readPlatform(ctx, factory);
}

/** The platform, deployed first in local mode; null on an external chain without a factory. */
export async function requireTokenV2Platform(ctx: Ctx): Promise<TokenV2Platform | null> {
  const factory = await tokenFactoryAddress(ctx);
  if (!factory) return null;
  return readPlatform(ctx, factory);
}
