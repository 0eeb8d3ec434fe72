import type { AuditAnchor, AuditVerify } from '@tranche/api';
import type { AppContext } from '../../context.ts';
import { type AnchorRow, minedAnchors } from './anchor.ts';
import { anchorKey } from './keys.ts';
import { entriesAfter } from './log.ts';
import { anchorCalldata, chainHash, entryDigest, genesisHash } from './verify.mjs';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey'>;

const batch = 5000;

function anchorOf(row: AnchorRow): AuditAnchor {
  return { seq: row.seq, block: row.blockNumber ?? 0, hash: row.hash, transactionHash: row.transactionHash };
}

/**
 * Walks the whole operations log from its first entry: each entry's hash must be SHA-256 over the previous hash and
 * the digest of its content. Then every mined anchor must hold the hash the chain has at its entry, and the newest
 * one must be on the chain as recorded (sent by the anchor key, carrying that hash). An entry edited in place breaks
 * the walk at it; a log rewritten with fresh hashes from some entry on walks clean but contradicts the anchors
 * after it (the first entry after the last anchor that still holds is then named).
 */
export async function verifyChain(ctx: Ctx): Promise<AuditVerify> {
  const anchors = await minedAnchors(ctx);
  const anchoredSeqs = new Set(anchors.map((a) => a.seq));
  const computed = new Map<number, string>();
  let previous = genesisHash;
  let entries = 0;
  let broken: { seq: number; reason: string } | null = null;
  let after = 0;
  for (;;) {
    const rows = await entriesAfter(ctx.db, after, batch);
    for (const row of rows) {
      entries += 1;
      if (broken) continue;
      if (row.seq !== after + 1) broken = { seq: after + 1, reason: `Entry ${after + 1} is missing` };
      else if (row.prevHash !== previous)
        broken = { seq: row.seq, reason: `Entry ${row.seq} does not follow the previous entry's hash` };
      else {
        const hash = chainHash(previous, entryDigest(row));
        if (hash !== row.hash)
          broken = {
            seq: row.seq,
            reason: `Entry ${row.seq} was changed: its hash does not match its content`,
          };
        else {
          if (anchoredSeqs.has(row.seq)) computed.set(row.seq, hash);
          previous = hash;
        }
      }
      after = row.seq;
    }
    if (rows.length < batch) break;
  }
  const holds = (anchor: AnchorRow) => computed.get(anchor.seq) === anchor.hash;
  if (!broken) {
    const contradicted = anchors.find((anchor) => !holds(anchor));
    if (contradicted) {
      const good = anchors.filter((anchor) => anchor.seq < contradicted.seq && holds(anchor)).at(-1);
      broken = {
        seq: (good?.seq ?? 0) + 1,
        reason: `The log was rewritten between entries ${(good?.seq ?? 0) + 1} and ${contradicted.seq}: the anchor at block ${contradicted.blockNumber} holds another hash`,
      };
    }
  }
  const last = anchors.at(-1);
  let lastMatches = last ? holds(last) : false;
  if (last && lastMatches) lastMatches = await onChain(ctx, last);
  if (last && !lastMatches && !broken)
    broken = {
      seq: last.seq,
      reason: `The anchor at block ${last.blockNumber} is not on the chain as recorded`,
    };
  const contradicts = broken
    ? anchors.filter((anchor) => anchor.seq >= (broken?.seq ?? 0)).at(-1)
    : undefined;
  return {
    ok: broken === null,
    entries,
    lastAnchor: last ? { ...anchorOf(last), matches: lastMatches } : null,
    firstBroken: broken && { ...broken, contradicts: contradicts ? anchorOf(contradicts) : null },
  };
}

/** The anchor's transaction is on the chain, mined at its block, from the anchor key, carrying its hash. */
async function onChain(ctx: Ctx, anchor: AnchorRow): Promise<boolean> {
  if (!anchor.transactionHash) return false;
  const [transaction, key] = await Promise.all([
    ctx.chain.provider.getTransaction(anchor.transactionHash),
    anchorKey(ctx),
  ]);
  return (
    transaction !== null &&
    transaction.blockNumber === anchor.blockNumber &&
    transaction.from.toLowerCase() === key.address &&
    transaction.data.toLowerCase() === anchorCalldata(anchor.seq, anchor.hash)
  );
}
