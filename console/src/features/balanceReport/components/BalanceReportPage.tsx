import {
  apiErrors,
  balanceMessages,
  type BalanceReport,
  balanceReportFormSchema,
  formatAmount,
} from '@tranche/api';
import {
  Alert,
  Button,
  Card,
  Inline,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  TextField,
} from '@tranche/ui-kit';
import { type FormEvent, useRef, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { ChainLink } from '../../history/index.ts';
import { UnconfirmedBadge } from '../../config/index.ts';

type Result =
  | { status: 'idle' }
  | { status: 'invalid'; message: string }
  | { status: 'loading'; address: string }
  | { status: 'done'; address: string; tokens: BalanceReport };

function ReportTable({ address, tokens }: { address: string; tokens: BalanceReport }) {
  if (tokens.length === 0)
    return (
      <Alert tone="primary" title={balanceMessages.noTokensTitle}>
        {balanceMessages.noTokens}
      </Alert>
    );
  return (
    <Table caption={`Current balance of address ${address}:`}>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Symbol</TableHeaderCell>
          <TableHeaderCell>Token</TableHeaderCell>
          <TableHeaderCell>Partition</TableHeaderCell>
          <TableHeaderCell align="right">Balance</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tokens.flatMap((token) =>
          token.balanceInfo.map((entry) => (
            <TableRow key={`${token.contractAddress}-${entry.partition}`}>
              <TableCell>
                {token.contractAddress ? (
                  <ChainLink kind="address" value={token.contractAddress}>
                    {token.projectCode}
                  </ChainLink>
                ) : (
                  token.projectCode
                )}
              </TableCell>
              <TableCell>{token.projectName}</TableCell>
              <TableCell>
                {entry.description === entry.partition
                  ? entry.partition
                  : `${entry.description} (${entry.partition})`}
              </TableCell>
              <TableCell align="right">
                {formatAmount(entry.balance, { symbol: token.projectCode })}
                {entry.unconfirmed ? (
                  <>
                    {' '}
                    <UnconfirmedBadge />
                  </>
                ) : null}
              </TableCell>
            </TableRow>
          )),
        )}
      </TableBody>
    </Table>
  );
}

/** /AddrBalance: the balance of an address on every token and partition (part 2, sections 2, 5 and 8). */
export function BalanceReportPage() {
  const [address, setAddress] = useState('');
  const [result, setResult] = useState<Result>({ status: 'idle' });
  const latest = useRef(0);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = balanceReportFormSchema.safeParse({ address });
    if (!parsed.success) {
      setResult({
        status: 'invalid',
        message: parsed.error.issues[0]?.message ?? balanceMessages.addressRequired,
      });
      return;
    }
    const checked = parsed.data.address;
    const round = ++latest.current;
    setResult({ status: 'loading', address: checked });
    // A failed fetch reads as no tokens (part 2, section 8).
    const tokens = await api
      .call('balanceOf', { params: { address: checked } })
      .catch(() => [] as BalanceReport);
    if (round === latest.current) setResult({ status: 'done', address: checked, tokens });
  };

  return (
    <Card title="Current Balance on all Tokens and Partitions" titleLevel={1}>
      <Stack space="large">
        <form onSubmit={handleSubmit} noValidate aria-label="Check balance">
          <Inline space="small" align="flex-end">
            <TextField
              label="Wallet address"
              placeholder="The wallet address to check"
              value={address}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setAddress(event.target.value)}
            />
            <Button type="submit" loading={result.status === 'loading'}>
              Check balance
            </Button>
          </Inline>
        </form>
        {result.status === 'invalid' ? (
          <Alert
            tone="danger"
            title={apiErrors.validationTitle}
            onDismiss={() => setResult({ status: 'idle' })}
          >
            {result.message}
          </Alert>
        ) : null}
        {result.status === 'loading' ? <Spinner label="Loading the balances" /> : null}
        {result.status === 'done' ? <ReportTable address={result.address} tokens={result.tokens} /> : null}
      </Stack>
    </Card>
  );
}
