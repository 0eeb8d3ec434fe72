import {
  approvalOutcomeMessages as o,
  dtxStatuses,
  dtxStatusNames,
  type ApprovalOutcome,
  type DtxStatus,
  dtxTypes,
  formatAmount,
  type KeyReadiness,
} from '@tranche/api';
import { Contract } from 'ethers';
import type { AppContext } from '../../context.ts';
import { failureWords } from '../dtx/index.ts';
import { rightsOf } from '../rbac/service.ts';
import { gasShortfall } from '../rules/service.ts';

/** What the readiness of one operation is read from: its type, key, token and raw chain call (null for a reshard). */
export type ReadinessInput = {
  txType: number;
  keyAddress: string;
  contractAddress: string | null;
  schemeAddress: string | null;
  call: { from: string; to: string; data: string } | null;
};

const ownerInterface = [
  'function owner() view returns (address)',
  'function pendingOwner() view returns (address)',
  'function controller() view returns (address)',
  'function isControllable() view returns (bool)',
];

type Right = 'level2' | 'owner' | 'enforcer' | 'pendingOwner' | null;

/** The right on the chain an operation's call needs from the key (the contracts' checks). */
function rightOf(txType: number): Right {
  switch (txType) {
    case dtxTypes.issue:
    case dtxTypes.redeem:
    case dtxTypes.pause:
    case dtxTypes.resume:
      return 'level2';
    case dtxTypes.upgrade:
    case dtxTypes.proposeOwner:
    case dtxTypes.replaceWhitelist:
    case dtxTypes.replaceScheme:
      return 'owner';
    case dtxTypes.freezeAddress:
    case dtxTypes.freezePartial:
    case dtxTypes.recoverWallet:
      return 'enforcer';
    case dtxTypes.acceptOwner:
      return 'pendingOwner';
    default:
      return null;
  }
}

const rightNames: Record<Exclude<Right, null>, string> = {
  level2: o.level2,
  owner: o.tokenOwner,
  enforcer: o.enforcer,
  pendingOwner: o.pendingOwner,
};

/** 1 ETH = 10^18 wei, shown to 6 decimals (integers end to end: wei / 10^12 formatted with 6 decimals). */
const eth = (wei: bigint) => formatAmount(wei / 10n ** 12n, { decimals: 6, symbol: 'ETH' });

async function holdsRight(
  ctx: AppContext,
  right: Exclude<Right, null>,
  input: ReadinessInput,
): Promise<boolean> {
  const key = input.keyAddress.toLowerCase();
  if (right === 'level2') {
    if (!input.schemeAddress) return false;
    return (await rightsOf(ctx, input.schemeAddress, input.keyAddress)).level2;
  }
  if (!input.contractAddress) return false;
  const token = new Contract(input.contractAddress, ownerInterface, ctx.chain.provider);
  const read = (name: string) => token.getFunction(name)() as Promise<string>;
  if (right === 'owner') return (await read('owner')).toLowerCase() === key;
  if (right === 'pendingOwner') return (await read('pendingOwner')).toLowerCase() === key;
  const [owner, controller, controllable] = await Promise.all([
    read('owner'),
    read('controller'),
    token.getFunction('isControllable')() as Promise<boolean>,
  ]);
  return owner.toLowerCase() === key || (controllable && controller.toLowerCase() === key);
}

async function gasLine(ctx: AppContext, input: ReadinessInput, balance: Promise<bigint>) {
  let wei: bigint;
  try {
    wei = await balance;
  } catch {
    return { ok: null, text: o.gasUnknown };
  }
  if (input.call) {
    try {
      const short = await gasShortfall(ctx, input.call);
      return short ? { ok: false, text: o.gasShort(eth(wei)) } : { ok: true, text: o.gasReady(eth(wei)) };
    } catch {
      // The call would revert (the pre-check says why): the gas it needs cannot be estimated.
    }
  }
  return wei > 0n ? { ok: true, text: o.gasReady(eth(wei)) } : { ok: false, text: o.gasShort(eth(wei)) };
}

async function rightsLine(ctx: AppContext, input: ReadinessInput) {
  const right = rightOf(input.txType);
  if (!right) return { ok: null, text: o.rightNone };
  try {
    return (await holdsRight(ctx, right, input))
      ? { ok: true, text: o.rightHeld(rightNames[right]) }
      : { ok: false, text: o.rightMissing(rightNames[right]) };
  } catch {
    return { ok: null, text: o.rightUnknown(rightNames[right]) };
  }
}

/**
 * The readiness of each operation's key (issue 37): the ETH it holds and whether that pays for the call's gas, and
 * whether it holds the right on the chain the call needs. The reads go out together, one balance per key.
 */
export async function readinessAll(ctx: AppContext, inputs: ReadinessInput[]): Promise<KeyReadiness[]> {
  const balances = new Map<string, Promise<bigint>>();
  const balanceOf = (address: string) => {
    let found = balances.get(address);
    if (!found) {
      found = ctx.chain.provider.getBalance(address);
      found.catch(() => undefined);
      balances.set(address, found);
    }
    return found;
  };
  return Promise.all(
    inputs.map(async (input) => {
      const [gas, rights] = await Promise.all([
        gasLine(ctx, input, balanceOf(input.keyAddress)),
        rightsLine(ctx, input),
      ]);
      return { gas, rights };
    }),
  );
}

/** The outcome of a finished operation (null while it is pending or running). */
export function outcomeOf(dtx: {
  status: number;
  txHash: string | null;
  blockNumber: number | null;
  errorMessage: string | null;
  finishedOn: Date | null;
}): ApprovalOutcome | null {
  if (dtx.status !== dtxStatuses.done && dtx.status !== dtxStatuses.failed) return null;
  return {
    txStatus: dtx.status,
    txStatusName: dtxStatusNames[dtx.status as DtxStatus] ?? '',
    txHash: dtx.txHash,
    blockNumber: dtx.blockNumber,
    failure: dtx.status === dtxStatuses.failed ? failureWords(dtx.errorMessage) : null,
    finishedOn: dtx.finishedOn?.toISOString() ?? null,
  };
}
