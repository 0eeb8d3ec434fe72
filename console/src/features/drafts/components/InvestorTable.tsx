import { type Draft, investorCsvHeader } from '@tranche/api';
import {
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  TextLink,
} from '@tranche/ui-kit';
import { useExplorer } from '../../config/index.ts';
import { toCsv } from '../../../lib/csv.ts';
import { downloadText } from '../../../lib/download.ts';
import { investorStatusText } from '../progress.ts';

export type InvestorTableProps = { draft: Draft };

/** The investors of a draft with their issuance status; exports as CSV. */
export function InvestorTable({ draft }: InvestorTableProps) {
  const explorer = useExplorer();
  const handleExport = () =>
    downloadText(
      `${draft.symbol}-investors.csv`,
      toCsv(
        investorCsvHeader,
        draft.investors.map((i) => [i.investorAddress, i.investmentAmount]),
      ),
    );
  return (
    <Stack space="medium">
      <Table caption={`Investors of ${draft.symbol}`} cardsOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Investor</TableHeaderCell>
            <TableHeaderCell align="right">Investment ({draft.currency})</TableHeaderCell>
            <TableHeaderCell align="right">Tokens</TableHeaderCell>
            <TableHeaderCell align="right">Token remainder</TableHeaderCell>
            <TableHeaderCell align="right">Fiat remainder</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Transaction</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {draft.investors.map((investor) => (
            <TableRow key={investor.investorAddress}>
              <TableCell label="Investor">{investor.investorAddress}</TableCell>
              <TableCell align="right" label={`Investment (${draft.currency})`}>
                {investor.investmentAmount}
              </TableCell>
              <TableCell align="right" label="Tokens">
                {investor.initialBalance}
              </TableCell>
              <TableCell align="right" label="Token remainder">
                {investor.tokenRemainder}
              </TableCell>
              <TableCell align="right" label="Fiat remainder">
                {investor.fiatRemainder}
              </TableCell>
              <TableCell label="Status">
                {investorStatusText(investor.status)}
                {investor.errorMessage ? `: ${investor.errorMessage}` : ''}
              </TableCell>
              <TableCell label="Transaction">
                {investor.transactionHash ? (
                  <TextLink href={explorer.tx(investor.transactionHash)}>
                    {`${investor.transactionHash.slice(0, 10)}...`}
                  </TextLink>
                ) : (
                  ''
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div>
        <Button variant="secondary" onClick={handleExport}>
          Export investors as CSV
        </Button>
      </div>
    </Stack>
  );
}
