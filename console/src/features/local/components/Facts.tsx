import { Table, TableBody, TableCell, TableHeaderCell, TableRow } from '@tranche/ui-kit';
import type { ReactNode } from 'react';

/** A two-column table of labelled values: `<Facts caption="Block"><Fact label="Number">7</Fact></Facts>`. */
export function Facts({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Table caption={caption}>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableRow>
      <TableHeaderCell scope="row">{label}</TableHeaderCell>
      <TableCell>{children}</TableCell>
    </TableRow>
  );
}
