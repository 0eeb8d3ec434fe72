import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  getContractVersion,
  getStorageLayout,
  getStorageUpgradeErrors,
  makeNamespacedInput,
  type SolcInput,
  type SolcOutput,
  type StorageLayout,
  solcInputOutputDecoder,
  validate,
} from '@openzeppelin/upgrades-core';
import type { InterfaceAbi } from 'ethers';
import solc from 'solc';
import { compilerSettings, packageDir, sourcesDir } from './compile.ts';

/** The upgradeable contracts (version 2's two halves), whose storage an upgrade must keep. */
export const upgradeableContracts = ['SecurityTokenV2', 'SecurityTokenV2Admin'] as const;
const files = ['TokenV2Base.sol', 'SecurityTokenV2.sol', 'SecurityTokenV2Admin.sol'];

/** The layouts of the released implementation, which every later implementation must keep (committed). */
export const layoutsFile = path.join(packageDir, 'layouts', 'token-v2.json');

export type Layouts = Record<(typeof upgradeableContracts)[number], StorageLayout>;

export const readSource = (file: string) => readFileSync(path.join(sourcesDir, file), 'utf8');

function findImport(importPath: string) {
  return { contents: readFileSync(path.join(packageDir, 'node_modules', importPath), 'utf8') };
}

function compile(input: unknown): SolcOutput {
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length > 0)
    throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
  return output;
}

/**
 * The storage layouts, as @openzeppelin/upgrades-core reads them (ERC-7201 namespaces included), of version 2's
 * sources as `read` gives them (the files under contracts/ by default), compiled with the pinned settings.
 */
export function storageLayouts(read: (file: string) => string = readSource): Layouts {
  const { input, output } = compileV2(read);
  const solcInput = input as unknown as SolcInput;
  const namespaced = compile(makeNamespacedInput(solcInput, output, solc.version()));
  const run = validate(
    output,
    solcInputOutputDecoder(solcInput, output),
    solc.version(),
    solcInput,
    namespaced,
  );
  const layout = (name: string) =>
    getStorageLayout([run], getContractVersion(run, `contracts/${name}.sol:${name}`));
  return { SecurityTokenV2: layout('SecurityTokenV2'), SecurityTokenV2Admin: layout('SecurityTokenV2Admin') };
}

type Compiled = { abi: InterfaceAbi; evm: { bytecode: { object: string } } };

/** Version 2's two halves compiled from `read`'s sources (a test builds a newer release with it). */
export function v2Contracts(read: (file: string) => string) {
  const { output } = compileV2(read);
  const artifact = (name: string) => {
    const compiled = (output.contracts[`contracts/${name}.sol`] as unknown as Record<string, Compiled>)[
      name
    ]!;
    return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  };
  return { core: artifact('SecurityTokenV2'), admin: artifact('SecurityTokenV2Admin') };
}

/** Compiles version 2's sources as `read` gives them, with the pinned settings and what upgrades-core reads. */
function compileV2(read: (file: string) => string) {
  const sources: Record<string, { content: string }> = Object.fromEntries(
    files.map((file) => [`contracts/${file}`, { content: read(file) }]),
  );
  const input = {
    language: 'Solidity',
    sources,
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
  const output = compile(input);
  // upgrades-core reads every source from the input: add those solc loaded through the import callback.
  for (const key of Object.keys(output.sources ?? {})) {
    if (!(key in sources)) sources[key] = { content: findImport(key).contents };
  }
  return { input, output };
}

/** What would corrupt state if a token on `released` were upgraded to `next`: empty when the upgrade is safe. */
export function layoutErrors(released: Layouts, next: Layouts): string[] {
  return upgradeableContracts.flatMap((name) =>
    getStorageUpgradeErrors(released[name], next[name]).map((error) => `${name}: ${error.kind}`),
  );
}

export function releasedLayouts(): Layouts {
  return JSON.parse(readFileSync(layoutsFile, 'utf8')) as Layouts;
}

// `pnpm --filter @tranche/contracts layouts`: records the layouts of the current sources as the released ones,
// only when they are a safe upgrade of those recorded before (a layout that would corrupt state is refused).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const next = storageLayouts();
  if (existsSync(layoutsFile)) {
    const errors = layoutErrors(releasedLayouts(), next);
    if (errors.length > 0) throw new Error(`storage layout is not upgrade-safe:\n${errors.join('\n')}`);
  }
  mkdirSync(path.dirname(layoutsFile), { recursive: true });
  writeFileSync(layoutsFile, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`wrote ${path.relative(packageDir, layoutsFile)}`);
}
