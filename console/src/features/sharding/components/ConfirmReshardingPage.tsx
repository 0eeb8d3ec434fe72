import { type ShardedKeyResult, shardingMessages } from '@tranche/api';
import { Alert, Card, Text } from '@tranche/ui-kit';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { routeTo } from '../../../lib/paths.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { reshardInfoAtom, shardingReturnMs } from '../atoms.ts';
import { ShareVerification } from './ShareVerification.tsx';

type Loaded = { result: ShardedKeyResult; opened: string[]; declined: string[]; me?: string };

/**
 * The reshard of a key (its address in `?key=`), loaded from the server: who the new signers are and who opened
 * their PDF (GET /sharding/{address}), and the signed-in signer's own PDF (GET /sharding/{address}/share) beside
 * any PDFs this screen received from the completing approval. A reload loses nothing.
 */
async function loadReshard(address: string, inMemory: ShardedKeyResult | null): Promise<Loaded> {
  const status = await api.call('getShardedKey', { params: { address } });
  const pdfs = new Map(
    (inMemory?.publicAddress === address ? inMemory.shares : []).map((share) => [share.emailAddress, share]),
  );
  const mine = await api.call('myShardPdf', { params: { address } }).catch(() => null);
  if (mine) pdfs.set(mine.emailAddress, mine);
  return {
    result: {
      publicAddress: status.publicAddress,
      name: status.name,
      minimum: status.minimum,
      total: status.total,
      shares: status.signers.map(
        (signer) =>
          pdfs.get(signer.emailAddress) ?? {
            profileName: signer.profileName,
            emailAddress: signer.emailAddress,
            pdf: '',
          },
      ),
    },
    opened: status.signers.filter((signer) => signer.opened).map((signer) => signer.emailAddress),
    declined: status.signers.filter((signer) => signer.declined).map((signer) => signer.emailAddress),
    me: mine?.emailAddress,
  };
}

/**
 * Sharding confirmation (part 2): the new signers of a reshard open their PDFs and activate the new generation.
 * Without a key it goes to NewTokenDraft; after activation it shows success and goes there after 4 s.
 */
export function ConfirmReshardingPage() {
  const [info, setInfo] = useAtom(reshardInfoAtom);
  const [params] = useSearchParams();
  const address = params.get('key') ?? info?.publicAddress ?? null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [activated, setActivated] = useState<string | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (address === null || activated !== null) return;
    let live = true;
    loadReshard(address, info).then(
      (next) => {
        if (live) setLoaded(next);
      },
      (failure: unknown) => {
        if (live) setError(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [address, info, activated]);

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
  if (address === null) return <Navigate to={routeTo.NewTokenDraft()} replace />;
  return (
    <Card title="Sharding confirmation" titleLevel={1}>
      <ErrorAlert error={error} onDismiss={() => setError(null)} />
      {loaded === null ? (
        error ? null : (
          <Text>Loading the reshard…</Text>
        )
      ) : (
        <ShareVerification
          key={loaded.opened.join(',')}
          result={loaded.result}
          initiallyOpened={loaded.opened}
          initiallyDeclined={loaded.declined}
          me={loaded.me}
          onActivated={() => {
            setActivated(loaded.result.publicAddress);
            setInfo(null);
          }}
        />
      )}
    </Card>
  );
}
