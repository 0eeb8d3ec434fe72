import { createHash } from 'node:crypto';
import { whitelistServerMessages } from '@tranche/api';
import { gasMargin, measuredGas, whitelistArtifact, whitelistV2Artifact } from '@tranche/contracts';
import { Contract, Interface } from 'ethers';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { chainReason } from '../rbac/service.ts';
import type { AddressRecord } from './repository.ts';
import type { ContactDetails } from './schema.ts';

/** What the whitelists module reads from and writes to the chain: the contract, its KYC hashes, batch gas. */

export const whitelistInterface = new Interface(whitelistArtifact.abi);
/** WhitelistV2 (whitelist codebase 2, issue 36): Whitelist's functions and the records' expiry besides. */
export const whitelistV2Interface = new Interface(whitelistV2Artifact.abi);

/** Whether the whitelist of codebase `codebaseId` holds expiries (WhitelistV2 and later). */
export const holdsExpiry = (codebaseId: number) => codebaseId >= 2;

/**
 * Gas for a batch of `n` new addresses (updates cost less), from the contracts' measured figures, plus the margin:
 * WhitelistV2 writes two storage words per address (and its expiry), about twice Whitelist's cost.
 */
export function batchGasLimit(n: number, codebaseId = 1): bigint {
  const [fixed, perAddress] = holdsExpiry(codebaseId)
    ? [measuredGas.v2.whitelistV2Add, measuredGas.v2.whitelistV2BatchPerAddress100]
    : [measuredGas.whitelistAdd, measuredGas.whitelistBatchPerAddress100];
  return BigInt(fixed + n * perAddress + gasMargin);
}

function sortedDetails(details: ContactDetails): ContactDetails {
  return Object.fromEntries(Object.entries(details).sort(([a], [b]) => a.localeCompare(b)));
}

/** The KYC hash kept on-chain: sha256 of the canonical off-chain record (with its random salt). */
export function kycHash(whitelist: string, record: Omit<AddressRecord, 'hash'>): string {
  const canonical = JSON.stringify({
    whitelist: whitelist.toLowerCase(),
    address: record.publicAddress.toLowerCase(),
    legalName: record.legalName,
    contactDetails: sortedDetails(record.contactDetails),
    salt: record.salt,
  });
  return `0x${createHash('sha256').update(canonical, 'utf8').digest('hex')}`;
}

export function sameDetails(a: ContactDetails, b: ContactDetails): boolean {
  return JSON.stringify(sortedDetails(a)) === JSON.stringify(sortedDetails(b));
}

export function whitelistContract(ctx: Pick<AppContext, 'chain'>, address: string): Contract {
  return new Contract(address, whitelistArtifact.abi, ctx.chain.provider);
}

/** Reads name and scheme of a Whitelist contract at `address`; anything else answers HttpError 400. */
export async function readWhitelistOnChain(ctx: Pick<AppContext, 'chain'>, address: string) {
  const notAWhitelist = new HttpError(400, whitelistServerMessages.notAWhitelist(address));
  if (!(await ctx.chain.hasCode(address))) throw notAWhitelist;
  const contract = whitelistContract(ctx, address);
  try {
    const [name, owner, scheme] = (await Promise.all([
      contract.getFunction('name')(),
      contract.getFunction('owner')(),
      contract.getFunction('securityScheme')(),
    ])) as [string, string, string];
    // A contract without isVerified/canEdit is not a whitelist even if it has these getters.
    await contract.getFunction('isVerified')(owner);
    return { name, owner: owner.toLowerCase(), scheme: scheme.toLowerCase() };
  } catch {
    throw notAWhitelist;
  }
}

/** The on-chain KYC hashes of `accounts`, read with parallel JSON-RPC batches of eth_call (250 per request). */
export function verificationHashes(
  ctx: Pick<AppContext, 'chain'>,
  whitelist: string,
  accounts: string[],
): Promise<string[]> {
  return callEach(ctx, whitelist, 'verificationHash', accounts);
}

/** When the records of `accounts` expire on a WhitelistV2 (unix seconds, 0: never), read like the hashes. */
export async function expiries(
  ctx: Pick<AppContext, 'chain'>,
  whitelist: string,
  accounts: string[],
): Promise<number[]> {
  return (await callEach(ctx, whitelist, 'expiryOf', accounts)).map((word) => Number(BigInt(word)));
}

/** The answers (32-byte words) of a one-address view of the whitelist for each of `accounts`. */
async function callEach(
  ctx: Pick<AppContext, 'chain'>,
  whitelist: string,
  view: 'verificationHash' | 'expiryOf',
  accounts: string[],
): Promise<string[]> {
  const chunk = 250;
  const requests: Promise<string[]>[] = [];
  for (let i = 0; i < accounts.length; i += chunk) {
    const calls = accounts.slice(i, i + chunk).map((account, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_call',
      params: [{ to: whitelist, data: whitelistV2Interface.encodeFunctionData(view, [account]) }, 'latest'],
    }));
    requests.push(
      fetch(ctx.chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(calls),
      }).then(async (response) => {
        const answers = (await response.json()) as {
          id: number;
          result?: string;
          error?: { message: string };
        }[];
        const byId = new Map(answers.map((answer) => [answer.id, answer]));
        return calls.map((call) => {
          const answer = byId.get(call.id);
          if (!answer?.result)
            throw new HttpError(502, chainReason(answer?.error ?? 'no answer from the chain'));
          return answer.result.toLowerCase();
        });
      }),
    );
  }
  return (await Promise.all(requests)).flat();
}
