import { Alert, Button, Card, Spinner, Stack, Text } from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { ErrorAlert } from '../../forms/index.ts';

/** The verifier's answer (GET /audit/{symbol}/verify) and, for those who may act, "Anchor now". */
export function VerifyCard({ symbol, canAnchor }: { symbol: string; canAnchor: boolean }) {
  const { state, reload } = useLoad(
    (signal) => api.call('auditVerify', { params: { symbol }, signal }),
    [symbol],
  );
  const [anchoring, setAnchoring] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const handleAnchor = async () => {
    setAnchoring(true);
    setError(null);
    try {
      await api.call('auditAnchor', { params: { symbol } });
      // The anchor is a job: its transaction is mined within seconds on most chains.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      reload();
    } catch (failure) {
      setError(failure);
    } finally {
      setAnchoring(false);
    }
  };

  return (
    <Card
      title="Integrity"
      actions={
        canAnchor ? (
          <Button variant="secondary" size="small" loading={anchoring} onClick={() => void handleAnchor()}>
            Anchor now
          </Button>
        ) : null
      }
    >
      <Stack space="small">
        <ErrorAlert error={error} onDismiss={() => setError(null)} />
        {state.status === 'loading' ? <Spinner label="Verifying the log's hash chain" /> : null}
        {state.status === 'error' ? <ErrorAlert error={state.error} /> : null}
        {state.status === 'ready' ? (
          state.data.ok ? (
            <Alert tone="success" title="The log is intact">
              {`All ${state.data.entries.toLocaleString('en')} entries of the platform's log are chained, each hash over the previous one. `}
              {state.data.lastAnchor
                ? `Last anchored on-chain at block ${state.data.lastAnchor.block} (entry ${state.data.lastAnchor.seq}).`
                : 'Not anchored on-chain yet.'}
            </Alert>
          ) : (
            <Alert tone="danger" title="The log was altered">
              {`${state.data.firstBroken?.reason ?? ''}.`}
              {state.data.firstBroken?.contradicts
                ? ` It contradicts the anchor at block ${state.data.firstBroken.contradicts.block}.`
                : ''}
            </Alert>
          )
        ) : null}
        {state.status === 'ready' && state.data.lastAnchor ? (
          <Text tone="muted" size="small" mono>{`Anchor hash ${state.data.lastAnchor.hash}`}</Text>
        ) : null}
      </Stack>
    </Card>
  );
}
