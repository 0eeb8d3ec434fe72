import { describe, expect, it } from 'vitest';
import { bulkOperationMessages as b } from '../messages.ts';
import { checkBulkRows, summariseBulkRows } from './bulk.ts';

const investor = '0x1111111111111111111111111111111111111111';

describe('bulk issue rows', () => {
  it('accept the same investor on two partitions', () => {
    const { rows, errors } = checkBulkRows('issue', [
      { address: investor, amount: '10', partition: 'A' },
      { address: investor.toUpperCase().replace('0X', '0x'), amount: '5', partition: 'B' },
    ]);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.partition, r.amount])).toEqual([
      ['A', '10'],
      ['B', '5'],
    ]);
  });

  it('refuse the same investor twice on one partition, naming the row and the partition', () => {
    const { rows, errors } = checkBulkRows('issue', [
      { address: investor, amount: '10', partition: 'A' },
      { address: investor, amount: '5', partition: 'B' },
      { address: investor, amount: '1', partition: ' A ' },
    ]);
    expect(rows).toHaveLength(2);
    expect(errors).toEqual([{ row: 3, reason: b.addressTwice(3, 'A') }]);
    expect(b.addressTwice(3, 'A')).toBe('Row 3: this address is specified twice for partition A');
  });
});

describe('the bulk preview', () => {
  it('counts the rows, totals each partition and lists each investor once', () => {
    const other = '0x2222222222222222222222222222222222222222';
    const { rows } = checkBulkRows('issue', [
      { address: investor, amount: '10', partition: 'A' },
      { address: investor, amount: '5', partition: 'B' },
      { address: other, amount: '90000000000000000000000', partition: 'A' },
    ]);
    expect(summariseBulkRows(rows)).toEqual({
      rows: 3,
      partitions: [
        { partition: 'A', total: '90000000000000000000010' },
        { partition: 'B', total: '5' },
      ],
      investors: [investor, other],
    });
  });
});
