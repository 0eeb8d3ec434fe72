import { approvalOutcomeMessages as o, type DtxType, dtxTypeNames } from '@tranche/api';
import { failureWords } from '../dtx/index.ts';
import type { PendingNotice } from './scan.ts';

const outcomes: Record<string, string> = {
  'dtx.started': 'needs your approval',
  'dtx.executed': 'was executed',
  'dtx.failed': 'failed',
  'dtx.aborted': 'was aborted',
  'dtx.expired': 'expired without enough approvals',
};

/** The subject and text of a notice's mail (links go to the console at `publicUrl`). */
export function mailOf(notice: PendingNotice, publicUrl: string): { subject: string; text: string } {
  if (notice.bulk) return bulkMailOf(notice, notice.bulk, publicUrl);
  if (notice.dtxId === null) {
    const done = notice.event === 'draft.deployed';
    return {
      subject: `Tranche: ${notice.symbol} ${done ? 'is deployed' : 'could not be deployed'}`,
      text: [
        done
          ? `Your token draft ${notice.symbol} is deployed.`
          : `The deployment of your token draft ${notice.symbol} failed${notice.detail ? `: ${notice.detail}` : '.'}`,
        '',
        `${publicUrl}/ViewTokenDraft?token=${encodeURIComponent(notice.symbol ?? '')}`,
      ].join('\n'),
    };
  }
  const name = dtxTypeNames[notice.txType as DtxType] ?? `Type ${notice.txType}`;
  const what = `#${notice.dtxId} ${name}${notice.symbol ? ` of ${notice.symbol}` : ''}`;
  const outcome = outcomes[notice.event] ?? notice.event;
  const lines = [
    `${what} (key ${notice.keyName}, ${notice.keyAddress}) ${outcome}.`,
    ...outcomeLines(notice),
    ...(notice.dtx?.comment ? [`${o.comment}: ${notice.dtx.comment}`] : []),
    ...(notice.event === 'dtx.started' && notice.dtx && notice.dtx.notApproved.length > 0
      ? [`${o.notApprovedYet}: ${notice.dtx.notApproved.join(', ')}`]
      : []),
    '',
    notice.event === 'dtx.started'
      ? `See what it will do and approve or abort it: ${publicUrl}/Approvals`
      : `${publicUrl}/ViewTransaction?id=${notice.dtxId}`,
  ];
  return { subject: `Tranche: ${what} ${outcome}`, text: lines.join('\n') };
}

/**
 * What a finished transaction did (issue 37): executed, its transaction and block; failed, the failure in words
 * (with its transaction when one was mined); aborted or expired, why.
 */
function outcomeLines(notice: PendingNotice): string[] {
  if (notice.event === 'dtx.started') return [];
  const block = notice.dtx?.blockNumber ?? null;
  const mined = [
    ...(block !== null ? [`${o.executedIn(block)}.`] : []),
    ...(notice.dtx?.txHash ? [`Transaction: ${notice.dtx.txHash}`] : []),
  ];
  if (notice.event === 'dtx.executed') return mined;
  if (notice.event === 'dtx.failed')
    return [
      `${o.failed}: ${failureWords(notice.detail)}`,
      ...mined.filter((line) => line.startsWith('Transaction')),
    ];
  return notice.detail ? [notice.detail] : [];
}

/** A bulk operation's end: its token, and its counts or why it stopped (detail). */
function bulkMailOf(
  notice: PendingNotice,
  bulk: { jobId: number; operation: string },
  publicUrl: string,
): { subject: string; text: string } {
  const what = `The bulk ${bulk.operation === 'force' ? 'forced transfer' : 'issue'} #${bulk.jobId} of ${notice.symbol}`;
  const done = notice.event === 'bulk.done';
  return {
    subject: `Tranche: ${what} ${done ? 'finished' : 'stopped'}`,
    text: [
      done
        ? `${what} finished: ${notice.detail}.`
        : `${what} stopped${notice.detail ? `: ${notice.detail}` : '.'}`,
      '',
      `Each row's result: ${publicUrl}/TokenInfo?token=${encodeURIComponent(notice.symbol ?? '')}&tab=bulk&job=${bulk.jobId}`,
    ].join('\n'),
  };
}
