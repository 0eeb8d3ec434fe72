import { formatAmount, type TransactionEffect, txTypes } from '@tranche/api';
import {
  distributorArtifact,
  securityTokenArtifact,
  securityTokenV2Abi,
  testStableTokenArtifact,
} from '@tranche/contracts';
import { inArray, or } from 'drizzle-orm';
import {
  decodeBytes32String,
  getAddress,
  Interface,
  type Log,
  type LogDescription,
  type TransactionReceipt,
} from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { distributions } from '../distributions/schema.ts';
import { projects } from '../projects/schema.ts';
import { whitelistedNames } from './repository.ts';

/** The ABIs whose events a listed transaction is decoded with: the tokens (both versions), the Distributor, ERC-20. */
const interfaces = [
  new Interface(securityTokenArtifact.abi),
  new Interface(securityTokenV2Abi),
  new Interface(distributorArtifact.abi),
  new Interface(testStableTokenArtifact.abi),
];

type Event = { log: Log; event: LogDescription };

function eventsOf(receipt: TransactionReceipt): Event[] {
  const events: Event[] = [];
  for (const log of receipt.logs) {
    for (const iface of interfaces) {
      try {
        const event = iface.parseLog(log);
        if (event) {
          events.push({ log, event });
          break;
        }
      } catch {
        // Not this ABI's event.
      }
    }
  }
  return events;
}

/** A bytes32 partition as its readable name (the hex when it is not text). */
export function partitionName(bytes: string): string {
  try {
    return decodeBytes32String(bytes);
  } catch {
    return bytes;
  }
}

type Token = { id: number; symbol: string; whitelist: string | null; row: typeof projects.$inferSelect };
type Asset = { symbol: string; decimals: number };

/** What the decoder knows of the contracts and parties of one page (read once for the page). */
type Context = {
  tokens: Map<string, Token>;
  assets: Map<string, Asset>;
  byDistribution: Map<string, Asset>;
};

/** One decoded operation before names are added: what it did, in the fields of {@link TransactionEffect}. */
type Decoded = {
  verb: string;
  amount: string;
  counterparty: string;
  partition: string;
  /** The token whose whitelist names the counterparty. */
  token?: Token;
  /** Words after the counterparty (e.g. ' on partition Common'). */
  tail: string;
};

const empty: TransactionEffect = {
  what: '',
  amount: '',
  counterparty: '',
  counterpartyName: '',
  partition: '',
};

function same<T>(values: T[]): T | undefined {
  return values.length > 0 && values.every((value) => value === values[0]) ? values[0] : undefined;
}

/** The token events of one kind (issued, redeemed, transferred), summed; several parties are counted, not named. */
function tokenMoves(
  context: Context,
  events: Event[],
  name: string,
  verb: string,
  preposition: 'to' | 'from',
): Decoded | undefined {
  const moves = events.filter((e) => e.event.name === name);
  if (moves.length === 0) return undefined;
  const first = moves[0] as Event;
  const token = context.tokens.get(first.log.address.toLowerCase());
  const total = moves.reduce((sum, e) => sum + (e.event.args.value as bigint), 0n);
  const partyOf = (e: Event) =>
    String(preposition === 'to' ? e.event.args.to : e.event.args.from).toLowerCase();
  const parties = [...new Set(moves.map(partyOf))];
  const partitionKey = name === 'TransferByPartition' ? 'fromPartition' : 'partition';
  const partition = same(moves.map((e) => partitionName(String(e.event.args[partitionKey]))));
  const amount = formatAmount(total, { symbol: token?.symbol });
  const one = parties.length === 1 ? (parties[0] as string) : '';
  return {
    verb: `${verb} ${amount} ${preposition}`,
    amount,
    counterparty: one,
    partition: partition ?? '',
    token,
    tail: `${one ? '' : ` ${parties.length} holders`}${partition ? ` on partition ${partition}` : ''}`,
  };
}

function assetAmount(asset: Asset | undefined, value: bigint): string {
  return formatAmount(value, asset ? { decimals: asset.decimals, symbol: asset.symbol } : {});
}

function decode(context: Context, txType: number, receipt: TransactionReceipt): Decoded | undefined {
  const events = eventsOf(receipt);
  const find = (name: string) => events.find((e) => e.event.name === name);
  switch (txType) {
    case txTypes.contractDeployment: {
      const address = receipt.contractAddress?.toLowerCase();
      if (!address) return undefined;
      const token = context.tokens.get(address);
      const verb = token ? `Deployed ${token.symbol} at` : 'Deployed a contract at';
      return { verb, amount: '', counterparty: address, partition: '', tail: '' };
    }
    case txTypes.tokenIssue:
      return tokenMoves(context, events, 'IssuedByPartition', 'Issued', 'to');
    case txTypes.tokenRedeem:
    case txTypes.controllerRedeem:
      return tokenMoves(context, events, 'RedeemedByPartition', 'Redeemed', 'from');
    case txTypes.forceTransfer:
    case txTypes.tokenTransfer:
      return tokenMoves(context, events, 'TransferByPartition', 'Transferred', 'to');
    case txTypes.distributionFunding: {
      const funded = find('Funded');
      if (!funded) return undefined;
      const asset = context.assets.get(String(funded.event.args.asset).toLowerCase());
      const amount = assetAmount(asset, funded.event.args.amount as bigint);
      return {
        verb: `Funded a distribution with ${amount}`,
        amount,
        counterparty: '',
        partition: '',
        tail: '',
      };
    }
    case txTypes.distributionPayout: {
      const pushed = events.filter((e) => e.event.name === 'Pushed');
      if (pushed.length === 0) return undefined;
      const asset = context.byDistribution.get(String(pushed[0]?.event.args.id));
      const holders = pushed.reduce((sum, e) => sum + Number(e.event.args.holders), 0);
      const total = pushed.reduce((sum, e) => sum + (e.event.args.amount as bigint), 0n);
      const amount = assetAmount(asset, total);
      return {
        verb: `Paid ${amount} to ${holders} ${holders === 1 ? 'holder' : 'holders'}`,
        amount,
        counterparty: '',
        partition: '',
        tail: '',
      };
    }
    case txTypes.distributionReclaim: {
      const reclaimed = find('Reclaimed');
      if (!reclaimed) return undefined;
      const asset = context.byDistribution.get(String(reclaimed.event.args.id));
      const amount = assetAmount(asset, reclaimed.event.args.amount as bigint);
      return { verb: `Reclaimed ${amount}`, amount, counterparty: '', partition: '', tail: '' };
    }
    case txTypes.distributionClaim: {
      const paid = find('Transfer');
      if (!paid) return undefined;
      const asset = context.assets.get(paid.log.address.toLowerCase());
      const amount = assetAmount(asset, paid.event.args.value as bigint);
      return { verb: `Claimed ${amount}`, amount, counterparty: '', partition: '', tail: '' };
    }
    case txTypes.paymentApproval: {
      const approval = find('Approval');
      if (!approval) return undefined;
      const asset = context.assets.get(approval.log.address.toLowerCase());
      const amount = assetAmount(asset, approval.event.args.value as bigint);
      return {
        verb: `Allowed ${amount} to`,
        amount,
        counterparty: String(approval.event.args.spender).toLowerCase(),
        partition: '',
        tail: '',
      };
    }
    default:
      return undefined;
  }
}

/** A listed transaction to decode: its type, its contract and its receipt on the chain (null when not mined). */
export type EffectRow = {
  txType: number;
  contractAddress: string | null;
  receipt: TransactionReceipt | null;
};

async function contextOf(ctx: Pick<AppContext, 'db'>, rows: EffectRow[]): Promise<Context> {
  const addresses = new Set<string>();
  for (const row of rows) {
    if (row.contractAddress) addresses.add(row.contractAddress);
    if (row.receipt?.contractAddress) addresses.add(row.receipt.contractAddress.toLowerCase());
    for (const log of row.receipt?.logs ?? []) addresses.add(log.address.toLowerCase());
  }
  const list = [...addresses];
  const [tokenRows, distributionRows] =
    list.length === 0
      ? [[], []]
      : await Promise.all([
          ctx.db.select().from(projects).where(inArray(projects.contractAddress, list)),
          ctx.db
            .select({
              asset: distributions.asset,
              onchainId: distributions.onchainId,
              symbol: distributions.assetSymbol,
              decimals: distributions.assetDecimals,
            })
            .from(distributions)
            .where(or(inArray(distributions.asset, list), inArray(distributions.distributorAddress, list))),
        ]);
  const tokens = new Map<string, Token>();
  for (const row of tokenRows) {
    if (row.contractAddress)
      tokens.set(row.contractAddress.toLowerCase(), {
        id: row.id,
        symbol: row.projectCode,
        whitelist: row.whitelistAddress?.toLowerCase() ?? null,
        row,
      });
  }
  const assets = new Map<string, Asset>();
  const byDistribution = new Map<string, Asset>();
  for (const row of distributionRows) {
    const asset = { symbol: row.symbol, decimals: row.decimals };
    assets.set(row.asset.toLowerCase(), asset);
    byDistribution.set(row.onchainId.toLowerCase(), asset);
  }
  return { tokens, assets, byDistribution };
}

/**
 * The decoded effect of each row (issue 34), in the order given: what the mined transaction did, read from its
 * receipt's events with the ABIs the platform knows, amounts in the token's or the asset's units, the counterparty
 * named from the token's whitelist only when the viewer may see that token's investor data (the access module).
 */
export async function effectsOf(
  ctx: Pick<AppContext, 'db' | 'chain'>,
  viewer: Viewer,
  rows: EffectRow[],
): Promise<TransactionEffect[]> {
  const context = await contextOf(ctx, rows);
  const decoded = rows.map((row) =>
    row.receipt?.status === 1 ? decode(context, row.txType, row.receipt) : undefined,
  );
  const named = decoded.filter((d): d is Decoded & { token: Token } =>
    Boolean(d?.counterparty && d.token?.whitelist),
  );
  const whitelistList = [...new Set(named.map((d) => d.token.whitelist as string))];
  const parties = [...new Set(named.map((d) => d.counterparty))];
  const names = await whitelistedNames(ctx.db, whitelistList, parties);
  const tokenList = [...new Map(named.map((d) => [d.token.id, d.token.row])).values()];
  const mayName = names.size > 0 ? await accessOf(ctx).investorDataOf(viewer, tokenList) : new Set<number>();
  return rows.map((row, index) => {
    const d = decoded[index];
    if (!d) {
      if (row.receipt && row.receipt.status !== 1)
        return { ...empty, what: 'Refused by the chain: nothing changed' };
      if (!row.receipt) return { ...empty, what: 'Not mined yet' };
      return empty;
    }
    const name =
      d.counterparty && d.token && mayName.has(d.token.id)
        ? (names.get(`${d.token.whitelist} ${d.counterparty}`) ?? '')
        : '';
    const counterparty = d.counterparty ? getAddress(d.counterparty) : '';
    const who = counterparty ? ` ${name ? `${name} (${counterparty})` : counterparty}` : '';
    return {
      what: `${d.verb}${who}${d.tail}`,
      amount: d.amount,
      counterparty,
      counterpartyName: name,
      partition: d.partition,
    };
  });
}
