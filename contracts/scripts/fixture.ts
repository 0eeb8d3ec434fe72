import {
  Contract,
  ContractFactory,
  type ContractTransactionResponse,
  getAddress,
  type InterfaceAbi,
  JsonRpcProvider,
  keccak256,
  toUtf8Bytes,
  Wallet,
  zeroPadValue,
  type TransactionReceipt,
} from 'ethers';
import {
  securitySchemeArtifact,
  securitySchemeV2Artifact,
  securityTokenArtifact,
  securityTokenV2Abi,
  securityTokenV2AdminArtifact,
  securityTokenV2Artifact,
  tokenFactoryArtifact,
  whitelistArtifact,
} from '../src/artifacts.ts';
import { devAccountKeys, devChainId, type DevChain, startDevChain } from '../src/devChain.ts';
import { toBytes32Name } from '../src/names.ts';

type Artifact = { abi: InterfaceAbi; bytecode: string };

/** Named dev accounts (Anvil's deterministic keys) used by the tests and the gas report. */
export const roleIndexes = {
  owner: 0,
  op: 1,
  level1: 2,
  level2: 3,
  controller: 4,
  holderA: 5,
  holderB: 6,
  operator: 7,
  stranger: 8,
  unverified: 9,
} as const;
export type Role = keyof typeof roleIndexes;

/** The token codebases the tests run against: 1 SecurityToken (immutable), 2 SecurityTokenV2 behind a proxy. */
export type TokenVersion = 1 | 2;
export const tokenVersions: readonly TokenVersion[] = [1, 2];

/** Version 2's per-chain deployments: the two implementation halves and the factory (registry). */
export type V2Deployment = { factory: Contract; implementation: Contract; adminImplementation: Contract };

export type Fixture = {
  version: TokenVersion;
  /** Version 2's factory and implementations (deployed once per chain even for a version 1 fixture). */
  v2: V2Deployment;
  chain: DevChain;
  provider: JsonRpcProvider;
  wallets: Record<Role, Wallet>;
  scheme: Contract;
  whitelist: Contract;
  token: Contract;
  /** Deploys a further token on the same scheme and whitelist (owner and controller from the fixture). */
  deployToken: (controller?: string) => Promise<{ token: Contract; receipt: TransactionReceipt }>;
  as: (contract: Contract, role: Role | Wallet) => Contract;
  stop: () => Promise<void>;
};

export const partitionA = encodePartition('Common');
export const partitionB = encodePartition('Preferred');

/** A partition name as bytes32 (UTF-8, right-padded). */
export function encodePartition(name: string): string {
  return toBytes32Name(name);
}

/** Deterministic, realistic (full-entropy) addresses that hold no keys: the n-th fresh investor. */
export function freshAddress(seed: string, index: number): string {
  return getAddress(`0x${keccak256(toUtf8Bytes(`${seed}:${index}`)).slice(26)}`);
}

/** A fake KYC record hash for an address. */
export function kycHash(address: string): string {
  return keccak256(zeroPadValue(address, 32));
}

export async function mined(tx: Promise<ContractTransactionResponse>): Promise<TransactionReceipt> {
  const receipt = await (await tx).wait();
  if (receipt?.status !== 1) throw new Error('transaction failed');
  return receipt;
}

export async function deploy(
  artifact: Artifact,
  signer: Wallet,
  ...args: unknown[]
): Promise<{ contract: Contract; receipt: TransactionReceipt }> {
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, signer);
  const deployed = await factory.deploy(...args);
  const receipt = await deployed.deploymentTransaction()?.wait();
  if (receipt?.status !== 1 || !receipt.contractAddress) throw new Error('deployment failed');
  return { contract: new Contract(receipt.contractAddress, artifact.abi, signer), receipt };
}

/**
 * Starts a dev chain and deploys a scheme (owner; op as security manager; level1 and level2 granted), a whitelist
 * verifying holderA, holderB, operator and controller, and a controllable token.
 */
export async function startFixture(
  version: TokenVersion = 1,
  schemeVersion: 1 | 2 = 1,
  chainOptions: { stepsTracing?: boolean } = {},
): Promise<Fixture> {
  const chain = await startDevChain({ enforceTxGasCap: true, ...chainOptions });
  try {
    return await setUp(chain, version, schemeVersion);
  } catch (error) {
    // Never leave the node running when deployment fails.
    await chain.stop();
    throw error;
  }
}

/** Deploys version 2's implementation (admin half, then balances half) and registers it in `factory`. */
export async function deployV2Implementation(
  factory: Contract,
  signer: Wallet,
  admin: Artifact = securityTokenV2AdminArtifact,
  core: Artifact = securityTokenV2Artifact,
): Promise<{ implementation: Contract; adminImplementation: Contract }> {
  const { contract: adminImplementation } = await deploy(admin, signer);
  const { contract: implementation } = await deploy(core, signer, await adminImplementation.getAddress());
  await mined(
    (factory.connect(signer) as Contract).getFunction('register')(await implementation.getAddress()),
  );
  return { implementation, adminImplementation };
}

async function setUp(chain: DevChain, version: TokenVersion, schemeVersion: 1 | 2): Promise<Fixture> {
  const provider = new JsonRpcProvider(chain.rpcUrl, devChainId, {
    staticNetwork: true,
    pollingInterval: 20,
    cacheTimeout: -1,
  });
  const wallets = Object.fromEntries(
    Object.entries(roleIndexes).map(([role, index]) => [role, new Wallet(devAccountKeys[index], provider)]),
  ) as Record<Role, Wallet>;
  const as = (contract: Contract, role: Role | Wallet) =>
    contract.connect(typeof role === 'string' ? wallets[role] : role) as Contract;

  const { contract: scheme } = await deploy(
    schemeVersion === 2 ? securitySchemeV2Artifact : securitySchemeArtifact,
    wallets.owner,
    wallets.owner.address,
  );
  const assetId: string = await scheme.getFunction('assetId')();
  await mined(as(scheme, 'owner').getFunction('grantOperator')(wallets.op.address, assetId));
  await mined(as(scheme, 'op').getFunction('grantLevel1')(wallets.level1.address));
  await mined(as(scheme, 'op').getFunction('grantLevel2')(wallets.level2.address));
  const { contract: whitelist } = await deploy(
    whitelistArtifact,
    wallets.owner,
    'Default whitelist',
    wallets.owner.address,
    await scheme.getAddress(),
  );
  const verified = [wallets.holderA, wallets.holderB, wallets.operator, wallets.controller].map(
    (w) => w.address,
  );
  await mined(as(whitelist, 'level1').getFunction('addVerifiedBatch')(verified, verified.map(kycHash)));

  const { contract: factory } = await deploy(tokenFactoryArtifact, wallets.owner, wallets.owner.address);
  const v2 = { factory, ...(await deployV2Implementation(factory, wallets.owner)) };

  const deployToken = async (controller: string = wallets.controller.address) => {
    if (version === 2) {
      const tx = await (factory.connect(wallets.owner) as Contract).getFunction('createToken')(
        'Acme Shares',
        'ACME',
        wallets.owner.address,
        controller,
        await whitelist.getAddress(),
        await scheme.getAddress(),
      );
      const receipt = await mined(Promise.resolve(tx));
      const created = receipt.logs
        .map((log) => factory.interface.parseLog(log))
        .find((event) => event?.name === 'TokenCreated');
      if (!created) throw new Error('TokenCreated not logged');
      return {
        token: new Contract(created.args.getValue('token') as string, securityTokenV2Abi, wallets.owner),
        receipt,
      };
    }
    const { contract, receipt } = await deploy(
      securityTokenArtifact,
      wallets.owner,
      'Acme Shares',
      'ACME',
      wallets.owner.address,
      controller,
      await whitelist.getAddress(),
      await scheme.getAddress(),
    );
    return { token: contract, receipt };
  };
  const { token } = await deployToken();
  return {
    version,
    v2,
    chain,
    provider,
    wallets,
    scheme,
    whitelist,
    token,
    deployToken,
    as,
    stop: async () => {
      provider.destroy();
      await chain.stop();
    },
  };
}
