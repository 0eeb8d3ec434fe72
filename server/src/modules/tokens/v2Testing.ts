import {
  securityTokenV2AdminArtifact,
  securityTokenV2Artifact,
  tokenFactoryArtifact,
} from '@tranche/contracts';
import { Contract, ContractFactory, Interface, JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import { localPlatformKey } from './platformKey.ts';

/** Whole-stack tests of version 2 (tests/e2e): what the platform and a token's holders do outside the server. */

function providerOf(rpcUrl: string) {
  return new JsonRpcProvider(rpcUrl, undefined, {
    staticNetwork: true,
    pollingInterval: 50,
    cacheTimeout: -1,
  });
}

/** The local platform deploys a newer implementation and registers it in `factory`; answers its address. */
export async function registerNewerImplementation(rpcUrl: string, factory: string): Promise<string> {
  const provider = providerOf(rpcUrl);
  try {
    const platform = new NonceManager(new Wallet(localPlatformKey, provider));
    const deploy = async (artifact: { abi: unknown; bytecode: string }, ...args: unknown[]) => {
      const contract = await new ContractFactory(artifact.abi as never, artifact.bytecode, platform).deploy(
        ...args,
      );
      await contract.waitForDeployment();
      return (await contract.getAddress()).toLowerCase();
    };
    const admin = await deploy(securityTokenV2AdminArtifact);
    const implementation = await deploy(securityTokenV2Artifact, admin);
    const registry = new Contract(factory, tokenFactoryArtifact.abi, platform);
    await (await registry.getFunction('register')(implementation)).wait();
    return implementation;
  } finally {
    provider.destroy();
  }
}

/** The implementation a version 2 token runs, read from the chain. */
export async function implementationOf(rpcUrl: string, token: string): Promise<string> {
  const provider = providerOf(rpcUrl);
  try {
    const contract = new Contract(token, ['function implementation() view returns (address)'], provider);
    return ((await contract.getFunction('implementation')()) as string).toLowerCase();
  } finally {
    provider.destroy();
  }
}

/** The call data of an ERC-20 transfer. */
export function transferCallData(to: string, amount: bigint): string {
  return new Interface(['function transfer(address,uint256) returns (bool)']).encodeFunctionData('transfer', [
    to,
    amount,
  ]);
}
