import { type DtxDetail, transactionMessages } from '@tranche/api';
import {
  Alert,
  Card,
  EmptyState,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Tabs,
  Text,
} from '@tranche/ui-kit';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { ChainLink } from './ChainLink.tsx';
import { DetailRow } from './DetailRow.tsx';
import { BackButton, isNotFound, LoadFailure } from './LoadFailure.tsx';
import { formatDate } from './HistoryTable.tsx';

function TransactionTab({ tx }: { tx: DtxDetail['tx'] }) {
  return (
    <Table caption="Transaction">
      <TableBody>
        <DetailRow label="ID">{tx.txId}</DetailRow>
        <DetailRow label="Type">{tx.txTypeName}</DetailRow>
        <DetailRow label="Status">{tx.txStatusName}</DetailRow>
        <DetailRow label="Started by">{tx.startedBy}</DetailRow>
        <DetailRow label="Started on">{formatDate(tx.startedOn)}</DetailRow>
        <DetailRow label="Approval scheme">{tx.approvalSchemeLegend}</DetailRow>
        <DetailRow label="Approvals">
          {tx.currentApprovers}/{tx.requiredApprovers}
        </DetailRow>
        <DetailRow label="Public address">
          {tx.publicAddress ? (
            <ChainLink kind="address" value={tx.publicAddress} />
          ) : (
            transactionMessages.notAvailable
          )}
        </DetailRow>
        <DetailRow label="Transaction hash">
          {tx.txHash ? <ChainLink kind="tx" value={tx.txHash} /> : transactionMessages.notAvailableYet}
        </DetailRow>
        <DetailRow label="Block Number">
          {tx.blockNumber !== null ? (
            <ChainLink kind="block" value={tx.blockNumber} />
          ) : (
            transactionMessages.notAvailableYet
          )}
        </DetailRow>
      </TableBody>
    </Table>
  );
}

function PayloadTab({ txData }: { txData: Record<string, string> }) {
  const entries = Object.entries(txData);
  if (entries.length === 0) return <EmptyState title="No payload" text="This transaction carries no data." />;
  return (
    <Table caption="Payload">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Field</TableHeaderCell>
          <TableHeaderCell>Value</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map(([key, value]) => (
          <TableRow key={key}>
            <TableCell>{key}</TableCell>
            <TableCell>
              <Text as="span" mono breakAll>
                {value}
              </Text>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** An address's chain link (named when a name is given), or 'not available'. */
function AddressOrNotAvailable({
  address,
  name,
}: {
  address: string | null | undefined;
  name?: string | null;
}) {
  if (!address) return <>{transactionMessages.notAvailable}</>;
  return (
    <ChainLink kind="address" value={address}>
      {name === undefined ? undefined : name || address}
    </ChainLink>
  );
}

function TokenTab({ token }: { token: NonNullable<DtxDetail['tx']['token']> }) {
  return (
    <Table caption="Token">
      <TableBody>
        <DetailRow label="Symbol">{token.symbol}</DetailRow>
        <DetailRow label="Name">{token.name}</DetailRow>
        <DetailRow label="Status">{token.statusName}</DetailRow>
        <DetailRow label="Contract">
          <AddressOrNotAvailable address={token.contractAddress} />
        </DetailRow>
        <DetailRow label="Whitelist">
          <AddressOrNotAvailable address={token.whitelistAddress} name={token.whitelistName} />
        </DetailRow>
        <DetailRow label="Security scheme">
          <AddressOrNotAvailable address={token.schemeAddress} name={token.schemeName} />
        </DetailRow>
      </TableBody>
    </Table>
  );
}

function SignersTab({ signers }: { signers: DtxDetail['signers'] }) {
  if (signers.length === 0)
    return <EmptyState title="No signers yet" text="Nobody signed this transaction yet." />;
  return (
    <Table caption="Signers">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Signed by</TableHeaderCell>
          <TableHeaderCell>Signed on</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {signers.map((signer) => (
          <TableRow key={`${signer.signedBy}-${signer.signedOn}`}>
            <TableCell>{signer.signedBy}</TableCell>
            <TableCell>{formatDate(signer.signedOn)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The error tab: success when there is no error message, else the blockchain's error lines. */
export function ErrorTab({ errorMessage }: { errorMessage: string }) {
  const lines = errorMessage
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0)
    return (
      <Alert tone="success" title="All good">
        {transactionMessages.noErrors}
      </Alert>
    );
  return (
    <Alert tone="danger" title="Errors reported by the blockchain">
      <ul>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; their order is their identity.
          <li key={index}>{line}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** /ViewTransaction?id={txId}: a sharded (multi-signature) transaction (part 2, sections 2 and 8). */
export function ShardedTransactionPage() {
  const [searchParams] = useSearchParams();
  const id = (searchParams.get('id') ?? '').trim();
  const { state } = useLoad(
    async (signal) =>
      /^\d{1,9}$/.test(id) && Number(id) >= 1 ? api.call('getDtx', { params: { id }, signal }) : null,
    [id],
  );
  let body: ReactNode;
  if (state.status === 'loading') body = <Spinner label="Loading the transaction" />;
  else if (state.status === 'error' && !isNotFound(state.error))
    body = <LoadFailure error={state.error} colon={false} />;
  else if (state.status === 'error' || state.data === null)
    body = (
      <Stack space="medium">
        <Alert tone="warning" title={transactionMessages.notFoundTitle}>
          There is no sharded transaction {id ? `#${id}` : ''} for your account.
        </Alert>
        <div>
          <BackButton />
        </div>
      </Stack>
    );
  else {
    const { tx, signers, error } = state.data;
    body = (
      <Stack space="medium">
        <Tabs.Root defaultValue="transaction">
          <Tabs.List aria-label="Sharded transaction details">
            <Tabs.Trigger value="transaction">Transaction</Tabs.Trigger>
            <Tabs.Trigger value="payload">Payload</Tabs.Trigger>
            {tx.token?.symbol ? <Tabs.Trigger value="token">Token</Tabs.Trigger> : null}
            <Tabs.Trigger value="signers">Signers</Tabs.Trigger>
            <Tabs.Trigger value="error">Error information</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="transaction">
            <TransactionTab tx={tx} />
          </Tabs.Content>
          <Tabs.Content value="payload">
            <PayloadTab txData={tx.txData} />
          </Tabs.Content>
          {tx.token?.symbol ? (
            <Tabs.Content value="token">
              <TokenTab token={tx.token} />
            </Tabs.Content>
          ) : null}
          <Tabs.Content value="signers">
            <SignersTab signers={signers} />
          </Tabs.Content>
          <Tabs.Content value="error">
            <ErrorTab errorMessage={error.errorMessage} />
          </Tabs.Content>
        </Tabs.Root>
        <div>
          <BackButton />
        </div>
      </Stack>
    );
  }
  return (
    <Card title="Sharded transaction" titleLevel={1}>
      {body}
    </Card>
  );
}
