import { type TransactionDetail, transactionDetailSchema } from '@tranche/api';

/** Part 1, section 3: a transaction receipt is cached locally by transaction hash (the newest 100 kept). */
const storageKey = 'receipts';
const keep = 100;

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The cached transaction with its mined receipt, or null (never cached, or written by another version). */
export function cachedTransaction(hash: string): TransactionDetail | null {
  const parsed = transactionDetailSchema.safeParse(readAll()[hash.toLowerCase()]);
  return parsed.success ? parsed.data : null;
}

/** Keeps a transaction whose receipt is mined (a receipt never changes once mined; a pending one is not kept). */
export function cacheTransaction(detail: TransactionDetail): void {
  if (!detail.receipt.mined) return;
  const entries = Object.entries(readAll()).filter(([hash]) => hash !== detail.transactionHash.toLowerCase());
  entries.push([detail.transactionHash.toLowerCase(), detail]);
  try {
    localStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(entries.slice(-keep))));
  } catch {
    // A full or disabled storage only loses the cache.
  }
}
