import { type PrecheckRequest, statusCodeMessage } from '@tranche/api';
import { Alert, Text } from '@tranche/ui-kit';
import { type ReactNode, useId } from 'react';
import { type PrecheckState, usePrecheck } from '../hooks/usePrecheck.ts';

/**
 * The pre-check line of an operation form: before anything is signed, whether the chain would accept the
 * operation now, and if not, which rule or right stops it, in words.
 */
export function PrecheckLine({ body }: { body: PrecheckRequest | null }) {
  return <PrecheckView state={usePrecheck(body)} />;
}

/**
 * The pre-check of a form whose action the chain would refuse: the line to show, and the action's button props
 * (disabled while the pre-check of the current values runs, and while it refuses, described by the line beside it)
 * until the values change. `guard` wraps the form's submit handler so that a submission (the Enter key) before the
 * current values' answer, or after a refusal, does nothing (issue 34: the confirmation must not open on an old answer).
 */
export function usePrecheckGate(body: PrecheckRequest | null): {
  line: ReactNode;
  button: { disabled: boolean; 'aria-describedby': string | undefined };
  guard: <E extends { preventDefault(): void }>(
    submit: (event?: E) => Promise<void> | void,
  ) => (event?: E) => Promise<void> | void;
} {
  const state = usePrecheck(body);
  const id = useId();
  const refused = state.status === 'done' && !state.result.ok;
  const waiting = refused || state.status === 'checking';
  return {
    line: <PrecheckView state={state} id={id} />,
    button: { disabled: waiting, 'aria-describedby': waiting ? id : undefined },
    guard: (submit) => (event) => {
      if (!waiting) return submit(event);
      event?.preventDefault();
    },
  };
}

/** The line of a pre-check already run (`id`: for the action's button to point at with aria-describedby). */
export function PrecheckView({ state, id }: { state: PrecheckState; id?: string }) {
  if (state.status === 'idle') return null;
  if (state.status === 'checking') {
    return (
      <Text tone="muted" size="small" id={id}>
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
  const { ok, reason, code, readiness = [] } = state.result;
  return (
    <div id={id}>
      {readiness.length > 0 ? (
        // The signer's readiness (issue 34): the right the key lacks, on its own line before the chain's words.
        <Alert tone="danger" title="The signing key is not ready">
          {readiness.join(' ')}
        </Alert>
      ) : null}
      <Alert
        tone={ok ? 'success' : 'warning'}
        title={ok ? 'Pre-check: would pass' : 'Pre-check: would be refused'}
      >
        {ok
          ? reason
          : code === '0x50'
            ? // 0x50 is 'would fail' in general: the reason alone says why (the signer's gas, a right, the chain).
              reason
            : `${reason} (ERC-1066 ${code}) ${statusCodeMessage(code)}`}
      </Alert>
    </div>
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
