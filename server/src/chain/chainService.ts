import { JsonRpcProvider, Network, type TransactionRequest, type TransactionResponse, Wallet } from 'ethers';
import { oneLine, StartupError } from '../errors.ts';

/** The shared access to the chain every domain module uses (never a provider of its own). */
export type ChainService = {
  rpcUrl: string;
  chainId: number;
  /** True when the server started the embedded dev chain itself. */
  local: boolean;
  provider: JsonRpcProvider;
  blockNumber: () => Promise<number>;
  /** True when there is contract code at the address. */
  hasCode: (address: string) => Promise<boolean>;
  /**
   * Sends a transaction signed by `privateKey` through the per-address queue: one send at a time per
   * address, nonces from the queue's own counter (seeded from the pending count, re-read after a failure),
   * so concurrent operations from one key never collide.
   */
  send: (privateKey: string, transaction: TransactionRequest) => Promise<TransactionResponse>;
  close: () => void;
};

/** Asks the node for its chain id (eth_chainId) with a timeout; unreachable or wrong answers throw StartupError. */
export async function probeChain(rpcUrl: string, timeoutMs = 5000): Promise<number> {
  let url: URL;
  try {
    url = new URL(rpcUrl);
  } catch {
    throw new StartupError(`CHAIN_RPC_URL is not a valid URL: ${rpcUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new StartupError(
      `CHAIN_RPC_URL must be an http:// or https:// JSON-RPC URL (got ${url.protocol}//).`,
    );
  }
  let answer: unknown;
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    answer = await response.json();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new StartupError(`Cannot reach the chain at CHAIN_RPC_URL=${rpcUrl}: ${oneLine(String(reason))}`);
  }
  const result = (answer as { result?: unknown }).result;
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(result)) {
    throw new StartupError(
      `The node at CHAIN_RPC_URL=${rpcUrl} did not answer eth_chainId like an EVM JSON-RPC node.`,
    );
  }
  return Number.parseInt(result, 16);
}

export function createChainService(options: {
  rpcUrl: string;
  chainId: number;
  local: boolean;
}): ChainService {
  const provider = new JsonRpcProvider(options.rpcUrl, Network.from(options.chainId), {
    staticNetwork: true,
    pollingInterval: options.local ? 250 : 4000,
  });
  const queues = new Map<string, Promise<unknown>>();
  const nonces = new Map<string, number>();

  async function sendNow(wallet: Wallet, transaction: TransactionRequest): Promise<TransactionResponse> {
    const address = wallet.address.toLowerCase();
    let nonce = nonces.get(address);
    if (nonce === undefined) nonce = await provider.getTransactionCount(wallet.address, 'pending');
    try {
      const response = await wallet.sendTransaction({ ...transaction, nonce });
      nonces.set(address, nonce + 1);
      return response;
    } catch (error) {
      nonces.delete(address);
      throw error;
    }
  }

  return {
    rpcUrl: options.rpcUrl,
    chainId: options.chainId,
    local: options.local,
    provider,
    // Straight from the node (ethers caches getBlockNumber for a polling interval).
    blockNumber: async () => Number(await provider.send('eth_blockNumber', [])),
    hasCode: async (address) => (await provider.getCode(address)) !== '0x',
    send: (privateKey, transaction) => {
      const wallet = new Wallet(privateKey, provider);
      const address = wallet.address.toLowerCase();
      const previous = queues.get(address) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(() => sendNow(wallet, transaction));
      queues.set(address, next);
      void next
        .finally(() => {
          if (queues.get(address) === next) queues.delete(address);
        })
        .catch(() => undefined);
      return next;
    },
    close: () => provider.destroy(),
  };
}
