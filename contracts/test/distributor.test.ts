import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { type Contract, type InterfaceAbi, JsonRpcProvider, Wallet } from 'ethers';
import solc from 'solc';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compilerSettings } from '../scripts/compile.ts';
import { deploy, freshAddress, mined } from '../scripts/fixture.ts';
import { gasBreakdown } from '../scripts/gasBreakdown.ts';
import { distributorArtifact, testStableTokenArtifact } from '../src/artifacts.ts';
import { devAccountKeys, devChainId, type DevChain, startDevChain } from '../src/devChain.ts';
import {
  allocate,
  type DistributionTerms,
  distributionId,
  type Payment,
  paymentProof,
  paymentTree,
  pushBatch,
  termsTuple,
} from '../src/distribution.ts';
import { revertReasons } from '../src/reasons.ts';
import { chainSnapshots, expectRevert, send } from './helpers.ts';

let chain: DevChain;
let provider: JsonRpcProvider;
let issuer: Wallet;
let holder: Wallet;
let stranger: Wallet;
let stable: Contract;
let distributor: Contract;
const snapshots = chainSnapshots(() => provider);

beforeAll(async () => {
  // Steps tracing: the gas breakdown test reads struct logs.
  chain = await startDevChain({ enforceTxGasCap: true, stepsTracing: true });
  provider = new JsonRpcProvider(chain.rpcUrl, devChainId, {
    staticNetwork: true,
    pollingInterval: 20,
    cacheTimeout: -1,
  });
  [issuer, holder, stranger] = [0, 5, 8].map((i) => new Wallet(devAccountKeys[i]!, provider)) as [
    Wallet,
    Wallet,
    Wallet,
  ];
  stable = (await deploy(testStableTokenArtifact, issuer, 'Test USD', 'tUSD')).contract;
  distributor = (await deploy(distributorArtifact, issuer)).contract;
  await mined(stable.getFunction('mint')(issuer.address, 10n ** 15n));
  await mined(stable.getFunction('approve')(await distributor.getAddress(), 2n ** 255n));
});
afterAll(async () => {
  provider.destroy();
  await chain.stop();
});
beforeEach(() => snapshots.take());
afterEach(() => snapshots.restore());

const as = (contract: Contract, wallet: Wallet) => contract.connect(wallet) as Contract;
const balanceOf = async (address: string): Promise<bigint> => stable.getFunction('balanceOf')(address);
const now = async (): Promise<bigint> => BigInt((await provider.getBlock('latest'))!.timestamp);
const passDeadline = async (terms: DistributionTerms) => {
  const seconds = Number(terms.deadline - (await now())) + 1;
  await provider.send('evm_increaseTime', [seconds]);
  await provider.send('evm_mine', []);
};
const escrowOf = async (id: string): Promise<string> => distributor.getFunction('escrowOf')(id);
const maxUint256 = 2n ** 256n - 1n;
/** The asset's Transfer logs of a receipt, as [from, to, value]. */
const transfersIn = (receipt: {
  logs: readonly { address: string; topics: readonly string[]; data: string }[];
}) =>
  receipt.logs
    .filter((log) => log.address === String(stable.target))
    .map((log) => stable.interface.parseLog(log))
    .filter((parsed) => parsed?.name === 'Transfer')
    .map((parsed) => [...parsed!.args]);
const stateOf = async (id: string) => {
  const [remaining, funded, reclaimed] = await distributor.getFunction('stateOf')(id);
  return { remaining, funded, reclaimed };
};

/** The issuer's terms for a tree: `asset` (the test stable token unless given), claims open for an hour. */
async function termsFor(root: string, nonce: bigint, asset?: string): Promise<DistributionTerms> {
  return {
    issuer: issuer.address,
    asset: asset ?? (await stable.getAddress()),
    deadline: (await now()) + 3600n,
    nonce,
    root,
  };
}

/** Allocates `amount` over `balances`, builds the tree and funds it; returns terms, payments and tree. */
async function funded(balances: [string, bigint][], amount: bigint, nonce = 1n) {
  const allocation = allocate({ balances, amount });
  const tree = paymentTree(allocation.payments);
  const terms = await termsFor(tree.root, nonce);
  const { receipt, events } = await send(distributor, 'fund', termsTuple(terms), allocation.funded);
  return { allocation, tree, terms, id: distributionId(terms), receipt, events };
}

const claimArgs = (terms: DistributionTerms, payment: Payment, proof: string[]) => [
  termsTuple(terms),
  payment.index,
  payment.account,
  payment.amount,
  proof,
];

function pushArgs(terms: DistributionTerms, batch: ReturnType<typeof pushBatch>) {
  return [
    termsTuple(terms),
    batch.payments.map((p) => [p.index, p.account, p.amount]),
    batch.proof,
    batch.proofFlags,
  ];
}

describe('Distributor funding', () => {
  it("moves the amount from the issuer to the distribution's own escrow in one transaction and logs the terms", async () => {
    const before = await balanceOf(issuer.address);
    const { terms, id, events, allocation, receipt } = await funded(
      [
        [holder.address, 3n],
        [stranger.address, 7n],
      ],
      1_000_001n,
    );
    expect(await distributor.getFunction('distributionId')(termsTuple(terms))).toBe(id);
    expect(await balanceOf(issuer.address)).toBe(before - 1_000_001n);
    // The escrow (CREATE2, salt = the id) holds the funds, keeps no code and lets only the Distributor move them.
    const escrow = await escrowOf(id);
    expect(transfersIn(receipt)).toEqual([[issuer.address, escrow, 1_000_001n]]);
    expect(await balanceOf(escrow)).toBe(1_000_001n);
    expect(await balanceOf(await distributor.getAddress())).toBe(0n);
    expect(await provider.getCode(escrow)).toBe('0x');
    expect(await stable.getFunction('allowance')(escrow, await distributor.getAddress())).toBe(maxUint256);
    expect(await distributor.getFunction('escrowAsset')()).toBe(`0x${'0'.repeat(40)}`);
    expect(await stateOf(id)).toEqual({ remaining: 1_000_001n, funded: true, reclaimed: false });
    expect(events).toEqual([
      {
        name: 'Funded',
        args: {
          id,
          issuer: issuer.address,
          asset: terms.asset,
          root: terms.root,
          deadline: terms.deadline,
          nonce: 1n,
          amount: 1_000_001n,
        },
      },
    ]);
    expect(new Map(allocation.payments.map((p) => [p.account, p.amount]))).toEqual(
      new Map([
        [holder.address.toLowerCase(), 300_000n],
        [stranger.address.toLowerCase(), 700_000n],
      ]),
    );
    expect(allocation.remainder).toBe(1n);
  });

  it('refuses bad funding with a reason for each case', async () => {
    const tree = paymentTree([{ index: 0, account: holder.address, amount: 5n }]);
    const terms = await termsFor(tree.root, 9n);
    const state = () => balanceOf(issuer.address);
    await expectRevert(
      as(distributor, stranger),
      'fund',
      [termsTuple(terms), 5n],
      revertReasons.notDistributionIssuer,
      state,
    );
    await expectRevert(distributor, 'fund', [termsTuple(terms), 0n], revertReasons.zeroAmount, state);
    await expectRevert(
      distributor,
      'fund',
      [termsTuple(terms), 2n ** 128n],
      revertReasons.distributionTooLarge,
      state,
    );
    await expectRevert(
      distributor,
      'fund',
      [termsTuple({ ...terms, deadline: (await now()) - 1n }), 5n],
      revertReasons.deadlineInPast,
      state,
    );
    await expectRevert(
      distributor,
      'fund',
      [termsTuple({ ...terms, root: `0x${'0'.repeat(64)}` }), 5n],
      revertReasons.rootRequired,
      state,
    );
    await send(distributor, 'fund', termsTuple(terms), 5n);
    await expectRevert(distributor, 'fund', [termsTuple(terms), 5n], revertReasons.alreadyFunded, state);
    // Another nonce is another distribution.
    await send(distributor, 'fund', termsTuple({ ...terms, nonce: 10n }), 5n);
  });

  it('only lets the deployer mint the test stable token, which has 6 decimals', async () => {
    expect(await stable.getFunction('decimals')()).toBe(6n);
    await expectRevert(as(stable, stranger), 'mint', [stranger.address, 1n], revertReasons.notMinter, () =>
      balanceOf(stranger.address),
    );
  });
});

describe('Distributor claims, pushes and reclaim', () => {
  const holders = () =>
    [
      [holder.address, 40n],
      [stranger.address, 60n],
      [freshAddress('d', 1), 100n],
      [freshAddress('d', 2), 0n],
    ] as [string, bigint][];

  it('pays a claim once, to the holder in the leaf, and refuses the second claim and a wrong proof', async () => {
    const { tree, terms, id, allocation } = await funded(holders(), 1_000n);
    const payment = allocation.payments.find((p) => p.account === holder.address.toLowerCase())!;
    const proof = paymentProof(tree, payment.index);
    // Anyone may send the claim; the leaf's account is paid.
    const { events, receipt } = await send(
      as(distributor, stranger),
      'claim',
      ...claimArgs(terms, payment, proof),
    );
    // The Distributor logs nothing: the asset's Transfer from this distribution's escrow is the record of the claim.
    expect(events).toEqual([]);
    expect(transfersIn(receipt)).toEqual([[await escrowOf(id), holder.address, 200n]]);
    expect(await balanceOf(holder.address)).toBe(200n);
    expect(await distributor.getFunction('isPaid')(id, payment.index)).toBe(true);
    expect(await stateOf(id)).toEqual({ remaining: 800n, funded: true, reclaimed: false });
    const state = async () => [await balanceOf(holder.address), await stateOf(id)];
    await expectRevert(
      distributor,
      'claim',
      claimArgs(terms, payment, proof),
      revertReasons.alreadyClaimed,
      state,
    );
    const other = allocation.payments.find((p) => p.account === stranger.address.toLowerCase())!;
    await expectRevert(
      distributor,
      'claim',
      claimArgs(terms, { ...other, amount: other.amount + 1n }, paymentProof(tree, other.index)),
      revertReasons.invalidProof,
      state,
    );
    await expectRevert(
      distributor,
      'claim',
      claimArgs(terms, { ...other, account: holder.address }, paymentProof(tree, other.index)),
      revertReasons.invalidProof,
      state,
    );
    // A proof cut short, one with a sibling changed, and another leaf's proof are refused too.
    const otherProof = paymentProof(tree, other.index);
    for (const bad of [
      otherProof.slice(0, -1),
      [...otherProof.slice(0, -1), `0x${'00'.repeat(31)}01`],
      paymentProof(tree, payment.index),
    ]) {
      await expectRevert(
        distributor,
        'claim',
        claimArgs(terms, other, bad),
        revertReasons.invalidProof,
        state,
      );
    }
    // Nobody without balance at the record block has a leaf.
    expect(allocation.payments.map((p) => p.account)).not.toContain(freshAddress('d', 2).toLowerCase());
  });

  it('refuses claims on unknown or reclaimed distributions and after the deadline', async () => {
    const { tree, terms, allocation, id } = await funded(holders(), 1_000n);
    const payment = allocation.payments[0]!;
    const proof = paymentProof(tree, 0);
    await expectRevert(
      distributor,
      'claim',
      claimArgs({ ...terms, nonce: 77n }, payment, proof),
      revertReasons.notFunded,
      () => stateOf(id),
    );
    await passDeadline(terms);
    await expectRevert(
      distributor,
      'claim',
      claimArgs(terms, payment, proof),
      revertReasons.deadlinePassed,
      () => stateOf(id),
    );
    await send(distributor, 'reclaim', termsTuple(terms));
    const batch = pushBatch(tree, allocation.payments, [0]);
    await expectRevert(distributor, 'push', pushArgs(terms, batch), revertReasons.reclaimed, () =>
      stateOf(id),
    );
  });

  it('pushes a batch by multiproof, refuses a push to a holder who claimed, and reclaims the rest after the deadline', async () => {
    const { tree, terms, id, allocation } = await funded(holders(), 1_001n);
    expect(allocation.remainder).toBe(1n);
    const claimer = allocation.payments.find((p) => p.account === holder.address.toLowerCase())!;
    await send(distributor, 'claim', ...claimArgs(terms, claimer, paymentProof(tree, claimer.index)));
    const all = allocation.payments.map((p) => p.index);
    const state = async () => [await stateOf(id), await balanceOf(stranger.address)];
    await expectRevert(
      distributor,
      'push',
      pushArgs(terms, pushBatch(tree, allocation.payments, all)),
      revertReasons.pushAlreadyClaimed,
      state,
    );
    await expectRevert(
      as(distributor, stranger),
      'push',
      pushArgs(terms, pushBatch(tree, allocation.payments, all)),
      revertReasons.notDistributionIssuer,
      state,
    );
    const rest = all.filter((i) => i !== claimer.index);
    const wrong = pushBatch(tree, allocation.payments, rest);
    wrong.payments[0] = { ...wrong.payments[0]!, amount: wrong.payments[0]!.amount + 1n };
    await expectRevert(distributor, 'push', pushArgs(terms, wrong), revertReasons.invalidProof, state);
    await expectRevert(distributor, 'push', [termsTuple(terms), [], [], []], revertReasons.noHolders, state);
    const { events } = await send(
      distributor,
      'push',
      ...pushArgs(terms, pushBatch(tree, allocation.payments, rest)),
    );
    expect(events).toEqual([{ name: 'Pushed', args: { id, holders: 2n, amount: 800n } }]);
    for (const payment of allocation.payments) expect(await balanceOf(payment.account)).toBe(payment.amount);
    expect(await stateOf(id)).toEqual({ remaining: 1n, funded: true, reclaimed: false });

    await expectRevert(distributor, 'reclaim', [termsTuple(terms)], revertReasons.deadlineNotPassed, state);
    await passDeadline(terms);
    await expectRevert(
      as(distributor, stranger),
      'reclaim',
      [termsTuple(terms)],
      revertReasons.notDistributionIssuer,
      state,
    );
    const before = await balanceOf(issuer.address);
    const reclaimed = await send(distributor, 'reclaim', termsTuple(terms));
    expect(reclaimed.events).toEqual([{ name: 'Reclaimed', args: { id, amount: 1n } }]);
    expect(await balanceOf(issuer.address)).toBe(before + 1n);
    expect(await balanceOf(await escrowOf(id))).toBe(0n);
    expect(await balanceOf(await distributor.getAddress())).toBe(0n);
    expect(await stateOf(id)).toEqual({ remaining: 0n, funded: true, reclaimed: true });
    await expectRevert(distributor, 'reclaim', [termsTuple(terms)], revertReasons.reclaimed, state);
  });

  it("refuses to pay more than a distribution holds, and a tree summing to more than its funding never takes another distribution's money", async () => {
    // Another distribution of the same asset, funded first: its escrow must stay untouched.
    const other = await funded(holders(), 1_000n, 2n);
    const otherEscrow = await escrowOf(other.id);
    const payments = [
      { index: 0, account: holder.address, amount: 6n },
      { index: 1, account: stranger.address, amount: 6n },
    ];
    const tree = paymentTree(payments);
    const terms = await termsFor(tree.root, 3n);
    const id = distributionId(terms);
    // The tree sums to 12; the distribution is funded with 9.
    await send(distributor, 'fund', termsTuple(terms), 9n);
    const escrow = await escrowOf(id);
    expect(escrow).not.toBe(otherEscrow);
    const state = async () => [
      await stateOf(id),
      await stateOf(other.id),
      await balanceOf(otherEscrow),
      await balanceOf(holder.address),
      await balanceOf(stranger.address),
    ];
    await expectRevert(
      distributor,
      'push',
      pushArgs(terms, pushBatch(tree, payments, [0, 1])),
      revertReasons.insufficientDistributionFunds,
      state,
    );
    await send(distributor, 'claim', ...claimArgs(terms, payments[0]!, paymentProof(tree, 0)));
    expect(await balanceOf(escrow)).toBe(3n);
    await expectRevert(
      distributor,
      'claim',
      claimArgs(terms, payments[1]!, paymentProof(tree, 1)),
      revertReasons.insufficientDistributionFunds,
      state,
    );
    await expectRevert(
      distributor,
      'push',
      pushArgs(terms, pushBatch(tree, payments, [1])),
      revertReasons.insufficientDistributionFunds,
      state,
    );
    // The other distribution still holds all of its funding, in its own escrow.
    expect(await balanceOf(otherEscrow)).toBe(1_000n);
    expect(await stateOf(other.id)).toEqual({ remaining: 1_000n, funded: true, reclaimed: false });
    expect(await balanceOf(stranger.address)).toBe(0n);
  });

  it("bubbles the token's own reason when the transfer fails for another cause than the funds", async () => {
    // A payment the asset refuses (ERC-20 transfers to the zero address revert): neither unfunded nor short of
    // funds, so the claim reverts with the token's error rather than a Distributor reason.
    const payments = [{ index: 0, account: `0x${'0'.repeat(40)}`, amount: 5n }];
    const tree = paymentTree(payments);
    const terms = await termsFor(tree.root, 4n);
    await send(distributor, 'fund', termsTuple(terms), 5n);
    const args = claimArgs(terms, payments[0]!, paymentProof(tree, 0));
    const error = await distributor
      .getFunction('claim')
      .staticCall(...args)
      .catch((e: { data?: string }) => e);
    expect(stable.interface.parseError((error as { data: string }).data)?.args).toEqual([
      payments[0]!.account,
    ]);
    expect(stable.interface.parseError((error as { data: string }).data)?.name).toBe('ERC20InvalidReceiver');
    // Mined, it fails and marks nothing paid.
    const tx = await distributor.getFunction('claim').send(...args, { gasLimit: 3_000_000 });
    await expect(tx.wait()).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });
    expect(await distributor.getFunction('isPaid')(distributionId(terms), 0)).toBe(false);
    expect(await stateOf(distributionId(terms))).toEqual({ remaining: 5n, funded: true, reclaimed: false });
  });

  it('keeps one bit per leaf across bitmap word boundaries', async () => {
    const balances = Array.from({ length: 600 }, (_, i) => [freshAddress('w', i), 1n] as [string, bigint]);
    const { tree, terms, id, allocation } = await funded(balances, 600n);
    for (const index of [255, 256, 511, 512]) {
      const payment = allocation.payments[index]!;
      await send(distributor, 'claim', ...claimArgs(terms, payment, paymentProof(tree, index)));
    }
    const batch = Array.from({ length: 20 }, (_, i) => 240 + i).filter((i) => i !== 255 && i !== 256);
    await send(distributor, 'push', ...pushArgs(terms, pushBatch(tree, allocation.payments, batch)));
    const words: bigint[] = await distributor.getFunction('paidWords')(id, 0, 3);
    const expected = [0n, 0n, 0n];
    for (const index of [255, 256, 511, 512, ...batch]) expected[index >> 8]! |= 1n << BigInt(index & 255);
    expect(words).toEqual(expected);
    for (const index of [254, 255, 256, 257, 260, 510, 511, 512, 513]) {
      expect(await distributor.getFunction('isPaid')(id, index)).toBe(
        (expected[index >> 8]! & (1n << BigInt(index & 255))) !== 0n,
      );
    }
    await expectRevert(
      distributor,
      'push',
      pushArgs(terms, pushBatch(tree, allocation.payments, [259, 260, 261])),
      revertReasons.pushAlreadyClaimed,
      () => distributor.getFunction('paidWords')(id, 0, 3),
    );
  });
});

/** Compiles test/TetherLikeToken.sol with the pinned settings (a test asset, not an artifact). */
function tetherLikeArtifact(): { abi: InterfaceAbi; bytecode: string } {
  const source = readFileSync(new URL('./TetherLikeToken.sol', import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TetherLikeToken.sol': { content: source } },
    settings: { ...compilerSettings, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const compiled = output.contracts['TetherLikeToken.sol'].TetherLikeToken;
  return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
}

describe('Distributor with an asset that returns nothing (USDT-like)', () => {
  it('funds, pays claims and pushes, refuses an overdraft in its words, and reclaims', async () => {
    const tether = (await deploy(tetherLikeArtifact(), issuer)).contract;
    const tetherBalance = async (address: string): Promise<bigint> =>
      tether.getFunction('balanceOf')(address);
    await mined(tether.getFunction('mint')(issuer.address, 1_000n));
    await mined(tether.getFunction('approve')(await distributor.getAddress(), 1_000n));
    const allocation = allocate({
      balances: [
        [holder.address, 1n],
        [stranger.address, 1n],
        [freshAddress('usdt', 1), 2n],
      ],
      amount: 1_000n,
    });
    const tree = paymentTree(allocation.payments);
    const terms = await termsFor(tree.root, 5n, await tether.getAddress());
    const id = distributionId(terms);
    await send(distributor, 'fund', termsTuple(terms), 1_000n);
    const escrow = await escrowOf(id);
    expect(await tetherBalance(escrow)).toBe(1_000n);
    expect(await tether.getFunction('allowance')(escrow, await distributor.getAddress())).toBe(maxUint256);
    const [first, ...rest] = allocation.payments;
    await send(distributor, 'claim', ...claimArgs(terms, first!, paymentProof(tree, first!.index)));
    await send(
      distributor,
      'push',
      ...pushArgs(
        terms,
        pushBatch(
          tree,
          allocation.payments,
          rest.map((p) => p.index),
        ),
      ),
    );
    for (const payment of allocation.payments) {
      expect(await tetherBalance(payment.account)).toBe(payment.amount);
    }
    expect(await stateOf(id)).toEqual({ remaining: 0n, funded: true, reclaimed: false });
    // A second distribution funded short: the token reverts without a reason, the claim says why.
    await mined(tether.getFunction('mint')(issuer.address, 1n));
    await mined(tether.getFunction('approve')(await distributor.getAddress(), 0n));
    await mined(tether.getFunction('approve')(await distributor.getAddress(), 1n));
    const short = { ...terms, nonce: 6n };
    await send(distributor, 'fund', termsTuple(short), 1n);
    await expectRevert(
      distributor,
      'claim',
      claimArgs(short, first!, paymentProof(tree, first!.index)),
      revertReasons.insufficientDistributionFunds,
      () => stateOf(distributionId(short)),
    );
    await passDeadline(short);
    const before = await tetherBalance(issuer.address);
    await send(distributor, 'reclaim', termsTuple(short));
    expect(await tetherBalance(issuer.address)).toBe(before + 1n);
    expect(await stateOf(distributionId(short))).toEqual({ remaining: 0n, funded: true, reclaimed: true });
  });
});

describe('Distributor against the JS model (fast-check)', () => {
  it('pays every holder exactly its share once, nothing to non-holders, and sum + remainder = funded', async () => {
    const pool = Array.from({ length: 24 }, (_, i) => freshAddress('model', i));
    let nonce = 100n;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.integer({ min: 0, max: 23 }),
            balance: fc.bigInt({ min: 0n, max: 10n ** 9n }),
          }),
          {
            minLength: 1,
            maxLength: 24,
          },
        ),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.array(fc.integer({ min: 0, max: 23 }), { maxLength: 4 }),
        fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }),
        async (rows, amount, excludedIndexes, claims) => {
          // The record-date register (later rows for the same holder replace earlier ones).
          const balances = new Map<string, bigint>();
          for (const row of rows) balances.set(pool[row.who]!, row.balance);
          const excluded = excludedIndexes.map((i) => pool[i]!);
          const allocation = allocate({ balances, amount, excluded });
          fc.pre(allocation.payments.length > 0);
          const id = await provider.send('evm_snapshot', []);
          try {
            const before = new Map(
              await Promise.all(pool.map(async (a) => [a, await balanceOf(a)] as const)),
            );
            const tree = paymentTree(allocation.payments);
            nonce += 1n;
            const terms = await termsFor(tree.root, nonce);
            await send(distributor, 'fund', termsTuple(terms), allocation.funded);
            const claimed = allocation.payments.filter((_, i) => claims[i]);
            for (const payment of claimed) {
              await send(
                distributor,
                'claim',
                ...claimArgs(terms, payment, paymentProof(tree, payment.index)),
              );
            }
            const rest = allocation.payments.filter((_, i) => !claims[i]).map((p) => p.index);
            if (rest.length > 0)
              await send(distributor, 'push', ...pushArgs(terms, pushBatch(tree, allocation.payments, rest)));
            // Nobody paid twice: every leaf is now refused.
            for (const payment of allocation.payments.slice(0, 2)) {
              await expect(
                distributor
                  .getFunction('claim')
                  .staticCall(...claimArgs(terms, payment, paymentProof(tree, payment.index))),
              ).rejects.toMatchObject({ reason: revertReasons.alreadyClaimed });
            }
            await passDeadline(terms);
            const issuerBefore = await balanceOf(issuer.address);
            await send(distributor, 'reclaim', termsTuple(terms));
            const reclaimed = (await balanceOf(issuer.address)) - issuerBefore;
            expect(await balanceOf(await escrowOf(distributionId(terms)))).toBe(0n);

            let paid = 0n;
            for (const address of pool) {
              const received = (await balanceOf(address)) - before.get(address)!;
              const held = balances.get(address) ?? 0n;
              const isExcluded = excluded.includes(address);
              if (held === 0n || isExcluded) expect(received).toBe(0n);
              const payment = allocation.payments.find((p) => p.account === address.toLowerCase());
              expect(received).toBe(payment?.amount ?? 0n);
              if (!isExcluded && held > 0n) {
                const eligible = allocation.eligibleBalance;
                expect(received).toBe((amount * held) / eligible);
              }
              paid += received;
            }
            expect(paid + allocation.remainder).toBe(allocation.funded);
            expect(reclaimed).toBe(allocation.remainder);
            expect(allocation.funded).toBe(amount);
          } finally {
            await provider.send('evm_revert', [id]);
          }
        },
      ),
      { numRuns: 12, seed: 21 },
    );
  }, 240_000);
});

describe('the claim gas breakdown (the distributions bench prints it)', () => {
  it('adds up to the gas used, finds the bitmap word write, reads no distribution state and logs nothing of its own', async () => {
    const balances = Array.from(
      { length: 1_000 },
      (_, i) => [freshAddress('gb', i), BigInt(1 + i)] as [string, bigint],
    );
    const { allocation, tree, terms } = await funded(balances, 10n ** 9n);
    const claim = async (index: number) => {
      const proof = paymentProof(tree, index);
      const { receipt } = await send(
        distributor,
        'claim',
        ...claimArgs(terms, allocation.payments[index]!, proof),
      );
      return gasBreakdown(provider, receipt.hash);
    };
    const costs = (parts: [string, number][]) => Object.fromEntries(parts);
    const first = await claim(300);
    const inUse = await claim(301);
    for (const { total, parts } of [first, inUse]) {
      expect(parts.reduce((sum, [, gas]) => sum + gas, 0)).toBe(total);
    }
    // Storage of the Distributor: the bitmap word read and written, nothing else (no state slot on the way to a
    // payment; the escrow's balance is the token's storage).
    const storage = (parts: [string, number][]) =>
      parts.filter(([name]) => name.startsWith('SLOAD') || name.startsWith('SSTORE')).map(([, gas]) => gas);
    expect(storage(first.parts)).toEqual([2_100, 20_000]);
    expect(storage(inUse.parts)).toEqual([2_100, 2_900]);
    expect(costs(inUse.parts).logs).toBe(0);
    // One call, the asset's transferFrom from the escrow: cold token 2,600, the Distributor's allowance read 2,100
    // (unlimited: not written), the escrow's balance 5,000, the holder's fresh balance slot 22,100, Transfer 1,756.
    const calls = inUse.parts.filter(([name]) => name.startsWith('CALL'));
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toContain('its storage 29,200, logs 1,756');
    // Decoding, the leaf, id, escrow and slot hashes and the 10-level proof (Solady's loop; OpenZeppelin's took
    // ~1,600 more).
    expect(paymentProof(tree, 301)).toHaveLength(10);
    const { keccak256: hashing, 'other execution': other } = costs(inUse.parts);
    expect(hashing! + other!).toBeLessThanOrEqual(4_000);
  });
});
