import http from 'node:http';
import https from 'node:https';
import { gasMargin } from '@tranche/contracts';
import {
  JsonRpcProvider,
  Network,
  Transaction,
  type TransactionReceipt,
  type TransactionRequest,
  type TransactionResponse,
  Wallet,
} from 'ethers';
import type { Database } from '../db/database.ts';
import { oneLine, StartupError } from '../errors.ts';
import { createFeeOracle, type FeeFields, feeCeilingWei, registerFeeOracle } from './fees.ts';
import { isNonceError, isRefusal, markDropped, signRecordBroadcast, withNonceLock } from './nonces.ts';
import {
  registerReplacementPolicy,
  replaceIfStuck,
  sameNonceHashes,
  type SweepReplacement,
  sweepOpenTransactions,
} from './reconcile.ts';

/** The shared access to the chain every domain module uses (never a provider of its own). */
export type ChainService = {
  rpcUrl: string;
  chainId: number;
  /** True when the server started the embedded dev chain itself. */
  local: boolean;
  provider: JsonRpcProvider;
  blockNumber: () => Promise<number>;
  /**
   * The chain's clock: the time of its latest block (unix seconds), by which contracts and the server judge claim
   * deadlines and upgrade delays. A dev chain's clock may run ahead of the wall clock (evm_increaseTime).
   */
  now: () => Promise<number>;
  /** True when there is contract code at the address. */
  hasCode: (address: string) => Promise<boolean>;
  /**
   * Sends a transaction signed by `privateKey` with EIP-1559 fees (legacy where the chain has no base fee) and the
   * nonce from the database allocator every instance shares (chain/nonces.ts): recorded in `job_transactions`
   * (no job) before the broadcast, so a crash leaves a transaction the next signing or the reconciler broadcasts,
   * never a gap. Without a database (tools and some tests) one process's queue and the node's pending count.
   */
  send: (privateKey: string, transaction: TransactionRequest) => Promise<TransactionResponse>;
  /**
   * Polls the node for the receipt of a sent transaction (ethers' `wait()` listens for new blocks and can miss the
   * one block an automining dev chain makes for it). With the signing key, a plain send still unmined after
   * `stuckAfterMs` under a fee below what the chain asks is replaced at its nonce with a higher fee
   * (chain/reconcile.ts); the receipt answered is the one of whichever of them was mined.
   */
  waitForReceipt: (
    hash: string,
    options?: { privateKey?: string; timeoutMs?: number },
  ) => Promise<TransactionReceipt>;
  /** Fee fields for the next server-signed transaction (cached for a second). */
  fees: () => Promise<FeeFields>;
  /**
   * The database whose nonce allocator `send` uses (the app attaches its own when it is built). With `keyFor` (the
   * private key of a server-held address), the sweep also replaces a plain send nobody waits for, stuck under too
   * low a fee for `stuckAfterMs`, and tells `onReplaced` of each answered hash whose replacement was mined
   * (chain/reconcile.ts).
   */
  attachDatabase: (db: Database, replacing?: Pick<SweepReplacement, 'keyFor' | 'onReplaced'>) => void;
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
  /** Ceiling of the max fee per gas of server-signed transactions (MAX_FEE_GWEI). */
  maxFeeGwei?: number;
  /** How long a plain send or a durable job's transaction may wait unmined before a higher fee replaces it (30 s). */
  stuckAfterMs?: number;
}): ChainService {
  const provider = new JsonRpcProvider(options.rpcUrl, Network.from(options.chainId), {
    staticNetwork: true,
    // Never answer a nonce or balance from ethers' 250 ms call cache: sends and checks must see the chain as it is.
    cacheTimeout: -1,
    pollingInterval: options.local ? 250 : 4000,
  });
  const fees = createFeeOracle(provider, { maxFeeGwei: options.maxFeeGwei });
  const ceiling = feeCeilingWei(options.maxFeeGwei);
  registerFeeOracle(provider, fees);
  registerReplacementPolicy(provider, { ceiling, stuckAfterMs: options.stuckAfterMs ?? 30_000 });
  let database: Database | undefined;
  let sweeper: NodeJS.Timeout | undefined;

  async function send(privateKey: string, transaction: TransactionRequest): Promise<TransactionResponse> {
    const wallet = new Wallet(privateKey, provider);
    // A caller that names its own fee (gasPrice, or the EIP-1559 pair) keeps it; otherwise the chain's fees.
    const ownFee = transaction.gasPrice != null || transaction.maxFeePerGas != null;
    // The estimate plus the margin the console adds too (spec: estimate + 31500): an estimate alone can fall short
    // of what the mined block needs (a slot that block's timestamp changes, as setDocument's lastModified).
    const [gasLimit, feeFields] = await Promise.all([
      transaction.gasLimit ??
        provider.estimateGas({ ...transaction, from: wallet.address }).then((gas) => gas + BigInt(gasMargin)),
      ownFee ? undefined : fees(),
    ]);
    const prepared = { ...transaction, gasLimit, ...feeFields };
    const network = Network.from(options.chainId);
    if (!database) {
      return withNonceLock(undefined, options.chainId, wallet.address, async () => {
        const nonce = await provider.getTransactionCount(wallet.address, 'pending');
        return wallet.sendTransaction({ ...prepared, nonce });
      });
    }
    const db = database;
    const { row, broadcastError } = await signRecordBroadcast({
      db,
      provider,
      wallet,
      transaction: prepared,
      jobId: null,
      stepKey: 'send',
    });
    if (broadcastError !== undefined && (isRefusal(broadcastError) || isNonceError(broadcastError))) {
      // The node refused it: it can never be mined. Nothing was accepted; the caller answers the reason.
      await markDropped(db, row.id, (broadcastError as Error).message ?? String(broadcastError));
      throw broadcastError;
    }
    // Broadcast, or its answer was lost: the recorded transaction is broadcast again until mined or its nonce used.
    return provider._wrapTransactionResponse(
      Transaction.from(row.raw) as unknown as Parameters<JsonRpcProvider['_wrapTransactionResponse']>[0],
      network,
    );
  }

  async function waitForReceipt(
    hash: string,
    waitOptions: { privateKey?: string; timeoutMs?: number } = {},
  ): Promise<TransactionReceipt> {
    const interval = options.local ? 100 : 2000;
    const timeoutMs = waitOptions.timeoutMs ?? 600_000;
    const stuckAfterMs = options.stuckAfterMs ?? 30_000;
    const deadline = Date.now() + timeoutMs;
    let hashes = [hash];
    let waitingSince = Date.now();
    for (;;) {
      for (const candidate of hashes) {
        const receipt = await provider.getTransactionReceipt(candidate);
        if (receipt) return receipt;
      }
      if (database && Date.now() - waitingSince >= stuckAfterMs) {
        waitingSince = Date.now();
        if (waitOptions.privateKey) {
          const wallet = new Wallet(waitOptions.privateKey, provider);
          const latest = hashes[hashes.length - 1] as string;
          // A fee above MAX_FEE_GWEI or a node that refuses: keep waiting, the next round asks again.
          await replaceIfStuck({ db: database, provider, wallet, fees, ceiling }, latest).catch(
            () => undefined,
          );
        }
        // Its replacements, by this instance or another.
        hashes = await sameNonceHashes(database, hash);
      }
      if (Date.now() > deadline) throw new Error(`No receipt for ${hash} after ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }

  return {
    rpcUrl: options.rpcUrl,
    chainId: options.chainId,
    local: options.local,
    provider,
    // Straight from the node (ethers caches getBlockNumber for a polling interval).
    blockNumber: async () => Number(await provider.send('eth_blockNumber', [])),
    now: async () => {
      // Straight from the node too (ethers' 'latest' tag may answer a block it cached).
      const block = (await provider.send('eth_getBlockByNumber', ['latest', false])) as {
        timestamp: string;
      } | null;
      return block ? Number(block.timestamp) : Math.floor(Date.now() / 1000);
    },
    hasCode: async (address) => (await provider.getCode(address)) !== '0x',
    send,
    waitForReceipt,
    fees,
    attachDatabase: (db, replacing) => {
      database = db;
      const replace = replacing
        ? { ...replacing, fees, ceiling, stuckAfterMs: options.stuckAfterMs ?? 30_000 }
        : undefined;
      if (sweeper) clearInterval(sweeper);
      let sweeping = false;
      sweeper = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        sweepOpenTransactions(db, provider, replace)
          .catch(() => undefined)
          .finally(() => {
            sweeping = false;
          });
      }, 5000);
      sweeper.unref();
    },
    close: () => {
      if (sweeper) clearInterval(sweeper);
      provider.destroy();
    },
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
