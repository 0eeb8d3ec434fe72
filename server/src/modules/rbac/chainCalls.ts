import { transactionMessages } from '@tranche/api';
import { chainErrorMessage } from '@tranche/api/chainErrors';
import { securitySchemeArtifact } from '@tranche/contracts';
import { Contract, type TransactionReceipt, type TransactionRequest, type TransactionResponse } from 'ethers';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';

/** What the chain answered, in a sentence with the next step (api/src/chainErrors.ts), never the provider's text. */
export function chainReason(error: unknown): string {
  return chainErrorMessage(error);
}

function isStaleNonce(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === 'NONCE_EXPIRED' || /nonce (has already been used|too low)/i.test(e?.message ?? '');
}

/**
 * Sends a server-signed transaction (txMode 2) through the per-address signer queue and waits for it to be mined.
 * A transaction the chain refuses (estimate or execution reverted) answers HttpError 400 with the reason;
 * answers the mined receipt.
 */
export async function sendSigned(
  ctx: Pick<AppContext, 'chain'>,
  privateKey: string,
  transaction: TransactionRequest,
): Promise<TransactionReceipt> {
  let receipt: TransactionReceipt;
  try {
    let response: TransactionResponse;
    try {
      response = await ctx.chain.send(privateKey, transaction);
    } catch (error) {
      // The same address may also sign in a browser wallet, which leaves the queue's nonce counter behind:
      // the queue re-reads the pending count after a failure, so one retry sends with the right nonce.
      if (!isStaleNonce(error)) throw error;
      response = await ctx.chain.send(privateKey, transaction);
    }
    receipt = await ctx.chain.waitForReceipt(response.hash, { privateKey });
  } catch (error) {
    throw new HttpError(400, chainReason(error));
  }
  if (receipt.status !== 1) throw new HttpError(400, transactionMessages.reverted);
  return receipt;
}

/** The on-chain rights of `address` in a scheme (OP refers to the scheme's own asset id). */
export type Rights = { isOwner: boolean; isOperator: boolean; level1: boolean; level2: boolean };

export function schemeContract(ctx: Pick<AppContext, 'chain'>, address: string): Contract {
  return new Contract(address, securitySchemeArtifact.abi, ctx.chain.provider);
}

export async function rightsOf(
  ctx: Pick<AppContext, 'chain'>,
  scheme: string,
  address: string,
): Promise<Rights> {
  const [isOwner, isOperator, level1, level2] = (await schemeContract(ctx, scheme).getFunction('rightsOf')(
    address,
  )) as [boolean, boolean, boolean, boolean];
  return { isOwner, isOperator, level1, level2 };
}
