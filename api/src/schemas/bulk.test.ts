import { describe, expect, it } from 'vitest';
import { bulkOperationMessages as b } from '../messages.ts';
import { bulkColumnsOf, checkBulkRows, summariseBulkRows } from './bulk.ts';

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

describe('bulk freeze rows (issue 36)', () => {
  it('name only the address of an address freeze, once each', () => {
    const { rows, errors } = checkBulkRows('freezeAddress', [
      { address: investor },
      { address: 'nobody' },
      { address: investor.toUpperCase().replace('0X', '0x') },
    ]);
    expect(rows).toEqual([{ row: 1, address: investor, amount: '', partition: '', fromAddress: null }]);
    expect(errors).toEqual([
      { row: 2, reason: b.addressInvalid(2) },
      { row: 3, reason: b.addressTwiceInFile(3) },
    ]);
    expect(bulkColumnsOf('unfreezeAddress')).toEqual(['address']);
  });

  it('check the amount and the partition of a freeze of tokens, once per partition', () => {
    const { rows, errors } = checkBulkRows('freezeTokens', [
      { address: investor, amount: '10', partition: 'A' },
      { address: investor, amount: '0', partition: 'B' },
      { address: investor, amount: '5', partition: 'A' },
    ]);
    expect(rows.map((r) => [r.row, r.amount, r.partition])).toEqual([[1, '10', 'A']]);
    expect(errors.map((e) => e.row)).toEqual([2, 3]);
    expect(errors[1]?.reason).toBe(b.addressTwice(3, 'A'));
    expect(bulkColumnsOf('unfreezeTokens')).toEqual(['address', 'amount', 'partition']);
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
