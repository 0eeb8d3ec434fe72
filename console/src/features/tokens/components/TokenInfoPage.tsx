import {
  formatAmount,
  loadErrorMessages,
  tokenOperationMessages as m,
  tokenScreenTexts,
  walletMessages,
} from '@tranche/api';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Heading,
  Inline,
  Skeleton,
  Stack,
  Tabs,
  TextLink,
  TxWizard,
} from '@tranche/ui-kit';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { routeTo } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { ErrorAlert } from '../../forms/index.ts';
import { useExplorerConfig } from '../../permissions/index.ts';
import type { DtxRequest } from '../../pending/index.ts';
import { useWallet, walletRegisteredAtom } from '../../wallet/index.ts';
import { useTokenDetail } from '../hooks/useTokenDetail.ts';
import { useTokenTransaction } from '../hooks/useTokenTransaction.ts';
import { useWalletRights } from '../hooks/useWalletRights.ts';
import { BalanceTab } from './BalanceTab.tsx';
import { ControllerTab } from './ControllerTab.tsx';
import { DocumentsTab } from './DocumentsTab.tsx';
import { HoldersTab } from './HoldersTab.tsx';
import { OperationDialog, type OperationQuestion } from './OperationDialog.tsx';
import { OperatorsTab } from './OperatorsTab.tsx';
import { shardedPrecheckBody, usePrecheckGate } from './PrecheckLine.tsx';
import { RulesTab } from './RulesTab.tsx';
import { TransferTab } from './TransferTab.tsx';
import { type DisabledReason, ReasonAlert, SummaryRow } from './shared.tsx';
import { TradingToggle } from './TradingToggle.tsx';
import { tokenSymbolOf } from '../firstCalls.ts';
import type { TokenOps } from './types.ts';
import { type TokenTab, tokenTabOf, tokenTabs } from '../tokenTabs.ts';
import { Address } from '../../config/index.ts';

/** The dashboard (figures and charts) comes in its own chunk after the first paint: the route's budget stays. */
const TokenDashboard = lazy(() => import('./TokenDashboard.tsx'));
// The Issue and Redeem panels (their forms, pre-check and confirmation) load when one is opened.
const IssueForm = lazy(() => import('./IssueRedeemForms.tsx').then((m) => ({ default: m.IssueForm })));
const RedeemForm = lazy(() => import('./IssueRedeemForms.tsx').then((m) => ({ default: m.RedeemForm })));
/** The Bulk tab (and Token Holders' bulk freezes of selected rows): a chunk of its own, loaded when opened. */
const BulkTab = lazy(() => import('./BulkTab.tsx').then((module) => ({ default: module.BulkTab })));

/**
 * The start dialog of a sharded account's operation (its comment checked by the start request's schema, which brings
 * the dtx and sharding schemas): a chunk of its own, loaded after the first paint, as nothing shows before it opens.
 */
const StartDtxDialog = lazy(() =>
  import('./lazyParts.ts').then((module) => ({ default: module.StartDtxDialog })),
);
/** The Distributions tab (its wizard reads the chain's clock): a chunk of its own, loaded when opened. */
const DistributionsTab = lazy(() =>
  import('./lazyParts.ts').then((module) => ({ default: module.DistributionsTab })),
);

/** Only a version 2 token shows its card (upgrade, ownership, replace whitelist or scheme): a chunk of its own. */
const TokenV2Card = lazy(() =>
  import('./TokenV2Card.tsx').then((module) => ({ default: module.TokenV2Card })),
);

/** TokenInfo (query token = symbol): summary, Issue/Redeem, Pause/Resume and the tabs of part 1, section 2. */
export function TokenInfoPage() {
  const [params] = useSearchParams();
  const symbol = tokenSymbolOf(params);
  const { load, reload } = useTokenDetail(symbol);
  if (load.status === 'loading') return <Skeleton label="Loading the token" shape="details" rows={8} />;
  if (load.status === 'error') {
    return <ErrorAlert error={load.error} prefix={loadErrorMessages.couldNot('load the token')} />;
  }
  return <TokenView token={load.token} reload={reload} />;
}

function TokenView({ token, reload }: { token: TokenOps['token']; reload: () => Promise<void> }) {
  const [version, setVersion] = useState(0);
  const rights = useWalletRights(token.contractAddress, token.abi, version);
  const tx = useTokenTransaction(token.contractAddress, token.abi);
  const explorer = useExplorerConfig();
  const [params, setParams] = useSearchParams();
  const registered = useAtomValue(walletRegisteredAtom);
  const [useServer, setUseServer] = useState(false);
  const [panel, setPanel] = useState<'none' | 'issue' | 'redeem'>('none');
  const [dialog, setDialog] = useState<OperationQuestion | null>(null);
  const [stale, setStale] = useState<DisabledReason>(null);
  // What lies below the dashboard shows with the dashboard's first figures, in the same paint, so that nothing there
  // is pushed down when the figures and charts arrive (CLS 0); after at most 4 s it shows whatever the dashboard does.
  const [belowShown, setBelowShown] = useState(false);
  const showBelow = useCallback(() => setBelowShown(true), []);
  useEffect(() => {
    const timer = setTimeout(showBelow, 4000);
    return () => clearTimeout(timer);
  }, [showBelow]);
  /** Bumped when a transaction finished: the page's forms start afresh. */
  const [round, setRound] = useState(0);
  const wallet = useWallet();
  const [dtxRequest, setDtxRequest] = useState<DtxRequest | null>(null);
  // The start dialog's pre-check: Start waits for it and stays disabled while it refuses (issue 34).
  const dtxGate = usePrecheckGate(shardedPrecheckBody(dtxRequest));
  const distribute =
    wallet?.kind === 'sharded'
      ? (txType: DtxRequest['txType'], txData?: Record<string, string>) =>
          setDtxRequest({ symbol: token.projectCode, accountAddress: wallet.address, txType, txData })
      : undefined;

  /** After any operation (signed here, by the server, a bulk job, an approval's execution): summary, rights, tabs. */
  const refresh = useCallback(() => {
    setVersion((v) => v + 1);
    void reload();
  }, [reload]);
  // An operation that finished elsewhere (a sharded key's last approval, another tab) shows when the user comes back.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  const ops: TokenOps = {
    token,
    refresh,
    rights,
    sign: tx.sign,
    submit: tx.submit,
    useServer: useServer && registered === true,
    distribute,
    confirm: setDialog,
  };

  const notConnected: DisabledReason = {
    title: walletMessages.notConnectedToNetwork,
    text: walletMessages.pleaseConnect,
  };
  const paused: DisabledReason = { title: tokenScreenTexts.pausedBadge, text: m.tokenPaused };
  // Issue and Redeem (part 1, section 4): a connected wallet, an issuable and unpaused token, the right.
  const supplyReason = (allowed: boolean, notAllowed: string): DisabledReason =>
    !rights.connected
      ? notConnected
      : token.isIssuable === false
        ? { title: m.insufficientPermissionsTitle, text: m.notIssuable }
        : token.isPaused
          ? paused
          : !allowed
            ? { title: m.insufficientPermissionsTitle, text: notAllowed }
            : null;
  const issueReason = supplyReason(rights.canIssue, m.notAllowedToIssue);
  const redeemReason = supplyReason(rights.canRedeem, m.notAllowedToRedeem);
  const pauseReason: DisabledReason = !rights.connected
    ? notConnected
    : !rights.canPause
      ? {
          title: m.insufficientPermissionsTitle,
          text: token.isPaused ? m.notAllowedToResume : m.notAllowedToPause,
        }
      : null;
  // Visible to the owner or the controller; a non-controllable token's tab says why it is disabled.
  const showController = rights.connected && (rights.isOwner || rights.isController);

  const handleContinue = () => {
    tx.setView(null);
    setRound((n) => n + 1);
    setPanel('none');
    refresh();
  };

  // The tab lives in the address (?tab=): an operation, a reload or a shared link keeps it.
  const shownTabs = tokenTabs.filter(
    (tab) =>
      (tab !== 'controller' || showController) &&
      ((tab !== 'bulk' && tab !== 'transfer') || rights.connected),
  );
  const tab = tokenTabOf(params, shownTabs);
  const handleTabChange = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next as TokenTab);
        return updated;
      },
      { replace: true },
    );

  // The wizard shows over the page, which stays mounted behind it: Go back finds the form as it was left; a
  // finished transaction (Continue) starts the page's forms afresh.
  const wizard = tx.view ? (
    <TxWizard
      state={tx.view.state}
      hash={tx.view.hash}
      blockNumber={tx.view.blockNumber}
      errorMessage={tx.view.errorMessage}
      explorer={explorer}
      renderLink={renderRouterLink}
      onContinue={tx.view.state === 'submitted' || tx.view.state === 'mined' ? handleContinue : undefined}
      onGoBack={tx.view.state === 'error' || tx.view.state === 'aborted' ? () => tx.setView(null) : undefined}
    />
  ) : null;

  return (
    <Stack space="large">
      <Heading level={1}>{`[${token.projectCode}] ${token.projectName}`}</Heading>
      <TextLink href={routeTo.Audit(token.projectCode)} renderLink={renderRouterLink}>
        Audit trail and regulator packs
      </TextLink>
      <TextLink href={routeTo.Reports(token.projectCode)} renderLink={renderRouterLink}>
        Reports
      </TextLink>
      {wizard}
      <div hidden={wizard !== null} key={round}>
        <Stack space="large">
          {token.isPaused ? (
            <Inline>
              <Badge tone="danger">{tokenScreenTexts.pausedBadge}</Badge>
            </Inline>
          ) : null}
          <Suspense fallback={<Skeleton label="Loading the token's figures" shape="details" rows={4} />}>
            <TokenDashboard
              version={`${token.totalSupply}-${token.indexedBlock}`}
              token={token}
              onSettled={showBelow}
              format={(amount) => formatAmount(amount, { symbol: token.projectCode })}
              renderError={(error) => (
                <ErrorAlert error={error} prefix={loadErrorMessages.couldNot("load the token's figures")} />
              )}
            />
          </Suspense>
          <div hidden={!belowShown}>
            <Stack space="large">
              <Suspense fallback={null}>
                <StartDtxDialog
                  request={dtxRequest}
                  onClose={() => setDtxRequest(null)}
                  precheck={dtxGate.line}
                  startDisabled={dtxGate.button.disabled}
                  startDescribedBy={dtxGate.button['aria-describedby']}
                  onStarted={() => {
                    setDtxRequest(null);
                    setPanel('none');
                  }}
                />
              </Suspense>
              <Card
                title="Summary"
                actions={
                  <Inline space="small">
                    <Button disabled={issueReason !== null} onClick={() => setPanel('issue')}>
                      Issue
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={redeemReason !== null}
                      onClick={() => setPanel('redeem')}
                    >
                      Redeem
                    </Button>
                    <TradingToggle
                      isPaused={token.isPaused === true}
                      disabled={pauseReason !== null}
                      contract={rights.contract}
                      sign={tx.sign}
                      distribute={distribute}
                      confirm={setDialog}
                      onStale={(reason) => {
                        setStale(reason);
                        if (reason) void reload();
                      }}
                    />
                  </Inline>
                }
              >
                <Stack>
                  <SummaryRow label="Symbol">{token.projectCode}</SummaryRow>
                  <SummaryRow label="Token">{token.projectName}</SummaryRow>
                  <SummaryRow label="Contract address">
                    {token.contractAddress ? (
                      <Address address={token.contractAddress} shorten={false} />
                    ) : null}
                  </SummaryRow>
                  <SummaryRow label="Total supply">
                    {token.totalSupply ? formatAmount(token.totalSupply, { symbol: token.projectCode }) : ''}
                  </SummaryRow>
                  <SummaryRow label="Owner">
                    {token.ownerAddress ? (
                      <Address address={token.ownerAddress} shorten={false} name={token.profileName} />
                    ) : (
                      tokenScreenTexts.ownerMissing
                    )}
                  </SummaryRow>
                  <SummaryRow label="Controller">
                    {token.isControllable && token.controllerAddress ? (
                      <Address
                        address={token.controllerAddress}
                        shorten={false}
                        name={token.controllerName}
                      />
                    ) : (
                      tokenScreenTexts.notControllable
                    )}
                  </SummaryRow>
                  <SummaryRow label="Whitelist">
                    {token.whitelistAddress ? (
                      <Address address={token.whitelistAddress} shorten={false} name={token.whitelistName} />
                    ) : (
                      (token.whitelistName ?? '')
                    )}
                  </SummaryRow>
                  <SummaryRow label="Token status">{token.isPaused ? 'Paused' : 'Active'}</SummaryRow>
                </Stack>
              </Card>
              {token.tokenV2 ? (
                <Suspense
                  fallback={<Skeleton label="Loading the version 2 controls" shape="details" rows={3} />}
                >
                  <TokenV2Card ops={ops} state={token.tokenV2} />
                </Suspense>
              ) : null}
              <ReasonAlert reason={stale} />
              <ReasonAlert reason={issueReason} />
              {issueReason?.text !== redeemReason?.text ? <ReasonAlert reason={redeemReason} /> : null}
              {pauseReason && pauseReason.text !== issueReason?.text ? (
                <ReasonAlert reason={pauseReason} />
              ) : null}
              {registered === true ? (
                <Checkbox
                  label="Submit through the server with my registered key"
                  checked={useServer}
                  onCheckedChange={setUseServer}
                />
              ) : null}
              <Suspense fallback={<Skeleton label="Loading the form" shape="details" rows={3} />}>
                {panel === 'issue' && issueReason === null ? (
                  <IssueForm ops={ops} onCancel={() => setPanel('none')} />
                ) : null}
                {panel === 'redeem' && redeemReason === null ? (
                  <RedeemForm ops={ops} onCancel={() => setPanel('none')} />
                ) : null}
              </Suspense>
              <Tabs.Root value={tab} onValueChange={handleTabChange}>
                <Tabs.List aria-label="Token">
                  <Tabs.Trigger value="holders">Token Holders</Tabs.Trigger>
                  <Tabs.Trigger value="balance">Balance</Tabs.Trigger>
                  {showController ? <Tabs.Trigger value="controller">Controller</Tabs.Trigger> : null}
                  <Tabs.Trigger value="operators">Operators</Tabs.Trigger>
                  <Tabs.Trigger value="documents">Documents</Tabs.Trigger>
                  <Tabs.Trigger value="distributions">Distributions</Tabs.Trigger>
                  <Tabs.Trigger value="rules">Rules</Tabs.Trigger>
                  {rights.connected ? <Tabs.Trigger value="bulk">Bulk</Tabs.Trigger> : null}
                  {rights.connected ? <Tabs.Trigger value="transfer">Transfer</Tabs.Trigger> : null}
                </Tabs.List>
                <Tabs.Content value="holders">
                  <HoldersTab ops={ops} />
                </Tabs.Content>
                <Tabs.Content value="balance">
                  <BalanceTab ops={ops} />
                </Tabs.Content>
                {showController ? (
                  <Tabs.Content value="controller">
                    <ControllerTab ops={ops} />
                  </Tabs.Content>
                ) : null}
                <Tabs.Content value="operators">
                  <OperatorsTab ops={ops} />
                </Tabs.Content>
                <Tabs.Content value="documents">
                  <DocumentsTab ops={ops} />
                </Tabs.Content>
                <Tabs.Content value="distributions">
                  <Suspense
                    fallback={<Skeleton label="Loading the distributions" shape="details" rows={3} />}
                  >
                    <DistributionsTab
                      symbol={token.projectCode}
                      partitions={token.partitions.map((p) => p.name)}
                    />
                  </Suspense>
                </Tabs.Content>
                <Tabs.Content value="rules">
                  <RulesTab ops={ops} />
                </Tabs.Content>
                <Tabs.Content value="transfer">
                  {rights.connected ? <TransferTab ops={ops} /> : null}
                </Tabs.Content>
                <Tabs.Content value="bulk">
                  {rights.connected ? (
                    <Suspense
                      fallback={<Skeleton label="Loading the bulk operations" shape="details" rows={3} />}
                    >
                      <BulkTab ops={ops} />
                    </Suspense>
                  ) : null}
                </Tabs.Content>
              </Tabs.Root>
              <OperationDialog question={dialog} onClose={() => setDialog(null)} />
            </Stack>
          </div>
        </Stack>
      </div>
    </Stack>
  );
}
