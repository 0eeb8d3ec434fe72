import { gasMargin, txGasCap } from '../src/gasLimits.ts';
import { whitelistV2Artifact } from '../src/artifacts.ts';
import {
  deploy,
  freshAddress,
  kycHash,
  mined,
  partitionA,
  partitionB,
  startFixture,
  type TokenVersion,
} from './fixture.ts';

const issueBatch = 'issueByPartition(bytes32,address[],uint256[],bytes)';
const issueOne = 'issueByPartition(bytes32,address,uint256,bytes)';

/** What each figure of gas-report.json measures. */
export const notes: Record<string, string> = {
  tokenDeploy: 'deploy a token (v1 constructor; v2 TokenFactory.createToken: proxy + initialize)',
  issueFirst: 'issue to a new holder (existing partition)',
  issueBatchPerHolder1: 'batch issue, per new holder, 1 holder',
  issueBatchPerHolder10: 'batch issue, per new holder, 10 holders',
  issueBatchPerHolder100: 'batch issue, per new holder, 100 holders',
  issueBatchPerHolder250: 'batch issue, per new holder, 250 holders',
  transferByPartition: 'transfer to a receiver without balance',
  transfer: 'ERC-20 transfer to a holder with balance',
  redeemByPartition: 'redeem part of own balance',
  controllerTransfer: 'forced transfer to a receiver without balance',
  whitelistAdd: 'whitelist one new address',
  whitelistBatchPerAddress100: 'whitelist batch, per address, 100 addresses',
  transferByPartitionAllRules: 'transferByPartition: every rule active, to a receiver without balance',
  transferAllRules: 'ERC-20 transfer: every rule active, to a holder with balance',
  freeze: "v2: freeze part of a holder's balance in a partition (freezePartialTokensByPartition)",
  freezeAddress: 'v2: freeze an address never frozen before (setAddressFrozen; a fresh storage slot)',
  refreezeAddress: 'v2: freeze again an address unfrozen before (setAddressFrozen)',
  setFrozenTokens: 'v2: ERC-7943 setFrozenTokens on a holder of one partition',
  transferFreezesInUse:
    'v2: ERC-20 transfer to a holder with balance, other addresses frozen and partly frozen',
  transferByPartitionFreezesInUse: 'v2: transfer to a receiver without balance, other addresses frozen',
  transferPartlyFrozenSender: 'v2: ERC-20 transfer of unfrozen tokens by a sender with a frozen part',
  recoveryAddress: 'v2: recover a lost wallet holding one partition, part of it frozen',
  whitelistV2Add: 'v2: WhitelistV2, whitelist one new address with an expiry',
  whitelistV2BatchPerAddress100: 'v2: WhitelistV2, whitelist batch, per address, 100 addresses',
  transferWhitelistV2:
    'v2: transferPartlyFrozenSender again, the token on WhitelistV2 (records with an expiry)',
};

/** The figures only version 2 has (gas-report.json's v2 keys beyond version 1's). */
export const v2OnlyFigures = [
  'freeze',
  'freezeAddress',
  'refreezeAddress',
  'setFrozenTokens',
  'transferFreezesInUse',
  'transferByPartitionFreezesInUse',
  'transferPartlyFrozenSender',
  'recoveryAddress',
  'whitelistV2Add',
  'whitelistV2BatchPerAddress100',
  'transferWhitelistV2',
] as const;

/**
 * Measures every figure of the report on a fresh dev chain for one token codebase version (the same operations in
 * the same order, so the same figures, every run). With `details`, also the figures printed beside the report
 * (holder counting included, which takes most of the time), as lines.
 */
export async function measureGas(version: TokenVersion, { details = true }: { details?: boolean } = {}) {
  const fixture = await startFixture(version);
  const lines: string[] = [];
  try {
    const { as, wallets, whitelist } = fixture;
    const gas = (receipt: { gasUsed: bigint }) => Number(receipt.gasUsed);
    const perItem = (receipt: { gasUsed: bigint }, n: number) => Math.round(Number(receipt.gasUsed) / n);
    let seq = 0;
    const fresh = (n: number) => Array.from({ length: n }, () => freshAddress('gas', seq++));
    const verify = async (addresses: string[]) => {
      for (let i = 0; i < addresses.length; i += 250) {
        const chunk = addresses.slice(i, i + 250);
        await mined(as(whitelist, 'level1').getFunction('addVerifiedBatch')(chunk, chunk.map(kycHash)));
      }
    };

    const { token, receipt: deployReceipt } = await fixture.deployToken();
    const issuer = as(token, 'level2');
    const [first, second, ...rest] = fresh(2);
    await verify([first!, second!, ...rest]);
    const partitionCreate = await mined(issuer.getFunction(issueOne)(partitionA, first, 1000, '0x'));
    const issueFirst = await mined(issuer.getFunction(issueOne)(partitionA, second, 1000, '0x'));

    const batch = async (n: number) => {
      const holders = fresh(n);
      await verify(holders);
      return perItem(
        await mined(
          issuer.getFunction(issueBatch)(
            partitionA,
            holders,
            holders.map(() => 100),
            '0x',
          ),
        ),
        n,
      );
    };
    const issueBatchPerHolder1 = await batch(1);
    const issueBatchPerHolder10 = await batch(10);
    const issueBatchPerHolder100 = await batch(100);
    const issueBatchPerHolder250 = await batch(250);

    // Balance moves, each to a receiver that has no balance yet (the costlier case).
    await mined(issuer.getFunction(issueOne)(partitionA, wallets.holderA.address, 1000, '0x'));
    await mined(issuer.getFunction(issueOne)(partitionA, wallets.holderB.address, 1, '0x'));
    const [receiver1, receiver2] = fresh(2);
    await verify([receiver1!, receiver2!]);
    const transfer = await mined(
      as(token, 'holderA').getFunction('transferByPartition')(partitionA, receiver1, 10, '0x'),
    );
    const transferExisting = await mined(
      as(token, 'holderA').getFunction('transferByPartition')(partitionA, wallets.holderB.address, 10, '0x'),
    );
    // A plain ERC-20 transfer (drawn from the default partitions) to a holder with balance, and to a new one.
    const erc20Transfer = await mined(
      as(token, 'holderA').getFunction('transfer')(wallets.holderB.address, 10),
    );
    const [receiver3] = fresh(1);
    await verify([receiver3!]);
    const erc20TransferNew = await mined(as(token, 'holderA').getFunction('transfer')(receiver3, 10));
    await verify([wallets.level2.address]);
    await mined(issuer.getFunction(issueOne)(partitionA, wallets.level2.address, 100, '0x'));
    const redeem = await mined(issuer.getFunction('redeemByPartition')(partitionA, 10, '0x'));
    const controllerTransfer = await mined(
      as(token, 'controller').getFunction('controllerTransfer')(
        wallets.holderA.address,
        receiver2,
        10,
        '0x',
        '0x',
      ),
    );
    const [single] = fresh(1);
    const whitelistAdd = await mined(
      as(whitelist, 'level1').getFunction('addVerified')(single, kycHash(single!)),
    );
    const hundred = fresh(100);
    const whitelistBatch = await mined(
      as(whitelist, 'level1').getFunction('addVerifiedBatch')(hundred, hundred.map(kycHash)),
    );

    // The same transfers on a token with every rule active, on the token and on the partition: holder caps, a
    // lock-up already over, minimum and maximum holdings, and a country allow-list on the token (a second list on
    // the partition costs about 2,300 gas more: one more storage read).
    const { token: ruled } = await fixture.deployToken();
    const ruledIssuer = as(ruled, 'level2');
    const countryOf = (code: string) => `0x${Buffer.from(code).toString('hex')}`;
    const [ruledA, ruledB, ruledC, ruledD] = fresh(4);
    const ruledHolders = [ruledA!, ruledB!, ruledC!, ruledD!];
    await verify(ruledHolders);
    await mined(
      as(whitelist, 'level1').getFunction('setCountryBatch')(
        ruledHolders,
        ruledHolders.map(() => countryOf('DE')),
      ),
    );
    const setRules = (scope: string, countryMode: number, countries: string[]) =>
      mined(
        as(ruled, 'owner').getFunction('setRules')(scope, 1000, 1, 1, 10n ** 12n, countryMode, countries, []),
      );
    await setRules(`0x${'00'.repeat(32)}`, 1, [countryOf('DE'), countryOf('FR')]);
    await setRules(partitionA, 0, []);
    await mined(ruledIssuer.getFunction(issueOne)(partitionA, ruledA, 1000, '0x'));
    await mined(ruledIssuer.getFunction(issueOne)(partitionA, ruledB, 1000, '0x'));
    const fund = async (address: string) => {
      await fixture.provider.send('anvil_setBalance', [address, '0x56BC75E2D63100000']);
      await fixture.provider.send('anvil_impersonateAccount', [address]);
      return fixture.provider.getSigner(address);
    };
    const ruledSender = ruled.connect(await fund(ruledA!)) as typeof ruled;
    const ruledTransfer = await mined(
      ruledSender.getFunction('transferByPartition')(partitionA, ruledC, 10, '0x'),
    );
    const ruledTransferExisting = await mined(
      ruledSender.getFunction('transferByPartition')(partitionA, ruledB, 10, '0x'),
    );
    const ruledErc20 = await mined(ruledSender.getFunction('transfer')(ruledB, 10));
    const ruledErc20New = await mined(ruledSender.getFunction('transfer')(ruledD, 10));

    // Switching rules on for a live token: holders counted in batches (setRules starts, countHolders continues), on a
    // token whose holders hold one partition and on one whose holders hold two. The marginal gas of a holder is the
    // difference between a batch of 1,000 and one of 100; the fixed part is the rest of the batch of 100.
    // Version 2.1 (issue 36): freezes and recovery, and the same transfers on a token with freezes in use (other
    // holders frozen, as an address and in part; the parties' filter bits not set by them).
    async function measureEnforcement() {
      const { token: enforced } = await fixture.deployToken();
      const e = (role: keyof typeof wallets) => as(enforced, role);
      const [frozenOne, partlyFrozen, lost, found, newReceiver, another] = fresh(6);
      await verify([frozenOne!, partlyFrozen!, lost!, newReceiver!, another!]);
      await mined(as(whitelist, 'level1').getFunction('addVerified')(found, kycHash(lost!)));
      await mined(
        as(enforced, 'level2').getFunction(issueBatch)(
          partitionA,
          [wallets.holderA.address, wallets.holderB.address, frozenOne, partlyFrozen, lost],
          [1000, 1000, 100, 100, 100],
          '0x',
        ),
      );
      const transferBefore = await mined(e('holderA').getFunction('transfer')(wallets.holderB.address, 10));
      const freezeAddress = await mined(e('owner').getFunction('setAddressFrozen')(frozenOne, true));
      await mined(e('owner').getFunction('setAddressFrozen')(frozenOne, false));
      const refreezeAddress = await mined(e('owner').getFunction('setAddressFrozen')(frozenOne, true));
      const freeze = await mined(
        e('owner').getFunction('freezePartialTokensByPartition')(partitionA, partlyFrozen, 40),
      );
      const setFrozenTokens = await mined(e('owner').getFunction('setFrozenTokens')(partlyFrozen, 50));
      await mined(e('owner').getFunction('setAddressFrozen')(another, true));
      const transferFreezesInUse = await mined(
        e('holderA').getFunction('transfer')(wallets.holderB.address, 10),
      );
      const transferByPartitionFreezesInUse = await mined(
        e('holderA').getFunction('transferByPartition')(partitionA, newReceiver, 10, '0x'),
      );
      await mined(
        e('owner').getFunction('freezePartialTokensByPartition')(partitionA, wallets.holderA.address, 100),
      );
      const transferPartlyFrozenSender = await mined(
        e('holderA').getFunction('transfer')(wallets.holderB.address, 10),
      );
      await mined(e('owner').getFunction('freezePartialTokensByPartition')(partitionA, lost, 30));
      const recoveryAddress = await mined(
        e('owner').getFunction('recoveryAddress')(lost, found, `0x${'00'.repeat(20)}`),
      );
      // WhitelistV2: a record with an expiry (two words per address: the status word and the KYC hash).
      const { contract: expiring } = await deploy(
        whitelistV2Artifact,
        wallets.owner,
        'Expiring whitelist',
        wallets.owner.address,
        await fixture.scheme.getAddress(),
      );
      const until = 4_102_444_800; // 2100-01-01
      const [single2] = fresh(1);
      const whitelistV2Add = await mined(
        as(expiring, 'level1').getFunction('addVerifiedUntil')(single2, kycHash(single2!), until),
      );
      const hundred2 = fresh(100);
      const whitelistV2Batch = await mined(
        as(expiring, 'level1').getFunction('addVerifiedBatchUntil')(
          hundred2,
          hundred2.map(kycHash),
          hundred2.map(() => until),
        ),
      );
      // The same transfer as transferPartlyFrozenSender, the token now on WhitelistV2 (both parties expiring).
      await mined(
        as(expiring, 'level1').getFunction('addVerifiedBatchUntil')(
          [wallets.holderA.address, wallets.holderB.address],
          [kycHash(wallets.holderA.address), kycHash(wallets.holderB.address)],
          [until, until],
        ),
      );
      await mined(e('owner').getFunction('setWhitelist')(await expiring.getAddress()));
      const transferWhitelistV2 = await mined(
        e('holderA').getFunction('transfer')(wallets.holderB.address, 10),
      );
      lines.push(
        `${'transferBeforeFreezes'.padEnd(30)}${String(gas(transferBefore)).padStart(10)}  v2: the same ERC-20 transfer on the same token before any freeze`,
      );
      return {
        freeze: gas(freeze),
        freezeAddress: gas(freezeAddress),
        refreezeAddress: gas(refreezeAddress),
        setFrozenTokens: gas(setFrozenTokens),
        transferFreezesInUse: gas(transferFreezesInUse),
        transferByPartitionFreezesInUse: gas(transferByPartitionFreezesInUse),
        transferPartlyFrozenSender: gas(transferPartlyFrozenSender),
        recoveryAddress: gas(recoveryAddress),
        whitelistV2Add: gas(whitelistV2Add),
        whitelistV2BatchPerAddress100: perItem(whitelistV2Batch, 100),
        transferWhitelistV2: gas(transferWhitelistV2),
      };
    }

    const countingCost = async (partitions: string[], n: number) => {
      const { token: counted } = await fixture.deployToken();
      const holders = fresh(n);
      await verify(holders);
      for (const p of partitions) {
        for (let i = 0; i < n; i += 250) {
          const chunk = holders.slice(i, i + 250);
          await mined(
            as(counted, 'level2').getFunction(issueBatch)(
              p,
              chunk,
              chunk.map(() => 10),
              '0x',
            ),
          );
        }
      }
      holders.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      const owner = as(counted, 'owner');
      await mined(owner.getFunction('setRules')(`0x${'00'.repeat(32)}`, 0, 0, 0, 0, 0, [], []));
      const small = gas(await mined(owner.getFunction('countHolders')(holders.slice(0, 100))));
      const large = gas(await mined(owner.getFunction('countHolders')(holders.slice(100, 1100))));
      if (!(await counted.getFunction('rulesActive')())) throw new Error('counting did not complete');
      const perHolder = Math.ceil((large - small) / 900);
      return { perHolder, fixed: small - 100 * perHolder };
    };

    const enforcement = version === 2 ? await measureEnforcement() : {};

    const report = {
      tokenDeploy: gas(deployReceipt),
      issueFirst: gas(issueFirst),
      issueBatchPerHolder1,
      issueBatchPerHolder10,
      issueBatchPerHolder100,
      issueBatchPerHolder250,
      transferByPartition: gas(transfer),
      transfer: gas(erc20Transfer),
      redeemByPartition: gas(redeem),
      controllerTransfer: gas(controllerTransfer),
      whitelistAdd: gas(whitelistAdd),
      whitelistBatchPerAddress100: perItem(whitelistBatch, 100),
      transferByPartitionAllRules: gas(ruledTransfer),
      transferAllRules: gas(ruledErc20),
      ...enforcement,
    };
    if (!details) return { report, lines };
    const countOne = await countingCost([partitionA], 1100);
    const countTwo = await countingCost([partitionA, partitionB], 1100);
    const countCap = (c: { perHolder: number; fixed: number }) =>
      Math.floor((txGasCap - gasMargin - c.fixed) / c.perHolder);
    lines.push(`token v${version}, not in the report file:`);

    lines.push(
      `${'issueNewPartition'.padEnd(30)}${String(gas(partitionCreate)).padStart(10)}  first issue, creates the partition`,
    );
    lines.push(
      `${'transferExistingReceiver'.padEnd(30)}${String(gas(transferExisting)).padStart(10)}  transfer to a receiver with balance`,
    );
    lines.push(
      `${'transferNewReceiver'.padEnd(30)}${String(gas(erc20TransferNew)).padStart(10)}  ERC-20 transfer to a receiver without balance`,
    );
    lines.push(
      `${'transferExistingAllRules'.padEnd(30)}${String(gas(ruledTransferExisting)).padStart(10)}  every rule active, to a receiver with balance`,
    );
    lines.push(
      `${'transferNewAllRules'.padEnd(30)}${String(gas(ruledErc20New)).padStart(10)}  every rule active, ERC-20 transfer to a receiver without balance`,
    );
    lines.push(
      `rule cost: ${gas(ruledTransfer) - gas(transfer)} gas (new receiver), ${gas(ruledTransferExisting) - gas(transferExisting)} gas (receiver with balance), ${gas(ruledErc20) - gas(erc20Transfer)} gas (ERC-20), ${gas(ruledErc20New) - gas(erc20TransferNew)} gas (ERC-20, new receiver); budget 15,000`,
    );
    lines.push(
      `${'countHoldersPerHolder'.padEnd(30)}${String(countOne.perHolder).padStart(10)}  rules switching on: per holder counted, one partition (fixed ${countOne.fixed})`,
    );
    lines.push(
      `${'countHoldersPerHolder2'.padEnd(30)}${String(countTwo.perHolder).padStart(10)}  … holders of two partitions (fixed ${countTwo.fixed})`,
    );
    lines.push(
      `holders counted in one transaction at the ${txGasCap} gas cap (less the ${gasMargin} margin): ${countCap(countOne)} (one partition), ${countCap(countTwo)} (two)`,
    );
    return { report, lines };
  } finally {
    await fixture.stop();
  }
}
