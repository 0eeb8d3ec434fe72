import { createHmac } from 'node:crypto';
import { walletProofMessages } from '@tranche/api';
import { getAddress } from 'ethers';
import { SiweMessage } from 'siwe';
import type { Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { provedWallets } from './schema.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey' | 'publicUrl'>;

/** How long a message handed out for signing stays good. */
export const walletProofLifetimeMs = 10 * 60 * 1000;

/**
 * Sign-In with Ethereum (EIP-4361) proofs of browser wallets. The nonce is an HMAC (under the master key) of the
 * account, the wallet and the message's issue time, so the server keeps no state between handing out a message
 * and checking its signature; a message is good for {@link walletProofLifetimeMs} and only for its account.
 */
export function createWalletService(ctx: Ctx) {
  const origin = () => new URL(ctx.publicUrl());

  function nonceFor(viewer: Viewer, address: string, issuedAt: string): string {
    return createHmac('sha256', ctx.masterKey)
      .update(`siwe:${viewer.accountId}:${address.toLowerCase()}:${issuedAt}`)
      .digest('hex')
      .slice(0, 32);
  }

  return {
    /** The message the wallet at `address` signs (personal_sign) to prove it belongs to the viewer. */
    message(viewer: Viewer, address: string): string {
      const issuedAt = new Date().toISOString();
      const url = origin();
      return new SiweMessage({
        domain: url.host,
        address: getAddress(address),
        statement: 'Tranche: I control this wallet and let my account record its transactions.',
        uri: url.origin,
        version: '1',
        chainId: ctx.chain.chainId,
        nonce: nonceFor(viewer, address, issuedAt),
        issuedAt,
        expirationTime: new Date(Date.parse(issuedAt) + walletProofLifetimeMs).toISOString(),
      }).prepareMessage();
    },

    /** Checks the signature of a message {@link message} handed out, and remembers the wallet on the account. */
    async prove(viewer: Viewer, text: string, signature: string): Promise<string> {
      let message: SiweMessage;
      try {
        message = new SiweMessage(text);
      } catch {
        throw new HttpError(400, walletProofMessages.proofInvalid);
      }
      const issuedAt = message.issuedAt ?? '';
      if (
        message.nonce !== nonceFor(viewer, message.address, issuedAt) ||
        message.chainId !== ctx.chain.chainId
      )
        throw new HttpError(400, walletProofMessages.proofInvalid);
      if (!(Date.now() - Date.parse(issuedAt) < walletProofLifetimeMs))
        throw new HttpError(400, walletProofMessages.proofExpired);
      const result = await message
        .verify({ signature, domain: origin().host, nonce: message.nonce }, { suppressExceptions: true })
        .catch(() => undefined);
      if (!result?.success) throw new HttpError(400, walletProofMessages.proofInvalid);
      const address = message.address.toLowerCase();
      await ctx.db
        .insert(provedWallets)
        .values({ accountId: viewer.accountId, address })
        .onConflictDoNothing();
      return address;
    },
  };
}
