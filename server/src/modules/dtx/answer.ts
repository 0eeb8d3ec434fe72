import { type ApproveDtxResponse, type DtxStatus, dtxStatusNames } from '@tranche/api';

/** The answer of approve and abort: the transaction's id, status (with its name), hash, and what it did or why it failed. */
export function answer(
  id: number,
  status: DtxStatus,
  txHash: string | null,
  info?: ApproveDtxResponse['info'],
  errorMessage?: string,
): ApproveDtxResponse {
  return {
    id,
    txStatus: status,
    txStatusName: dtxStatusNames[status],
    txHash,
    ...(info ? { info } : {}),
    ...(errorMessage ? { errorMessage } : {}),
  };
}
