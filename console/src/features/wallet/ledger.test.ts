// @vitest-environment node
import { openTransportReplayer, RecordStore } from '@ledgerhq/hw-transport-mocker';
import { type DevChain, devAccountKeys, devMnemonic, startDevChain } from '@tranche/contracts';
import { HDNodeWallet, JsonRpcProvider, Transaction, Wallet, getBytes, hexlify, toUtf8Bytes } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTransactionPipeline } from '../transactions/index.ts';
import { createLedgerConnector, ledgerPaths } from './ledger.ts';

/** BIP32 path as the Ethereum app encodes it: count, then each index as uint32 big-endian. */
function encodePath(path: string): string {
  const parts = path
    .split('/')
    .map((p) => (p.endsWith("'") ? (Number(p.slice(0, -1)) | 0x80000000) >>> 0 : Number(p)));
  return [
    parts.length.toString(16).padStart(2, '0'),
    ...parts.map((p) => p.toString(16).padStart(8, '0')),
  ].join('');
}

function apdu(ins: string, p1: string, data: string): string {
  return `e0${ins}${p1}00${(data.length / 2).toString(16).padStart(2, '0')}${data}`;
}

/** The device's answer to GET ADDRESS: public key and the address as ASCII hex, then status 9000. */
function addressAnswer(wallet: HDNodeWallet): string {
  const publicKey = wallet.signingKey.publicKey.slice(2);
  const ascii = hexlify(toUtf8Bytes(wallet.address.slice(2).toLowerCase())).slice(2);
  return `41${publicKey}28${ascii}9000`;
}

/**
 * A recorded session with a Ledger holding the dev mnemonic: one GET ADDRESS per offered path, then the
 * SIGN of one legacy transaction. The answers are what the Ethereum app returns for that seed.
 */
function recording(unsignedTx: Transaction | null): string {
  const lines: string[] = [];
  for (const path of ledgerPaths) {
    const wallet = HDNodeWallet.fromPhrase(devMnemonic, undefined, path);
    lines.push(`=> ${apdu('02', '00', encodePath(path))}`, `<= ${addressAnswer(wallet)}`);
  }
  if (unsignedTx) {
    const signer = HDNodeWallet.fromPhrase(devMnemonic, undefined, ledgerPaths[0]);
    const signature = signer.signingKey.sign(unsignedTx.unsignedHash);
    const chainId = unsignedTx.chainId;
    const v = Number((chainId * 2n + 35n + BigInt(signature.yParity)) & 0xffn);
    const payload = `${encodePath(ledgerPaths[0] ?? '')}${unsignedTx.unsignedSerialized.slice(2)}`;
    lines.push(
      `=> ${apdu('04', '00', payload)}`,
      `<= ${v.toString(16).padStart(2, '0')}${signature.r.slice(2)}${signature.s.slice(2)}9000`,
    );
  }
  return lines.join('\n');
}

describe('Ledger connector (record/replay of the Ethereum app)', () => {
  let chain: DevChain;
  let provider: JsonRpcProvider;
  const ledgerAccount = HDNodeWallet.fromPhrase(devMnemonic, undefined, ledgerPaths[0]);
  const recipient = Wallet.createRandom().address;

  beforeAll(async () => {
    chain = await startDevChain();
    provider = new JsonRpcProvider(chain.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
    // The first Ledger path holds dev account #0, funded by the chain; spend from it once so the nonce is not 0.
    const owner = new Wallet(devAccountKeys[0], provider);
    await (await owner.sendTransaction({ to: Wallet.createRandom().address, value: 1n })).wait();
  });
  afterAll(async () => {
    provider.destroy();
    await chain.stop();
  });

  it('lists the addresses of the offered derivation paths', async () => {
    const connector = createLedgerConnector({
      rpcUrl: chain.rpcUrl,
      openTransport: () => openTransportReplayer(RecordStore.fromString(recording(null))),
    });
    const { accounts, networkId } = await connector.connect();
    expect(networkId).toBe(31337);
    expect(accounts.map((a) => a.address)).toEqual(
      ledgerPaths.map((path) => HDNodeWallet.fromPhrase(devMnemonic, undefined, path).address),
    );
  });

  it('signs on the device and the chain mines the transaction', async () => {
    // The transaction the pipeline will build: the pending nonce, 21000 + 31500 gas at 1 gwei.
    const expected = Transaction.from({
      type: 0,
      to: recipient,
      nonce: await provider.getTransactionCount(ledgerAccount.address, 'pending'),
      gasLimit: 21_000n + 31_500n,
      gasPrice: 1_000_000_000n,
      value: 0n,
      data: '0x',
      chainId: 31337n,
    });
    const store = RecordStore.fromString(recording(expected));
    const connector = createLedgerConnector({
      rpcUrl: chain.rpcUrl,
      openTransport: () => openTransportReplayer(store),
    });
    await connector.connect();
    const signer = await connector.getSigner?.(ledgerAccount.address);
    if (!signer) throw new Error('no signer');
    const receipt = await runTransactionPipeline({
      signer,
      build: async () => ({ to: recipient, data: '0x' }),
      onProgress: () => {},
    });
    expect(receipt.status).toBe(1);
    expect(receipt.from).toBe(ledgerAccount.address);
    store.ensureQueueEmpty();
    expect(getBytes(receipt.hash)).toHaveLength(32);
  });
});
