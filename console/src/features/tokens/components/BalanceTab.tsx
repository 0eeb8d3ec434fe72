import {
  balanceCheckFormSchema,
  type BalanceHistoryRow,
  balanceMessages,
  type BalanceResponse,
  formatAmount,
  type HistorySortColumn,
  historySortColumns,
  loadErrorMessages,
} from '@tranche/api';
import {
  Alert,
  Button,
  createColumnHelper,
  Inline,
  PagedTable,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  TextField,
} from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { UnconfirmedBadge } from '../../config/index.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { useSelectWallet } from '../../wallet/index.ts';
import { orderOf, type ServerOrder, sortingOf } from '../serverPaging.ts';
import { balanceCaption, dateInputValue, secondsOf } from './shared.tsx';
import type { TokenOps } from './types.ts';

/** The server sorts the whole history; the column ids are its sort names (date: blockTimestamp). */
type HistoryOrder = ServerOrder<HistorySortColumn>;

const column = createColumnHelper<BalanceHistoryRow>();
const historyColumns = [
  column.accessor('partitionName', { header: 'Partition' }),
  column.accessor('balance', { header: 'Balance', cell: (info) => formatAmount(info.getValue()) }),
  column.accessor('blockNumber', { header: 'Block' }),
  column.accessor('blockTimestamp', {
    header: 'Date',
    cell: (info) => new Date(info.getValue() * 1000).toLocaleString(),
  }),
];

/** Balance: check at an optional block, the partition table, and the history between two dates. */
export function BalanceTab({ ops }: { ops: TokenOps }) {
  const { token, rights } = ops;
  const selectWallet = useSelectWallet();
  const form = useZodForm(balanceCheckFormSchema, {
    defaultValues: { address: rights.address ?? '', blockNumber: '' },
  });
  const [balance, setBalance] = useState<BalanceResponse | null>(null);
  const [checkedAddress, setCheckedAddress] = useState('');
  const [askedBlock, setAskedBlock] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [from, setFrom] = useState('1970-01-01');
  const [to, setTo] = useState(dateInputValue(new Date()));
  const [history, setHistory] = useState<BalanceHistoryRow[] | null>(null);
  const [historyError, setHistoryError] = useState<unknown>(null);
  const [historyPage, setHistoryPage] = useState({ page: 1, totalPages: 0 });
  const [historyOrder, setHistoryOrder] = useState<HistoryOrder>({ sort: 'blockNumber', order: 'desc' });

  if (!rights.connected) {
    return (
      <Stack>
        <Alert tone="warning" title={balanceMessages.walletRequiredTitle}>
          {balanceMessages.walletRequiredBalances}
        </Alert>
        <Alert tone="warning" title={balanceMessages.walletRequiredTitle}>
          {balanceMessages.walletRequiredHistory}
        </Alert>
        <Inline>
          <Button onClick={() => void selectWallet()}>Connect</Button>
        </Inline>
      </Stack>
    );
  }

  const handleCheck = form.handleSubmit(async (values) => {
    setError(null);
    setHistory(null);
    try {
      const params = { code: token.projectCode, address: values.address };
      const answer = values.blockNumber
        ? await api.call('getBalanceAtBlock', { params: { ...params, blockNumber: values.blockNumber } })
        : await api.call('getBalance', { params });
      setCheckedAddress(values.address);
      setAskedBlock(values.blockNumber);
      setBalance(answer);
    } catch (failure) {
      setError(failure);
    }
  });

  const loadHistory = async (page: number, order: HistoryOrder = historyOrder) => {
    const address = checkedAddress || form.getValues('address');
    setHistoryError(null);
    try {
      const answer = await api.call('balanceHistory', {
        params: {
          code: token.projectCode,
          address,
          fromTimestamp: secondsOf(from, 0, 0),
          toTimestamp: secondsOf(to, 23, 59),
        },
        query: { page, pageSize: 100, ...order },
      });
      setHistoryOrder(order);
      setHistory(answer.pagedResults);
      setHistoryPage({ page, totalPages: answer.totalPages });
    } catch (failure) {
      setHistoryError(failure);
    }
  };

  const errors = form.formState.errors;
  return (
    <Stack space="large">
      <form onSubmit={handleCheck} noValidate aria-label="Check balance">
        <Stack>
          <TextField label="Wallet address" {...form.register('address')} error={errors.address?.message} />
          <TextField label="Block number (optional)" inputMode="numeric" {...form.register('blockNumber')} />
          <Inline>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Check balance
            </Button>
          </Inline>
        </Stack>
      </form>
      <ErrorAlert error={error} prefix={loadErrorMessages.couldNot('load the balance')} />
      {balance ? (
        <Table caption={balanceCaption(checkedAddress, askedBlock, balance.blockNumber)}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Partition</TableHeaderCell>
              <TableHeaderCell>Balance</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {balance.balances.length === 0 ? (
              <TableRow>
                <TableCell>-</TableCell>
                <TableCell>0</TableCell>
              </TableRow>
            ) : (
              balance.balances.map((row) => (
                <TableRow key={row.partition}>
                  <TableCell>{row.partitionName}</TableCell>
                  <TableCell>
                    {formatAmount(row.balance)}
                    {row.unconfirmed ? (
                      <>
                        {' '}
                        <UnconfirmedBadge />
                      </>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      ) : null}
      <Stack>
        <Inline space="small" align="flex-end">
          <TextField
            label="From"
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <TextField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          <Button variant="secondary" onClick={() => void loadHistory(1)}>
            View History
          </Button>
        </Inline>
        <ErrorAlert error={historyError} prefix={loadErrorMessages.couldNot('load the history')} />
        {history ? (
          <PagedTable
            caption="Balance history"
            columns={historyColumns}
            data={history}
            getRowId={(row, index) => `${row.blockNumber}-${row.partition}-${index}`}
            emptyTitle="No balance changes in these dates"
            serverSorting={{
              sorting: sortingOf(historyOrder),
              onSortingChange: (sorting) => {
                const order = orderOf(sorting, historySortColumns);
                if (order) void loadHistory(1, order);
              },
            }}
          />
        ) : null}
        {history && historyPage.totalPages > 1 ? (
          <Inline space="small">
            <Button
              size="small"
              variant="secondary"
              disabled={historyPage.page <= 1}
              onClick={() => void loadHistory(historyPage.page - 1)}
            >
              Previous page
            </Button>
            <span>
              Page {historyPage.page} of {historyPage.totalPages}
            </span>
            <Button
              size="small"
              variant="secondary"
              disabled={historyPage.page >= historyPage.totalPages}
              onClick={() => void loadHistory(historyPage.page + 1)}
            >
              Next page
            </Button>
          </Inline>
        ) : null}
      </Stack>
    </Stack>
  );
}
