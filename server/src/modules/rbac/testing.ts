import { type DevChain, whitelistArtifact } from '@tranche/contracts';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import type { TestUser } from '../credentials/testing.ts';

/** A wallet of the test chain (the console's browser wallet stands in for it in the server tests). */
export function chainWallet(chain: DevChain, key: string): Wallet {
  return new Wallet(
    key,
    new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true, cacheTimeout: -1 }),
  );
}

/** Sends the server's unsigned txData from `wallet` (as the console's pipeline does) and answers the new contract. */
export async function deployWithWallet(
  wallet: Wallet,
  txData: { data: string },
): Promise<{ address: string; hash: string }> {
  const response = await wallet.sendTransaction({ data: txData.data });
  const receipt = await response.wait();
  if (!receipt?.contractAddress) throw new Error('no contract created');
  return { address: receipt.contractAddress.toLowerCase(), hash: receipt.hash };
}

/** Deploys and registers a security scheme owned by `wallet` through the API; grants OP, L1 and L2 to the owner. */
export async function schemeWithRights(
  user: TestUser,
  wallet: Wallet,
  name: string,
  options: { grant?: boolean; codebaseId?: number } = {},
): Promise<{ address: string; asset: string }> {
  const owner = wallet.address.toLowerCase();
  const codebaseId = options.codebaseId ?? 1;
  const { txData } = await user.client.call('rbacDeployTx', {
    body: { txMode: 1, accountAddress: owner, schemeName: name, codebaseId, ownerAddress: owner },
  });
  const deployed = await deployWithWallet(wallet, txData);
  await user.client.call('registerScheme', {
    body: {
      securitySchemeAddress: deployed.address,
      schemeName: name,
      codebaseId,
      transactionHash: deployed.hash,
    },
  });
  const { asset } = await user.client.call('getSchemeAsset', {
    params: { contractAddress: deployed.address },
  });
  if (options.grant !== false) {
    const base = {
      targetAddress: owner,
      securitySchemeAddress: deployed.address,
      accountAddress: owner,
      txMode: 2 as const,
    };
    await user.client.call('grantOperator', { body: { ...base, asset } });
    await user.client.call('grantLevel1', { body: base });
    await user.client.call('grantLevel2', { body: base });
  }
  return { address: deployed.address, asset };
}

/** Deploys and registers a whitelist of `scheme` through the API. */
export async function whitelistOf(
  user: TestUser,
  wallet: Wallet,
  scheme: string,
  name: string,
  codebaseId = 1,
): Promise<string> {
  const owner = wallet.address.toLowerCase();
  const { txData } = await user.client.call('whitelistDeployTx', {
    body: {
      txMode: 1,
      accountAddress: owner,
      whitelistName: name,
      securitySchemeAddress: scheme,
      codebaseId,
      ownerAddress: owner,
    },
  });
  const deployed = await deployWithWallet(wallet, txData);
  await user.client.call('registerWhitelist', {
    body: {
      whitelistAddress: deployed.address,
      whitelistName: name,
      securitySchemeAddress: scheme,
      codebaseId,
    },
  });
  return deployed.address;
}

export function whitelistReader(wallet: Wallet, address: string): Contract {
  return new Contract(address, whitelistArtifact.abi, wallet.provider);
}
