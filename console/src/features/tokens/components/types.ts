import type { ReactNode } from 'react';
import type { ProjectDetail, TxType } from '@tranche/api';
import type { WalletRights } from '../hooks/useWalletRights.ts';

/** What every part of the token page gets: the token, the wallet's rights and the ways to transact. */
export type TokenOps = {
  token: ProjectDetail;
  rights: WalletRights;
  /** Reads the token's summary, the wallet's rights and the tabs' data again (after any operation). */
  refresh: () => void;
  /** Sign with the connected wallet through the transaction pipeline. */
  sign: (txType: TxType, method: string, args: unknown[]) => Promise<boolean>;
  /** Submit through the server with the caller's registered key (txMode 2). */
  submit: (
    txType: TxType,
    /** Answers the hash of the server-signed transaction, or none when the server queued a job instead. */
    call: (accountAddress: string) => Promise<{ transactionHash?: string | undefined }>,
  ) => Promise<boolean>;
  /** True when the user chose to have the server sign with the registered key. */
  useServer: boolean;
  /**
   * Set when the selected wallet is a sharded key: the operation starts a distributed transaction that waits for
   * the other signers instead of being signed here (txType 1 pause, 2 resume, 3 redeem, 4 issue; 6-10 version 2
   * administration; 11-13 enforcement).
   */
  distribute?: (
    txType: 1 | 2 | 3 | 4 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13,
    txData?: Record<string, string>,
  ) => void;
  /**
   * Opens a confirmation dialog; `onConfirm` runs when the user agrees. `text` may hold addresses and amounts shown
   * in full (a ReactNode); `cancelLabel` names the way back (default 'Cancel'), which keeps the form as it was.
   */
  confirm: (dialog: { title: string; text: ReactNode; onConfirm: () => void; cancelLabel?: string }) => void;
};
