import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  getContractVersion,
  getStorageLayout,
  getStorageUpgradeErrors,
  makeNamespacedInput,
  solcInputOutputDecoder,
  validate,
} from '@openzeppelin/upgrades-core';
import solc from 'solc';
import { describe, expect, it } from 'vitest';
import { compilerSettings, packageDir, sourcesDir } from '../scripts/compile.ts';

// Version 2's sources, as built, and a deliberately incompatible "v2-bis": a field inserted before the state word
// of the core namespace, which would move every balance, allowance and partition of an upgraded token.
const files = ['TokenV2Base.sol', 'SecurityTokenV2.sol', 'SecurityTokenV2Admin.sol'];
const source = (file: string) => readFileSync(path.join(sourcesDir, file), 'utf8');
const bis = (file: string) =>
  file === 'TokenV2Base.sol'
    ? source(file).replace(
        '    struct CoreStorage {\n',
        '    struct CoreStorage {\n        uint256 inserted;\n',
      )
    : source(file);

function findImport(importPath: string) {
  return { contents: readFileSync(path.join(packageDir, 'node_modules', importPath), 'utf8') };
}

/** Compiles the sources with the pinned settings and the outputs upgrades-core needs; its layout of `contract`. */
function layoutOf(read: (file: string) => string, contract: string) {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(files.map((file) => [`contracts/${file}`, { content: read(file) }])),
    settings: {
      ...compilerSettings,
      outputSelection: {
        '*': {
          '*': ['abi', 'storageLayout', 'evm.bytecode', 'evm.deployedBytecode', 'evm.methodIdentifiers'],
          '': ['ast'],
        },
      },
    },
  };
  const compile = (value: unknown) => JSON.parse(solc.compile(JSON.stringify(value), { import: findImport }));
  const output = compile(input);
  // upgrades-core reads every source from the input: add those solc loaded through the import callback.
  for (const key of Object.keys(output.sources ?? {})) {
    if (!(key in input.sources))
      (input.sources as Record<string, { content: string }>)[key] = { content: findImport(key).contents };
  }
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  expect(errors).toEqual([]);
  const namespacedOutput = compile(makeNamespacedInput(input as never, output, solc.version()));
  const run = validate(
    output,
    solcInputOutputDecoder(input as never, output),
    solc.version(),
    input as never,
    namespacedOutput,
  );
  return getStorageLayout([run], getContractVersion(run, `contracts/${contract}.sol:${contract}`));
}

describe('version 2 storage layouts (@openzeppelin/upgrades-core)', () => {
  it('accepts the built implementation as an upgrade of itself and refuses a v2-bis that would corrupt state', () => {
    for (const contract of ['SecurityTokenV2', 'SecurityTokenV2Admin']) {
      const current = layoutOf(source, contract);
      expect(current.namespaces?.['erc7201:tranche.token.core']?.length).toBeGreaterThan(5);
      expect(getStorageUpgradeErrors(current, layoutOf(source, contract))).toEqual([]);
      const errors = getStorageUpgradeErrors(current, layoutOf(bis, contract));
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.map((e) => e.kind)).toContain('insert');
    }
  }, 180_000);
});
