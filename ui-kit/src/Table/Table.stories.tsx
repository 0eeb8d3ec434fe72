import type { Meta, StoryObj } from '@storybook/react-vite';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from './Table.tsx';

const meta = { title: 'Data/Table', component: Table, args: { children: null } } satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = [
  { symbol: 'TKN', name: 'Token One', partition: 'CLASS-A', balance: '1000 TKN' },
  {
    symbol: 'BND',
    name: 'Municipal bond 2030 with a very long name that wraps',
    partition: 'CLASS-B',
    balance: '25 BND',
  },
];

export const Default: Story = {
  render: () => (
    <Table caption="Current balance of address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed:">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Symbol</TableHeaderCell>
          <TableHeaderCell>Token</TableHeaderCell>
          <TableHeaderCell>Partition</TableHeaderCell>
          <TableHeaderCell align="right">Balance</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.symbol} onClick={() => {}} actionLabel={`Open ${row.symbol}`}>
            <TableCell>{row.symbol}</TableCell>
            <TableCell>{row.name}</TableCell>
            <TableCell>{row.partition}</TableCell>
            <TableCell align="right">{row.balance}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  ),
};
