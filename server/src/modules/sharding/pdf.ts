import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';

export type AccessCodePdf = {
  keyName: string;
  keyAddress: string;
  profileName: string;
  emailAddress: string;
  accessCode: string;
  minimum: number;
  total: number;
  /** Opens the document (mailed to the signer). */
  password: string;
};

/**
 * One signer's access code in a PDF encrypted with AES-256 (PDF 1.7 extension level 3): `password` opens it;
 * the owner password is random and thrown away, so the document cannot be edited or re-saved unencrypted.
 */
export function accessCodePdf(input: AccessCodePdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({
      size: 'A4',
      margin: 56,
      pdfVersion: '1.7ext3',
      userPassword: input.password,
      ownerPassword: randomBytes(24).toString('base64url'),
      permissions: { printing: 'highResolution', copying: true },
      info: { Title: `Access code of ${input.profileName}`, Author: 'Tranche', Producer: 'Tranche' },
    });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);

    document.font('Helvetica-Bold').fontSize(20).text('Sharded key access code');
    document.moveDown(0.5);
    document
      .font('Helvetica')
      .fontSize(11)
      .text(`Key: ${input.keyName}`)
      .text(`Address: ${input.keyAddress}`)
      .text(`Signer: ${input.profileName} <${input.emailAddress}>`)
      .text(`Approvals needed: ${input.minimum} of ${input.total} signers`);
    document.moveDown(1.5);
    document.font('Helvetica-Bold').fontSize(12).text('Your access code');
    document.moveDown(0.3);
    document.font('Courier-Bold').fontSize(24).text(input.accessCode);
    document.moveDown(1.5);
    document
      .font('Helvetica')
      .fontSize(10)
      .text(
        'You need this access code to approve or abort the transactions of this key, and to activate or reshard it. ' +
          'Keep it secret and keep it safe: the platform does not store it and cannot recover it. ' +
          'Without the access codes of enough signers, nobody, including the platform, can use this key.',
      );
    document.end();
  });
}
