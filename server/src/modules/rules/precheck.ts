import {
  formatAmount,
  type PrecheckInput,
  type PrecheckResult,
  ruleMessages as r,
  tokenOperationMessages as m,
} from '@tranche/api';
import { type RightOperation, readinessOf } from '../dtx/index.ts';
import { revertReasons, transferRefusalWords, whitelistArtifact } from '@tranche/contracts';
import { Contract, getAddress, toUtf8Bytes, ZeroHash } from 'ethers';
import {
  type Ctx,
  countryText,
  loadToken,
  partitionBytes,
  partitionName,
  type RawRule,
  revertReason,
  ruleView,
  tokenInterface,
} from './token.ts';

const issueOne = 'issueByPartition(bytes32,address,uint256,bytes)';

/** The call an operation makes, from the address that would sign it. */
function operationCall(input: PrecheckInput): {
  from: string;
  data: string;
  transfer?: [string, string, string];
} {
  const note = toUtf8Bytes(input.additionalData ?? '');
  const amount = BigInt(input.amount);
  switch (input.operation) {
    case 'issue':
      return {
        from: input.accountAddress,
        data: tokenInterface.encodeFunctionData(issueOne, [
          partitionBytes(input.partition),
          input.holderAddress,
          amount,
          note,
        ]),
      };
    case 'redeem':
      return {
        from: input.accountAddress,
        data: tokenInterface.encodeFunctionData('redeemByPartition', [
          partitionBytes(input.partition),
          amount,
          note,
        ]),
      };
    case 'transfer': {
      const partition = partitionBytes(input.partition);
      const from = input.fromAddress ?? input.accountAddress;
      const data =
        from === input.accountAddress
          ? tokenInterface.encodeFunctionData('transferByPartition', [
              partition,
              input.toAddress,
              amount,
              note,
            ])
          : tokenInterface.encodeFunctionData('operatorTransferByPartition', [
              partition,
              from,
              input.toAddress,
              amount,
              note,
              '0x',
            ]);
      return { from: input.accountAddress, data, transfer: [from, input.toAddress, partition] };
    }
    case 'force':
      return {
        from: input.accountAddress,
        // From one partition when named (a bulk forced transfer's row), else from the holder's partitions in turn.
        data:
          input.partition === undefined
            ? tokenInterface.encodeFunctionData('controllerTransfer', [
                input.fromAddress,
                input.toAddress,
                amount,
                note,
                '0x',
              ])
            : tokenInterface.encodeFunctionData('controllerTransferByPartition', [
                partitionBytes(input.partition),
                input.fromAddress,
                input.toAddress,
                amount,
                note,
                '0x',
              ]),
      };
    case 'controllerRedeem':
      return {
        from: input.accountAddress,
        data: tokenInterface.encodeFunctionData('controllerRedeem', [input.fromAddress, amount, note, '0x']),
      };
  }
}

const rightWords: Record<string, string> = {
  [revertReasons.notAllowedToIssue]: m.notAllowedToIssue,
  [revertReasons.notAllowedToRedeem]: m.notAllowedToRedeem,
  [revertReasons.notController]: m.notController,
  [revertReasons.notControllable]: m.noController,
  [revertReasons.paused]: m.tokenPaused,
  [revertReasons.mintingFrozen]: m.notIssuable,
  [revertReasons.holderNotVerified]: m.holderNotVerified,
  [revertReasons.receiverNotVerified]: m.receiverNotVerified,
  'receiver is not verified': m.receiverNotVerified,
  [revertReasons.insufficientBalance]: m.insufficientBalance,
  [revertReasons.holdersBeingCounted]: r.holdersBeingCounted,
};

/** The rule refusals (ERC-1066 0x57 unless listed in ruleCodes). */
const ruleReasons = new Set<string>([
  revertReasons.tokenHolderLimit,
  revertReasons.partitionHolderLimit,
  revertReasons.tokenCountryNotAllowed,
  revertReasons.partitionCountryNotAllowed,
  revertReasons.aboveTokenMaximum,
  revertReasons.abovePartitionMaximum,
  revertReasons.belowTokenMinimum,
  revertReasons.belowPartitionMinimum,
]);

const ruleCodes: Record<string, string> = {
  [revertReasons.tokenLockedUp]: '0x55',
  [revertReasons.partitionLockedUp]: '0x55',
  [revertReasons.insufficientBalance]: '0x52',
  [revertReasons.paused]: '0x54',
  [revertReasons.holdersBeingCounted]: '0x54',
};

/** Words a rule refusal with the numbers of the rule it hit. */
async function ruleWords(
  token: Contract,
  reason: string,
  input: PrecheckInput,
  partition: string | undefined,
  sender: boolean,
): Promise<string | undefined> {
  const tokenWide = reason.includes('token') || reason === revertReasons.tokenCountryNotAllowed;
  if (!tokenWide && partition === undefined) return undefined;
  const scope = tokenWide ? ZeroHash : partition!;
  const scopeName = tokenWide ? r.tokenScope : r.partitionScope(partitionName(scope));
  const rule = ruleView((await token.getFunction('rulesOf')(scope)) as RawRule);
  const what =
    input.operation === 'issue' ? 'issue' : input.operation === 'force' ? 'forced transfer' : 'transfer';
  switch (reason) {
    case revertReasons.tokenHolderLimit:
    case revertReasons.partitionHolderLimit:
      return r.holderCap(what, scopeName, rule.holders + 1, rule.maxHolders);
    case revertReasons.tokenLockedUp:
    case revertReasons.partitionLockedUp: {
      const name = tokenWide ? 'The token' : `Partition ${partitionName(scope)}`;
      return r.lockedUp(name, new Date(rule.lockupUntil * 1000).toISOString().replace('.000Z', 'Z'));
    }
    case revertReasons.aboveTokenMaximum:
    case revertReasons.abovePartitionMaximum:
      return r.aboveMaximum(scopeName, rule.maxHolding);
    case revertReasons.belowTokenMinimum:
    case revertReasons.belowPartitionMinimum:
      if (isRedemption(input)) return r.belowMinimumRedeem(scopeName, rule.minHolding);
      return sender
        ? r.belowMinimumSender(scopeName, rule.minHolding)
        : r.belowMinimumReceiver(scopeName, rule.minHolding);
    case revertReasons.tokenCountryNotAllowed:
    case revertReasons.partitionCountryNotAllowed:
      return r.countryRefused(tokenWide ? 'The token' : `Partition ${partitionName(scope)}`, '');
    default:
      return undefined;
  }
}

/** A redemption (own or forced): the one rule it can break is the minimum holding of what it leaves (0x56). */
function isRedemption(input: PrecheckInput): boolean {
  return input.operation === 'redeem' || input.operation === 'controllerRedeem';
}

/** The receiver's whitelist country, for a country refusal's words. */
async function receiverCountry(ctx: Ctx, whitelist: string | null, input: PrecheckInput): Promise<string> {
  const receiver =
    input.operation === 'issue'
      ? input.holderAddress
      : input.operation === 'transfer' || input.operation === 'force'
        ? input.toAddress
        : undefined;
  if (!whitelist || !receiver) return '';
  try {
    const contract = new Contract(whitelist, whitelistArtifact.abi, ctx.chain.provider);
    return countryText((await contract.getFunction('countryOf')(receiver)) as string);
  } catch {
    return '';
  }
}

/**
 * Whether an operation would pass on the chain now, before anything is signed: an eth_call of the very call from
 * the signer's address, plus canTransferByPartition for a partition transfer (its ERC-1066 code). A pass is
 * {ok: true}; a refusal names the rule or right in plain words. Other modules call this too (approvals).
 */
export async function precheck(ctx: Ctx, input: PrecheckInput): Promise<PrecheckResult> {
  const { project, token } = await loadToken(ctx, input.symbol);
  const operation = input.operation === 'transfer' ? undefined : input.operation;
  const [verdict, readiness] = await Promise.all([
    chainVerdict(ctx, input, project, token),
    operation ? readinessOf(project, token, operation, input.accountAddress) : [],
  ]);
  // A right the key lacks is said on its own line (issue 34), whatever the chain's refusal words are.
  return readiness.length === 0 ? verdict : { ...verdict, ok: false, readiness };
}

/** Symbol → readiness lines, for callers that hold a symbol only (approvals: pause and resume). */
export async function readinessOfSymbol(
  ctx: Ctx,
  symbol: string,
  operation: RightOperation,
  keyAddress: string,
): Promise<string[]> {
  const { project, token } = await loadToken(ctx, symbol);
  return readinessOf(project, token, operation, keyAddress);
}

async function chainVerdict(
  ctx: Ctx,
  input: PrecheckInput,
  project: Awaited<ReturnType<typeof loadToken>>['project'],
  token: Contract,
): Promise<PrecheckResult> {
  const call = operationCall(input);
  let code = '0x51';
  if (call.transfer) {
    const [from, to, partition] = call.transfer;
    const [status] = (await token.getFunction('canTransferByPartition')(
      from,
      to,
      partition,
      BigInt(input.amount),
      '0x',
    )) as [string, string, string];
    code = status;
  }
  try {
    await ctx.chain.provider.call({ from: call.from, to: project.contractAddress, data: call.data });
    return (
      (await gasShortfall(ctx, { ...call, to: project.contractAddress })) ?? {
        ok: true,
        code: '0x51',
        reason: r.passes,
      }
    );
  } catch (error) {
    const reason = revertReason(error);
    const named = 'partition' in input ? input.partition : undefined;
    const partition = named !== undefined ? partitionBytes(named) : await firstPartitionOf(token, input);
    let words = await ruleWords(token, reason, input, partition, code === '0x56').catch(() => undefined);
    if (
      words &&
      (reason === revertReasons.tokenCountryNotAllowed || reason === revertReasons.partitionCountryNotAllowed)
    ) {
      const country = await receiverCountry(ctx, project.whitelistAddress, input);
      words = words.replace('an unknown country', country === '' ? 'an unknown country' : country);
    }
    const belowMinimum =
      reason === revertReasons.belowTokenMinimum || reason === revertReasons.belowPartitionMinimum;
    const finalCode =
      code !== '0x51'
        ? code
        : belowMinimum && isRedemption(input)
          ? '0x56'
          : (ruleCodes[reason] ??
            transferRefusalWords[reason]?.code ??
            (ruleReasons.has(reason) ? '0x57' : '0x50'));
    // Enforcement refusals of version 2 tokens (frozen, recovered, unfrozen balance, KYC expired) in the contracts' words.
    const enforcement = transferRefusalWords[reason]?.words;
    return {
      ok: false,
      code: finalCode,
      reason: words ?? rightWords[reason] ?? enforcement ?? r.chainRefused(reason),
    };
  }
}

/**
 * The signer's readiness (issue 34): a call the rules accept still fails when the signing address cannot pay its
 * gas (a new sharded key, an unfunded registered key). Answers the refusal in words, or null when it can pay.
 */
export async function gasShortfall(
  ctx: Pick<Ctx, 'chain'>,
  call: { from: string; to: string; data: string },
): Promise<PrecheckResult | null> {
  const [gas, fees, balance] = await Promise.all([
    ctx.chain.provider.estimateGas(call),
    ctx.chain.fees(),
    ctx.chain.provider.getBalance(call.from),
  ]);
  const needs = gas * (fees.type === 2 ? fees.maxFeePerGas : fees.gasPrice);
  if (balance >= needs) return null;
  const eth = (wei: bigint) => formatAmount(wei / 10n ** 12n, { decimals: 6, symbol: 'ETH' });
  return { ok: false, code: '0x50', reason: r.noGas(getAddress(call.from), eth(balance), eth(needs)) };
}

/** For a forced transfer or redemption: the first partition it draws from (the one a partition rule would refuse). */
async function firstPartitionOf(token: Contract, input: PrecheckInput): Promise<string | undefined> {
  if (input.operation !== 'force' && input.operation !== 'controllerRedeem') return undefined;
  const partitions = (await token.getFunction('allPartitions')()) as string[];
  for (const p of partitions) {
    if (((await token.getFunction('balanceOfByPartition')(p, input.fromAddress)) as bigint) > 0n) return p;
  }
  return undefined;
}
