import { z } from 'zod';
import { walletProofMessages } from '../messages.ts';
import { requiredAddress, textField } from './fields.ts';

/**
 * Proving a browser wallet (Sign-In with Ethereum, EIP-4361), once per wallet: the server writes the message
 * (GET /account/wallets/{address}/message), the wallet signs it (personal_sign), the server checks the signature
 * (POST /account/wallets) and remembers the wallet on the account. Only then does POST /account/transactions
 * record that wallet's transactions.
 */
export const walletAddressParamsSchema = z.object({
  address: requiredAddress(walletProofMessages.addressInvalid, walletProofMessages.addressInvalid).transform(
    (address) => address.toLowerCase(),
  ),
});

export const walletProofMessageSchema = z.object({ message: z.string() });
export type WalletProofMessage = z.output<typeof walletProofMessageSchema>;

export const proveWalletRequestSchema = z.object({
  message: textField({ required: walletProofMessages.proofInvalid, multiline: true })
    .min(1, walletProofMessages.proofInvalid)
    .max(4000, walletProofMessages.proofInvalid),
  signature: z
    .string({ error: walletProofMessages.proofInvalid })
    .regex(/^0x[0-9a-fA-F]{130}$/, walletProofMessages.proofInvalid),
});
export type ProveWalletRequest = z.input<typeof proveWalletRequestSchema>;

export const provedWalletSchema = z.object({ address: z.string() });
