import { describe, expect, it } from 'vitest';
import { transactionsCsv } from './csv.ts';

describe('transactionsCsv', () => {
  it('writes a header and one line per transaction', () => {
    const csv = transactionsCsv([
      {
        id: 7,
        transactionHash: `0x${'ab'.repeat(32)}`,
        txType: 1,
        typeDescription: 'Contract deployment',
        contractAddress: `0x${'12'.repeat(20)}`,
        publicAddress: `0x${'34'.repeat(20)}`,
        createdOn: '2026-01-02T03:04:05.000Z',
        updatedOn: '2026-01-02T03:04:06.000Z',
        relatedAssetClassId: 3,
        relatedAssetClassName: 'Main, scheme',
        tokenAddress: `0x${'56'.repeat(20)}`,
        tokenSymbol: 'DEP',
        status: 'mined',
        effect: {
          what: 'Issued 1,000 DEP to Alice Ltd (0x3434343434343434343434343434343434343434) on partition Common',
          amount: '1,000 DEP',
          counterparty: `0x${'34'.repeat(20)}`,
          counterpartyName: 'Alice Ltd',
          partition: 'Common',
        },
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'ID,Type,Type code,Status,Effect,Amount,Counterparty,Counterparty name,Partition,Token,Token address,Contract,Contract address,Public address,Transaction hash,Created on,Updated on',
      `7,Contract deployment,1,Mined,"Issued 1,000 DEP to Alice Ltd (0x${'34'.repeat(20)}) on partition Common","1,000 DEP",0x${'34'.repeat(20)},Alice Ltd,Common,DEP,0x${'56'.repeat(20)},"Main, scheme",0x${'12'.repeat(20)},0x${'34'.repeat(20)},0x${'ab'.repeat(32)},2026-01-02T03:04:05.000Z,2026-01-02T03:04:06.000Z`,
      '',
    ]);
  });
});
