import { type DtxType, dtxTypeNames } from '@tranche/api';
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
    ...(notice.event !== 'dtx.started' && notice.detail ? [notice.detail] : []),
    '',
    notice.event === 'dtx.started'
      ? `See what it will do and approve or abort it: ${publicUrl}/Approvals`
      : `${publicUrl}/ViewTransaction?id=${notice.dtxId}`,
  ];
  return { subject: `Tranche: ${what} ${outcome}`, text: lines.join('\n') };
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
