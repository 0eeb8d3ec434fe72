import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

/**
 * How far the chain's clock runs ahead of this browser's (milliseconds, never below 0) from GET /health's
 * `chainTime`, its latest block's time, read at `wallMs`. The server and the contracts judge claim deadlines and
 * upgrade delays by block time, and a dev chain's clock may have been moved ahead (evm_increaseTime); a chain that has
 * not made a block for a while answers an older time, and its next block is at least the wall clock's time.
 */
export function chainClockOffset(chainTime: string, wallMs: number): number {
  const chainMs = Date.parse(chainTime);
  return Number.isNaN(chainMs) ? 0 : Math.max(0, chainMs - wallMs);
}

/** A time as a datetime-local field's value (this browser's time zone), to the minute or, with `seconds`, the second. */
export function dateTimeLocalValue(ms: number, seconds = false): string {
  const date = new Date(ms);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, seconds ? 19 : 16);
}

export type ChainClock = {
  /** False until GET /health answered (then `now` follows the chain; before, or if it fails, the wall clock). */
  ready: boolean;
  /** The chain's time now, in milliseconds. */
  now: () => number;
};

/** The chain's clock for forms whose dates the chain judges (claim deadlines, record dates). */
export function useChainClock(): ChainClock {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    api.call('health').then(
      (health) => {
        if (live) setOffset(chainClockOffset(health.chainTime, Date.now()));
      },
      () => {
        if (live) setOffset(0);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const now = useCallback(() => Date.now() + (offset ?? 0), [offset]);
  return { ready: offset !== null, now };
}
