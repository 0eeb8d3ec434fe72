// The distributions bench (bench/distributions.bench.ts runs it): gas and tree-building time on the embedded chain.
import {
  Contract,
  ContractFactory,
  JsonRpcProvider,
  NonceManager,
  Wallet,
  getAddress,
  keccak256,
  toBeHex,
} from 'ethers';
import {
  allocate,
  devAccountKeys,
  devChainId,
  distributorArtifact,
  keccakReady,
  paymentProof,
  paymentTree,
  pushBatch,
  registerRoot,
  startDevChain,
  termsTuple,
  testStableTokenArtifact,
  type DistributionTerms,
  type RegisterRow,
} from '../src/index.ts';
import { keccakEngine } from '../src/merkle.ts';
import { gasBreakdown } from './gasBreakdown.ts';

const partition = `0x${Buffer.from('Common').toString('hex').padEnd(64, '0')}`;

const holderAddress = (seed: number, i: number) =>
  getAddress(`0x${keccak256(toBeHex(BigInt(seed) * 2n ** 64n + BigInt(i), 32)).slice(26)}`);

function register(seed: number, n: number): RegisterRow[] {
  return Array.from({ length: n }, (_, i) => ({
    address: holderAddress(seed, i),
    partition,
    balance: BigInt(1 + ((i * 7919) % 10_000)),
  })).sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Register root + allocation + payment tree: what the server computes for a snapshot and a distribution. */
function buildTrees(rows: RegisterRow[], amount: bigint) {
  const started = performance.now();
  const root = registerRoot(rows);
  const registerMs = performance.now() - started;
  const allocation = allocate({
    balances: rows.map((r) => [r.address, r.balance] as [string, bigint]),
    amount,
  });
  const tree = paymentTree(allocation.payments);
  return { root, registerMs, totalMs: performance.now() - started, allocation, tree };
}

/** Prints the figures table for `sizes` holders and the tree-building time for `big` holders. */
export async function runDistributionBench(sizes: number[], big: number, runs = 3): Promise<void> {
  // The 100,000-holder trees first: with js-sha3 (before: no await between the runs, so the WebAssembly keccak
  // cannot load), then with hash-wasm (after). Each `runs` times; the median is the figure.
  const bigRows = register(99, big);
  const timeBig = () => {
    const { totalMs } = buildTrees(bigRows, 10n ** 12n);
    return totalMs / 1000;
  };
  const bigTrees: Record<string, number[]> = { 'js-sha3': [], 'hash-wasm': [] };
  for (let i = 0; i < runs; i += 1) bigTrees['js-sha3']!.push(timeBig());
  if (keccakEngine() !== 'js-sha3')
    throw new Error('the WebAssembly keccak loaded before the js-sha3 runs ended');
  await keccakReady();
  for (let i = 0; i < runs; i += 1) bigTrees['hash-wasm']!.push(timeBig());

  const chain = await startDevChain({ port: 0, stepsTracing: true });
  const provider = new JsonRpcProvider(chain.rpcUrl, devChainId, {
    staticNetwork: true,
    pollingInterval: 20,
    cacheTimeout: -1,
  });
  const issuer = new NonceManager(new Wallet(devAccountKeys[0]!, provider));
  const issuerAddress = await issuer.getAddress();
  try {
    const deployed = async (
      artifact: typeof distributorArtifact | typeof testStableTokenArtifact,
      ...args: unknown[]
    ) => {
      const contract = await new ContractFactory(artifact.abi, artifact.bytecode, issuer).deploy(...args);
      await contract.waitForDeployment();
      return new Contract(await contract.getAddress(), artifact.abi, issuer);
    };
    const stable = await deployed(testStableTokenArtifact, 'Test USD', 'tUSD');
    const distributor = await deployed(distributorArtifact);
    let lastHash = '';
    const gasOf = async (tx: Promise<{ wait: () => Promise<{ gasUsed: bigint; hash: string } | null> }>) => {
      const receipt = (await (await tx).wait())!;
      lastHash = receipt.hash;
      return Number(receipt.gasUsed);
    };
    let traced: { holders: number; hash: string; fundHash: string } | undefined;
    await gasOf(stable.getFunction('mint')(issuerAddress, 10n ** 18n));
    await gasOf(stable.getFunction('approve')(await distributor.getAddress(), 2n ** 255n));

    const rows: string[][] = [];
    for (const [seedIndex, n] of sizes.entries()) {
      const amount = 1_000_000n * BigInt(n) + 7n;
      const { registerMs, totalMs, allocation, tree } = buildTrees(register(seedIndex + 1, n), amount);
      const terms: DistributionTerms = {
        issuer: issuerAddress,
        asset: await stable.getAddress(),
        deadline: BigInt(Math.floor(Date.now() / 1000) + 86_400 * 30),
        nonce: BigInt(seedIndex + 1),
        root: tree.root,
      };
      const fundGas = await gasOf(distributor.getFunction('fund')(termsTuple(terms), allocation.funded));
      const fundHash = lastHash;

      // Claims by holders new to the asset, spread over the tree (different proof paths): the first claim in a
      // bitmap word writes a fresh slot; the next claim in the same word finds it in use.
      const claimOf = (index: number) => {
        const p = allocation.payments[index]!;
        return gasOf(
          distributor.getFunction('claim')(
            termsTuple(terms),
            p.index,
            p.account,
            p.amount,
            paymentProof(tree, index),
          ),
        );
      };
      // Up to 5 bitmap words, spread over the tree; in each, a first claim (the word written 0 → non-zero) and the
      // claim of the next leaf (the word in use). Only words with at least 3 leaves (leaf 0 is claimed below).
      const words = Math.ceil(n / 256);
      const usable = Array.from({ length: words }, (_, w) => w).filter((w) => w * 256 + 3 <= n);
      const pairs = Math.min(5, usable.length);
      const claimIndexes: number[] = [];
      const firstInWord: number[] = [];
      const wordInUse: number[] = [];
      for (let k = 0; k < pairs; k += 1) {
        const word = usable[Math.floor((k * usable.length) / pairs)]!;
        const index = Math.min(word * 256 + 1 + ((k * 53) % 200), n - 2);
        claimIndexes.push(index, index + 1);
        firstInWord.push(await claimOf(index));
        wordInUse.push(await claimOf(index + 1));
      }
      traced = { holders: n, hash: lastHash, fundHash };
      const average = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
      // A claim by a holder who already holds the asset.
      const holding = allocation.payments[0]!;
      await gasOf(stable.getFunction('transfer')(holding.account, 1n));
      const claimHoldingGas = await gasOf(
        distributor.getFunction('claim')(
          termsTuple(terms),
          0,
          holding.account,
          holding.amount,
          paymentProof(tree, 0),
        ),
      );

      // Push one batch of (up to) 200 unpaid holders, consecutive in the tree.
      const claimed = new Set([0, ...claimIndexes]);
      const batchIndexes = allocation.payments
        .map((p) => p.index)
        .filter((i) => !claimed.has(i))
        .slice(0, 200);
      const batch = pushBatch(tree, allocation.payments, batchIndexes);
      const pushGas = await gasOf(
        distributor.getFunction('push')(
          termsTuple(terms),
          batch.payments.map((p) => [p.index, p.account, p.amount]),
          batch.proof,
          batch.proofFlags,
        ),
      );
      // Plain ERC-20 transfers to new holders, one transaction each.
      let transferGas = 0;
      const plain = Math.min(10, n);
      for (let i = 0; i < plain; i += 1) {
        transferGas += await gasOf(
          stable.getFunction('transfer')(holderAddress(1000 + seedIndex, i), 1_000_000n),
        );
      }
      const perTransfer = transferGas / plain;
      // If every holder claims: one claim per bitmap word writes a fresh word, the others find it in use.
      const everyone = (words * average(firstInWord) + (n - words) * average(wordInUse)) / n;
      rows.push([
        n.toLocaleString('en'),
        fundGas.toLocaleString('en'),
        average(wordInUse).toLocaleString('en'),
        average(firstInWord).toLocaleString('en'),
        average([...firstInWord, ...wordInUse]).toLocaleString('en'),
        Math.round(everyone).toLocaleString('en'),
        claimHoldingGas.toLocaleString('en'),
        `${Math.round(pushGas / batchIndexes.length).toLocaleString('en')} (batch ${batchIndexes.length}, proof ${batch.proof.length})`,
        `${Math.round(perTransfer).toLocaleString('en')} × ${n.toLocaleString('en')} = ${Math.round(perTransfer * n).toLocaleString('en')}`,
        `${registerMs.toFixed(0)} / ${totalMs.toFixed(0)}`,
      ]);
    }
    const header = [
      'holders',
      'fund gas',
      'claim: word in use',
      'claim: first in word',
      'claim: average of those measured',
      'claim: average if everyone claims',
      'claim: holding the asset',
      'push gas per holder',
      'plain ERC-20 transfers',
      'register / all trees ms',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    console.log(
      '\nClaims are by holders new to the asset (its balance slot written 0 → non-zero) unless "holding the asset". ' +
        'The goal (a claim at 10,000 holders ≤ 75,000 gas for the whole transaction) is compared against "word in ' +
        'use": the claim 255 holders in 256 make (the first claim of each 256-leaf bitmap word also writes the word ' +
        '0 → non-zero, +17,100 gas).',
    );

    if (traced) {
      const printed = async (title: string, hash: string, storageLabels: string[]) => {
        const { total, parts } = await gasBreakdown(provider, hash, storageLabels);
        console.log(`\n${title}, ${total.toLocaleString('en')} gas (debug_traceTransaction):`);
        for (const [part, gas] of parts) console.log(`  ${gas.toLocaleString('en').padStart(7)}  ${part}`);
      };
      await printed(
        `One claim at ${traced.holders.toLocaleString('en')} holders (new holder, word in use)`,
        traced.hash,
        ['claimed bitmap word (cold)', 'claimed bitmap word (non-zero → non-zero)'],
      );
      await printed(
        `Funding at ${traced.holders.toLocaleString('en')} holders (the escrow deployed and funded)`,
        traced.fundHash,
        [
          "distribution's state slot (cold: not funded yet?)",
          "distribution's state slot (warm: read again by the struct write)",
          "distribution's state slot (asset, funded: 0 → non-zero)",
        ],
      );
    }
    console.log(
      `\n${big.toLocaleString('en')} holders: register root + allocation + payment tree (goal < 10 s)`,
    );
    for (const [engine, seconds] of Object.entries(bigTrees)) {
      console.log(
        `  ${engine.padEnd(9)} median ${median(seconds).toFixed(2)} s of ${seconds.map((s) => s.toFixed(2)).join(', ')}`,
      );
    }
  } finally {
    provider.destroy();
    await chain.stop();
  }
}
