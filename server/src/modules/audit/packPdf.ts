import PDFDocument from 'pdfkit';

export type PackSummary = {
  symbol: string;
  name: string;
  contractAddress: string;
  chainId: number;
  blockNumber: number;
  blockTime: string;
  from: string;
  to: string;
  holders: number;
  totals: { partition: string; total: string }[];
  merkleRoot: string;
  movements: number;
  rulesInForce: string;
  verifications: number;
  documents: number;
  forced: number;
  logEntries: number;
  anchors: number;
  lastAnchor: string;
  reconciled: boolean;
  signingKey: string;
  requestedBy: string;
  createdAt: string;
};

/** The regulator pack's first page for a human reader: what is in it, its figures, and how to verify it. */
export function packSummaryPdf(input: PackSummary): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({
      size: 'A4',
      margin: 48,
      info: { Title: `Regulator pack of ${input.symbol} at block ${input.blockNumber}`, Author: 'Tranche' },
    });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.fontSize(18).text(`Regulator pack: ${input.name} (${input.symbol})`);
    document.moveDown(0.5).fontSize(10);
    const line = (label: string, value: string) => {
      document.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    };
    line('Token contract', `${input.contractAddress} on chain ${input.chainId}`);
    line('Register at', `block ${input.blockNumber} (${input.blockTime})`);
    line('Holders', String(input.holders));
    for (const total of input.totals) line(`Total of ${total.partition}`, total.total);
    line('Register digest (Merkle root)', input.merkleRoot);
    line('Movements', `${input.movements} between ${input.from} and ${input.to}`);
    line('Rules in force', input.rulesInForce);
    line('Whitelist records', String(input.verifications));
    line('Documents', String(input.documents));
    line('Forced operations', String(input.forced));
    line(
      'Operations log',
      `${input.logEntries} entries, ${input.anchors} anchors (last: ${input.lastAnchor})`,
    );
    line('Index reconciled with the chain', input.reconciled ? 'yes' : 'NO: see reconciliation.json');
    line('Prepared by', `${input.requestedBy} at ${input.createdAt}`);
    document.moveDown();
    document
      .font('Helvetica-Bold')
      .text('How to verify')
      .font('Helvetica')
      .text(
        'Every file of this pack is listed with its SHA-256 in manifest.json, which the platform signed with its ' +
          `Ed25519 key ${input.signingKey} (manifest.sig). Run "node verify.mjs <pack.zip> --rpc <JSON-RPC URL>" ` +
          '(Node.js only, no other software): it checks the digests, the signature, the hash chain of the ' +
          'operations log and its anchors on the chain.',
      );
    document.end();
  });
}
