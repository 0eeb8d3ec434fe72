import { TableCell, TableHeaderCell, TableRow } from '@tranche/ui-kit';
import type { ReactNode } from 'react';

/** One labelled row of a detail table (the regular and sharded transaction pages, the local explorer's Facts). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableRow>
      <TableHeaderCell scope="row">{label}</TableHeaderCell>
      <TableCell>{children}</TableCell>
    </TableRow>
  );
}
