import {
  type createShardedKeyRequestSchema,
  shardingMessages as m,
  type ShardedKeyResult,
} from '@tranche/api';
import argon2 from 'argon2';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { encryptSecret } from '../../crypto/aesGcm.ts';
import { hashingGate } from '../../crypto/hashing.ts';
import { HttpError } from '../../errors.ts';
import type { JobRow, JobRunner } from '../../jobs/runner.ts';
import {
  addressOf,
  deriveShareKey,
  newAccessCode,
  newKdfParameters,
  newPdfPassword,
  pdfBinding,
  privateKeyBytes,
  randomPrivateKey,
  sealShare,
  shareBinding,
  shareDigest,
  splitKey,
  wipe,
} from './keyMaterial.ts';
import { queueShareMails, sendAdoptedMails } from './mail.ts';
import { accessCodePdf } from './pdf.ts';
import {
  findConfirmedAccountsByEmail,
  findKeyByAddress,
  insertKeyWithShares,
  type NewShare,
} from './repository.ts';

/** Creating a key's shares (at creation and at a reshard) and creating a sharded key (POST /sharding). */

type Ctx = Pick<AppContext, 'db' | 'masterKey' | 'mailer' | 'passwordHashing' | 'publicUrl'>;

export type Recipient = { id: number; emailAddress: string; profileName: string };

/** The platform accounts of the signers' email addresses, in the order given; an unknown address is refused. */
export async function resolveRecipients(ctx: Pick<AppContext, 'db'>, emails: string[]): Promise<Recipient[]> {
  const found = await findConfirmedAccountsByEmail(ctx.db, emails);
  const byEmail = new Map(found.map((row) => [row.emailAddress.toLowerCase(), row]));
  return emails.map((email) => {
    const account = byEmail.get(email);
    if (!account) throw new HttpError(400, m.emailUnknown(email));
    return { id: account.id, emailAddress: account.emailAddress, profileName: account.profileName };
  });
}

/**
 * Splits a private key M of N among the recipients: per signer a fresh access code in a PDF locked with a fresh
 * password, and the share sealed under a key derived from the access code. Wipes the shares; the caller wipes
 * the private key. Answers the share rows to store, the PDFs and the mails to send once stored.
 */
export async function issueShares(
  ctx: Ctx,
  input: {
    privateKey: Uint8Array;
    address: string;
    name: string;
    minimum: number;
    generation: number;
    recipients: Recipient[];
    createdBy: string;
  },
) {
  const shares = await splitKey(input.privateKey, input.recipients.length, input.minimum);
  const rows: (Omit<NewShare, 'keyId'> & { accountId: number })[] = [];
  const pdfs: ShardedKeyResult['shares'] = [];
  const mails: { to: string; subject: string; text: string }[] = [];
  try {
    for (const [index, recipient] of input.recipients.entries()) {
      const share = shares[index] as Uint8Array;
      const accessCode = newAccessCode();
      const password = newPdfPassword();
      const kdfSalt = newKdfParameters(ctx.passwordHashing);
      const codeKey = await hashingGate(ctx).run(() => deriveShareKey(accessCode, kdfSalt));
      const sealedShare = sealShare(
        ctx.masterKey,
        codeKey,
        share,
        shareBinding(input.address, input.generation, recipient.id),
      );
      wipe(codeKey);
      const pdf = await accessCodePdf({
        keyName: input.name,
        keyAddress: input.address,
        profileName: recipient.profileName,
        emailAddress: recipient.emailAddress,
        accessCode,
        minimum: input.minimum,
        total: input.recipients.length,
        password,
      });
      rows.push({
        generation: input.generation,
        accountId: recipient.id,
        sealedShare,
        kdfSalt,
        shareDigest: shareDigest(share),
        pdfPasswordHash: await hashingGate(ctx).run(() =>
          argon2.hash(password, { type: argon2.argon2id, ...ctx.passwordHashing }),
        ),
        // The PDF is locked with the mailed password, which the server does not keep.
        sealedPdf: encryptSecret(
          ctx.masterKey,
          pdf,
          pdfBinding(input.address, input.generation, recipient.id),
        ),
      });
      pdfs.push({
        profileName: recipient.profileName,
        emailAddress: recipient.emailAddress,
        pdf: pdf.toString('base64'),
      });
      mails.push({
        to: recipient.emailAddress,
        subject: m.pdfMailSubject,
        text: [
          `Hello ${recipient.profileName},`,
          '',
          `${input.createdBy} made you one of the ${input.recipients.length} signers of the sharded key "${input.name}" (${input.address}). ${input.minimum} signers must approve each of its transactions.`,
          '',
          `Your PDF document with your access code opens with this password: ${password}`,
          '',
          `Open it on the screen where the key is being set up (${ctx.publicUrl()}). Keep the access code secret: nobody, not even the platform, can recover it.`,
          '',
          `Did not agree to be a signer? Decline, signed in as yourself, at ${ctx.publicUrl()}/ConfirmResharding?key=${input.address}: the key is then not activated and its creator is told.`,
        ].join('\n'),
      });
    }
  } finally {
    wipe(...shares);
  }
  return { rows, pdfs, mails };
}

type CreateRequest = z.output<typeof createShardedKeyRequestSchema>;

/** POST /sharding. */
export async function createShardedKey(
  ctx: Ctx,
  runner: JobRunner,
  caller: { accountId: number; profileName: string },
  request: CreateRequest,
): Promise<ShardedKeyResult> {
  const recipients = await resolveRecipients(ctx, request.recipients);
  let privateKey: Uint8Array | undefined;
  if (request.createNewAccount) privateKey = randomPrivateKey();
  else {
    privateKey = privateKeyBytes(request.privateKey ?? '');
    if (!privateKey) throw new HttpError(400, m.privateKeyInvalid);
  }
  try {
    const address = addressOf(privateKey) as string;
    if (await findKeyByAddress(ctx.db, address)) throw new HttpError(409, m.keyExists);
    const name = request.keyName && request.keyName !== '' ? request.keyName : address;
    const issued = await issueShares(ctx, {
      privateKey,
      address,
      name,
      minimum: request.minimum,
      generation: 1,
      recipients,
      createdBy: caller.profileName,
    });
    let mails: JobRow[] = [];
    const key = await insertKeyWithShares(
      ctx.db,
      { address, name, threshold: request.minimum, total: recipients.length, createdBy: caller.accountId },
      (keyId) => issued.rows.map((row) => ({ ...row, keyId })),
      async (tx, keyId) => {
        mails = await queueShareMails(ctx, runner, tx, {
          keyId,
          generation: 1,
          mails: issued.mails,
          mode: 'adopt',
        });
      },
    );
    if (!key) throw new HttpError(409, m.keyExists);
    // Tried once now; a refused mail is tried again by the job runner, and each signer can fetch their PDF again
    // (GET /sharding/{address}/share) until the key is activated: a mail failure loses nothing.
    await sendAdoptedMails(ctx, runner, mails);
    return {
      publicAddress: address,
      name,
      minimum: request.minimum,
      total: recipients.length,
      shares: issued.pdfs,
    };
  } finally {
    wipe(privateKey);
  }
}
