import {
  devAccountKeys,
  securitySchemeArtifact,
  securityTokenArtifact,
  testStableTokenArtifact,
  whitelistArtifact,
  whitelistV2Artifact,
} from '@tranche/contracts';
import {
  type BaseContract,
  Contract,
  ContractFactory,
  JsonRpcProvider,
  NonceManager,
  encodeBytes32String,
  id,
  isError,
  Wallet,
} from 'ethers';
import type { Database } from '../../db/database.ts';
import { type DeploymentRecord, insertProject, recordDeployment } from '../projects/repository.ts';

/** Dev-chain wallets (with their own nonce managers) for the roles of a token test. */
export function devWallets(provider: JsonRpcProvider) {
  return walletsFrom(provider, (index) => devAccountKeys[index] as string);
}

function walletsFrom(provider: JsonRpcProvider, keyOf: (index: number) => string) {
  const make = (index: number) => {
    const key = keyOf(index);
    const wallet = new Wallet(key, provider);
    return { key, address: wallet.address.toLowerCase(), signer: new NonceManager(wallet) };
  };
  return {
    /** Scheme owner, token owner, security manager with levels 1 and 2 (issuer). */
    owner: make(0),
    /** The token's controller. */
    controller: make(1),
    /** Holders, verified in the whitelist. */
    holders: [make(2), make(3), make(4), make(5)],
    /** Not verified, no rights. */
    outsider: make(6),
  };
}
export type DevWallets = ReturnType<typeof devWallets>;

async function deploy(
  artifact: { abi: readonly unknown[]; bytecode: string },
  signer: NonceManager,
  args: unknown[],
): Promise<BaseContract & { address: string }> {
  const factory = new ContractFactory(artifact.abi as never, artifact.bytecode, signer);
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  return Object.assign(contract, { address: (await contract.getAddress()).toLowerCase() });
}

async function call(contract: Contract, method: string, ...args: unknown[]) {
  const tx = await contract.getFunction(method)(...args);
  return tx.wait();
}

/** A security scheme and a whitelist with the holders verified; the owner holds levels 1 and 2. */
export async function deploySchemeAndWhitelist(
  wallets: DevWallets,
  options: { verifyOwner?: boolean; whitelistV2?: boolean } = {},
) {
  const { owner } = wallets;
  const scheme = await deploy(securitySchemeArtifact, owner.signer, [owner.address]);
  const schemeContract = new Contract(scheme.address, securitySchemeArtifact.abi, owner.signer);
  const assetId = (await schemeContract.getFunction('assetId')()) as string;
  await call(schemeContract, 'grantOperator', owner.address, assetId);
  await call(schemeContract, 'grantLevel1', owner.address);
  await call(schemeContract, 'grantLevel2', owner.address);
  // WhitelistV2 (records with an expiry) takes the same constructor and answers version 1's functions.
  const artifact = options.whitelistV2 ? whitelistV2Artifact : whitelistArtifact;
  const whitelist = await deploy(artifact, owner.signer, ['Test whitelist', owner.address, scheme.address]);
  const whitelistContract = new Contract(whitelist.address, artifact.abi, owner.signer);
  const verified = [...(options.verifyOwner ? [owner] : []), ...wallets.holders];
  await call(
    whitelistContract,
    'addVerifiedBatch',
    verified.map((h) => h.address),
    verified.map((h) => id(h.address)),
  );
  return {
    scheme: schemeContract,
    schemeAddress: scheme.address,
    whitelist: whitelistContract,
    whitelistAddress: whitelist.address,
  };
}

/**
 * Deploys a token (owner = wallets.owner, controller = wallets.controller unless `controller` is null) and
 * records it as a deployed project, as the drafts module does.
 */
export async function deployTestToken(
  db: Database,
  wallets: DevWallets,
  setup: { schemeAddress: string; whitelistAddress: string },
  token: { symbol: string; name: string; controller?: string | null; accountId?: number },
) {
  const deployment = await deployTokenContract(wallets, setup, token);
  await recordTestToken(db, token, deployment);
  return new Contract(deployment.contractAddress, securityTokenArtifact.abi, wallets.owner.signer);
}

/** Records a token deployed on the chain as a deployed project, as the drafts module does. */
export async function recordTestToken(
  db: Database,
  token: { symbol: string; name: string; accountId?: number },
  deployment: DeploymentRecord,
): Promise<void> {
  await insertProject(db, { projectCode: token.symbol, projectName: token.name, accountId: token.accountId });
  await recordDeployment(db, token.symbol, deployment);
}

/** Deploys a token on the chain only: what {@link recordDeployment} then records of it. */
export async function deployTokenContract(
  wallets: DevWallets,
  setup: { schemeAddress: string; whitelistAddress: string },
  token: { symbol: string; name: string; controller?: string | null },
): Promise<DeploymentRecord> {
  const controller = token.controller === undefined ? wallets.controller.address : token.controller;
  const contract = await deploy(securityTokenArtifact, wallets.owner.signer, [
    token.name,
    token.symbol,
    wallets.owner.address,
    controller ?? '0x0000000000000000000000000000000000000000',
    setup.whitelistAddress,
    setup.schemeAddress,
  ]);
  const receipt = await contract.deploymentTransaction()?.wait();
  return {
    contractAddress: contract.address,
    ownerAddress: wallets.owner.address,
    controllerAddress: controller,
    whitelistAddress: setup.whitelistAddress,
    whitelistName: 'Test whitelist',
    securitySchemeAddress: setup.schemeAddress,
    deployTransactionHash: receipt?.hash ?? null,
    deployBlock: receipt?.blockNumber ?? 0,
  };
}

/** For whole-stack tests: the checksummed address of a private key, and a fresh random address. */
export function addressOf(privateKey: string): string {
  return new Wallet(privateKey).address;
}
export function randomAddress(): string {
  return Wallet.createRandom().address;
}

/** Verifies in a whitelist those of `addresses` not verified yet, signed by `privateKey` (Access Level 1). */
export async function verifyMissing(
  rpcUrl: string,
  whitelist: string,
  privateKey: string,
  addresses: string[],
): Promise<void> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, {
    staticNetwork: true,
    pollingInterval: 50,
    cacheTimeout: -1,
  });
  try {
    const contract = new Contract(whitelist, whitelistArtifact.abi, new Wallet(privateKey, provider));
    const missing: string[] = [];
    for (const address of addresses) {
      if (!(await contract.getFunction('isVerified')(address))) missing.push(address);
    }
    if (missing.length === 0) return;
    await (
      await contract.getFunction('addVerifiedBatch')(
        missing,
        missing.map((address) => id(address)),
      )
    ).wait();
  } finally {
    provider.destroy();
  }
}

/** Sends a token call (`pause`, `unPause`, `setRules`, ...) straight to the chain, as another tab or tool would. */
export async function callToken(
  rpcUrl: string,
  privateKey: string,
  token: string,
  method: string,
  ...args: unknown[]
): Promise<void> {
  // No answer cache (ethers keeps answers 250 ms): a nonce read again after a refusal must be the chain's current one.
  const provider = new JsonRpcProvider(rpcUrl, undefined, {
    staticNetwork: true,
    pollingInterval: 50,
    cacheTimeout: -1,
  });
  try {
    const contract = new Contract(token, securityTokenArtifact.abi, new Wallet(privateKey, provider));
    // The key may be one the server signs with too (local mode's demo key): a nonce it took between our read and our
    // send is refused as too low, and the call is sent again with the next one, as a wallet would.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await (await contract.getFunction(method)(...args)).wait();
        return;
      } catch (error) {
        if (attempt >= 3 || !isError(error, 'NONCE_EXPIRED')) throw error;
      }
    }
  } finally {
    provider.destroy();
  }
}

/**
 * For whole-stack tests on a shared Anvil chain: fresh keys (funded, so no nonce is shared with anyone) deploy a
 * scheme, a whitelist and a token outside the platform; the token issues 100 to a holder, who sends 30 to another
 * holder with a plain ERC-20 `transfer`.
 */
export async function tokenWithErc20Transfer(rpcUrl: string) {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, pollingInterval: 50 });
  try {
    const keys = new Map<number, string>();
    const wallets = walletsFrom(provider, (index) => {
      const key = keys.get(index) ?? Wallet.createRandom().privateKey;
      keys.set(index, key);
      return key;
    });
    for (const w of [wallets.owner, ...wallets.holders])
      await provider.send('anvil_setBalance', [w.address, '0x56bc75e2d63100000']);
    const setup = await deploySchemeAndWhitelist(wallets);
    const deployed = await deploy(securityTokenArtifact, wallets.owner.signer, [
      'ERC-20 view token',
      'ERCV',
      wallets.owner.address,
      wallets.controller.address,
      setup.whitelistAddress,
      setup.schemeAddress,
    ]);
    const token = new Contract(deployed.address, securityTokenArtifact.abi, wallets.owner.signer);
    const [holder, receiver] = wallets.holders as [DevWallets['owner'], DevWallets['owner']];
    const issue = await call(
      token,
      'issueByPartition(bytes32,address,uint256,bytes)',
      encodeBytes32String('Common'),
      holder.address,
      100,
      '0x',
    );
    const transfer = await call(token.connect(holder.signer) as Contract, 'transfer', receiver.address, 30);
    return {
      token: deployed.address,
      holder: holder.address,
      receiver: receiver.address,
      issueHash: (issue?.hash ?? '') as string,
      transferHash: (transfer?.hash ?? '') as string,
    };
  } finally {
    provider.destroy();
  }
}

/** A Test USD (tUSD, 6 decimals) token deployed by the owner wallet, with `minted` base units minted to it. */
export async function deployTestStableToken(wallets: DevWallets, minted: bigint): Promise<Contract> {
  const factory = new ContractFactory(
    testStableTokenArtifact.abi,
    testStableTokenArtifact.bytecode,
    wallets.owner.signer,
  );
  const deployed = await factory.deploy('Test USD', 'tUSD');
  await deployed.waitForDeployment();
  const stable = new Contract(await deployed.getAddress(), testStableTokenArtifact.abi, wallets.owner.signer);
  await (await stable.getFunction('mint')(wallets.owner.address, minted)).wait();
  return stable;
}
