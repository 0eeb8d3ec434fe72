import { crc32, deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

/**
 * A screenshot re-encoded as an indexed PNG of at most 256 colours, for the user guide's images (a third of the
 * size of Playwright's true-colour PNG). Screens are mostly flat colours: the palette is the 256 most frequent
 * colours at 5 bits a channel (each the mean of the pixels it stands for), and every pixel takes the nearest one.
 */
export function palettePng(screenshot: Buffer): Buffer {
  const { width, height, data } = PNG.sync.read(screenshot);
  const bins = 1 << 15;
  const count = new Uint32Array(bins);
  const sums = [new Float64Array(bins), new Float64Array(bins), new Float64Array(bins)] as const;
  const binOf = new Uint16Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const r = data[p * 4] ?? 0;
    const g = data[p * 4 + 1] ?? 0;
    const b = data[p * 4 + 2] ?? 0;
    const bin = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    binOf[p] = bin;
    count[bin] = (count[bin] ?? 0) + 1;
    sums[0][bin] = (sums[0][bin] ?? 0) + r;
    sums[1][bin] = (sums[1][bin] ?? 0) + g;
    sums[2][bin] = (sums[2][bin] ?? 0) + b;
  }
  const mean = (bin: number): [number, number, number] => {
    const n = count[bin] ?? 1;
    return [0, 1, 2].map((c) => Math.round((sums[c as 0 | 1 | 2][bin] ?? 0) / n)) as [number, number, number];
  };
  const used = [...count.keys()].filter((bin) => (count[bin] ?? 0) > 0);
  used.sort((a, b) => (count[b] ?? 0) - (count[a] ?? 0));
  const palette = used.slice(0, 256).map(mean);
  // Each used bin's nearest palette colour, from the bin's own mean colour.
  const indexOf = new Int16Array(bins).fill(-1);
  for (const bin of used) {
    const [r, g, b] = mean(bin);
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const [i, [pr, pg, pb]] of palette.entries()) {
      const distance = (r - pr) ** 2 + (g - pg) ** 2 + (b - pb) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [i, distance];
    }
    indexOf[bin] = best;
  }
  // Scanlines with filter type 0 (none), the usual choice for indexed images.
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = indexOf[binOf[y * width + x] ?? 0] ?? 0;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
