import { type CapTable, formatAmount, sharePercent, toCsv } from '@tranche/api';
import PDFDocument from 'pdfkit';

/** The cap table's CSV: a header in words, then one line per holder (amounts as integers of base units). */
export function capTableCsv(table: CapTable): string {
  const header = [
    'Address',
    ...(table.namesVisible ? ['Legal name'] : []),
    ...table.partitions.map((p) => `Balance in ${p.name}`),
    'Total balance',
    '% of supply',
  ];
  return toCsv(
    header,
    table.holders.map((row) => [
      row.holderAddress,
      ...(table.namesVisible ? [row.legalName ?? ''] : []),
      ...row.balances,
      row.total,
      row.share,
    ]),
  );
}

/** The file name of a cap table export: `ACME30-cap-table-1234.csv`. */
export function capTableFileName(table: CapTable, extension: 'csv' | 'pdf'): string {
  return `${table.symbol}-cap-table-${table.blockNumber}.${extension}`;
}

const rowsPerPage = 38;
const barRows = 10;

/**
 * The cap table as a PDF: the token, the block and its time, a bar chart of the largest holders' share of the
 * supply (and the rest), the supply by partition, then the table; a footer with the block and the page on each page.
 */
export function capTablePdf(table: CapTable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({
      size: 'A4',
      margin: 40,
      bufferPages: true,
      info: {
        Title: `Cap table of ${table.symbol} at block ${table.blockNumber}`,
        Author: 'Tranche',
        Producer: 'Tranche',
      },
    });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    const amount = (value: string) => formatAmount(value);
    const width = document.page.width - 80;

    document.font('Helvetica-Bold').fontSize(16).text(`Cap table: ${table.tokenName} (${table.symbol})`);
    document.moveDown(0.4);
    document
      .font('Helvetica')
      .fontSize(10)
      .text(`Token contract: ${table.contractAddress}`)
      .text(`Block: ${table.blockNumber} (${table.blockTime})`)
      .text(`Total supply: ${amount(table.totalSupply)}   Holders: ${table.holders.length}`)
      .text(
        `Partitions: ${table.partitions.map((p) => `${p.name} ${amount(p.supply)} (${p.holders} holders)`).join(', ') || 'none'}`,
      );
    document.moveDown(0.8);

    // The chart: one bar per largest holder (share of supply), then the rest.
    document.font('Helvetica-Bold').fontSize(11).text('Share of supply');
    document.moveDown(0.3);
    const bars = table.holders.slice(0, barRows).map((row) => ({
      label: row.legalName ?? row.holderAddress,
      share: row.share,
    }));
    const restHolders = table.holders.slice(barRows);
    if (restHolders.length > 0) {
      const rest = restHolders.reduce((sum, row) => sum + BigInt(row.total), 0n);
      bars.push({
        label: `${restHolders.length} other holders`,
        share: sharePercent(rest, table.totalSupply),
      });
    }
    const labelWidth = 190;
    const barWidth = width - labelWidth - 60;
    let y = document.y;
    document.font('Helvetica').fontSize(8);
    for (const bar of bars) {
      const hundredths = Number(bar.share.replace('.', ''));
      document
        .fillColor('#222222')
        .text(bar.label, 40, y + 2, { width: labelWidth - 8, lineBreak: false, ellipsis: true });
      document
        .rect(40 + labelWidth, y, barWidth, 12)
        .fillColor('#e6e9ef')
        .fill();
      const length = Math.max(hundredths > 0 ? 1 : 0, (barWidth * hundredths) / 10_000);
      document
        .rect(40 + labelWidth, y, length, 12)
        .fillColor('#3358d4')
        .fill();
      document
        .fillColor('#222222')
        .text(`${bar.share}%`, 40 + labelWidth + barWidth + 6, y + 2, { width: 54, lineBreak: false });
      y += 16;
    }
    if (bars.length === 0) document.text('No holders at this block.', 40, y);
    document.fillColor('#000000');
    document.y = y + 12;

    // The table: address (and name), each partition, total, share.
    const columns = [
      { title: table.namesVisible ? 'Holder' : 'Address', width: 0 },
      ...table.partitions.map((p) => ({ title: p.name, width: 70 })),
      { title: 'Total', width: 70 },
      { title: '%', width: 40 },
    ];
    const fixed = columns.slice(1).reduce((sum, c) => sum + c.width, 0);
    (columns[0] as { width: number }).width = Math.max(140, width - fixed);
    const scale = Math.min(1, width / (fixed + (columns[0] as { width: number }).width));
    const drawHeader = () => {
      let x = 40;
      const top = document.y;
      document.font('Helvetica-Bold').fontSize(8);
      columns.forEach((column, i) => {
        document.text(column.title, x, top, {
          width: column.width * scale - 4,
          lineBreak: false,
          ellipsis: true,
          align: i === 0 ? 'left' : 'right',
        });
        x += column.width * scale;
      });
      document.y = top + 14;
    };
    drawHeader();
    table.holders.forEach((row, index) => {
      if (index > 0 && index % rowsPerPage === 0) {
        document.addPage();
        drawHeader();
      }
      const top = document.y;
      const cells = [
        row.legalName ? `${row.legalName} ${row.holderAddress}` : row.holderAddress,
        ...row.balances.map(amount),
        amount(row.total),
        row.share,
      ];
      let x = 40;
      document.font('Courier').fontSize(7);
      cells.forEach((cell, i) => {
        const column = columns[i] as { width: number };
        document.text(cell, x, top, {
          width: column.width * scale - 4,
          lineBreak: false,
          ellipsis: true,
          align: i === 0 ? 'left' : 'right',
        });
        x += column.width * scale;
      });
      document.y = top + 14;
    });

    const range = document.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      document.switchToPage(i);
      const bottom = document.page.height - 40;
      document.page.margins.bottom = 0;
      document
        .font('Helvetica')
        .fontSize(7)
        .text(
          `${table.symbol} cap table at block ${table.blockNumber}, total supply ${amount(table.totalSupply)}, page ${i + 1} of ${range.count}`,
          40,
          bottom,
          { width, lineBreak: false },
        );
    }
    document.end();
  });
}
