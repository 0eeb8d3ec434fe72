/** How a whitelist record's KYC expiry reads (issue 36), judged by the chain's clock. */

const dayMs = 86_400_000;
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A date as the expiry words show it: '12 Dec 2026' (UTC, the chain's time zone). */
export function expiryDate(ms: number): string {
  return dateFormat.format(new Date(ms));
}

/**
 * 'expires in 12 days' (whole days, rounded up: 'expires in 1 day' on its last day), 'expired on 12 Dec 2026' once
 * the chain's time `nowMs` has reached it, '' for a record without expiry (null).
 */
export function expiryWords(expiresAt: string | null, nowMs: number): string {
  if (expiresAt === null) return '';
  const ms = Date.parse(expiresAt);
  if (Number.isNaN(ms)) return '';
  if (ms <= nowMs) return `expired on ${expiryDate(ms)}`;
  const days = Math.ceil((ms - nowMs) / dayMs);
  return `expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}
