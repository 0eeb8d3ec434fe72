import {
  securityTokenV2AdminArtifact,
  securityTokenV2Artifact,
  tokenFactoryArtifact,
} from '@tranche/contracts';
import { Contract, ContractFactory, JsonRpcProvider, NonceManager, Wallet } from 'ethers';

/**
 * The once-per-chain deployment of token codebase version 2 on an external chain (local mode does it at start):
 *
 *   CHAIN_RPC_URL=https://... PLATFORM_PRIVATE_KEY=0x... pnpm --filter @tranche/server token-v2
 *
 * deploys the implementation (administration half, then balances half) and a TokenFactory owned by the platform key,
 * registers the implementation and prints `TOKEN_FACTORY_ADDRESS=0x...` for the server's environment. With
 * TOKEN_FACTORY_ADDRESS already set it deploys a newer implementation and registers it in that factory (owners then
 * see "An upgrade is available"). Nothing is stored: the server reads the factory's registry.
 */
async function main(): Promise<void> {
  const rpcUrl = process.env.CHAIN_RPC_URL;
  const key = process.env.PLATFORM_PRIVATE_KEY;
  if (!rpcUrl || !key) {
    throw new Error(
      'Set CHAIN_RPC_URL and PLATFORM_PRIVATE_KEY (the key that owns the factory and pays the gas).',
    );
  }
  const provider = new JsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1 });
  const signer = new NonceManager(new Wallet(key, provider));
  const deploy = async (artifact: { abi: unknown; bytecode: string }, ...args: unknown[]) => {
    const contract = await new ContractFactory(artifact.abi as never, artifact.bytecode, signer).deploy(
      ...args,
    );
    await contract.waitForDeployment();
    return contract as Contract;
  };
  try {
    let factoryAddress = process.env.TOKEN_FACTORY_ADDRESS?.trim();
    if (!factoryAddress) {
      const factory = await deploy(tokenFactoryArtifact, await signer.getAddress());
      factoryAddress = await factory.getAddress();
    }
    const admin = await deploy(securityTokenV2AdminArtifact);
    const implementation = await deploy(securityTokenV2Artifact, await admin.getAddress());
    const registry = new Contract(factoryAddress, tokenFactoryArtifact.abi, signer);
    await (await registry.getFunction('register')(await implementation.getAddress())).wait();
    console.log(`SecurityTokenV2Admin=${(await admin.getAddress()).toLowerCase()}`);
    console.log(`SecurityTokenV2=${(await implementation.getAddress()).toLowerCase()}`);
    console.log(`TOKEN_FACTORY_ADDRESS=${factoryAddress.toLowerCase()}`);
  } finally {
    provider.destroy();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
