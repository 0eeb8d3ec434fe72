import { type DecodedRevert, decodeRevertData } from '@tranche/contracts/errors';
import { formatAmount } from '@tranche/contracts/units';
import { chainErrorMessages as m } from './chainErrorMessages.ts';
import { distributorReasons, transactionMessages } from './messages.ts';

export { chainErrorMessages } from './chainErrorMessages.ts';

/**
 * The one place that turns what the chain, a node or a wallet answered (ethers v6 errors, revert data, ERC-1066
 * codes) into a sentence for a person with the next step. The console's transaction pipeline and error alerts and
 * the server's chain-facing modules use it, so no provider text reaches a person: that text stays in `detail`.
 */
export const chainErrorKinds = [
  'rejected',
  'revert',
  'insufficientFunds',
  'nonce',
  'gasTooLow',
  'gasTooHigh',
  'feeTooLow',
  'alwaysFailing',
  'reverted',
  'network',
  'unknown',
] as const;
export type ChainErrorKind = (typeof chainErrorKinds)[number];

export type ChainError = {
  kind: ChainErrorKind;
  /** The sentence to show. */
  message: string;
  /** The revert decoded with our contracts' ABIs, when there was revert data. */
  revert?: DecodedRevert;
  /** The provider's own text, for logs and the transaction's Error information; never the alert's text. */
  detail?: string;
};

/** What an amount in an error means: the asset or token whose base units it counts. */
export type ChainErrorContext = {
  asset?: { symbol: string; decimals: number };
  /** The wallet that signed (named when it lacks ETH for gas). */
  account?: string;
};

type Loose = {
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  reason?: unknown;
  data?: unknown;
  error?: unknown;
  info?: { error?: unknown };
  receipt?: unknown;
  revert?: unknown;
};

function asLoose(value: unknown): Loose | null {
  return typeof value === 'object' && value !== null ? (value as Loose) : null;
}

/** The error and the ones it wraps (ethers' info.error, a wallet's error.data, a JSON-RPC error.error). */
function layers(error: unknown): Loose[] {
  const out: Loose[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    const e = asLoose(value);
    if (!e || seen.has(e) || depth > 5) return;
    seen.add(e);
    out.push(e);
    visit(e.info?.error, depth + 1);
    visit(e.error, depth + 1);
    visit(e.data, depth + 1);
  };
  visit(error, 0);
  return out;
}

const hexData = /^0x[0-9a-fA-F]{8}(?:[0-9a-fA-F]{2})*$/;

function revertDataOf(all: Loose[]): string | undefined {
  for (const e of all) if (typeof e.data === 'string' && hexData.test(e.data)) return e.data;
  for (const e of all) {
    const text = typeof e.message === 'string' ? e.message : '';
    const match = /data="(0x[0-9a-fA-F]{8,})"/.exec(text);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

function textOf(all: Loose[]): string {
  return all
    .flatMap((e) => [e.shortMessage, e.message])
    .filter((t): t is string => typeof t === 'string')
    .join(' | ');
}

function codesOf(all: Loose[]): unknown[] {
  return all.map((e) => e.code);
}

function isRejection(all: Loose[], text: string): boolean {
  const codes = codesOf(all);
  return (
    codes.includes('ACTION_REJECTED') ||
    codes.includes(4001) ||
    /user (rejected|denied)|denied transaction|rejected the request/i.test(text)
  );
}

const panics: Record<string, string> = {
  '1': 'an assertion failed',
  '17': 'an amount overflowed',
  '18': 'a division by zero',
  '33': 'an invalid value',
  '50': 'an index out of range',
  '65': 'out of memory',
};

function show(value: unknown, context: ChainErrorContext): string {
  const asset = context.asset;
  return asset
    ? formatAmount(value as bigint, { decimals: asset.decimals, symbol: asset.symbol })
    : `${formatAmount(value as bigint)} base units`;
}

/** A decoded revert as a sentence: our contracts' reasons, OpenZeppelin's ERC-20 errors, panics. */
export function revertMessage(revert: DecodedRevert, context: ChainErrorContext = {}): string {
  const [a, b, c] = revert.args;
  switch (revert.name) {
    case 'Error': {
      const reason = revert.reason ?? '';
      return m.reasons[reason] ?? distributorReasons[reason] ?? m.refused(reason || 'no reason given');
    }
    case 'Panic':
      return m.panic(panics[String(a)] ?? `panic code ${String(a)}`);
    case 'ERC20InsufficientBalance':
      return m.insufficientBalance(String(a), show(b, context), show(c, context));
    case 'ERC20InsufficientAllowance':
      return m.insufficientAllowance(String(a), show(b, context), show(c, context));
    case 'ERC20InvalidSender':
      return m.zeroParty('sender');
    case 'ERC20InvalidReceiver':
      return m.zeroParty('receiver');
    case 'ERC20InvalidApprover':
      return m.zeroParty('approver');
    case 'ERC20InvalidSpender':
      return m.zeroParty('spender');
    case 'SafeERC20FailedOperation':
      return m.paymentFailed(String(a));
    case 'MerkleProofInvalidMultiproof':
      return m.proofInvalid;
    default:
      return m.refused(revert.name);
  }
}

/** A revert reason (Error(string) text, as ethers gives it in `error.reason`) as a sentence. */
export function reasonMessage(reason: string): string {
  return revertMessage({
    name: 'Error',
    signature: 'Error(string)',
    selector: '0x08c379a0',
    args: [reason],
    reason,
  });
}

/**
 * What an error of ethers v6, a wallet, a node or a contract means, in a sentence with the next step. Errors that
 * are not the chain's (e.g. the platform's own `Error('…')` with a sentence) keep their message.
 */
export function explainChainError(error: unknown, context: ChainErrorContext = {}): ChainError {
  const all = layers(error);
  const text = textOf(all);
  const detail = text || String(error);
  const codes = codesOf(all);
  if (isRejection(all, text)) return { kind: 'rejected', message: transactionMessages.abortedDetail, detail };

  const data = revertDataOf(all);
  const revert = decodeRevertData(data);
  if (revert) return { kind: 'revert', message: revertMessage(revert, context), revert, detail };
  const reason = all.map((e) => e.reason).find((r): r is string => typeof r === 'string' && r !== '');
  if (reason) return { kind: 'revert', message: reasonMessage(reason), detail };

  if (codes.includes('INSUFFICIENT_FUNDS') || /insufficient funds/i.test(text)) {
    const message = m.insufficientFunds(context.account ?? 'you signed with');
    return { kind: 'insufficientFunds', message, detail };
  }
  if (
    codes.includes('NONCE_EXPIRED') ||
    codes.includes('REPLACEMENT_UNDERPRICED') ||
    codes.includes('TRANSACTION_REPLACED') ||
    /nonce (too low|too high|has already been used)|already known|replacement transaction underpriced/i.test(
      text,
    )
  )
    return { kind: 'nonce', message: m.nonce, detail };
  if (/intrinsic gas too low|out of gas/i.test(text))
    return { kind: 'gasTooLow', message: m.gasTooLow, detail };
  if (
    /intrinsic gas too high|exceeds block gas limit|gas limit .*exceeds|gas_limit > env\.block|tx gas limit/i.test(
      text,
    )
  )
    return { kind: 'gasTooHigh', message: m.gasTooHigh, detail };
  if (/max fee per gas less than block base fee|underpriced|fee cap/i.test(text))
    return { kind: 'feeTooLow', message: m.feeTooLow, detail };

  const mined = all.some((e) => asLoose(e.receipt) !== null);
  if (mined) return { kind: 'reverted', message: m.reverted, detail };
  if (
    codes.includes('CALL_EXCEPTION') ||
    /always fail|execution reverted|gas required exceeds allowance|reverted/i.test(text)
  )
    return { kind: 'alwaysFailing', message: m.alwaysFailing, detail };
  if (
    codes.some((c) => c === 'NETWORK_ERROR' || c === 'TIMEOUT' || c === 'SERVER_ERROR') ||
    /failed to fetch|ECONNREFUSED|ECONNRESET|network error|could not detect network/i.test(text)
  )
    return { kind: 'network', message: m.network, detail };

  const ethersError = all.some((e) => typeof e.shortMessage === 'string' || typeof e.code === 'number');
  if (!ethersError && error instanceof Error && error.message)
    return { kind: 'unknown', message: error.message };
  return { kind: 'unknown', message: m.unknown, detail };
}

/** The sentence of {@link explainChainError}. */
export function chainErrorMessage(error: unknown, context?: ChainErrorContext): string {
  return explainChainError(error, context).message;
}
