import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every file the module at `file` loads through relative static imports, transitively (ESM links them all first). */
function relativeImportGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (!file.endsWith('.ts')) return seen;
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
    relativeImportGraph(path.resolve(path.dirname(file), match[1]!), seen);
  }
  return seen;
}

describe('pnpm --filter @tranche/contracts gas', () => {
  it('regenerates gas-report.json from nothing: the script does not load the report it writes', () => {
    const graph = relativeImportGraph(path.join(packageDir, 'scripts', 'gas.ts'));
    expect(graph.has(path.join(packageDir, 'scripts', 'fixture.ts'))).toBe(true);
    expect([...graph].map((file) => path.relative(packageDir, file))).not.toContain('gas-report.json');
  });
});
