import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

/** Pinned compiler settings: the same sources always give byte-for-byte the same artifacts. */
export const compilerSettings = {
  // 200 runs: the hot issuance loop is assembly, so more runs only grow the code. Measured against 20,000 runs:
  // token deployment 723k gas cheaper, issuance about 25 gas dearer per holder.
  optimizer: { enabled: true, runs: 200 },
  // Anvil 1.7.1 runs its default hardfork (BPO1, Osaka EVM rules); solc 0.8.30 targets it as 'osaka'.
  evmVersion: 'osaka',
  // No metadata hash in the bytecode: the bytecode depends on the sources and settings only.
  metadata: { bytecodeHash: 'none' },
} as const;

/** Short descriptions the server shows for each codebase ('id - description'). */
export const contractDescriptions = {
  SecurityToken: 'Partitioned security token (ERC-1400: ERC-1410, ERC-1594, ERC-1643, ERC-1644) v1',
  Whitelist: 'Whitelist of verified investor addresses with KYC record hashes v1',
  SecurityScheme: 'Security scheme (RBAC: owner, security managers, access levels 1 and 2) v1',
  Distributor:
    'Distributor of dividends and coupons (Merkle claims, batch push, reclaim after the deadline) v1',
  TestStableToken: 'Test stable token (ERC-20, 6 decimals; local mode and tests only) v1',
  SecurityTokenV2:
    'Partitioned security token (ERC-1400: ERC-1410, ERC-1594, ERC-1643, ERC-1644) v2: upgradeable (ERC-1967 proxy), balances half',
  SecurityTokenV2Admin: 'Security token v2, administration half (reached through SecurityTokenV2)',
  TokenFactory: 'Factory and implementation registry of security tokens v2 (one per chain)',
  SecuritySchemeV2:
    'Security scheme (RBAC: owner, security managers, access levels 1 and 2) v2: two-step ownership transfer',
  WhitelistV2:
    'Whitelist of verified investor addresses with KYC record hashes v2: records may expire (KYC validity)',
} as const;

export type ContractName = keyof typeof contractDescriptions;
export const contractNames = Object.keys(contractDescriptions) as ContractName[];

export const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const sourcesDir = path.join(packageDir, 'contracts');
export const generatedDir = path.join(packageDir, 'generated');
/**
 * Imports resolve under node_modules (only `@openzeppelin/contracts` and Solady's `MerkleProofLib`, pinned in
 * package.json).
 */
const importPrefixes = ['@openzeppelin/contracts/', 'solady/src/utils/MerkleProofLib.sol'];

function findImport(importPath: string): { contents: string } | { error: string } {
  if (!importPrefixes.some((prefix) => importPath.startsWith(prefix)) || importPath.includes('..')) {
    return { error: `import not allowed: ${importPath}` };
  }
  try {
    return { contents: readFileSync(path.join(packageDir, 'node_modules', importPath), 'utf8') };
  } catch {
    return { error: `import not found: ${importPath}` };
  }
}

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >;
};

export type CompiledContract = {
  contractName: ContractName;
  description: string;
  abi: unknown[];
  bytecode: `0x${string}`;
  deployedBytecodeSize: number;
  hash: `0x${string}`;
};

/** Compiles every contracts/*.sol with solc-js and the pinned settings. Throws on any error or warning. */
export function compileContracts(): { compilerVersion: string; contracts: CompiledContract[] } {
  const files = readdirSync(sourcesDir)
    .filter((file) => file.endsWith('.sol'))
    .sort();
  const sources = Object.fromEntries(
    files.map((file) => [
      `contracts/${file}`,
      { content: readFileSync(path.join(sourcesDir, file), 'utf8') },
    ]),
  );
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      ...compilerSettings,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const problems = (output.errors ?? []).filter(
    (error) => error.severity === 'error' || error.severity === 'warning',
  );
  if (problems.length > 0) {
    throw new Error(
      `solc reported problems:\n${problems.map((problem) => problem.formattedMessage).join('\n')}`,
    );
  }
  const contracts = contractNames.map((contractName): CompiledContract => {
    const compiled = output.contracts[`contracts/${contractName}.sol`]?.[contractName];
    if (!compiled) throw new Error(`contracts/${contractName}.sol did not produce contract ${contractName}`);
    const bytecode = `0x${compiled.evm.bytecode.object}` as const;
    const description = contractDescriptions[contractName];
    const abi = withFallbackFunctions(
      compiled.abi,
      output.contracts[`contracts/${contractName}.sol`]?.[`I${contractName}Fallback`]?.abi ?? [],
    );
    return {
      contractName,
      description,
      abi,
      bytecode,
      deployedBytecodeSize: compiled.evm.deployedBytecode.object.length / 2,
      hash: contentHash(abi, bytecode),
    };
  });
  return { compilerVersion: solc.version(), contracts };
}

/**
 * A contract's ABI with the functions its fallback answers in assembly (declared beside it in the interface
 * `I<Contract>Fallback`, e.g. SecurityTokenV2's transferByPartition), each placed among the functions by name as solc
 * orders them.
 */
function withFallbackFunctions(abi: unknown[], answered: unknown[]): unknown[] {
  const out = [...abi];
  const nameOf = (entry: unknown) => (entry as { type: string; name?: string }).name ?? '';
  for (const entry of answered) {
    const at = out.findIndex(
      (other) => (other as { type: string }).type === 'function' && nameOf(other) > nameOf(entry),
    );
    out.splice(at === -1 ? out.length : at, 0, entry);
  }
  return out;
}

/** sha256 over the canonical JSON of ABI and creation bytecode. */
export function contentHash(abi: unknown, bytecode: string): `0x${string}` {
  return `0x${createHash('sha256').update(JSON.stringify({ abi, bytecode })).digest('hex')}`;
}

/** The committed files under generated/, rendered from a compilation: name -> content. */
export function renderArtifacts(result: ReturnType<typeof compileContracts>): Map<string, string> {
  const files = new Map<string, string>();
  for (const contract of result.contracts) {
    const body = [
      '// Generated by contracts/scripts/build.ts from contracts/contracts/*.sol. Do not edit; run',
      '// `pnpm --filter @tranche/contracts build`.',
      `export const ${artifactConstName(contract.contractName)} = {`,
      `  contractName: ${JSON.stringify(contract.contractName)},`,
      `  description: ${JSON.stringify(contract.description)},`,
      '  abi: [',
      ...contract.abi.map((entry) => `    ${JSON.stringify(entry)},`),
      '  ],',
      `  bytecode: ${JSON.stringify(contract.bytecode)},`,
      `  deployedBytecodeSize: ${contract.deployedBytecodeSize},`,
      `  hash: ${JSON.stringify(contract.hash)},`,
      '} as const;',
      '',
    ].join('\n');
    files.set(`${contract.contractName}.ts`, body);
  }
  const buildInfo = {
    compiler: `soljson ${result.compilerVersion}`,
    settings: compilerSettings,
    contracts: Object.fromEntries(
      result.contracts.map((contract) => [
        contract.contractName,
        {
          hash: contract.hash,
          bytecodeBytes: (contract.bytecode.length - 2) / 2,
          deployedBytecodeSize: contract.deployedBytecodeSize,
        },
      ]),
    ),
  };
  files.set('build-info.json', `${JSON.stringify(buildInfo, null, 2)}\n`);
  return files;
}

export function artifactConstName(contractName: ContractName): string {
  return `${contractName[0]!.toLowerCase()}${contractName.slice(1)}Artifact`;
}
