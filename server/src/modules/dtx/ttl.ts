/** Default life of a pending distributed transaction: 72 hours. */
export const defaultDtxTtlMs = 72 * 3600_000;

const units: Record<string, number> = { s: 1000, m: 60_000, h: 3600_000, d: 86_400_000 };

/**
 * DTX_TTL: how long a pending distributed transaction waits for approvals before it expires, e.g. `72h`, `30m`,
 * `2d`, `90s` (a bare number is seconds). Invalid or non-positive values are refused at start.
 */
export function dtxTtlMs(value: string | undefined = process.env.DTX_TTL): number {
  const text = value?.trim();
  if (!text) return defaultDtxTtlMs;
  const match = /^(\d+)\s*([smhd]?)$/i.exec(text);
  const amount = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`DTX_TTL must be a positive duration such as 72h, 30m or 2d (got ${text})`);
  }
  return amount * (units[(match[2] || 's').toLowerCase()] ?? 1000);
}
