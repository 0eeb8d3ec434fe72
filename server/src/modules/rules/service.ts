import {
  type PrecheckInput,
  type PrecheckResult,
  type Rule,
  ruleMessages as r,
  type TokenRules,
  tokenOperationMessages as m,
  txTypes,
} from '@tranche/api';
import { fromBytes32Name, revertReasons, securityTokenArtifact, whitelistArtifact } from '@tranche/contracts';
import { Contract, encodeBytes32String, Interface, isHexString, toUtf8Bytes, ZeroHash } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { requireDeployed } from '../projects/service.ts';
import { recordUserTransaction } from '../transactions/service.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey' | 'caches'>;
const tokenInterface = new Interface(securityTokenArtifact.abi);
const issueOne = 'issueByPartition(bytes32,address,uint256,bytes)';

function partitionBytes(partition: string): string {
  const text = partition.trim();
  if (isHexString(text, 32)) return text.toLowerCase();
  try {
    return encodeBytes32String(text);
  } catch {
    throw new HttpError(400, m.unknownPartition);
  }
}

function partitionName(bytes: string): string {
  try {
    return fromBytes32Name(bytes);
  } catch {
    return bytes;
  }
}

const countryText = (bytes2: string) =>
  bytes2 === '0x0000' ? '' : Buffer.from(bytes2.slice(2), 'hex').toString('latin1');
const countryBytes = (code: string) => `0x${Buffer.from(code, 'latin1').toString('hex')}`;

async function loadToken(ctx: Ctx, symbol: string) {
  const project = await requireDeployed(ctx, symbol);
  const token = new Contract(project.contractAddress, securityTokenArtifact.abi, ctx.chain.provider);
  return { project, token };
}

/** Whether the token's codebase has rules (tokens deployed before issue 22 do not). */
async function supportsRules(token: Contract): Promise<boolean> {
  try {
    await token.getFunction('rulesActive')();
    return true;
  } catch {
    return false;
  }
}

type RawRule = [[bigint, bigint, bigint, bigint, bigint, bigint], string[]];
function ruleView([rule, countries]: RawRule): Rule {
  const [maxHolders, holders, lockupUntil, countryMode, minHolding, maxHolding] = rule;
  return {
    maxHolders: Number(maxHolders),
    holders: Number(holders),
    lockupUntil: Number(lockupUntil),
    minHolding: minHolding.toString(),
    maxHolding: maxHolding.toString(),
    countries:
      countryMode === 0n
        ? null
        : { mode: countryMode === 1n ? 'allow' : 'deny', list: countries.map(countryText) },
  };
}
const emptyRule: Rule = {
  maxHolders: 0,
  holders: 0,
  lockupUntil: 0,
  minHolding: '0',
  maxHolding: '0',
  countries: null,
};

/** GET /token/rules/{symbol}: the token's rule and each partition's, as the chain holds them now. */
export async function getRules(ctx: Ctx, symbol: string): Promise<TokenRules> {
  const { token } = await loadToken(ctx, symbol);
  if (!(await supportsRules(token))) {
    return {
      symbol: symbol.trim(),
      active: false,
      supported: false,
      token: emptyRule,
      partitions: [],
    };
  }
  const [active, partitions] = (await Promise.all([
    token.getFunction('rulesActive')(),
    token.getFunction('allPartitions')(),
  ])) as [boolean, string[]];
  const [tokenRule, ...partitionRules] = (await Promise.all(
    [ZeroHash, ...partitions].map((scope) => token.getFunction('rulesOf')(scope)),
  )) as RawRule[];
  return {
    symbol: symbol.trim(),
    active,
    supported: true,
    token: ruleView(tokenRule!),
    partitions: partitions.map((p, i) => ({
      partition: partitionName(p),
      rule: ruleView(partitionRules[i]!),
    })),
  };
}

/**
 * Every address holding the token now, ascending (what setRules takes when it switches rules on): the receivers
 * of the token's ERC-20 Transfer logs that hold a balance.
 */
async function currentHolders(token: Contract): Promise<string[]> {
  const logs = await token.queryFilter(token.filters.Transfer!(), 0, 'latest');
  const seen = new Set<string>();
  for (const log of logs) {
    const to = (log as unknown as { args: [string, string, bigint] }).args[1];
    if (to !== '0x0000000000000000000000000000000000000000') seen.add(to.toLowerCase());
  }
  const candidates = [...seen];
  const balances = (await Promise.all(candidates.map((a) => token.getFunction('balanceOf')(a)))) as bigint[];
  return candidates
    .filter((_, i) => balances[i]! > 0n)
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
}

type SetRulesInput = {
  symbol: string;
  partition: string;
  accountAddress: string;
  txMode: 1 | 2;
  maxHolders?: number | undefined;
  lockupUntil?: number | undefined;
  minHolding?: string | undefined;
  maxHolding?: string | undefined;
  countries?: { mode: 'allow' | 'deny'; list: string[] } | undefined;
};

/**
 * PUT /token/rules: txMode 1 answers the transaction for the wallet, txMode 2 signs it with the caller's
 * registered key. Only the token owner or a Security Manager (OP) of its scheme (the contract's canSetRules).
 */
export async function setRules(ctx: Ctx, viewer: Viewer, input: SetRulesInput) {
  const { project, token } = await loadToken(ctx, input.symbol);
  if (!(await supportsRules(token))) throw new HttpError(409, r.rulesNotSupported);
  if (!((await token.getFunction('canSetRules')(input.accountAddress)) as boolean)) {
    throw new HttpError(403, r.notAllowedToSetRules);
  }
  const active = (await token.getFunction('rulesActive')()) as boolean;
  const holders = active ? [] : await currentHolders(token);
  const scope = input.partition === '' ? ZeroHash : partitionBytes(input.partition);
  const countries = input.countries;
  const data = tokenInterface.encodeFunctionData('setRules', [
    scope,
    input.maxHolders ?? 0,
    input.lockupUntil ?? 0,
    BigInt(input.minHolding ?? '0'),
    BigInt(input.maxHolding ?? '0'),
    countries ? (countries.mode === 'allow' ? 1 : 2) : 0,
    (countries?.list ?? []).map(countryBytes),
    holders,
  ]);
  const to = project.contractAddress;
  try {
    await ctx.chain.provider.estimateGas({ from: input.accountAddress, to, data });
  } catch (error) {
    throw new HttpError(400, m.chainRejected(revertReason(error)));
  }
  if (input.txMode === 1) return { txData: { from: input.accountAddress, to, data } };
  const key = await accessOf(ctx).signingKey(viewer, input.accountAddress, () =>
    signingKeyFor(ctx, viewer.accountId, input.accountAddress),
  );
  const response = await ctx.chain.send(key, { to, data });
  await recordUserTransaction(ctx, {
    accountId: viewer.accountId,
    hash: response.hash,
    txType: txTypes.setRules,
    contractAddress: to,
    publicAddress: input.accountAddress,
  });
  return { transactionHash: response.hash };
}

function revertReason(error: unknown): string {
  const e = error as { reason?: string; shortMessage?: string; message?: string };
  return e.reason ?? e.shortMessage ?? e.message ?? String(error);
}

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
        data: tokenInterface.encodeFunctionData('controllerTransfer', [
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
    return { ok: true, code: '0x51', reason: r.passes };
  } catch (error) {
    const reason = revertReason(error);
    const partition =
      input.operation === 'issue' || input.operation === 'redeem' || input.operation === 'transfer'
        ? partitionBytes(input.partition)
        : await firstPartitionOf(token, input);
    let words = await ruleWords(token, reason, input, partition, code === '0x56').catch(() => undefined);
    if (
      words &&
      (reason === revertReasons.tokenCountryNotAllowed || reason === revertReasons.partitionCountryNotAllowed)
    ) {
      const country = await receiverCountry(ctx, project.whitelistAddress, input);
      words = words.replace('an unknown country', country === '' ? 'an unknown country' : country);
    }
    const finalCode =
      code !== '0x51' ? code : (ruleCodes[reason] ?? (ruleReasons.has(reason) ? '0x57' : '0x50'));
    return { ok: false, code: finalCode, reason: words ?? rightWords[reason] ?? r.chainRefused(reason) };
  }
}

/** For a forced transfer: the first partition it draws from (the one a partition rule would refuse). */
async function firstPartitionOf(token: Contract, input: PrecheckInput): Promise<string | undefined> {
  if (input.operation !== 'force') return undefined;
  const partitions = (await token.getFunction('allPartitions')()) as string[];
  for (const p of partitions) {
    if (((await token.getFunction('balanceOfByPartition')(p, input.fromAddress)) as bigint) > 0n) return p;
  }
  return undefined;
}
