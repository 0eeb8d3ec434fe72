import {
  securitySchemeArtifact,
  securityTokenV2AdminArtifact,
  securityTokenV2Artifact,
  tokenFactoryArtifact,
  whitelistV2Artifact,
} from '@tranche/contracts';
import {
  Contract,
  ContractFactory,
  getAddress,
  Interface,
  id,
  JsonRpcProvider,
  NonceManager,
  type Signer,
  Wallet,
} from 'ethers';
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

/**
 * A WhitelistV2 (records that may carry an expiry) run by `issuer`, an address the chain lets the test send from
 * (impersonated, funded): its own security scheme gives it Access Level 1, so no shared development key signs.
 * `records` are verified with the hash of the KYC record named (a recovery needs the lost and the new wallet on the
 * same one).
 */
export async function deployWhitelistV2(
  rpcUrl: string,
  issuer: string,
  records: { address: string; kyc: string }[],
): Promise<string> {
  const provider = providerOf(rpcUrl);
  try {
    const signer = await provider.getSigner(issuer);
    const deploy = async (artifact: { abi: unknown; bytecode: string }, from: Signer, ...args: unknown[]) => {
      const contract = await new ContractFactory(artifact.abi as never, artifact.bytecode, from).deploy(
        ...args,
      );
      await contract.waitForDeployment();
      return (await contract.getAddress()).toLowerCase();
    };
    const scheme = await deploy(securitySchemeArtifact, signer, issuer);
    const schemeContract = new Contract(scheme, securitySchemeArtifact.abi, signer);
    // As a scheme's owner: first its security manager (operator of its asset), then Access Level 1.
    const assetId = (await schemeContract.getFunction('assetId')()) as string;
    await (await schemeContract.getFunction('grantOperator')(issuer, assetId)).wait();
    await (await schemeContract.getFunction('grantLevel1')(issuer)).wait();
    const whitelist = await deploy(whitelistV2Artifact, signer, 'KYC with expiry', issuer, scheme);
    await (
      await new Contract(whitelist, whitelistV2Artifact.abi, signer).getFunction('addVerifiedBatch')(
        records.map((r) => r.address),
        records.map((r) => id(r.kyc)),
      )
    ).wait();
    return whitelist;
  } finally {
    provider.destroy();
  }
}

/**
 * Sets `address`'s record in a WhitelistV2 to expire `seconds` after the chain's latest block, then moves the
 * chain's clock just past it (a minute at most, so specs sharing the chain barely notice): its KYC has expired.
 */
export async function expireRecord(
  rpcUrl: string,
  whitelist: string,
  issuer: string,
  address: string,
  seconds = 20,
): Promise<void> {
  const provider = providerOf(rpcUrl);
  try {
    // A fresh block first: the expiry counts from now, not from a last block mined long ago on a loaded machine.
    await provider.send('evm_mine', []);
    const latest = await provider.getBlock('latest');
    const expiresAt = (latest?.timestamp ?? Math.floor(Date.now() / 1000)) + seconds;
    const contract = new Contract(whitelist, whitelistV2Artifact.abi, await provider.getSigner(issuer));
    await (await contract.getFunction('setExpiryBatch')([address], [expiresAt])).wait();
    await provider.send('evm_increaseTime', [seconds + 1]);
    await provider.send('evm_mine', []);
  } finally {
    provider.destroy();
  }
}

/** An address as the console writes it in full (EIP-55 checksummed). */
export const checksummed = (address: string): string => getAddress(address);
