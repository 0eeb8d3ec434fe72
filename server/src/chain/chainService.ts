import http from 'node:http';
import https from 'node:https';
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
  let text: string;
  try {
    text = await postJson(url, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }, timeoutMs);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartupError(`Cannot reach the chain at CHAIN_RPC_URL=${rpcUrl}: ${oneLine(String(reason))}`);
  }
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  const result = (answer as { result?: unknown } | undefined)?.result;
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
    // Never answer a nonce or balance from ethers' 250 ms call cache: sends and checks must see the chain as it is.
    cacheTimeout: -1,
    pollingInterval: options.local ? 250 : 4000,
  });
  const queues = new Map<string, Promise<unknown>>();
  const nonces = new Map<string, number>();

  async function sendNow(wallet: Wallet, transaction: TransactionRequest): Promise<TransactionResponse> {
    const address = wallet.address.toLowerCase();
    // The queue's own counter keeps concurrent sends apart; the node's pending count catches transactions the
    // same address sent from elsewhere (a browser wallet holding the same key), so a stale counter never reuses a nonce.
    const pending = await provider.getTransactionCount(wallet.address, 'pending');
    const nonce = Math.max(nonces.get(address) ?? 0, pending);
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

/** POST with node's http(s) (fetch refuses some ports); answers the body text. */
function postJson(url: URL, body: unknown, timeoutMs: number): Promise<string> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: timeoutMs,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve(text));
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
    );
    request.on('error', reject);
    request.end(payload);
  });
}
