import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { csvCell, toCsv } from '@tranche/api';
import { keccakReady, registerRoot, securityTokenArtifact } from '@tranche/contracts';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { Contract } from 'ethers';
import { zipSync } from 'fflate';
import type { AppContext } from '../../context.ts';
import { bytes32Name } from '../../indexer/decode.ts';
import { balancesAt } from '../snapshots/service.ts';
import { enforcementAt, enforcementEvents } from '../tokens/index.ts';
import { tokenDocuments, tokenEvents, whitelistVerifications } from '../tokens/schema.ts';
import { whitelistAddresses, whitelists } from '../whitelists/schema.ts';
import { minedAnchors } from './anchor.ts';
import { anchorKey, packSigningKey } from './keys.ts';
import { entriesAfter, type AuditEntry } from './log.ts';
import { packSummaryPdf } from './packPdf.ts';
import { entryDigest, sha256Hex } from './verify.mjs';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey'>;

export type PackToken = {
  id: number;
  projectCode: string;
  projectName: string;
  contractAddress: string;
  whitelistAddress: string | null;
  securitySchemeAddress: string | null;
};

export type PackInput = {
  token: PackToken;
  blockNumber: number;
  /** ISO times; movements between them (from: the chain's start, to: the register's block time). */
  from: string | null;
  to: string | null;
  requestedBy: string;
};

const verifierSource = readFileSync(new URL('./verify.mjs', import.meta.url));
const movementEvents = [
  'IssuedByPartition',
  'RedeemedByPartition',
  'TransferByPartition',
  'ControllerTransfer',
  'ControllerRedemption',
];
const ruleEvents = ['RulesSet', 'Paused', 'Unpaused', 'MintingFrozen', 'FinalizedControllerFeature'];
const forcedEvents = ['ControllerTransfer', 'ControllerRedemption'];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The token's entries in full and every other entry redacted to its digest and hashes, up to `upTo`. */
function logLine(entry: AuditEntry, mine: (entry: AuditEntry) => boolean): string {
  if (mine(entry)) return JSON.stringify(entry);
  return JSON.stringify({
    seq: entry.seq,
    digest: entryDigest(entry),
    prevHash: entry.prevHash,
    hash: entry.hash,
  });
}

/**
 * Builds a regulator pack (issue 38): one zip with the register at the block and its Merkle root, the movements
 * between the two dates, the rules in force and their history, the whitelist and KYC-hash snapshot, the documents
 * with their hashes, the forced operations with their reasons, the operations-log extract (the whole chain up to
 * the last anchor: this token's entries in full, the others' as digests) with its anchors, a reconciliation of the
 * index against the chain, a PDF summary, the verifier, and manifest.json (SHA-256 of every file) signed with the
 * platform's Ed25519 key (manifest.sig). `progress` is told each step's share (0-100).
 */
export async function buildPack(
  ctx: Ctx,
  input: PackInput,
  progress: (step: string, percent: number, timings: Record<string, number>) => Promise<void>,
): Promise<{ zip: Uint8Array; digest: string; files: number; timings: Record<string, number> }> {
  const { token, blockNumber } = input;
  // Seconds each step took (kept in the job's progress: bench/audit.bench.ts prints them).
  const timings: Record<string, number> = {};
  let stepName = 'start';
  let stepStart = performance.now();
  const step = async (name: string, percent: number) => {
    timings[stepName] = Math.round(performance.now() - stepStart) / 1000;
    stepName = name;
    stepStart = performance.now();
    await progress(name, percent, timings);
  };
  const contract = token.contractAddress.toLowerCase();
  const block = await ctx.chain.provider.getBlock(blockNumber);
  const blockTime = block?.timestamp ?? 0;
  const fromSeconds = input.from ? Math.floor(Date.parse(input.from) / 1000) : 0;
  const toSeconds = input.to ? Math.floor(Date.parse(input.to) / 1000) : blockTime;
  const files: Record<string, Uint8Array> = {};
  const put = (name: string, text: string | Uint8Array) => {
    files[name] = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  };

  await step('register', 5);
  const balances = await balancesAt(ctx.db, contract, blockNumber, null);
  const names = new Map<string, string>();
  // The country of each KYC record (its Default Template field), replaced below by the whitelist's on-chain one.
  const countries = new Map<string, string>();
  if (token.whitelistAddress) {
    const rows = await ctx.db
      .select({
        address: whitelistAddresses.publicAddress,
        legalName: whitelistAddresses.legalName,
        contactDetails: whitelistAddresses.contactDetails,
      })
      .from(whitelistAddresses)
      .innerJoin(whitelists, eq(whitelists.id, whitelistAddresses.whitelistId))
      .where(eq(whitelists.address, token.whitelistAddress.toLowerCase()));
    for (const row of rows) {
      names.set(row.address, row.legalName);
      const country = String(row.contactDetails.country ?? '').trim();
      if (country !== '') countries.set(row.address, country.toUpperCase());
    }
  }
  await keccakReady();
  const merkleRoot = registerRoot(
    balances.map((row) => ({ address: row.holder, partition: row.partition, balance: BigInt(row.balance) })),
  );
  const totals = new Map<string, bigint>();
  for (const row of balances)
    totals.set(row.partition, (totals.get(row.partition) ?? 0n) + BigInt(row.balance));
  put(
    'register.csv',
    toCsv(
      ['address', 'partition', 'partitionName', 'balance', 'legalName'],
      balances.map((row) => [
        row.holder,
        row.partition,
        bytes32Name(row.partition),
        row.balance,
        names.get(row.holder) ?? null,
      ]),
    ),
  );

  await step('movements', 25);
  // 100,000 movements and more: the CSV lines are written by the database in one text (reading them as rows costs
  // seconds per 10,000 on PGlite). Every value is hex, a number or an event name, so none needs quoting; partition
  // names are decoded here (a handful per token) and quoted as a CSV cell.
  const moving = sql`contract_address = ${contract} and event in (${sql.join(
    movementEvents.map((e) => sql`${e}`),
    sql`, `,
  )}) and block_timestamp >= ${fromSeconds} and block_timestamp <= ${toSeconds}`;
  const partitions = rowsOf<{ partition: string }>(
    await ctx.db.execute(
      sql`select distinct partition from token_events where ${moving} and partition is not null`,
    ),
  ).map((row) => row.partition);
  const partitionName =
    partitions.length === 0
      ? sql`''`
      : sql`case partition ${sql.join(
          partitions.map((p) => sql`when ${p} then ${csvCell(bytes32Name(p))}`),
          sql` `,
        )} else coalesce(partition, '') end`;
  const [moved] = rowsOf<{ csv: string | null; count: number }>(
    await ctx.db.execute(sql`
      select count(*)::int as count, string_agg(concat_ws(',', block_number,
          to_char(to_timestamp(block_timestamp) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          transaction_hash, log_index, event, ${partitionName}, coalesce(operator, ''),
          coalesce(from_address, ''), coalesce(to_address, ''), coalesce(amount::text, ''),
          coalesce(details ->> 'data', '')), E'\r\n' order by block_number, log_index) as csv
      from token_events where ${moving}`),
  );
  const movementCount = moved?.count ?? 0;
  put(
    'movements.csv',
    `${toCsv(['block', 'time', 'transaction', 'logIndex', 'event', 'partition', 'operator', 'from', 'to', 'amount', 'data'], [])}${moved?.csv ? `${moved.csv}\r\n` : ''}`,
  );

  await step('rules', 50);
  const history = await ctx.db
    .select()
    .from(tokenEvents)
    .where(and(eq(tokenEvents.contractAddress, contract), inArray(tokenEvents.event, ruleEvents)))
    .orderBy(asc(tokenEvents.blockNumber), asc(tokenEvents.logIndex));
  const upToBlock = history.filter((e) => e.blockNumber <= blockNumber);
  const inForce = [...upToBlock].reverse().find((e) => e.event === 'RulesSet');
  const lastPause = [...upToBlock].reverse().find((e) => e.event === 'Paused' || e.event === 'Unpaused');
  const eventJson = (e: (typeof history)[number]) => ({
    event: e.event,
    block: e.blockNumber,
    time: iso(e.blockTimestamp),
    transaction: e.transactionHash,
    ...e.details,
  });
  put(
    'rules.json',
    `${JSON.stringify(
      {
        atBlock: blockNumber,
        inForce: inForce ? eventJson(inForce) : null,
        paused: lastPause?.event === 'Paused',
        mintingFrozen: upToBlock.some((e) => e.event === 'MintingFrozen'),
        history: history.map(eventJson),
      },
      null,
      2,
    )}\n`,
  );

  await step('whitelist', 60);
  const verifications = token.whitelistAddress
    ? await ctx.db
        .select({
          account: whitelistVerifications.account,
          verified: whitelistVerifications.verified,
          hash: whitelistVerifications.verificationHash,
          transaction: whitelistVerifications.transactionHash,
          block: whitelistVerifications.blockNumber,
        })
        .from(whitelistVerifications)
        .where(
          and(
            eq(whitelistVerifications.whitelistAddress, token.whitelistAddress.toLowerCase()),
            lte(whitelistVerifications.blockNumber, blockNumber),
          ),
        )
        .orderBy(asc(whitelistVerifications.account))
    : [];
  // The country (CountrySet) and, on a version 2 whitelist, the expiry (ExpirySet; 0: none) each record had at the
  // block, from the index; a record the chain holds no country for keeps its KYC record's.
  const expiries = new Map<string, string>();
  if (token.whitelistAddress) {
    const latest = rowsOf<{ account: string; event: string; country: string | null; expires: string | null }>(
      await ctx.db.execute(sql`
        select distinct on (to_address, event) to_address as account, event, details ->> 'country' as country,
          details ->> 'expiresAt' as expires
        from token_events
        where contract_address = ${token.whitelistAddress.toLowerCase()} and event in ('CountrySet', 'ExpirySet')
          and block_number <= ${blockNumber}
        order by to_address, event, block_number desc, log_index desc`),
    );
    for (const row of latest) {
      if (row.event === 'CountrySet' && row.country) countries.set(row.account, row.country);
      if (row.event === 'ExpirySet' && row.expires && row.expires !== '0')
        expiries.set(row.account, iso(Number(row.expires)));
    }
  }
  put(
    'whitelist.csv',
    toCsv(
      ['address', 'verified', 'kycHash', 'transaction', 'block', 'legalName', 'country', 'expiresAt'],
      verifications.map((v) => [
        v.account,
        v.verified ? 'yes' : 'no',
        v.hash,
        v.transaction,
        v.block,
        names.get(v.account) ?? null,
        countries.get(v.account) ?? null,
        expiries.get(v.account) ?? null,
      ]),
    ),
  );

  await step('documents', 65);
  const documents = await ctx.db
    .select()
    .from(tokenDocuments)
    .where(and(eq(tokenDocuments.contractAddress, contract), lte(tokenDocuments.blockNumber, blockNumber)));
  const documentHistory = await ctx.db
    .select()
    .from(tokenEvents)
    .where(
      and(
        eq(tokenEvents.contractAddress, contract),
        inArray(tokenEvents.event, ['DocumentUpdated', 'DocumentRemoved']),
      ),
    )
    .orderBy(asc(tokenEvents.blockNumber), asc(tokenEvents.logIndex));
  put(
    'documents.json',
    `${JSON.stringify(
      {
        current: documents.map((d) => ({
          title: d.title,
          uri: d.uri,
          documentHash: d.documentHash,
          block: d.blockNumber,
          transaction: d.transactionHash,
        })),
        history: documentHistory.map((e) => ({
          event: e.event,
          name: e.partition ? bytes32Name(e.partition) : null,
          block: e.blockNumber,
          time: iso(e.blockTimestamp),
          transaction: e.transactionHash,
          ...e.details,
        })),
      },
      null,
      2,
    )}\n`,
  );

  await step('log', 70);
  const anchors = await minedAnchors(ctx);
  const lastAnchored = anchors.at(-1)?.seq ?? 0;
  const objects = new Set(
    [contract, token.whitelistAddress, token.securitySchemeAddress]
      .filter((o): o is string => Boolean(o))
      .map((o) => o.toLowerCase()),
  );
  const mine = (entry: AuditEntry) =>
    entry.symbol === token.projectCode || (entry.object !== null && objects.has(entry.object));
  const lines: string[] = [];
  const forcedReasons: AuditEntry[] = [];
  for (let after = 0; after < lastAnchored; ) {
    const rows = await entriesAfter(ctx.db, after, 5000, lastAnchored);
    if (rows.length === 0) break;
    for (const row of rows) {
      lines.push(logLine(row, mine));
      if (mine(row) && row.action.startsWith('force.')) forcedReasons.push(row);
    }
    after = rows.at(-1)?.seq ?? lastAnchored;
  }
  put('log.jsonl', lines.length > 0 ? `${lines.join('\n')}\n` : '');
  put(
    'anchors.json',
    `${JSON.stringify(
      anchors.map((a) => ({
        seq: a.seq,
        hash: a.hash,
        blockNumber: a.blockNumber,
        transactionHash: a.transactionHash,
        gasUsed: a.gasUsed,
      })),
      null,
      2,
    )}\n`,
  );

  await step('forced', 80);
  const forced = await ctx.db
    .select()
    .from(tokenEvents)
    .where(and(eq(tokenEvents.contractAddress, contract), inArray(tokenEvents.event, forcedEvents)))
    .orderBy(asc(tokenEvents.blockNumber), asc(tokenEvents.logIndex));
  // Freezes and recoveries (version 2 tokens), each with who asked for it and the reason typed where the operations
  // log holds its request (matched by the transaction's hash).
  const enforcement = await ctx.db
    .select()
    .from(tokenEvents)
    .where(and(eq(tokenEvents.contractAddress, contract), inArray(tokenEvents.event, [...enforcementEvents])))
    .orderBy(asc(tokenEvents.blockNumber), asc(tokenEvents.logIndex));
  const requestOf = new Map<string, AuditEntry>();
  for (const entry of forcedReasons) {
    const hash = (entry.after as { result?: { transactionHash?: unknown } } | null)?.result?.transactionHash;
    if (typeof hash === 'string') requestOf.set(hash.toLowerCase(), entry);
  }
  const approval = (transaction: string) => {
    const entry = requestOf.get(transaction);
    return {
      requestedBy: entry?.actor ?? null,
      action: entry?.action ?? null,
      reason: (entry?.after as { reason?: unknown } | null)?.reason ?? null,
      logEntry: entry?.seq ?? null,
    };
  };
  const frozenAtBlock = await enforcementAt(ctx.db, contract, blockNumber);
  put(
    'forced.json',
    `${JSON.stringify(
      {
        freezes: {
          atBlock: {
            ...frozenAtBlock,
            frozenTokens: frozenAtBlock.frozenTokens.map((f) => ({
              ...f,
              partition: bytes32Name(f.partition),
            })),
          },
          history: enforcement.map((e) => ({
            event: e.event,
            block: e.blockNumber,
            time: iso(e.blockTimestamp),
            transaction: e.transactionHash,
            address: e.fromAddress,
            ...(e.toAddress ? { to: e.toAddress } : {}),
            ...(e.partition ? { partition: bytes32Name(e.partition) } : {}),
            ...(e.amount !== null ? { amount: e.amount } : {}),
            ...(e.operator ? { by: e.operator } : {}),
            ...e.details,
            ...approval(e.transactionHash),
          })),
        },
        onChain: forced.map((e) => ({
          event: e.event,
          block: e.blockNumber,
          time: iso(e.blockTimestamp),
          transaction: e.transactionHash,
          controller: e.operator,
          from: e.fromAddress,
          to: e.toAddress,
          amount: e.amount,
          ...e.details,
          ...approval(e.transactionHash),
        })),
        // Who asked for each forced operation and the reason typed (operations log).
        requested: forcedReasons.map((entry) => ({
          seq: entry.seq,
          at: entry.at,
          actor: entry.actor,
          action: entry.action,
          reason: (entry.after as { reason?: unknown } | null)?.reason ?? null,
          request: (entry.after as { request?: unknown } | null)?.request ?? null,
        })),
      },
      null,
      2,
    )}\n`,
  );

  await step('reconciliation', 85);
  const tokenContract = new Contract(contract, securityTokenArtifact.abi, ctx.chain.provider);
  const reconciliation = await Promise.all(
    [...totals].map(async ([partition, indexed]) => {
      let onChain: string | null = null;
      try {
        onChain = String(
          await tokenContract.getFunction('totalSupplyByPartition')(partition, { blockTag: blockNumber }),
        );
      } catch {
        onChain = null;
      }
      return {
        partition: bytes32Name(partition),
        indexed: indexed.toString(),
        onChain,
        matches: onChain === indexed.toString(),
      };
    }),
  );
  put(
    'reconciliation.json',
    `${JSON.stringify({ atBlock: blockNumber, partitions: reconciliation }, null, 2)}\n`,
  );

  await step('summary', 90);
  const [signing, anchor] = await Promise.all([packSigningKey(ctx), anchorKey(ctx)]);
  const createdAt = new Date().toISOString();
  put(
    'summary.pdf',
    await packSummaryPdf({
      symbol: token.projectCode,
      name: token.projectName,
      contractAddress: contract,
      chainId: Number(ctx.chain.chainId),
      blockNumber,
      blockTime: iso(blockTime),
      from: iso(fromSeconds),
      to: iso(toSeconds),
      holders: new Set(balances.map((b) => b.holder)).size,
      totals: [...totals].map(([p, t]) => ({ partition: bytes32Name(p), total: t.toString() })),
      merkleRoot,
      movements: movementCount,
      rulesInForce: inForce ? JSON.stringify(inForce.details) : 'none recorded',
      verifications: verifications.length,
      documents: documents.length,
      forced: forced.length,
      logEntries: lines.length,
      anchors: anchors.length,
      lastAnchor: anchors.at(-1)
        ? `block ${anchors.at(-1)?.blockNumber}, entry ${anchors.at(-1)?.seq}`
        : 'none',
      reconciled: reconciliation.every((r) => r.matches),
      signingKey: signing.publicKey,
      requestedBy: input.requestedBy,
      createdAt,
    }),
  );
  put('verify.mjs', verifierSource);
  put(
    'README.txt',
    [
      `Regulator pack of ${token.projectCode} (${token.projectName}) at block ${blockNumber}.`,
      '',
      'Verify it with Node.js 18 or later and nothing else:',
      '  node verify.mjs <this pack.zip> --rpc <JSON-RPC URL of the chain>',
      'or, extracted, from its folder:',
      '  node verify.mjs --rpc <JSON-RPC URL of the chain>',
      'It checks every file against manifest.json, the Ed25519 signature of manifest.json (manifest.sig),',
      "the hash chain of log.jsonl and each anchor of anchors.json against the chain's transactions.",
      '',
    ].join('\n'),
  );

  await step('manifest', 95);
  const manifest = {
    format: 'tranche-audit-pack/1',
    symbol: token.projectCode,
    name: token.projectName,
    contractAddress: contract,
    chainId: Number(ctx.chain.chainId),
    blockNumber,
    blockTime: iso(blockTime),
    from: iso(fromSeconds),
    to: iso(toSeconds),
    merkleRoot,
    requestedBy: input.requestedBy,
    createdAt,
    platform: {
      signingKey: signing.publicKey,
      signature: 'Ed25519 over manifest.json',
      anchorAddress: anchor.address,
    },
    files: Object.entries(files)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([path, data]) => ({ path, sha256: sha256Hex(data), bytes: data.length })),
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
  files['manifest.json'] = manifestBytes;
  files['manifest.sig'] = Buffer.from(`${signing.sign(manifestBytes)}\n`, 'utf8');
  const zip = zipSync(files, { level: 1, mtime: new Date(createdAt) });
  await step('done', 100);
  return {
    zip,
    digest: createHash('sha256').update(zip).digest('hex'),
    files: Object.keys(files).length,
    timings,
  };
}
