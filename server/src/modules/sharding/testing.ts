import { securitySchemeArtifact, securityTokenArtifact } from '@tranche/contracts';
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { Database } from '../../db/database.ts';
import { listOutbox } from '../../mail/mailer.ts';

/** The PDF password mailed to `email` last (read from the outbox, as a signer reads their mail). */
export async function mailedPdfPassword(
  ctx: { db: Database; masterKey: Buffer },
  email: string,
): Promise<string> {
  // Other mail (notifications of the key's transactions) may have come since: the last one with a password.
  const mails = await listOutbox(ctx, { to: email, limit: 50 });
  const match = mails
    .map((mail) => mail.text.match(/opens with this password: (\S+)/))
    .find((found) => found !== null);
  if (!match?.[1]) throw new Error(`no PDF password mailed to ${email}`);
  return match[1];
}

/** Opens an encrypted PDF (base64) with its password and answers its text, as a signer's PDF reader shows it. */
export async function pdfText(base64: string, password: string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(Buffer.from(base64, 'base64')),
    password,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  } finally {
    await document.destroy();
  }
}

/** The access code printed in a signer's PDF. */
export async function accessCodeInPdf(base64: string, password: string): Promise<string> {
  const text = await pdfText(base64, password);
  const match = text.match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
  if (!match) throw new Error('no access code in the PDF');
  return match[0];
}

/** Gives a sharded key Access Level 2 on a token's security scheme and 1 ether for gas (e2e set-up). */
export async function enableShardedKey(
  rpcUrl: string,
  tokenAddress: string,
  keys: { securityManager: string; funder: string },
  keyAddress: string,
): Promise<void> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, {
    staticNetwork: true,
    pollingInterval: 50,
    cacheTimeout: -1,
  });
  try {
    const manager = new Wallet(keys.securityManager, provider);
    const token = new Contract(tokenAddress, securityTokenArtifact.abi, provider);
    const schemeAddress = (await token.getFunction('securityScheme')()) as string;
    const scheme = new Contract(schemeAddress, securitySchemeArtifact.abi, manager);
    await (await scheme.getFunction('grantLevel2')(keyAddress)).wait();
    const funder = new Wallet(keys.funder, provider);
    await (await funder.sendTransaction({ to: keyAddress, value: parseEther('1') })).wait();
  } finally {
    provider.destroy();
  }
}

/** Whether trading of a token is paused, read from the chain. */
export async function tokenIsPaused(rpcUrl: string, tokenAddress: string): Promise<boolean> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  try {
    return (await new Contract(tokenAddress, securityTokenArtifact.abi, provider).getFunction(
      'isPaused',
    )()) as boolean;
  } finally {
    provider.destroy();
  }
}

export function addressOfKey(privateKey: string): string {
  return new Wallet(privateKey).address.toLowerCase();
}
