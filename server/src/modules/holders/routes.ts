import {
  type HolderSortColumn,
  holderSearchLimit,
  type ScheduledAction,
  type TokenHistoryRange,
  tokenScreenTexts,
  topHoldersCount,
} from '@tranche/api';
import { securityTokenV2Abi } from '@tranche/contracts';
import { Contract, encodeBytes32String, isHexString } from 'ethers';
import { accessOf } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { firstUnconfirmedBlock } from '../../indexer/unconfirmed.ts';
import { registerRoute } from '../../http/routing.ts';
import type { ProjectRow } from '../projects/service.ts';
import { paged, requireDeployed } from '../projects/service.ts';
import type { ServerModule } from '../registry.ts';
import { enforcementAt } from '../tokens/index.ts';
import { bytes32Name } from '../../indexer/decode.ts';
import {
  type HolderCursor,
  holderConcentration,
  holdersPage,
  indexedHolderTotals,
  nextScheduled,
  searchRegister,
  supplyAndHolderDays,
} from './repository.ts';
import { getRules } from '../rules/service.ts';

/** A partition given by name (at most 31 bytes) or as its bytes32 hex; undefined when neither. */
export function partitionValue(partition: string): string | undefined {
  const text = partition.trim();
  if (isHexString(text, 32)) return text.toLowerCase();
  try {
    return encodeBytes32String(text);
  } catch {
    return undefined;
  }
}

const holderPattern = /^0x[0-9a-f]{40}$/;

/** A row's position in one order: base64url of [sort, sort key, holder]. */
export function encodeHolderCursor(sort: HolderSortColumn, key: string, holder: string): string {
  return Buffer.from(JSON.stringify([sort, key, holder])).toString('base64url');
}

/** The position of a cursor handed out for this order; 400 for anything else. */
export function decodeHolderCursor(
  text: string,
  sort: HolderSortColumn,
  direction: HolderCursor['direction'],
): HolderCursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parts = undefined;
  }
  const [cursorSort, key, holder] = Array.isArray(parts) ? parts : [];
  const valid =
    Array.isArray(parts) &&
    parts.length === 3 &&
    cursorSort === sort &&
    typeof key === 'string' &&
    typeof holder === 'string' &&
    holderPattern.test(holder) &&
    (sort === 'balance'
      ? /^\d{1,78}$/.test(key)
      : sort === 'holderAddress'
        ? key === holder
        : key.length <= 255);
  if (!valid) throw new HttpError(400, tokenScreenTexts.cursorInvalid);
  return { direction, key, holder };
}

const secondsPerDay = 86_400;
const dayText = (day: number) => new Date(day * secondsPerDay * 1000).toISOString().slice(0, 10);
/** How many days before today each range of the dashboard's history starts (`all`: the first change). */
const historyDaysBack: Record<Exclude<TokenHistoryRange, 'all'>, number> = { '30d': 29, '1y': 364 };

/** Now in Unix seconds: the later of the server's clock and the chain's (a dev chain's clock may run ahead). */
async function now(ctx: Pick<AppContext, 'chain'>): Promise<number> {
  const wall = Math.floor(Date.now() / 1000);
  const chain = await ctx.chain.now().catch(() => wall);
  return Math.max(wall, chain);
}

/** Today's UTC day (days since 1970) by {@link now}. */
async function today(ctx: Pick<AppContext, 'chain'>): Promise<number> {
  return Math.floor((await now(ctx)) / secondsPerDay);
}

/**
 * The token's next scheduled action after `at`: the earliest of the database's dated things (nextScheduled) and the
 * ends of the lock-ups in force on the chain (the token's rule and each partition's, when its rules are on; a token
 * without rules, or a chain that does not answer, has none). KYC records are named only for those who may see them.
 */
async function nextAction(
  ctx: AppContext,
  token: ProjectRow & { contractAddress: string },
  at: number,
  named: boolean,
): Promise<ScheduledAction | null> {
  const [rows, rules] = await Promise.all([
    nextScheduled(ctx.db, {
      projectId: token.id,
      contractAddress: token.contractAddress,
      whitelistAddress: token.whitelistAddress,
      now: at,
    }),
    getRules(ctx, token.projectCode).catch(() => undefined),
  ]);
  const candidates: ScheduledAction[] = rows.map((row) => ({
    kind: row.kind,
    at: row.at,
    subject: row.kind === 'kycExpiry' ? ((named ? row.legalName : null) ?? row.subject) : row.subject,
  }));
  if (rules?.active) {
    for (const [subject, rule] of [
      ['', rules.token] as const,
      ...rules.partitions.map((p) => [p.partition, p.rule] as const),
    ]) {
      if (rule.lockupUntil > at) candidates.push({ kind: 'lockupEnd', at: rule.lockupUntil, subject });
    }
  }
  return candidates.sort((a, b) => a.at - b.at)[0] ?? null;
}

/**
 * GET /holders/{code}/{partition}: a page of the partition's holders from the indexed balances, by page number
 * or from a cursor (`after` takes precedence over `before`). Legal names and verification records only for those
 * the access rules let see the token's investor data; everyone else gets addresses and balances (the redacted view,
 * where an order by legal name becomes an order by balance). Each row says whether its balance changed in a block
 * not final yet (above head - INDEXER_CONFIRMATIONS), from the same query.
 */
/**
 * A version 2 token's freezes of a page's holders, read from the chain (issue 36): the frozen tokens in the
 * partition and the address freeze. A token still on implementation 2.0 has neither: none are shown.
 */
async function enforcementOf(
  ctx: Pick<AppContext, 'chain'>,
  contractAddress: string,
  partition: string,
  holders: string[],
): Promise<{ frozen: string; addressFrozen: boolean }[] | undefined> {
  const token = new Contract(contractAddress, securityTokenV2Abi, ctx.chain.provider);
  try {
    return await Promise.all(
      holders.map(async (holder) => {
        const [frozen, addressFrozen] = (await Promise.all([
          token.getFunction('getFrozenTokensByPartition')(partition, holder),
          token.getFunction('isFrozen')(holder),
        ])) as [bigint, boolean];
        return { frozen: frozen.toString(), addressFrozen };
      }),
    );
  } catch {
    return undefined;
  }
}

export const holdersModule: ServerModule = {
  name: 'holders',
  register: (app, ctx) => {
    const access = accessOf(ctx);
    registerRoute(app, ctx, 'listHolders', async ({ params, query, session }) => {
      const token = await requireDeployed(ctx, params.code);
      const named = await access.investorData(session, { token });
      const sort: HolderSortColumn = named || query.sort !== 'legalName' ? query.sort : 'balance';
      const cursorText = query.after ?? query.before;
      const cursor =
        cursorText === undefined
          ? undefined
          : decodeHolderCursor(cursorText, sort, query.after !== undefined ? 'after' : 'before');
      const partition = partitionValue(params.partition);
      const { rows, totalRows } = partition
        ? await holdersPage(ctx.db, {
            contractAddress: token.contractAddress,
            whitelistAddress: token.whitelistAddress,
            partition,
            pageSize: query.pageSize,
            offset: (query.page - 1) * query.pageSize,
            sort,
            order: query.order,
            cursor,
            firstUnconfirmedBlock: await firstUnconfirmedBlock(app, ctx.chain),
          })
        : { rows: [], totalRows: 0 };
      const cursorOf = (row: (typeof rows)[number] | undefined) =>
        row ? encodeHolderCursor(sort, row.sortKey, row.holder) : null;
      const enforcement =
        partition && token.tokenVersion === 2
          ? await enforcementOf(
              ctx,
              token.contractAddress,
              partition,
              rows.map((row) => row.holder),
            )
          : undefined;
      // Recoveries as the index holds them: the lost wallet names its new one and the new one its lost one.
      const recoveries =
        partition && token.tokenVersion === 2
          ? (await enforcementAt(ctx.db, token.contractAddress, Number.MAX_SAFE_INTEGER)).recoveries
          : [];
      const recoveryOf = (holder: string) => {
        const from = recoveries.find((r) => r.newAddress === holder)?.lostAddress;
        const to = recoveries.find((r) => r.lostAddress === holder)?.newAddress;
        return { ...(from ? { recoveredFrom: from } : {}), ...(to ? { recoveredTo: to } : {}) };
      };
      return {
        ...paged(
          rows.map((row, i) => ({
            holderAddress: row.holder,
            balance: row.balance,
            legalName: named ? row.legalName : null,
            verificationTransactionHash: named ? row.verificationTransactionHash : null,
            unconfirmed: row.unconfirmed,
            ...enforcement?.[i],
            ...recoveryOf(row.holder),
          })),
          totalRows,
          query.page,
          query.pageSize,
        ),
        firstCursor: cursorOf(rows[0]),
        lastCursor: cursorOf(rows.at(-1)),
      };
    });

    // GET /tokenstats/{code}: the token dashboard's figures; legal names only for those who may see investor data.
    registerRoute(app, ctx, 'getTokenStats', async ({ params, session }) => {
      const token = await requireDeployed(ctx, params.code);
      const named = await access.investorData(session, { token });
      const [totals, concentration, next] = await Promise.all([
        indexedHolderTotals(ctx.db, token.contractAddress),
        holderConcentration(ctx.db, {
          contractAddress: token.contractAddress,
          whitelistAddress: token.whitelistAddress,
          top: topHoldersCount,
        }),
        now(ctx).then((at) => nextAction(ctx, token, at, named)),
      ]);
      return {
        nextAction: next,
        holders: totals.token,
        investors: concentration.investors,
        partitions: [...totals.partitions]
          .filter(([, partition]) => partition.holders > 0)
          .map(([value, partition]) => ({
            value,
            name: bytes32Name(value),
            supply: partition.sum.toString(),
            holders: partition.holders,
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        topHolders: concentration.top.map((row) => ({
          holderAddress: row.holder,
          legalName: named ? row.legalName : null,
          balance: row.balance,
        })),
        restBalance: concentration.rest.toString(),
      };
    });

    // GET /tokenstats/{code}/history?range: daily supply and holders; figures only, so the same rule as the dashboard.
    registerRoute(app, ctx, 'getTokenHistory', async ({ params, query }) => {
      const token = await requireDeployed(ctx, params.code);
      const to = await today(ctx);
      const bounded = query.range === 'all' ? 0 : to - historyDaysBack[query.range];
      const days = await supplyAndHolderDays(ctx.db, {
        contractAddress: token.contractAddress,
        fromDay: bounded,
      });
      const from = query.range === 'all' ? Math.min(days[0]?.day ?? to, to) : bounded;
      return {
        range: query.range,
        from: dayText(from),
        to: dayText(to),
        // The last day before the range stands for the range's first day (its figures held then).
        points: days.map((d) => ({
          day: dayText(Math.max(d.day, from)),
          supply: d.supply.toString(),
          holders: d.holders,
        })),
      };
    });

    // GET /holder-search/{code}?q: pick a holder by name or address; names only for those who may see investor data.
    registerRoute(app, ctx, 'searchHolders', async ({ params, query, session }) => {
      const token = await requireDeployed(ctx, params.code);
      const named = await access.investorData(session, { token });
      const rows = await searchRegister(ctx.db, {
        contractAddress: token.contractAddress,
        whitelistAddress: token.whitelistAddress,
        query: query.q,
        names: named,
        limit: holderSearchLimit,
      });
      return {
        holders: rows.map((row) => ({
          holderAddress: row.holder,
          legalName: named ? row.legalName : null,
          balance: row.balance,
        })),
      };
    });
  },
};
