import {
  devAccountKeys,
  securitySchemeArtifact,
  whitelistArtifact,
  whitelistV2Artifact,
} from '@tranche/contracts';
import { Contract, ContractFactory, JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import type { TestUser } from '../credentials/testing.ts';

/**
 * Test and benchmark fixture on a dev chain: a security scheme owned by dev account 0 (its own Security Manager
 * with Access Levels 1 and 2), a whitelist on it, and `issuers` dev accounts granted Access Level 2.
 */
export type IssuerChain = {
  provider: JsonRpcProvider;
  schemeAddress: string;
  whitelistAddress: string;
  ownerAddress: string;
  /** Adds addresses to the whitelist (batches of 400). */
  verify: (addresses: string[]) => Promise<void>;
  /** Grants Access Level 2 in the scheme. */
  grantLevel2: (address: string) => Promise<void>;
  /** Deploys a further whitelist on the scheme, WhitelistV2 (codebase 2, the form's default), verifying `addresses`. */
  deployWhitelistV2: (addresses: string[]) => Promise<string>;
  balanceOf: (token: string, holder: string) => Promise<bigint>;
  totalSupply: (token: string) => Promise<bigint>;
  close: () => void;
};

export async function setupIssuerChain(rpcUrl: string, issuers: string[] = []): Promise<IssuerChain> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, {
    staticNetwork: true,
    pollingInterval: 50,
    cacheTimeout: -1,
  });
  const owner = new NonceManager(new Wallet(devAccountKeys[0], provider));
  const ownerAddress = await owner.getAddress();
  const schemeFactory = new ContractFactory(
    securitySchemeArtifact.abi,
    securitySchemeArtifact.bytecode,
    owner,
  );
  const scheme = (await (await schemeFactory.deploy(ownerAddress)).waitForDeployment()) as Contract;
  const schemeAddress = (await scheme.getAddress()).toLowerCase();
  const assetId = await scheme.getFunction('assetId')();
  await (await scheme.getFunction('grantOperator')(ownerAddress, assetId)).wait();
  await (await scheme.getFunction('grantLevel1')(ownerAddress)).wait();
  const grantLevel2 = async (address: string) => {
    await (await scheme.getFunction('grantLevel2')(address)).wait();
  };
  for (const issuer of issuers) await grantLevel2(issuer);
  const whitelistFactory = new ContractFactory(whitelistArtifact.abi, whitelistArtifact.bytecode, owner);
  const whitelist = (await (
    await whitelistFactory.deploy('Test whitelist', ownerAddress, schemeAddress)
  ).waitForDeployment()) as Contract;
  const whitelistAddress = (await whitelist.getAddress()).toLowerCase();
  const tokenAbi = [
    'function balanceOf(address) view returns (uint256)',
    'function totalSupply() view returns (uint256)',
  ];
  return {
    provider,
    schemeAddress,
    whitelistAddress,
    ownerAddress: ownerAddress.toLowerCase(),
    verify: async (addresses) => {
      for (let i = 0; i < addresses.length; i += 400) {
        const chunk = addresses.slice(i, i + 400);
        const hashes = chunk.map((_, j) => `0x${(i + j + 1).toString(16).padStart(64, '0')}`);
        await (await whitelist.getFunction('addVerifiedBatch')(chunk, hashes)).wait();
      }
    },
    grantLevel2,
    deployWhitelistV2: async (addresses) => {
      const factory = new ContractFactory(whitelistV2Artifact.abi, whitelistV2Artifact.bytecode, owner);
      const v2 = (await (
        await factory.deploy('Test whitelist V2', ownerAddress, schemeAddress)
      ).waitForDeployment()) as Contract;
      const hashes = addresses.map((_, i) => `0x${(i + 1).toString(16).padStart(64, '0')}`);
      if (addresses.length > 0) await (await v2.getFunction('addVerifiedBatch')(addresses, hashes)).wait();
      return (await v2.getAddress()).toLowerCase();
    },
    balanceOf: (token, holder) => new Contract(token, tokenAbi, provider).getFunction('balanceOf')(holder),
    totalSupply: (token) => new Contract(token, tokenAbi, provider).getFunction('totalSupply')(),
    close: () => provider.destroy(),
  };
}

/** `n` distinct random investor addresses. */
export function randomAddresses(n: number): string[] {
  return Array.from({ length: n }, () => Wallet.createRandom().address.toLowerCase());
}

/** Total supply and the balances of `holders` of a token, read from the chain. */
export async function readTokenBalances(
  rpcUrl: string,
  token: string,
  holders: string[],
): Promise<{ totalSupply: bigint; balances: bigint[] }> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  try {
    const contract = new Contract(
      token,
      ['function balanceOf(address) view returns (uint256)', 'function totalSupply() view returns (uint256)'],
      provider,
    );
    const totalSupply = (await contract.getFunction('totalSupply')()) as bigint;
    const balances: bigint[] = [];
    for (const holder of holders) balances.push((await contract.getFunction('balanceOf')(holder)) as bigint);
    return { totalSupply, balances };
  } finally {
    provider.destroy();
  }
}

export function randomAddress(): string {
  return Wallet.createRandom().address.toLowerCase();
}

export function addressOfKey(privateKey: string): string {
  return new Wallet(privateKey).address.toLowerCase();
}

/**
 * Deploys a saved draft server-signed (txMode 2) for `ownerAddress` and waits until every investor is issued (throws
 * with the draft's error when the deployment fails).
 */
export async function deployDraftFully(
  user: TestUser,
  body: { symbol: string; accountAddress: string; ownerAddress: string },
): Promise<void> {
  await user.client.call('deployDraft', { body: { ...body, txMode: 2 } });
  for (;;) {
    const draft = await user.client.call('getDraft', { params: { symbol: body.symbol } });
    if (draft.errorMessage) throw new Error(draft.errorMessage);
    if (draft.investors.every((i) => i.status === 2)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
