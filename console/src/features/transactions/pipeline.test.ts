// @vitest-environment node
import { type DevChain, devAccountKeys, startDevChain, testStableTokenArtifact } from '@tranche/contracts';
import { ContractFactory, Interface, JsonRpcProvider, type TransactionRequest, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TxProgress, gasMargin, runTransactionPipeline } from './pipeline.ts';

/** Runtime code PUSH1 0 PUSH1 0 REVERT behind a minimal constructor: every call to it fails. */
const alwaysRevertingInitCode = '0x6005600c60003960056000f360006000fd';

/** A wallet whose owner refuses to sign, answering as browser wallets do (EIP-1193 code 4001). */
class RefusingWallet extends Wallet {
  override async sendTransaction(): Promise<never> {
    throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
  }
}

describe('runTransactionPipeline', () => {
  let chain: DevChain;
  let provider: JsonRpcProvider;
  beforeAll(async () => {
    chain = await startDevChain();
    provider = new JsonRpcProvider(chain.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  });
  afterAll(async () => {
    provider.destroy();
    await chain.stop();
  });

  it('walks submitting, submitted and mined, with the spec gas policy', async () => {
    const signer = new Wallet(devAccountKeys[1], provider);
    const states: TxProgress[] = [];
    const hashes: string[] = [];
    const to = Wallet.createRandom().address;
    const receipt = await runTransactionPipeline({
      signer,
      build: async (): Promise<TransactionRequest> => ({ to, data: '0x' }),
      onProgress: (p) => states.push(p),
      onHash: (hash) => {
        hashes.push(hash);
      },
    });
    expect(states.map((s) => s.state)).toEqual([
      'submitting',
      'submitting',
      'submitting',
      'submitting',
      'submitting',
      'submitted',
      'mined',
    ]);
    expect(hashes).toEqual([receipt.hash]);
    const tx = await provider.getTransaction(receipt.hash);
    expect(tx?.gasPrice).toBe(1_000_000_000n);
    expect(tx?.gasLimit).toBe(21_000n + gasMargin);
    expect(states.at(-1)).toMatchObject({ state: 'mined', blockNumber: receipt.blockNumber });
  });

  it("uses the wallet's fee suggestion on a chain whose base fee is above the spec's 1 gwei", async () => {
    const expensive = await startDevChain({ baseFeePerGas: 30_000_000_000n });
    const expensiveProvider = new JsonRpcProvider(expensive.rpcUrl, undefined, { staticNetwork: true });
    try {
      const receipt = await runTransactionPipeline({
        signer: new Wallet(devAccountKeys[1], expensiveProvider),
        build: async (): Promise<TransactionRequest> => ({ to: Wallet.createRandom().address, data: '0x' }),
        onProgress: () => undefined,
      });
      expect(receipt.status).toBe(1);
      expect(receipt.gasPrice).toBeGreaterThanOrEqual(30_000_000_000n);
    } finally {
      expensiveProvider.destroy();
      await expensive.stop();
    }
  });

  it("says 'Invalid inputs.' when the estimate shows an always-failing transaction, and sends nothing", async () => {
    const deployer = new Wallet(devAccountKeys[2], provider);
    const deployed = await (await deployer.sendTransaction({ data: alwaysRevertingInitCode })).wait();
    const target = deployed?.contractAddress;
    expect(target).toBeTruthy();
    const before = await provider.getTransactionCount(deployer.address);
    const states: TxProgress[] = [];
    await expect(
      runTransactionPipeline({
        signer: deployer,
        build: async () => ({ to: target ?? undefined, data: '0x01' }),
        onProgress: (p) => states.push(p),
      }),
    ).rejects.toThrow('Invalid inputs.');
    expect(states.at(-1)).toMatchObject({ state: 'error' });
    expect(await provider.getTransactionCount(deployer.address)).toBe(before);
  });

  it("words an ERC-20 refusal the estimate shows (0xe450d38c) instead of ethers' raw text, and sends nothing", async () => {
    const issuer = new Wallet(devAccountKeys[5], provider);
    const factory = new ContractFactory(
      testStableTokenArtifact.abi,
      testStableTokenArtifact.bytecode,
      issuer,
    );
    const stable = await (await factory.deploy('Test USD', 'tUSD')).waitForDeployment();
    const tokens = new Interface(testStableTokenArtifact.abi);
    const before = await provider.getTransactionCount(issuer.address);
    const states: TxProgress[] = [];
    await expect(
      runTransactionPipeline({
        signer: issuer,
        build: async () => ({
          to: await stable.getAddress(),
          data: tokens.encodeFunctionData('transfer', [Wallet.createRandom().address, 35_250_000_000n]),
        }),
        onProgress: (p) => states.push(p),
      }),
    ).rejects.toThrow('Invalid inputs.');
    expect(states.at(-1)).toEqual({
      state: 'error',
      message: `Invalid inputs. Your input values are invalid. This is an always failing transaction. The wallet ${issuer.address.toLowerCase()} holds 0 base units but this needs 35,250,000,000 base units. Add the difference to that wallet, then try again.`,
    });
    expect(await provider.getTransactionCount(issuer.address)).toBe(before);
  });

  it("says which wallet lacks ETH for gas (INSUFFICIENT_FUNDS) in words, not the node's text", async () => {
    const empty = Wallet.createRandom().connect(provider);
    const states: TxProgress[] = [];
    await expect(
      runTransactionPipeline({
        signer: empty,
        build: async () => ({ to: Wallet.createRandom().address, data: '0x' }),
        onProgress: (p) => states.push(p),
      }),
    ).rejects.toThrow('Failed to send the transaction');
    expect(states.at(-1)).toEqual({
      state: 'error',
      message: `Failed to send the transaction: The wallet ${empty.address} does not hold enough of the chain's currency (ETH) to pay for gas. Add some to it, then try again.`,
    });
  });

  it("says 'Transaction aborted.' when the user refuses to sign", async () => {
    const signer = new RefusingWallet(devAccountKeys[3], provider);
    const states: TxProgress[] = [];
    await expect(
      runTransactionPipeline({
        signer,
        build: async () => ({ to: Wallet.createRandom().address }),
        onProgress: (p) => states.push(p),
      }),
    ).rejects.toThrow('Transaction aborted.');
    expect(states.at(-1)).toEqual({ state: 'aborted', message: 'Transaction aborted.' });
  });

  it('reports a failed build without touching the chain', async () => {
    const signer = new Wallet(devAccountKeys[4], provider);
    const states: TxProgress[] = [];
    await expect(
      runTransactionPipeline({
        signer,
        build: async () => {
          throw new Error('The server could not build the transaction');
        },
        onProgress: (p) => states.push(p),
      }),
    ).rejects.toThrow('Failed to build the transaction');
    expect(states.at(-1)).toEqual({
      state: 'error',
      message: 'Failed to build the transaction: The server could not build the transaction',
    });
  });
});
