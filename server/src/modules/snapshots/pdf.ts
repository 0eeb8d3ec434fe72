import PDFDocument from 'pdfkit';

export type RegisterPdf = {
  symbol: string;
  tokenName: string;
  contractAddress: string;
  partitionName: string;
  blockNumber: number;
  blockTime: string;
  holders: number;
  rows: { holderAddress: string; partitionName: string; balance: string; legalName: string | null }[];
  total: string;
  merkleRoot: string;
  namesVisible: boolean;
};

const rowsPerPage = 40;

/**
 * The record-date register as a PDF: the token, the block and its time, the totals, and on every page a footer
 * with the register's digest (its Merkle root) and the page number.
 */
export function registerPdf(input: RegisterPdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({
      size: 'A4',
      margin: 40,
      bufferPages: true,
      info: {
        Title: `Register of ${input.symbol} at block ${input.blockNumber}`,
        Author: 'Tranche',
        Producer: 'Tranche',
      },
    });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);

    document
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(`Register of holders: ${input.tokenName} (${input.symbol})`);
    document.moveDown(0.4);
    document
      .font('Helvetica')
      .fontSize(10)
      .text(`Token contract: ${input.contractAddress}`)
      .text(`Partition: ${input.partitionName}`)
      .text(`Record block: ${input.blockNumber} (${input.blockTime})`)
      .text(`Holders: ${input.holders}   Rows: ${input.rows.length}`)
      .text(`Total balance: ${input.total}`);
    document.moveDown(0.6);
    const pages = Math.max(1, Math.ceil(input.rows.length / rowsPerPage));
    for (let page = 0; page < pages; page += 1) {
      if (page > 0) document.addPage();
      const top = document.y;
      document.font('Helvetica-Bold').fontSize(8);
      document.text('Address', 40, top, { width: 230 });
      document.text('Partition', 275, top, { width: 80 });
      document.text('Balance', 355, top, { width: 90, align: 'right' });
      if (input.namesVisible) document.text('Legal name', 455, top, { width: 100 });
      document.font('Courier').fontSize(7.5);
      input.rows.slice(page * rowsPerPage, (page + 1) * rowsPerPage).forEach((row, i) => {
        const y = top + 14 + i * 15;
        document.text(row.holderAddress, 40, y, { width: 230, lineBreak: false });
        document.text(row.partitionName, 275, y, { width: 80, lineBreak: false, ellipsis: true });
        document.text(row.balance, 355, y, { width: 90, align: 'right', lineBreak: false });
        if (input.namesVisible && row.legalName) {
          document.text(row.legalName, 455, y, { width: 100, lineBreak: false, ellipsis: true });
        }
      });
    }
    const range = document.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      document.switchToPage(i);
      const bottom = document.page.height - 40;
      document.page.margins.bottom = 0;
      document
        .font('Helvetica')
        .fontSize(7)
        .text(
          `${input.symbol} at block ${input.blockNumber}, total ${input.total}, digest ${input.merkleRoot}, page ${i + 1} of ${range.count}`,
          40,
          bottom,
          { width: document.page.width - 80, lineBreak: false },
        );
    }
    document.end();
  });
}
