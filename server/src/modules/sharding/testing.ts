import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema.ts';

/** The PDF password mailed to `email` last (read from the outbox, as a signer reads their mail). */
export async function mailedPdfPassword(db: Database, email: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const match = mail?.text.match(/opens with this password: (\S+)/);
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
