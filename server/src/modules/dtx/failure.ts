import { approvalOutcomeMessages as o } from '@tranche/api';
import { reasonMessage } from '@tranche/api/chainErrors';

/** The stored failure as a sentence: a revert reason the chain gave becomes the contracts' words. */
export function failureWords(errorMessage: string | null): string {
  if (!errorMessage) return o.noReason;
  const reason =
    /reason: "?([^"\n]+)"?/.exec(errorMessage)?.[1] ??
    /execution reverted(?: \(unknown custom error\))?: "?([^"\n]+)"?/.exec(errorMessage)?.[1];
  if (reason) return reasonMessage(reason.trim());
  return errorMessage;
}
