/**
 * Writes the published `exports` (package.json `publishConfig.exports`) from the component folders:
 * `node ui-kit/build/writeExports.ts` after adding or removing a component folder.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitRoot, publishedExports } from './entryPoints.ts';

const file = join(kitRoot, 'package.json');
const pkg = JSON.parse(readFileSync(file, 'utf8')) as { publishConfig: { exports: unknown } };
pkg.publishConfig.exports = publishedExports();
writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
process.stdout.write(`ui-kit: ${Object.keys(publishedExports()).length} published entry points written.\n`);
