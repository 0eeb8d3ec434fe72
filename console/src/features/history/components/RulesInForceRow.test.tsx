import { render, screen, within } from '@testing-library/react';
import { Table, TableBody } from '@tranche/ui-kit';
import { describe, expect, it } from 'vitest';
import { RulesInForceRow } from './RulesInForceRow.tsx';

const rulesTable = (rulesInForce: Parameters<typeof RulesInForceRow>[0]['rulesInForce']) =>
  render(
    <Table caption="Transaction">
      <TableBody>
        <RulesInForceRow rulesInForce={rulesInForce} />
      </TableBody>
    </Table>,
  );

describe('RulesInForceRow', () => {
  it("says 'No rules' when the token had none at the transaction's block", () => {
    rulesTable({ symbol: 'VENF', blockNumber: 22, rules: [] });
    const row = screen.getByRole('row', { name: /Rules in force at block 22/ });
    expect(within(row).getByRole('cell')).toHaveTextContent('No rules');
  });

  it('lists each rule in force in words, the token first', () => {
    rulesTable({
      symbol: 'VENF',
      blockNumber: 31,
      rules: [
        {
          scope: 'token',
          setAtBlock: 25,
          setBy: `0x${'1'.repeat(64)}`,
          maxHolders: 50,
          lockupUntil: 0,
          minHolding: '0',
          maxHolding: '0',
          countries: { mode: 'deny', list: ['KP', 'IR'] },
        },
        {
          scope: 'CLASS-A',
          setAtBlock: 27,
          setBy: `0x${'2'.repeat(64)}`,
          maxHolders: 0,
          lockupUntil: 1_893_456_000,
          minHolding: '10',
          maxHolding: '0',
          countries: null,
        },
      ],
    });
    const row = screen.getByRole('row', { name: /Rules in force at block 31/ });
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Token: at most 50 holders; receivers not in KP, IR',
      'Partition CLASS-A: locked up until 2030-01-01; minimum holding 10',
    ]);
  });

  it('shows nothing for a transaction not sent to a token', () => {
    rulesTable(null);
    expect(screen.queryByRole('row')).toBeNull();
  });
});
