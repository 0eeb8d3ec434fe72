import {
  type TransactionDetail,
  transactionHashPattern,
  transactionMessages,
  transactionRecordMessages,
} from '@tranche/api';
import {
  Button,
  Card,
  Inline,
  Spinner,
  Stack,
  Table,
  TableBody,
  Tabs,
  Text,
  TextField,
} from '@tranche/ui-kit';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { routeTo } from '../../../lib/paths.ts';
import { cachedTransaction, cacheTransaction } from '../../../lib/receiptCache.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { ChainLink } from './ChainLink.tsx';
import { DetailRow } from './DetailRow.tsx';
import { BackButton, isNotFound, LoadFailure, TransactionNotFound } from './LoadFailure.tsx';
import { RulesInForceRow } from './RulesInForceRow.tsx';

/** The toolbar: view another transaction by its hash. */
function OtherHashForm({ current }: { current: string }) {
  const navigate = useNavigate();
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string>();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = hash.trim();
    if (!value) return setError(transactionRecordMessages.hashRequired);
    if (!transactionHashPattern.test(value)) return setError(transactionRecordMessages.hashInvalid);
    setError(undefined);
    if (value.toLowerCase() !== current.toLowerCase()) navigate(routeTo.ViewRegularTransaction(value));
  };
  return (
    <form onSubmit={handleSubmit} aria-label="View another transaction" noValidate>
      <Inline space="small" align="flex-end">
        <TextField
          label="Transaction hash"
          placeholder="0x..."
          value={hash}
          error={error}
          onChange={(event) => setHash(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          View transaction
        </Button>
      </Inline>
    </form>
  );
}

function TransactionRows({ detail }: { detail: TransactionDetail }) {
  const { receipt } = detail;
  const yet = transactionMessages.notAvailableYet;
  return (
    <Table caption="Transaction">
      <TableBody>
        <DetailRow label="Transaction hash">
          <ChainLink kind="tx" value={detail.transactionHash} />
        </DetailRow>
        <DetailRow label="Block Hash">
          {receipt.mined ? <ChainLink kind="block" value={receipt.blockHash} /> : yet}
        </DetailRow>
        <DetailRow label="Block Number">
          {receipt.mined ? <ChainLink kind="block" value={receipt.blockNumber} /> : yet}
        </DetailRow>
        <DetailRow label="Contract Address">
          {!receipt.mined ? (
            yet
          ) : receipt.contractAddress ? (
            <ChainLink kind="address" value={receipt.contractAddress} />
          ) : (
            transactionMessages.notContractCreation
          )}
        </DetailRow>
        <DetailRow label="From">
          {receipt.mined && receipt.from ? <ChainLink kind="address" value={receipt.from} /> : yet}
        </DetailRow>
        <DetailRow label="To">
          {!receipt.mined ? (
            yet
          ) : receipt.to ? (
            <ChainLink kind="address" value={receipt.to} />
          ) : (
            transactionMessages.notAvailable
          )}
        </DetailRow>
        <RulesInForceRow rulesInForce={detail.rulesInForce} />
      </TableBody>
    </Table>
  );
}

function ReceiptRows({ detail }: { detail: TransactionDetail }) {
  const { receipt } = detail;
  const yet = transactionMessages.notAvailableYet;
  return (
    <Table caption="Receipt">
      <TableBody>
        <DetailRow label="Type">{detail.typeDescription || transactionMessages.notAvailable}</DetailRow>
        <DetailRow label="Status">
          {receipt.mined ? (receipt.status === 1 ? 'Success' : 'Failed (reverted)') : yet}
        </DetailRow>
        <DetailRow label="Confirmations">{receipt.mined ? detail.confirmations : yet}</DetailRow>
        <DetailRow label="Transaction index">{receipt.mined ? receipt.transactionIndex : yet}</DetailRow>
        <DetailRow label="Gas used">{receipt.mined ? receipt.gasUsed : yet}</DetailRow>
      </TableBody>
    </Table>
  );
}

function TransactionDetails({ detail }: { detail: TransactionDetail }) {
  return (
    <Stack space="medium">
      <Tabs.Root defaultValue="transaction">
        <Tabs.List aria-label="Transaction details">
          <Tabs.Trigger value="transaction">Transaction</Tabs.Trigger>
          <Tabs.Trigger value="receipt">Receipt</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="transaction">
          <TransactionRows detail={detail} />
        </Tabs.Content>
        <Tabs.Content value="receipt">
          <ReceiptRows detail={detail} />
        </Tabs.Content>
      </Tabs.Root>
      <div>
        <BackButton />
      </div>
    </Stack>
  );
}

/** /ViewRegularTransaction?hash={hash} (part 2, section 2). */
export function RegularTransactionPage() {
  const [searchParams] = useSearchParams();
  const hash = (searchParams.get('hash') ?? '').trim();
  const { state } = useLoad(
    async (signal) => {
      if (!hash) return null;
      const detail = await api.call('getTransaction', { params: { hash }, signal });
      cacheTransaction(detail);
      return detail;
    },
    [hash],
  );
  // The locally cached receipt shows at once (and when the server cannot be reached); the server's answer,
  // with today's confirmations, replaces it.
  const cached = hash && state.status !== 'ready' ? cachedTransaction(hash) : null;
  let body: ReactNode;
  if (!hash) body = <TransactionNotFound />;
  else if (cached) body = <TransactionDetails detail={cached} />;
  else if (state.status === 'loading') body = <Spinner label="Loading the transaction" />;
  else if (state.status === 'error')
    body = isNotFound(state.error) ? (
      <TransactionNotFound hash={hash} />
    ) : (
      <LoadFailure error={state.error} />
    );
  else if (state.data === null) body = <TransactionNotFound hash={hash} />;
  else body = <TransactionDetails detail={state.data} />;
  return (
    <Card title="Transaction" titleLevel={1} actions={<OtherHashForm current={hash} />}>
      <Stack space="medium">
        {hash ? (
          <Text tone="muted" breakAll>
            {hash}
          </Text>
        ) : null}
        {body}
      </Stack>
    </Card>
  );
}
