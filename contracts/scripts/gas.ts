import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { packageDir } from './compile.ts';
import { measureGas, notes } from './gasFigures.ts';

// Measures version 1 and version 2 on two fresh dev chains, prints them side by side and rewrites gas-report.json.
const v1 = await measureGas(1);
const v2 = await measureGas(2);
for (const line of [...v1.lines, ...v2.lines]) console.log(line);
writeFileSync(
  path.join(packageDir, 'gas-report.json'),
  `${JSON.stringify({ ...v1.report, v2: v2.report }, null, 2)}\n`,
);
console.log(`${'figure'.padEnd(30)}${'v1'.padStart(10)}${'v2'.padStart(10)}  what`);
for (const [key, value] of Object.entries(v2.report)) {
  const v1Value = (v1.report as Record<string, number>)[key];
  console.log(
    `${key.padEnd(30)}${String(v1Value ?? '').padStart(10)}${String(value).padStart(10)}  ${notes[key]}`,
  );
}
console.log(`wrote ${path.join(packageDir, 'gas-report.json')}`);
