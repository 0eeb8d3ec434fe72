import { Table, TableBody } from '@tranche/ui-kit';
import type { ReactNode } from 'react';

/** One labelled value of a Facts table: the transaction pages' detail row. */
export { DetailRow as Fact } from '../../history/index.ts';

/** A two-column table of labelled values: `<Facts caption="Block"><Fact label="Number">7</Fact></Facts>`. */
export function Facts({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Table caption={caption}>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
