import { shardingMessages } from '@tranche/api';
import { Alert, Card } from '@tranche/ui-kit';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { routeTo } from '../../../app/paths.ts';
import { reshardInfoAtom, shardingReturnMs } from '../atoms.ts';
import { ShareVerification } from './ShareVerification.tsx';

/**
 * Sharding confirmation (part 2): the new shares of a completed reshard, from shared state. Without them it goes
 * to NewTokenDraft; after activation it shows success and goes there after 4 s.
 */
export function ConfirmReshardingPage() {
  const [info, setInfo] = useAtom(reshardInfoAtom);
  const [activated, setActivated] = useState<string | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (activated === null) return;
    const timer = setTimeout(() => navigate(routeTo.NewTokenDraft()), shardingReturnMs);
    return () => clearTimeout(timer);
  }, [activated, navigate]);

  if (activated !== null) {
    return (
      <Card title="Sharding confirmation" titleLevel={1}>
        <Alert tone="success" title={shardingMessages.activated}>
          The key {activated} was resharded. Its new signers approve its transactions with their new access
          codes.
        </Alert>
      </Card>
    );
  }
  if (!info) return <Navigate to={routeTo.NewTokenDraft()} replace />;
  return (
    <Card title="Sharding confirmation" titleLevel={1}>
      <ShareVerification
        result={info}
        onActivated={() => {
          setActivated(info.publicAddress);
          setInfo(null);
        }}
      />
    </Card>
  );
}
