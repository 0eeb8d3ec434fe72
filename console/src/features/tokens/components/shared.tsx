import { Alert, Text } from '@tranche/ui-kit';
import { toCsv } from '../../../lib/csv.ts';
import { encodeBytes32String, isHexString, toUtf8Bytes, zeroPadValue } from 'ethers';
import type { ReactNode } from 'react';

/** A partition by name (at most 31 bytes) or bytes32 hex, as the token takes it. */
export function partitionBytes(partition: string): string {
  const text = partition.trim();
  return isHexString(text, 32) ? text : encodeBytes32String(text);
}

export function commentBytes(text: string): Uint8Array {
  return toUtf8Bytes(text);
}

export function documentHashBytes(hash: string): string {
  if (hash === '') return `0x${'0'.repeat(64)}`;
  const hex = hash.replace(/^0x/i, '');
  return zeroPadValue(`0x${hex.length % 2 ? `0${hex}` : hex}`, 32);
}

/** Why an action is disabled: the spec's title (e.g. 'Insufficient permissions') and text. */
export type DisabledReason = { title?: string; text: string } | null;

export function ReasonAlert({ reason }: { reason: DisabledReason }) {
  if (!reason) return null;
  return (
    <Alert tone="warning" title={reason.title}>
      {reason.text}
    </Alert>
  );
}

export function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text as="span" tone="muted" size="small">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/** The date input text (yyyy-mm-dd) of a local date. */
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Unix seconds of a date input's day at hh:mm (local time). */
export function secondsOf(dateText: string, hours: number, minutes: number): number {
  const [y, m, d] = dateText.split('-').map(Number);
  const date = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, hours, minutes, 0);
  return Math.max(0, Math.floor(date.getTime() / 1000));
}

/** Holders as CSV (the cap table): address, legal name, balance, verification transaction. */
export function holdersCsv(
  rows: {
    holderAddress: string;
    legalName: string | null;
    balance: string;
    verificationTransactionHash: string | null;
  }[],
): string {
  return toCsv(
    ['holderAddress', 'legalName', 'balance', 'verificationTransactionHash'],
    rows.map((row) => [row.holderAddress, row.legalName, row.balance, row.verificationTransactionHash]),
  );
}

/**
 * The Balance tab's table caption. The spec shows a balance "as current when block number is 0": the server always
 * answers the block it read, so what decides is the block the user asked for (empty, 0 or not a number: current).
 */
export function balanceCaption(address: string, askedBlock: number, answeredBlock: number): string {
  return `Balance of ${address} ${askedBlock > 0 ? `at block ${answeredBlock}` : '(current)'}`;
}
