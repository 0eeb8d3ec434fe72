import type { AccountTransaction } from '@tranche/api';
import { toCsv } from '../../lib/csv.ts';

export const transactionCsvHeader = [
  'ID',
  'Type',
  'Type code',
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
      row.relatedAssetClassName,
      row.contractAddress,
      row.publicAddress,
      row.transactionHash,
      row.createdOn,
      row.updatedOn,
    ]),
  );
}
