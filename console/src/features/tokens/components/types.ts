import type { ProjectDetail, TxType } from '@tranche/api';
import type { WalletRights } from '../hooks/useWalletRights.ts';

/** What every part of the token page gets: the token, the wallet's rights and the ways to transact. */
export type TokenOps = {
  token: ProjectDetail;
  rights: WalletRights;
  /** Sign with the connected wallet through the transaction pipeline. */
  sign: (txType: TxType, method: string, args: unknown[]) => Promise<boolean>;
  /** Submit through the server with the caller's registered key (txMode 2). */
  submit: (call: (accountAddress: string) => Promise<{ transactionHash: string }>) => Promise<boolean>;
  /** True when the user chose to have the server sign with the registered key. */
  useServer: boolean;
  /** Opens a confirmation dialog; `onConfirm` runs when the user agrees. */
  confirm: (dialog: { title: string; text: string; onConfirm: () => void }) => void;
};
