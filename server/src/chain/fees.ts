import type { JsonRpcProvider } from 'ethers';

/** The fee fields of a server-signed transaction: EIP-1559 where the chain has a base fee, else legacy. */
export type FeeFields =
  | { type: 2; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  | { type: 0; gasPrice: bigint };

const gwei = 1_000_000_000n;

/** Default ceiling of a server-signed transaction's max fee (MAX_FEE_GWEI). */
export const defaultMaxFeeGwei = 500;

/** MAX_FEE_GWEI in wei. */
export function feeCeilingWei(maxFeeGwei: number = defaultMaxFeeGwei): bigint {
  return BigInt(Math.round(maxFeeGwei * 1e9));
}

export class FeeCeilingError extends Error {
  constructor(baseFee: bigint, ceiling: bigint) {
    super(
      `The chain's base fee (${baseFee / gwei} gwei) is above MAX_FEE_GWEI (${ceiling / gwei} gwei): nothing is sent until it falls or the ceiling is raised.`,
    );
    this.name = 'FeeCeilingError';
  }
}

function median(values: bigint[]): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.floor(sorted.length / 2)] ?? 0n;
}

/**
 * Fees from the chain: `eth_feeHistory` over the last 10 blocks gives the next block's base fee and the median
 * priority fee paid (50th percentile); max fee = 2 x base fee + priority fee (room for six full blocks of base-fee
 * rises), capped at `maxFeeGwei`. A chain without a base fee (pre-London, some dev chains) gets a legacy gas price.
 * Answers are reused for `cacheMs` (every send of a burst asks once).
 */
export function createFeeOracle(
  provider: JsonRpcProvider,
  options: { maxFeeGwei?: number; cacheMs?: number } = {},
): () => Promise<FeeFields> {
  const ceiling = feeCeilingWei(options.maxFeeGwei);
  const cacheMs = options.cacheMs ?? 1000;
  let cached: { at: number; fees: Promise<FeeFields> } | undefined;

  async function read(): Promise<FeeFields> {
    const history = (await provider.send('eth_feeHistory', ['0xa', 'latest', [50]]).catch(() => null)) as {
      baseFeePerGas?: string[];
      reward?: string[][];
    } | null;
    const nextBase = history?.baseFeePerGas?.at(-1);
    if (nextBase === undefined || nextBase === null) {
      const price = BigInt((await provider.send('eth_gasPrice', [])) as string);
      return { type: 0, gasPrice: price > ceiling ? ceiling : price };
    }
    const base = BigInt(nextBase);
    if (base > ceiling) throw new FeeCeilingError(base, ceiling);
    let priority = median(
      (history?.reward ?? []).map((row) => BigInt(row[0] ?? '0x0')).filter((r) => r > 0n),
    );
    if (priority === 0n) {
      // Empty blocks pay no tips: ask the node (Anvil and Hardhat answer 1 gwei; real nodes their estimate).
      priority = BigInt(
        ((await provider.send('eth_maxPriorityFeePerGas', []).catch(() => '0x0')) as string) || '0x0',
      );
    }
    let maxFee = base * 2n + priority;
    if (maxFee > ceiling) maxFee = ceiling;
    if (priority > maxFee - base) priority = maxFee - base;
    return { type: 2, maxFeePerGas: maxFee, maxPriorityFeePerGas: priority };
  }

  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > cacheMs) {
      const fees = read();
      cached = { at: now, fees };
      fees.catch(() => {
        if (cached?.fees === fees) cached = undefined;
      });
    }
    return cached.fees;
  };
}

const oracles = new WeakMap<JsonRpcProvider, () => Promise<FeeFields>>();

/** The fee oracle of a provider: the one its chain service registered (MAX_FEE_GWEI), else one with the defaults. */
export function feeOracleOf(provider: JsonRpcProvider): () => Promise<FeeFields> {
  let oracle = oracles.get(provider);
  if (!oracle) {
    oracle = createFeeOracle(provider);
    oracles.set(provider, oracle);
  }
  return oracle;
}

/** Makes `oracle` the one {@link feeOracleOf} answers for `provider`. */
export function registerFeeOracle(provider: JsonRpcProvider, oracle: () => Promise<FeeFields>): void {
  oracles.set(provider, oracle);
}
