import { type AddDocumentRequest, tokenOperationMessages as m, txTypes } from '@tranche/api';
import { chainErrorMessage } from '@tranche/api/chainErrors';
import { securityTokenArtifact, whitelistArtifact } from '@tranche/contracts';
import { Contract, encodeBytes32String, Interface, isHexString, toUtf8Bytes, zeroPadValue } from 'ethers';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { requireDeployed } from '../projects/service.ts';
import { recordUserTransaction } from '../transactions/service.ts';

const tokenInterface = new Interface(securityTokenArtifact.abi);

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey' | 'caches'>;
type Caller = { accountId: number; accountAddress: string };

/** A partition given by name (at most 31 bytes) or bytes32 hex. */
function partitionBytes(partition: string): string {
  const text = partition.trim();
  if (isHexString(text, 32)) return text.toLowerCase();
  try {
    return encodeBytes32String(text);
  } catch {
    throw new HttpError(400, m.unknownPartition);
  }
}

function documentName(title: string): string {
  return encodeBytes32String(title.trim());
}

function documentHashBytes(hash: string): string {
  if (hash === '') return `0x${'0'.repeat(64)}`;
  const hex = hash.startsWith('0x') || hash.startsWith('0X') ? hash.slice(2) : hash;
  return zeroPadValue(`0x${hex.length % 2 ? `0${hex}` : hex}`, 32);
}

/** Loads the token, its contract and the caller's key; the rights checks come after. */
async function prepare(ctx: Ctx, symbol: string, caller: Caller) {
  const project = await requireDeployed(ctx, symbol, caller);
  const token = new Contract(project.contractAddress, securityTokenArtifact.abi, ctx.chain.provider);
  return { project, token };
}

/**
 * Sends a call of the token signed by the caller's registered key: the gas estimate catches any other
 * revert first (answered as 400 with the chain's reason); the hash is recorded in the caller's transactions.
 */
async function send(
  ctx: Ctx,
  caller: Caller,
  contractAddress: string,
  txType: number,
  method: string,
  args: unknown[],
): Promise<{ transactionHash: string }> {
  const key = await signingKeyFor(ctx, caller.accountId, caller.accountAddress);
  const data = tokenInterface.encodeFunctionData(method, args);
  try {
    await ctx.chain.provider.estimateGas({ from: caller.accountAddress, to: contractAddress, data });
  } catch (error) {
    throw new HttpError(400, m.chainRejected(chainErrorMessage(error)));
  }
  const response = await ctx.chain.send(key, { to: contractAddress, data });
  await recordUserTransaction(ctx, {
    accountId: caller.accountId,
    hash: response.hash,
    txType,
    contractAddress,
    publicAddress: caller.accountAddress,
  });
  return { transactionHash: response.hash };
}

const forbidden = (message: string) => new HttpError(403, message);

async function isVerified(ctx: Ctx, whitelist: string | null, account: string): Promise<boolean> {
  if (!whitelist) return false;
  const contract = new Contract(whitelist, whitelistArtifact.abi, ctx.chain.provider);
  return (await contract.getFunction('isVerified')(account)) as boolean;
}

export async function issue(
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; holderAddress: string; amount: string; partition: string; additionalData: string },
) {
  const { project, token } = await prepare(ctx, input.symbol, caller);
  const partition = partitionBytes(input.partition);
  const [canIssue, issuable, paused] = (await Promise.all([
    token.getFunction('canIssue')(caller.accountAddress),
    token.getFunction('isIssuable')(),
    token.getFunction('isPaused')(),
  ])) as [boolean, boolean, boolean];
  if (!canIssue) throw forbidden(m.notAllowedToIssue);
  if (!issuable) throw new HttpError(409, m.notIssuable);
  if (paused) throw new HttpError(409, m.tokenPaused);
  if (!(await isVerified(ctx, project.whitelistAddress, input.holderAddress))) {
    throw new HttpError(400, m.holderNotVerified);
  }
  return send(
    ctx,
    caller,
    project.contractAddress,
    txTypes.tokenIssue,
    'issueByPartition(bytes32,address,uint256,bytes)',
    [partition, input.holderAddress, BigInt(input.amount), toUtf8Bytes(input.additionalData)],
  );
}

export async function redeem(
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; amount: string; partition: string; additionalData: string },
) {
  const { project, token } = await prepare(ctx, input.symbol, caller);
  const partition = partitionBytes(input.partition);
  const [canRedeem, paused, balance] = (await Promise.all([
    token.getFunction('canRedeem')(caller.accountAddress),
    token.getFunction('isPaused')(),
    token.getFunction('balanceOfByPartition')(partition, caller.accountAddress),
  ])) as [boolean, boolean, bigint];
  if (!canRedeem) throw forbidden(m.notAllowedToRedeem);
  if (paused) throw new HttpError(409, m.tokenPaused);
  if (balance < BigInt(input.amount)) throw new HttpError(400, m.insufficientBalance);
  return send(ctx, caller, project.contractAddress, txTypes.tokenRedeem, 'redeemByPartition', [
    partition,
    BigInt(input.amount),
    toUtf8Bytes(input.additionalData),
  ]);
}

async function requireController(token: Contract, caller: Caller) {
  const [controllable, controller, paused] = (await Promise.all([
    token.getFunction('isControllable')(),
    token.getFunction('controller')(),
    token.getFunction('isPaused')(),
  ])) as [boolean, string, boolean];
  if (!controllable) throw forbidden(m.noController);
  if (controller.toLowerCase() !== caller.accountAddress) throw forbidden(m.notController);
  if (paused) throw new HttpError(409, m.tokenPaused);
}

export async function forceTransfer(
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; fromAddress: string; toAddress: string; amount: string; additionalData: string },
) {
  const { project, token } = await prepare(ctx, input.symbol, caller);
  await requireController(token, caller);
  const balance = (await token.getFunction('balanceOf')(input.fromAddress)) as bigint;
  if (balance < BigInt(input.amount)) throw new HttpError(400, m.insufficientBalance);
  if (!(await isVerified(ctx, project.whitelistAddress, input.toAddress))) {
    throw new HttpError(400, m.receiverNotVerified);
  }
  return send(ctx, caller, project.contractAddress, txTypes.forceTransfer, 'controllerTransfer', [
    input.fromAddress,
    input.toAddress,
    BigInt(input.amount),
    toUtf8Bytes(input.additionalData),
    '0x',
  ]);
}

export async function controllerRedeem(
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; fromAddress: string; amount: string; additionalData: string },
) {
  const { project, token } = await prepare(ctx, input.symbol, caller);
  await requireController(token, caller);
  const balance = (await token.getFunction('balanceOf')(input.fromAddress)) as bigint;
  if (balance < BigInt(input.amount)) throw new HttpError(400, m.insufficientBalance);
  return send(ctx, caller, project.contractAddress, txTypes.controllerRedeem, 'controllerRedeem', [
    input.fromAddress,
    BigInt(input.amount),
    toUtf8Bytes(input.additionalData),
    '0x',
  ]);
}

async function requireOwner(token: Contract, caller: Caller) {
  const owner = (await token.getFunction('owner')()) as string;
  if (owner.toLowerCase() !== caller.accountAddress) throw forbidden(m.notOwnerDocuments);
}

export async function addDocument(
  ctx: Ctx,
  caller: Caller,
  input: Required<Pick<AddDocumentRequest, 'symbol' | 'title' | 'uri'>> & { hash: string },
) {
  const { project, token } = await prepare(ctx, input.symbol, caller);
  await requireOwner(token, caller);
  return send(ctx, caller, project.contractAddress, txTypes.addDocument, 'setDocument', [
    documentName(input.title),
    input.uri,
    documentHashBytes(input.hash),
  ]);
}

export async function removeDocument(ctx: Ctx, caller: Caller, input: { symbol: string; title: string }) {
  const { project, token } = await prepare(ctx, input.symbol, caller);
  await requireOwner(token, caller);
  const name = documentName(input.title);
  const [uri] = (await token.getFunction('getDocument')(name)) as [string, string, bigint];
  if (uri === '') throw new HttpError(404, m.unknownDocument);
  return send(ctx, caller, project.contractAddress, txTypes.removeDocument, 'removeDocument', [name]);
}
