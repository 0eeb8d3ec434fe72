import { TableCell, TableHeaderCell, TableRow } from '@tranche/ui-kit';
import type { ReactNode } from 'react';

/** One labelled row of a transaction's detail table (regular and sharded transaction pages). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableRow>
      <TableHeaderCell scope="row">{label}</TableHeaderCell>
      <TableCell>{children}</TableCell>
    </TableRow>
  );
}
