import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileContracts, generatedDir, renderArtifacts } from './compile.ts';

const started = performance.now();
const result = compileContracts();
const files = renderArtifacts(result);
mkdirSync(generatedDir, { recursive: true });
for (const stale of readdirSync(generatedDir)) {
  if (!files.has(stale)) rmSync(path.join(generatedDir, stale));
}
for (const [name, content] of files) writeFileSync(path.join(generatedDir, name), content);
for (const contract of result.contracts) {
  console.log(
    `${contract.contractName.padEnd(16)} runtime ${String(contract.deployedBytecodeSize).padStart(6)} bytes  ${contract.hash}`,
  );
}
console.log(`compiled with solc ${result.compilerVersion} in ${Math.round(performance.now() - started)} ms`);
