import { type AccountTransaction, transactionStatusNames } from '@tranche/api';
import { toCsv } from '../../lib/csv.ts';

export const transactionCsvHeader = [
  'ID',
  'Type',
  'Type code',
  'Status',
  'Effect',
  'Amount',
  'Counterparty',
  'Counterparty name',
  'Partition',
  'Token',
  'Token address',
  'Contract',
  'Contract address',
  'Public address',
  'Transaction hash',
  'Created on',
  'Updated on',
];

/** My transactions as CSV (header line first, CRLF line ends as RFC 4180 asks). */
export function transactionsCsv(rows: AccountTransaction[]): string {
  return toCsv(
    transactionCsvHeader,
    rows.map((row) => [
      row.id,
      row.typeDescription,
      row.txType,
      transactionStatusNames[row.status],
      row.effect.what,
      row.effect.amount,
      row.effect.counterparty,
      row.effect.counterpartyName,
      row.effect.partition,
      row.tokenSymbol,
      row.tokenAddress,
      row.relatedAssetClassName,
      row.contractAddress,
      row.publicAddress,
      row.transactionHash,
      row.createdOn,
      row.updatedOn,
    ]),
  );
}
