import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { afterAll, describe, expect, it } from 'vitest';
import { devAccountKeys, startDevChain } from './devChain.ts';

describe('startDevChain', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tranche-chain-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves chain 31337 with funded deterministic accounts and keeps state across restarts', async () => {
    const stateFile = path.join(dir, 'state.json');
    const first = await startDevChain({ stateFile });
    const provider = new JsonRpcProvider(first.rpcUrl, undefined, { staticNetwork: true });
    expect((await provider.getNetwork()).chainId).toBe(31337n);
    const sender = new Wallet(devAccountKeys[0], provider);
    const receipt = await (
      await sender.sendTransaction({
        to: Wallet.createRandom().address,
        value: parseEther('1'),
        gasPrice: 1_000_000_000n,
      })
    ).wait();
    expect(receipt?.status).toBe(1);
    const height = receipt?.blockNumber;
    expect(height).toBe(1);
    provider.destroy();
    await first.stop();

    const second = await startDevChain({ stateFile });
    const again = new JsonRpcProvider(second.rpcUrl, undefined, { staticNetwork: true });
    expect(await again.getBlockNumber()).toBe(height);
    again.destroy();
    await second.stop();
  });
});
