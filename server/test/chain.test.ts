import { type DevChain, devAccountKeys } from '@tranche/contracts';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createChainService, probeChain } from '../src/chain/chainService.ts';
import { StartupError } from '../src/errors.ts';
import { startTestChain } from './helpers.ts';

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

it('sends concurrent transactions from one key without nonce collisions', async () => {
  const service = createChainService({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, local: true });
  const key = devAccountKeys[5];
  const from = new Wallet(key).address;
  const to = Wallet.createRandom().address;
  const before = await service.provider.getTransactionCount(from, 'latest');
  const sent = await Promise.all(
    Array.from({ length: 6 }, () => service.send(key, { to, value: 1n, gasPrice: 1_000_000_000n })),
  );
  expect(new Set(sent.map((tx) => tx.nonce)).size).toBe(6);
  await Promise.all(sent.map((tx) => tx.wait()));
  expect(await service.provider.getTransactionCount(from, 'latest')).toBe(before + 6);
  expect(await service.provider.getBalance(to)).toBe(6n);
  // A failed send does not burn a nonce: the next one re-reads the count.
  await expect(service.send(key, { to, value: 10n ** 30n, gasPrice: 1_000_000_000n })).rejects.toThrow();
  const after = await service.send(key, { to, value: 1n, gasPrice: 1_000_000_000n });
  expect(after.nonce).toBe(before + 6);
  await after.wait();
  service.close();
});

it('does not reuse a nonce after the same key sent a transaction outside the queue', async () => {
  const service = createChainService({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, local: true });
  const key = devAccountKeys[6];
  const to = Wallet.createRandom().address;
  const first = await service.send(key, { to, value: 1n, gasPrice: 1_000_000_000n });
  await first.wait();
  // The same key signs elsewhere (e.g. in a browser wallet): the queue's counter is now behind the chain.
  const elsewhere = new Wallet(key, service.provider);
  await (await elsewhere.sendTransaction({ to, value: 1n, gasPrice: 1_000_000_000n })).wait();
  const next = await service.send(key, { to, value: 1n, gasPrice: 1_000_000_000n });
  expect(next.nonce).toBe(first.nonce + 2);
  await next.wait();
  expect(await service.provider.getBalance(to)).toBe(3n);
  service.close();
});

it('probes a chain id, and explains an unreachable node', async () => {
  expect(await probeChain(chain.rpcUrl)).toBe(31337);
  await expect(probeChain('http://127.0.0.1:9')).rejects.toThrow(StartupError);
  await expect(probeChain('http://127.0.0.1:9')).rejects.toThrow(
    /Cannot reach the chain at CHAIN_RPC_URL=http:\/\/127\.0\.0\.1:9/,
  );
  await expect(probeChain('ftp://x')).rejects.toThrow(/http/);
});
