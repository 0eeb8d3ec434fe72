import type { Draft, DraftInvestor } from '@tranche/api';
import { describe, expect, it } from 'vitest';
import { deployPhase, isFullyIssued, someInvestorNotIssued } from './progress.ts';

const investor = (status: number, errorMessage: string | null = null): DraftInvestor => ({
  investorAddress: `0x${String(status).repeat(40)}`,
  investmentAmount: 10,
  initialBalance: '10',
  tokenRemainder: 0,
  fiatRemainder: 0,
  status,
  transactionHash: null,
  errorMessage,
});

const draft = (status: number, investors: DraftInvestor[], extra: Partial<Draft> = {}): Draft => ({
  symbol: 'ABC',
  name: 'Abc',
  totalSupply: '30',
  currency: 'EUR',
  exchangeRate: 1,
  whitelistAddress: '0x1',
  whitelistName: 'WL',
  schemeAddress: '0x2',
  controllerAddress: '0x0',
  codebaseId: 1,
  status,
  contractAddress: status === 2 ? '0x3' : null,
  ownerAddress: null,
  errorMessage: null,
  investors,
  ...extra,
});

describe('deployment progress', () => {
  it('is 5 while deploying, then (issued+1)/(investors+1) percent, then done', () => {
    expect(deployPhase(draft(1, [investor(0), investor(0), investor(0)]))).toEqual({
      kind: 'deploying',
      percent: 5,
    });
    expect(deployPhase(draft(2, [investor(2), investor(0), investor(0)]))).toEqual({
      kind: 'deploying',
      percent: 50,
    });
    expect(deployPhase(draft(2, [investor(2), investor(2), investor(2)]))).toEqual({
      kind: 'issued',
      percent: 100,
    });
  });

  it('stops on an investor failure and names a missing issuing right', () => {
    const phase = deployPhase(draft(2, [investor(2), investor(3, 'caller is not allowed to issue tokens')]));
    expect(phase).toMatchObject({ kind: 'failed', notAllowed: true });
  });

  it('reports a token that could not be deployed', () => {
    expect(
      deployPhase(draft(0, [investor(0)], { errorMessage: 'The token could not be deployed: x' })),
    ).toEqual({
      kind: 'deployFailed',
      message: 'The token could not be deployed: x',
    });
  });

  it('enables the actions only while some investor is not issued', () => {
    expect(someInvestorNotIssued(draft(2, [investor(2), investor(3)]))).toBe(true);
    expect(isFullyIssued(draft(2, [investor(2), investor(2)]))).toBe(true);
    expect(isFullyIssued(draft(0, [investor(2)]))).toBe(false);
  });
});
