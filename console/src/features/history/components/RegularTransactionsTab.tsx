import {
  type AccountTransaction,
  type AccountTransactionsPage,
  assetClasses,
  transactionMessages,
} from '@tranche/api';
import {
  Button,
  EmptyState,
  Pagination,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@tranche/ui-kit';
import { useNavigate } from 'react-router-dom';
import { routeTo } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import type { Load } from '../../../lib/useLoad.ts';
import { shownPageCount } from '../pageQuery.ts';
import { ChainLink } from './ChainLink.tsx';
import { ExportCsvButton } from './ExportCsvButton.tsx';
import { StopClick } from './StopClick.tsx';

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** Part 2, section 3: relatedAssetClassId 1, 2 or 3 (token, whitelist, security scheme) give a contract link. */
export function hasContractLink(
  row: Pick<AccountTransaction, 'relatedAssetClassId' | 'contractAddress'>,
): boolean {
  const linked: readonly number[] = [assetClasses.token, assetClasses.whitelist, assetClasses.securityScheme];
  return Boolean(row.contractAddress) && linked.includes(row.relatedAssetClassId);
}

function ContractCell({ row }: { row: AccountTransaction }) {
  if (!hasContractLink(row) || !row.contractAddress) return row.relatedAssetClassName || null;
  const named = row.relatedAssetClassName !== '';
  return (
    <StopClick>
      <ChainLink kind="address" value={row.contractAddress}>
        {named ? row.relatedAssetClassName : undefined}
      </ChainLink>
    </StopClick>
  );
}

/** The 'Transactions' tab of My transactions (part 2, section 2). Load failures are silent (section 8). */
export function RegularTransactionsTab({
  load,
  page,
}: {
  load: Load<AccountTransactionsPage>;
  page: number;
}) {
  const navigate = useNavigate();
  if (load.status === 'loading') return <Spinner label="Loading your transactions" />;
  const data = load.status === 'ready' ? load.data : undefined;
  const rows = data?.pageData ?? [];
  const totalPages = shownPageCount(data?.totalPages ?? 1);
  if (rows.length === 0 && page <= 1) {
    return (
      <EmptyState title={transactionMessages.noTransactionsTitle} text={transactionMessages.noTransactions} />
    );
  }
  const open = (row: AccountTransaction) => navigate(routeTo.ViewRegularTransaction(row.transactionHash));
  return (
    <Stack space="medium">
      <ExportCsvButton />
      <Table caption="Blockchain transactions ran with your platform account:">
        <TableHead>
          <TableRow>
            <TableHeaderCell>View</TableHeaderCell>
            <TableHeaderCell>ID</TableHeaderCell>
            <TableHeaderCell>Type</TableHeaderCell>
            <TableHeaderCell>Contract</TableHeaderCell>
            <TableHeaderCell>Public address</TableHeaderCell>
            <TableHeaderCell>Transaction hash</TableHeaderCell>
            <TableHeaderCell>Created on</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.id}
              onClick={() => open(row)}
              actionLabel={`View transaction ${row.transactionHash}`}
            >
              <TableCell>
                <StopClick>
                  <Button size="small" variant="secondary" onClick={() => open(row)}>
                    View
                  </Button>
                </StopClick>
              </TableCell>
              <TableCell>{row.id}</TableCell>
              <TableCell>{row.typeDescription}</TableCell>
              <TableCell>
                <ContractCell row={row} />
              </TableCell>
              <TableCell>
                {row.publicAddress ? (
                  <StopClick>
                    <ChainLink kind="address" value={row.publicAddress} />
                  </StopClick>
                ) : null}
              </TableCell>
              <TableCell>
                <StopClick>
                  <ChainLink kind="tx" value={row.transactionHash} />
                </StopClick>
              </TableCell>
              <TableCell>{formatDate(row.createdOn)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        totalPages={totalPages}
        hrefForPage={(n) => routeTo.TransactionHistory(n)}
        renderLink={renderRouterLink}
        label="Transactions pages"
      />
    </Stack>
  );
}
