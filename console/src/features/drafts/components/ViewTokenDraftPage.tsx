import { type Draft, draftMessages, formatAmount } from '@tranche/api';
import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  Inline,
  ProgressBar,
  Spinner,
  Stack,
  Tabs,
  Text,
  TextField,
} from '@tranche/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { codebaseLabelOf } from '../../../lib/codebases.ts';
import { routeTo } from '../../../lib/paths.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { isWalletConnected, useSelectWallet, useWallet } from '../../wallet/index.ts';
import { fetchDraft, useDraft, useTokenCodebases } from '../api.ts';
import {
  deployPhase,
  draftPollMs,
  isFullyIssued,
  progressStart,
  someInvestorNotIssued,
  successRedirectMs,
} from '../progress.ts';
import { InvestorTable } from './InvestorTable.tsx';
import * as styles from './ViewTokenDraftPage.css.ts';

type Deployment =
  | { kind: 'idle' }
  | { kind: 'running'; percent: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string; notAllowed: boolean }
  | { kind: 'error'; error: unknown };

function Row({ label, value }: { label: string; value: string | number }) {
  return (
    <Inline space="small">
      <Text weight="strong">{label}:</Text>
      <Text className={styles.value}>{value}</Text>
    </Inline>
  );
}

/** The draft view (part 2): Summary with owner, Deploy Token and Delete Draft; Investors; deployment progress. */
export function ViewTokenDraftPage() {
  const [search] = useSearchParams();
  const symbol = (search.get('token') ?? '').toUpperCase();
  const loaded = useDraft(symbol);
  const codebases = useTokenCodebases();
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const navigate = useNavigate();
  const wallet = useWallet();
  const selectWallet = useSelectWallet();
  const [owner, setOwner] = useState('');
  const [ownerError, setOwnerError] = useState<string | undefined>();
  const [confirm, setConfirm] = useState<'deploy' | 'delete' | null>(null);
  const [deployment, setDeployment] = useState<Deployment>({ kind: 'idle' });
  const [deleted, setDeleted] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!loaded.data) return;
    setDraft(loaded.data);
    if (isFullyIssued(loaded.data)) navigate(routeTo.TokenInfo(loaded.data.symbol), { replace: true });
    else if (
      loaded.data.status === 1 ||
      (loaded.data.status === 2 && loaded.data.investors.some((i) => i.status === 0 || i.status === 1))
    ) {
      // A deployment is under way (started elsewhere or before a reload): follow it.
      setDeployment({ kind: 'running', percent: progressStart });
    }
  }, [loaded.data, navigate]);

  useEffect(() => {
    if (wallet && owner === '' && !draft?.ownerAddress) setOwner(wallet.address);
    else if (draft?.ownerAddress && owner === '') setOwner(draft.ownerAddress);
  }, [wallet, draft, owner]);

  // Polling every 3 s while deploying.
  useEffect(() => {
    if (deployment.kind !== 'running') return;
    let stopped = false;
    const poll = async () => {
      try {
        const current = await fetchDraft(symbol);
        if (stopped) return;
        setDraft(current);
        const phase = deployPhase(current);
        if (phase.kind === 'deploying') {
          setDeployment({ kind: 'running', percent: phase.percent });
          timer.current = setTimeout(poll, draftPollMs);
        } else if (phase.kind === 'issued') {
          setDeployment({ kind: 'done' });
        } else if (phase.kind === 'failed') {
          setDeployment({ kind: 'failed', message: phase.message, notAllowed: phase.notAllowed });
        } else {
          setDeployment({ kind: 'error', error: new Error(phase.message) });
        }
      } catch (error) {
        if (!stopped) setDeployment({ kind: 'error', error });
      }
    };
    timer.current = setTimeout(poll, draftPollMs);
    return () => {
      stopped = true;
      clearTimeout(timer.current);
    };
  }, [deployment.kind, symbol]);

  // All issued: to the token page after 1.5 s.
  useEffect(() => {
    if (deployment.kind !== 'done') return;
    const redirect = setTimeout(() => navigate(routeTo.TokenInfo(symbol)), successRedirectMs);
    return () => clearTimeout(redirect);
  }, [deployment.kind, symbol, navigate]);

  const handleDeploy = async () => {
    setConfirm(null);
    setActionError(null);
    if (owner.trim() === '') {
      setOwnerError(draftMessages.ownerRequired);
      return;
    }
    setOwnerError(undefined);
    let account = wallet;
    if (!isWalletConnected(account)) account = await selectWallet();
    if (!isWalletConnected(account)) return;
    setDeployment({ kind: 'running', percent: progressStart });
    try {
      await api.call('deployDraft', {
        body: { txMode: 2, symbol, accountAddress: account.address, ownerAddress: owner.trim() },
      });
    } catch (error) {
      setDeployment({ kind: 'error', error });
    }
  };

  const handleDelete = async () => {
    setConfirm(null);
    setActionError(null);
    try {
      await api.call('deleteDraft', { params: { symbol } });
      setDeleted(true);
    } catch (error) {
      setActionError(error);
    }
  };

  if (loaded.loading && !draft) {
    return (
      <Card title="Token draft" titleLevel={1}>
        <Inline space="small" align="center">
          <Spinner size="small" decorative />
          <Text>Loading the token draft...</Text>
        </Inline>
      </Card>
    );
  }
  if (!draft) {
    return (
      <Card title="Token draft" titleLevel={1}>
        <ErrorAlert error={loaded.error ?? new Error(draftMessages.notFound)} />
      </Card>
    );
  }

  const busy = deployment.kind === 'running' || deployment.kind === 'done';
  const actionsEnabled = !deleted && !busy && someInvestorNotIssued(draft);
  return (
    <Card title={`Token draft ${draft.symbol}`} titleLevel={1}>
      <Stack space="large">
        <Tabs.Root defaultValue="summary">
          <Tabs.List aria-label="Token draft">
            <Tabs.Trigger value="summary">Summary</Tabs.Trigger>
            <Tabs.Trigger value="investors">Investors</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="summary">
            <Stack space="medium">
              <Row label="Symbol" value={draft.symbol} />
              <Row label="Token" value={draft.name} />
              <Row label="Total supply" value={formatAmount(draft.totalSupply)} />
              <Row label="Currency" value={draft.currency} />
              <Row label="Exchange rate" value={draft.exchangeRate} />
              <Row label="Whitelist" value={`${draft.whitelistName} (${draft.whitelistAddress})`} />
              <Row label="Smart contract" value={codebaseLabelOf(codebases.data, draft.codebaseId)} />
              <Row label="Contract address" value={draft.contractAddress ?? 'Not deployed yet'} />
              <TextField
                label="Token owner"
                placeholder="0x..."
                value={owner}
                disabled={!actionsEnabled || draft.contractAddress !== null}
                error={ownerError}
                help="The owner may deploy on behalf of another owner address."
                onChange={(event) => setOwner(event.target.value)}
              />
              {deleted ? <Alert tone="success">The token draft was deleted.</Alert> : null}
              <ErrorAlert error={actionError} onDismiss={() => setActionError(null)} />
              {deployment.kind === 'running' || deployment.kind === 'done' ? (
                <ProgressBar
                  label="Deploying the token"
                  value={deployment.kind === 'done' ? 100 : deployment.percent}
                />
              ) : null}
              {deployment.kind === 'done' ? (
                <Alert tone="success">Every investor is issued. Opening the token...</Alert>
              ) : null}
              {deployment.kind === 'failed' ? (
                <Alert tone="danger" title="The issuance failed">
                  {deployment.notAllowed
                    ? `Your wallet address is not authorized to issue tokens (${deployment.message})`
                    : deployment.message}
                </Alert>
              ) : null}
              {deployment.kind === 'error' ? (
                <Stack space="small">
                  <ErrorAlert error={deployment.error} />
                  <div>
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setDeployment({ kind: 'idle' });
                        loaded.reload();
                      }}
                    >
                      Go back
                    </Button>
                  </div>
                </Stack>
              ) : null}
              <Inline space="small">
                <Button disabled={!actionsEnabled} onClick={() => setConfirm('deploy')}>
                  Deploy Token
                </Button>
                <Button
                  variant="danger"
                  disabled={!actionsEnabled || draft.contractAddress !== null}
                  onClick={() => setConfirm('delete')}
                >
                  Delete Draft
                </Button>
              </Inline>
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="investors">
            <InvestorTable draft={draft} />
          </Tabs.Content>
        </Tabs.Root>
        <ConfirmDialog
          open={confirm === 'deploy'}
          onOpenChange={(open) => setConfirm(open ? 'deploy' : null)}
          title="Deploy Token"
          text={`Deploy ${draft.symbol} and issue tokens to its ${draft.investors.length} investors?`}
          confirmLabel="Deploy"
          onConfirm={handleDeploy}
        />
        <ConfirmDialog
          open={confirm === 'delete'}
          onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
          title="Delete Draft"
          text={`Delete the token draft ${draft.symbol}? This cannot be undone.`}
          confirmLabel="Delete"
          tone="danger"
          onConfirm={handleDelete}
        />
      </Stack>
    </Card>
  );
}
