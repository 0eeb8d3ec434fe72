import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '../Button/Button.tsx';

/** Story and test data: the Tokens page shape. */
export type TokenRow = { symbol: string; name: string; owner: string; status: string };

export const tokenRows: TokenRow[] = [
  {
    symbol: 'TKN',
    name: 'Token One',
    owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    status: 'Deployed',
  },
  { symbol: 'ABC', name: 'Alpha Beta', owner: 'Not available yet', status: 'Draft' },
  {
    symbol: 'BND',
    name: 'Municipal bond 2030',
    owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    status: 'Deployed',
  },
];

const column = createColumnHelper<TokenRow>();

export function tokenColumns(onView: (row: TokenRow) => void) {
  return [
    column.display({
      id: 'view',
      header: 'View',
      cell: (info) => (
        <Button
          size="small"
          variant="secondary"
          onClick={(event) => {
            event.stopPropagation();
            onView(info.row.original);
          }}
        >
          View
        </Button>
      ),
    }),
    column.accessor('symbol', { header: 'Symbol' }),
    column.accessor('name', { header: 'Token' }),
    column.accessor('owner', { header: 'Owner', enableSorting: false }),
    column.accessor('status', { header: 'Status' }),
  ];
}
