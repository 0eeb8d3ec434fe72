import { devAccountKeys, type DevChain, startDevChain, testStableTokenArtifact } from '@tranche/contracts';
import { type Contract, ContractFactory, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainChainError } from './chainErrors.ts';
import { statusCodeMessage, transactionMessages } from './messages.ts';

/** Runs `action` and answers what it threw (the real error object ethers v6 produced). */
async function thrown(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('explainChainError against the real Anvil', () => {
  let chain: DevChain;
  let provider: JsonRpcProvider;
  let owner: Wallet;
  let other: Wallet;
  let token: Contract;
  let tokenAddress: string;

  beforeAll(async () => {
    chain = await startDevChain();
    provider = new JsonRpcProvider(chain.rpcUrl, undefined, { cacheTimeout: -1 });
    owner = new Wallet(devAccountKeys[0], provider);
    other = new Wallet(devAccountKeys[1], provider);
    const factory = new ContractFactory(
      testStableTokenArtifact.abi as never,
      testStableTokenArtifact.bytecode,
      owner,
    );
    token = (await (await factory.deploy('Test USD', 'tUSD')).waitForDeployment()) as unknown as Contract;
    tokenAddress = await token.getAddress();
    await (await token.getFunction('mint')(other.address, 1_500_000n)).wait();
  }, 60_000);
  afterAll(async () => {
    provider?.destroy();
    await chain?.stop();
  });

  it("decodes OpenZeppelin's ERC20InsufficientBalance (0xe450d38c) into the holder, balance and need in asset units", async () => {
    const data = token.interface.encodeFunctionData('transfer', [owner.address, 35_250_000_000n]);
    const error = await thrown(() => provider.estimateGas({ from: other.address, to: tokenAddress, data }));
    // The raw text ethers gives, which a person saw before.
    expect((error as Error).message).toContain('execution reverted (unknown custom error)');
    const explained = explainChainError(error, { asset: { symbol: 'tUSD', decimals: 6 } });
    expect(explained.kind).toBe('revert');
    expect(explained.revert?.name).toBe('ERC20InsufficientBalance');
    expect(explained.message).toBe(
      `The wallet ${other.address.toLowerCase()} holds 1.50 tUSD but this needs 35,250.00 tUSD. Add the difference to that wallet, then try again.`,
    );
    expect(explained.message).not.toMatch(/0xe450d38c|execution reverted/);
  });

  it('decodes ERC20InsufficientAllowance and words the approval step', async () => {
    const data = token.interface.encodeFunctionData('transferFrom', [
      other.address,
      owner.address,
      2_000_000n,
    ]);
    const error = await thrown(() => provider.call({ from: owner.address, to: tokenAddress, data }));
    expect(explainChainError(error, { asset: { symbol: 'tUSD', decimals: 6 } }).message).toBe(
      `The contract ${owner.address.toLowerCase()} may spend 0.00 tUSD of this wallet's tokens but this needs 2.00 tUSD. Approve the amount first (the approval step), then try again.`,
    );
  });

  it('words a revert reason string (Error(string)) of our contracts', async () => {
    const data = token.interface.encodeFunctionData('mint', [other.address, 1n]);
    const error = await thrown(() => other.call({ to: tokenAddress, data }));
    expect(explainChainError(error)).toMatchObject({
      kind: 'revert',
      message: 'Only the wallet that deployed this test token may mint it.',
    });
  });

  it('words INSUFFICIENT_FUNDS with the wallet to top up', async () => {
    const empty = Wallet.createRandom().connect(provider);
    const error = await thrown(() =>
      empty.sendTransaction({ to: owner.address, value: 1n, gasLimit: 21_000, gasPrice: 1_000_000_000n }),
    );
    expect((error as { code?: string }).code).toBe('INSUFFICIENT_FUNDS');
    expect(explainChainError(error, { account: empty.address }).message).toBe(
      `The wallet ${empty.address} does not hold enough of the chain's currency (ETH) to pay for gas. Add some to it, then try again.`,
    );
  });

  it('words a used nonce (NONCE_EXPIRED)', async () => {
    const nonce = await provider.getTransactionCount(owner.address);
    const error = await thrown(() =>
      owner.sendTransaction({
        to: other.address,
        value: 1n,
        nonce: nonce - 1,
        gasLimit: 21_000,
        gasPrice: 1_000_000_000n,
      }),
    );
    expect(explainChainError(error).kind).toBe('nonce');
    expect(explainChainError(error).message).toMatch(
      /^Another transaction from this wallet was sent meanwhile/,
    );
  });

  it('words gas too low and gas above the block limit (the node\'s "could not coalesce error")', async () => {
    const low = await thrown(() =>
      owner.sendTransaction({ to: other.address, value: 1n, gasLimit: 20_000, gasPrice: 1_000_000_000n }),
    );
    expect((low as Error).message).toContain('could not coalesce error');
    expect(explainChainError(low).kind).toBe('gasTooLow');
    const high = await thrown(() =>
      owner.sendTransaction({ to: other.address, value: 1n, gasLimit: 50_000_000, gasPrice: 1_000_000_000n }),
    );
    expect(explainChainError(high)).toMatchObject({
      kind: 'gasTooHigh',
      message:
        'The transaction needs more gas than a block of this chain allows. Split the operation into smaller ones (fewer investors or addresses at a time).',
    });
  });

  it('words a transaction mined with status 0 (CALL_EXCEPTION with a receipt)', async () => {
    const tx = await token
      .connect(owner)
      .getFunction('transfer')
      .send(other.address, 1n, { gasLimit: 100_000, gasPrice: 1_000_000_000n });
    const error = await thrown(() => tx.wait());
    expect(explainChainError(error).kind).toBe('reverted');
  });
});

describe('explainChainError on wallet and network shapes', () => {
  it('words a refusal to sign (ACTION_REJECTED, EIP-1193 4001) with the spec text', () => {
    const rejected = Object.assign(
      new Error('user rejected action (action="sendTransaction", code=ACTION_REJECTED)'),
      {
        code: 'ACTION_REJECTED',
        shortMessage: 'user rejected action',
        info: { error: { code: 4001, message: 'MetaMask Tx Signature: User denied transaction signature.' } },
      },
    );
    expect(explainChainError(rejected)).toMatchObject({
      kind: 'rejected',
      message: transactionMessages.abortedDetail,
    });
    expect(explainChainError({ code: 4001, message: 'User rejected the request.' }).kind).toBe('rejected');
  });

  it('words revert data a browser wallet nests in error.data.data, and the "always failing" estimate', () => {
    const data =
      '0xe450d38c00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000005';
    const nested = { code: -32603, message: 'Internal JSON-RPC error.', data: { code: 3, data } };
    expect(explainChainError(nested).message).toBe(
      'The wallet 0x70997970c51812dc3a010c7d01b50e0d17dc79c8 holds 0 base units but this needs 5 base units. Add the difference to that wallet, then try again.',
    );
    const alwaysFailing = Object.assign(new Error('gas required exceeds allowance'), {
      code: 'UNKNOWN_ERROR',
      shortMessage: 'could not coalesce error',
      error: { code: -32000, message: 'always failing transaction' },
    });
    expect(explainChainError(alwaysFailing).kind).toBe('alwaysFailing');
  });

  it("words a node that cannot be reached, and keeps the platform's own sentences", () => {
    const down = Object.assign(new Error('request failed'), {
      code: 'NETWORK_ERROR',
      shortMessage: 'network error',
    });
    expect(explainChainError(down).kind).toBe('network');
    expect(explainChainError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(explainChainError(new Error('The wallet has no connection to the network.')).message).toBe(
      'The wallet has no connection to the network.',
    );
    const strange = Object.assign(new Error('could not coalesce error (error={ "code": -32099 })'), {
      code: 'UNKNOWN_ERROR',
      shortMessage: 'could not coalesce error',
    });
    expect(explainChainError(strange).message).not.toContain('coalesce');
  });

  it('says what each ERC-1066 code of the pre-check asks for', () => {
    expect(statusCodeMessage('0x57')).toBe(
      'The receiver may not receive. Verify it in the whitelist, or change the rule that stops it.',
    );
    expect(statusCodeMessage('0x54')).toMatch(/^Transfers are halted/);
  });
});
