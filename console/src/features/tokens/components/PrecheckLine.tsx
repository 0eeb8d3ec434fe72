import type { PrecheckRequest } from '@tranche/api';
import { Alert, Text } from '@tranche/ui-kit';
import { usePrecheck } from '../hooks/usePrecheck.ts';

/**
 * The pre-check line of an operation form: before anything is signed, whether the chain would accept the
 * operation now, and if not, which rule or right stops it, in words.
 */
export function PrecheckLine({ body }: { body: PrecheckRequest | null }) {
  const state = usePrecheck(body);
  if (state.status === 'idle') return null;
  if (state.status === 'checking') {
    return (
      <Text tone="muted" size="small">
        Pre-check: checking…
      </Text>
    );
  }
  if (state.status === 'error') {
    return (
      <Text tone="muted" size="small">
        Pre-check: not available right now
      </Text>
    );
  }
  const { ok, reason, code } = state.result;
  return (
    <Alert
      tone={ok ? 'success' : 'warning'}
      title={ok ? 'Pre-check: would pass' : 'Pre-check: would be refused'}
    >
      {ok ? reason : `${reason} (ERC-1066 ${code})`}
    </Alert>
  );
}

/**
 * The pre-check of a sharded-key operation at its start (the same check each approver reads in the inbox): an
 * issue or redeem from the key's address; pause and resume have none.
 */
export function shardedPrecheckBody(
  request: { symbol: string; accountAddress: string; txType: number; txData?: Record<string, string> } | null,
): PrecheckRequest | null {
  if (!request) return null;
  const data = request.txData ?? {};
  const common = { symbol: request.symbol, accountAddress: request.accountAddress };
  if (request.txType === 4) {
    return {
      ...common,
      operation: 'issue',
      holderAddress: data.holderAddress ?? '',
      amount: data.amount ?? '',
      partition: data.partition ?? '',
    };
  }
  if (request.txType === 3) {
    return { ...common, operation: 'redeem', amount: data.amount ?? '', partition: data.partition ?? '' };
  }
  return null;
}
