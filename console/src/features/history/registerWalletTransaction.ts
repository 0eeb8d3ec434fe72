import {
  ApiError,
  type ApiClient,
  type TxType,
  transactionMessages,
  transactionRecordMessages,
} from '@tranche/api';
import { api as defaultApi, describeError } from '../../lib/api.ts';

export type WalletTransactionRegistration = {
  /** What the transaction does (`txTypes` of @tranche/api). */
  txType: TxType;
  /** The wallet address that signs (the sender). */
  publicAddress: string;
  /** The contract called; leave empty for a deployment (its address is taken from the receipt). */
  contractAddress?: string;
  /** Called once the contract of a deployment is known (e.g. POST /rbac/register). */
  onContract?: (contractAddress: string) => Promise<void> | void;
  /** What `onContract` registers ('scheme', 'whitelist'): its failure reads 'Failed to register the scheme: …'. */
  contractKind?: string;
  /**
   * The wallet that signs: asked once per wallet (the server remembers it) to sign the Sign-In with Ethereum
   * message that proves the wallet is the account's, when the server does not know it yet.
   */
  signer?: { signMessage: (message: string) => Promise<string> };
  /** For tests; the console's client by default. */
  client?: Pick<ApiClient, 'call'>;
};

/** The part of a mined receipt the registration needs (an ethers TransactionReceipt fits). */
export type MinedReceipt = { hash: string; contractAddress: string | null };

export class RegistrationError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
    this.name = 'RegistrationError';
  }
}

/**
 * The `onHash` and `onReceipt` callbacks of `runTransactionPipeline` (features/transactions) that register a
 * wallet-signed transaction with the server, as the spec orders it: on the hash, the user transaction
 * (POST /account/transactions) and the hash (POST /transactions/hash); on the receipt, the receipt
 * (POST /transactions/receipt, which the server re-reads from the chain) and, for a deployment, the
 * created contract (POST /account/transactions with isUpdate). Failures throw 'Failed to register the ...'.
 *
 * `runTransactionPipeline({ signer, build, onProgress, ...registerWalletTransaction({ txType, publicAddress }) })`
 */
/** Proves a wallet to the signed-in account: the server's SIWE message for `address`, signed by the wallet. */
export async function proveWallet(
  client: Pick<ApiClient, 'call'>,
  signer: { signMessage: (message: string) => Promise<string> },
  address: string,
): Promise<void> {
  const { message } = await client.call('walletProofMessage', { params: { address } });
  const signature = await signer.signMessage(message);
  await client.call('proveWallet', { body: { message, signature } });
}

export function registerWalletTransaction(registration: WalletTransactionRegistration) {
  const client = registration.client ?? defaultApi;
  const attempt = async (what: string, action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      const reason = describeError(error).message;
      throw new RegistrationError(`${transactionMessages.registerFailed(what)}: ${reason}`, error);
    }
  };
  const record = (hash: string) =>
    client.call('recordAccountTransaction', {
      body: {
        transactionHash: hash,
        contractAddress: registration.contractAddress ?? '',
        publicAddress: registration.publicAddress,
        txType: registration.txType,
      },
    });
  /** Proves the wallet (SIWE message from the server, signed by the wallet), then records again. */
  const proveAndRecord = async (hash: string) => {
    const { signer } = registration;
    if (!signer) throw new Error(transactionRecordMessages.notYourAddress);
    await proveWallet(client, signer, registration.publicAddress);
    await record(hash);
  };
  return {
    onHash: async (hash: string) => {
      await attempt('transaction', () =>
        record(hash).catch((error: unknown) => {
          const unproved =
            error instanceof ApiError &&
            error.statusCode === 403 &&
            error.message === transactionRecordMessages.notYourAddress;
          if (!unproved) throw error;
          return proveAndRecord(hash);
        }),
      );
      await attempt('hash', () => client.call('recordTransactionHash', { body: { transactionHash: hash } }));
    },
    onReceipt: async (receipt: MinedReceipt) => {
      await attempt('receipt', () =>
        client.call('recordTransactionReceipt', { body: { receipt: { transactionHash: receipt.hash } } }),
      );
      if (receipt.contractAddress) {
        const contractAddress = receipt.contractAddress;
        await attempt('transaction', () =>
          client.call('recordAccountTransaction', {
            body: { transactionHash: receipt.hash, contractAddress, isUpdate: true },
          }),
        );
        const { onContract } = registration;
        if (onContract)
          await attempt(registration.contractKind ?? 'contract', async () => {
            await onContract(contractAddress);
          });
      }
    },
  };
}
