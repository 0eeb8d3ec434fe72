import { Card, Tabs } from '@tranche/ui-kit';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { filterFromQuery, pageFromQuery } from '../pageQuery.ts';
import { RegularTransactionsTab } from './RegularTransactionsTab.tsx';
import { ShardedTransactionsTab } from './ShardedTransactionsTab.tsx';

/** /TransactionHistory?page={n}&kind=&token=&status=: both lists load for the page of the query (a non-number reads as 1). */
export function TransactionHistoryPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromQuery(searchParams.get('page'));
  const filter = filterFromQuery(searchParams);
  const regular = useLoad(
    (signal) => api.call('listAccountTransactions', { params: { page }, query: filter, signal }),
    [page, filter.kind, filter.token, filter.status],
  );
  const sharded = useLoad((signal) => api.call('listDtx', { params: { page }, signal }), [page]);
  return (
    <Card title="My transactions" titleLevel={1}>
      <Tabs.Root defaultValue="transactions">
        <Tabs.List aria-label="My transactions">
          <Tabs.Trigger value="transactions">Transactions</Tabs.Trigger>
          <Tabs.Trigger value="sharded">Sharded Transactions</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="transactions">
          <RegularTransactionsTab load={regular.state} page={page} filter={filter} />
        </Tabs.Content>
        <Tabs.Content value="sharded">
          <ShardedTransactionsTab load={sharded.state} page={page} />
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}
