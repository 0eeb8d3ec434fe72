import { tokenOperationMessages as m, txTypes } from '@tranche/api';
import { Button } from '@tranche/ui-kit';
import type { Contract } from 'ethers';
import type { DisabledReason } from './shared.tsx';
import type { TokenOps } from './types.ts';

type Props = {
  isPaused: boolean;
  disabled: boolean;
  /** The connected wallet's read access to the token (for the stale-page check). */
  contract: Contract | null;
  sign: TokenOps['sign'];
  distribute: TokenOps['distribute'];
  confirm: TokenOps['confirm'];
  /** Shows the 'Already paused' / 'Already unpaused' alert (null hides it) and reloads the page's token. */
  onStale: (reason: DisabledReason) => void;
};

/**
 * Pause trading / Resume trading (part 1, section 2). A page loaded before someone else paused or resumed the
 * token reads the chain first: asking to pause a paused token says 'Already paused' instead of sending a
 * transaction that can only fail.
 */
export function TradingToggle({ isPaused, disabled, contract, sign, distribute, confirm, onStale }: Props) {
  const run = async (pause: boolean) => {
    onStale(null);
    const pausedNow = await readPaused(contract);
    if (pausedNow === pause) {
      onStale(
        pause
          ? { title: m.alreadyPausedTitle, text: m.alreadyPaused }
          : { title: m.alreadyUnpausedTitle, text: m.alreadyUnpaused },
      );
      return;
    }
    if (distribute) distribute(pause ? 1 : 2);
    else if (pause) void sign(txTypes.pauseTrading, 'pause', []);
    else void sign(txTypes.resumeTrading, 'unPause', []);
  };

  return isPaused ? (
    <Button
      variant="secondary"
      disabled={disabled}
      onClick={() =>
        confirm({
          title: 'Resume trading',
          text: 'Holders will be able to transfer their tokens again. Continue?',
          onConfirm: () => void run(false),
        })
      }
    >
      Resume trading
    </Button>
  ) : (
    <Button
      variant="danger"
      disabled={disabled}
      onClick={() =>
        confirm({
          title: 'Pause trading',
          text: 'Nobody will be able to issue, redeem or transfer this token until trading resumes. Continue?',
          onConfirm: () => void run(true),
        })
      }
    >
      Pause trading
    </Button>
  );
}

/** The token's paused state on the chain now, or null when it cannot be read (the transaction's checks then decide). */
async function readPaused(contract: Contract | null): Promise<boolean | null> {
  if (!contract) return null;
  try {
    return Boolean(await contract.getFunction('isPaused').staticCall());
  } catch {
    return null;
  }
}
