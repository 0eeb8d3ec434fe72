import {
  type LocalAddress,
  type LocalBlock,
  type LocalTokenTransfer,
  type LocalTransaction,
  type LocalTxSummary,
  localMessages,
} from '@tranche/api';
import { and, eq, inArray } from 'drizzle-orm';
import {
  type Block,
  formatEther,
  Interface,
  type Log,
  type Provider,
  type TransactionResponse,
  zeroPadValue,
} from 'ethers';
import type { AppContext } from '../../context.ts';
import { deployedContracts } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { projects } from '../projects/schema.ts';
import { createTokenUnits, decodeCall, decodeEvents } from './decode.ts';

/** Newest blocks searched for an address's transactions (the embedded chain is small; this bounds the cost). */
export const addressSearchBlocks = 256;
const blockReadConcurrency = 32;

function summary(transaction: TransactionResponse): LocalTxSummary {
  return {
    hash: transaction.hash,
    blockNumber: transaction.blockNumber ?? 0,
    from: transaction.from.toLowerCase(),
    to: transaction.to?.toLowerCase() ?? '',
    value: transaction.value.toString(),
  };
}

function isoTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

async function knownAs(ctx: AppContext, address: string): Promise<LocalAddress['knownAs']> {
  const [project] = await ctx.db
    .select({ name: projects.projectName, code: projects.projectCode })
    .from(projects)
    .where(eq(projects.contractAddress, address))
    .limit(1);
  if (project) return { kind: 'token', name: `${project.code} - ${project.name}` };
  const [contract] = await ctx.db
    .select({ kind: deployedContracts.kind, name: deployedContracts.name })
    .from(deployedContracts)
    .where(and(eq(deployedContracts.chainId, ctx.chain.chainId), eq(deployedContracts.address, address)))
    .limit(1);
  return contract ?? null;
}

const erc20Transfer = new Interface([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);
const transferTopic = erc20Transfer.getEvent('Transfer')?.topicHash as string;

/**
 * ERC-20 `Transfer` logs of any contract from or to `address` in blocks `fromBlock`..`toBlock`, newest first. A
 * log of the same topic with another shape (ERC-721 indexes the token id) is left out.
 */
async function erc20Transfers(
  provider: Provider,
  address: string,
  fromBlock: number,
  toBlock: number,
): Promise<Log[]> {
  const topic = zeroPadValue(address, 32);
  const [sent, received] = await Promise.all([
    provider.getLogs({ fromBlock, toBlock, topics: [transferTopic, topic] }),
    provider.getLogs({ fromBlock, toBlock, topics: [transferTopic, null, topic] }),
  ]);
  const unique = new Map<string, Log>();
  for (const log of [...sent, ...received]) {
    if (log.topics.length === 3 && log.data.length === 66)
      unique.set(`${log.transactionHash}:${log.index}`, log);
  }
  return [...unique.values()].sort((a, b) => b.blockNumber - a.blockNumber || b.index - a.index);
}

/** The embedded chain as the /local pages show it (local mode only). */
export function createLocalChainService(ctx: AppContext) {
  const provider = ctx.chain.provider;
  const unitOf = createTokenUnits(provider);

  async function blocksWithTransactions(numbers: number[]): Promise<Block[]> {
    const blocks: Block[] = [];
    for (let start = 0; start < numbers.length; start += blockReadConcurrency) {
      const batch = numbers.slice(start, start + blockReadConcurrency);
      const read = await Promise.all(batch.map((n) => provider.getBlock(n, true)));
      for (const block of read) if (block) blocks.push(block);
    }
    return blocks;
  }

  async function tokenTransfers(
    address: string,
    fromBlock: number,
    toBlock: number,
  ): Promise<LocalTokenTransfer[]> {
    const logs = await erc20Transfers(provider, address, fromBlock, toBlock);
    const tokens = [...new Set(logs.map((log) => log.address.toLowerCase()))];
    const units = new Map(
      await Promise.all(tokens.map(async (token) => [token, await unitOf(token)] as const)),
    );
    const symbols = new Map(
      tokens.length === 0
        ? []
        : (
            await ctx.db
              .select({ address: projects.contractAddress, code: projects.projectCode })
              .from(projects)
              .where(inArray(projects.contractAddress, tokens))
          ).map((row) => [row.address, row.code]),
    );
    return logs.flatMap((log) => {
      const parsed = erc20Transfer.parseLog(log);
      if (!parsed) return [];
      const token = log.address.toLowerCase();
      const [from, to, value] = parsed.args as unknown as [string, string, bigint];
      return [
        {
          hash: log.transactionHash,
          blockNumber: log.blockNumber,
          logIndex: log.index,
          token,
          tokenSymbol: symbols.get(token) ?? units.get(token)?.symbol ?? '',
          from: from.toLowerCase(),
          to: to.toLowerCase(),
          value: value.toString(),
          tokenDecimals: units.get(token)?.decimals ?? null,
        },
      ];
    });
  }

  return {
    async address(address: string): Promise<LocalAddress> {
      const latestBlock = await ctx.chain.blockNumber();
      const [balance, transactionCount, code, known] = await Promise.all([
        provider.getBalance(address, latestBlock),
        provider.getTransactionCount(address, latestBlock),
        provider.getCode(address, latestBlock),
        knownAs(ctx, address),
      ]);
      const first = Math.max(0, latestBlock - addressSearchBlocks + 1);
      const numbers: number[] = [];
      for (let n = latestBlock; n >= first; n--) numbers.push(n);
      const [blocks, transfers] = await Promise.all([
        blocksWithTransactions(numbers),
        tokenTransfers(address, first, latestBlock),
      ]);
      const recentTransactions: LocalTxSummary[] = [];
      for (const block of blocks) {
        for (const transaction of block.prefetchedTransactions) {
          const from = transaction.from.toLowerCase();
          const to = transaction.to?.toLowerCase() ?? '';
          if (from === address || to === address) recentTransactions.push(summary(transaction));
        }
      }
      const codeSize = code === '0x' ? 0 : (code.length - 2) / 2;
      return {
        address,
        balance: balance.toString(),
        balanceEther: formatEther(balance),
        transactionCount,
        isContract: codeSize > 0,
        codeSize,
        knownAs: known,
        recentTransactions,
        tokenTransfers: transfers,
        blocksSearched: numbers.length,
        latestBlock,
      };
    },

    async transaction(hash: string): Promise<LocalTransaction> {
      const transaction = await provider.getTransaction(hash);
      if (!transaction) throw new HttpError(404, localMessages.txNotFound);
      const [receipt, latestBlock] = await Promise.all([
        provider.getTransactionReceipt(hash),
        ctx.chain.blockNumber(),
      ]);
      const [block, call, events] = await Promise.all([
        receipt ? provider.getBlock(receipt.blockNumber) : null,
        decodeCall(transaction.to ?? '', transaction.data, unitOf),
        decodeEvents(receipt?.logs ?? [], unitOf),
      ]);
      return {
        hash: transaction.hash,
        status: receipt ? (receipt.status === 1 ? 'success' : 'reverted') : 'pending',
        blockNumber: receipt?.blockNumber ?? null,
        blockHash: receipt?.blockHash ?? '',
        timestamp: block ? isoTime(block.timestamp) : '',
        transactionIndex: receipt?.index ?? null,
        from: transaction.from.toLowerCase(),
        to: transaction.to?.toLowerCase() ?? '',
        contractAddress: receipt?.contractAddress?.toLowerCase() ?? '',
        value: transaction.value.toString(),
        nonce: transaction.nonce,
        gasLimit: transaction.gasLimit.toString(),
        gasPrice: (receipt?.gasPrice ?? transaction.gasPrice ?? 0n).toString(),
        gasUsed: receipt ? receipt.gasUsed.toString() : '',
        input: transaction.data,
        call,
        logCount: receipt?.logs.length ?? 0,
        events,
        confirmations: receipt ? Math.max(0, latestBlock - receipt.blockNumber + 1) : 0,
      };
    },

    async block(tag: string): Promise<LocalBlock> {
      const latestBlock = await ctx.chain.blockNumber();
      const target = tag === 'latest' ? latestBlock : /^\d+$/.test(tag) ? Number(tag) : tag;
      const block = await provider.getBlock(target, true);
      if (!block || block.number > latestBlock) throw new HttpError(404, localMessages.blockNotFound);
      return {
        number: block.number,
        hash: block.hash ?? '',
        parentHash: block.parentHash,
        timestamp: isoTime(block.timestamp),
        miner: block.miner.toLowerCase(),
        gasUsed: block.gasUsed.toString(),
        gasLimit: block.gasLimit.toString(),
        baseFeePerGas: (block.baseFeePerGas ?? 0n).toString(),
        transactions: block.prefetchedTransactions.map(summary),
        latestBlock,
      };
    },
  };
}
