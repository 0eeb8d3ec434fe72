import { createHash, randomBytes } from 'node:crypto';
import {
  type RegisterWhitelistRequest,
  type VerifiedAddressPage,
  type WhitelistBulkResponse,
  type WhitelistErrorItem,
  type WhitelistListItem,
  txTypes,
  whitelistPageSize,
  whitelistServerMessages,
} from '@tranche/api';
import {
  codebaseTypes,
  gasMargin,
  measuredGas,
  whitelistArtifact,
  whitelistBatchSize,
} from '@tranche/contracts';
import { Contract, ContractFactory, Interface, ZeroHash } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { codebaseArtifact } from '../codebases/service.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { chainReason, sendSigned } from '../rbac/chainCalls.ts';
import { recordUserTransaction } from '../transactions/service.ts';
import { requireScheme } from '../rbac/service.ts';
import {
  type AddressRecord,
  findAddresses,
  findWhitelist,
  insertWhitelist,
  listWhitelists,
  pageOfAddresses,
  discardPendingAddresses,
  markAddressesVerified,
  savePendingAddresses,
  type WhitelistRow,
} from './repository.ts';
import type { ContactDetails } from './schema.ts';

export const whitelistInterface = new Interface(whitelistArtifact.abi);

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey'>;

export type BulkEntry = { targetAddress: string; legalName: string; contactDetails: ContactDetails };
export type BulkBody = {
  accountAddress: string;
  whitelistAddress: string;
  asset?: string | undefined;
  addresses: BulkEntry[];
};
type RegisterBody = Omit<RegisterWhitelistRequest, 'codebaseId'> & { codebaseId: number };

export type WhitelistServiceOptions = {
  /** Addresses per batch transaction; defaults to the contracts' {@link whitelistBatchSize}. */
  batchSize?: number;
  /** Called before each batch transaction is sent (index from 0). */
  beforeBatch?: (index: number, kind: 'insert' | 'update') => Promise<void> | void;
  /** Called after each batch settles: how many addresses are done out of the total to send. */
  onProgress?: (done: number, total: number) => void;
  /** Told a database failure while saving records (the caller's answer never shows it). */
  onStoreError?: (error: unknown) => void;
};

/** Gas for a batch of `n` new addresses (updates cost less), from the contracts' measured figures, plus the margin. */
export function batchGasLimit(n: number): bigint {
  return BigInt(measuredGas.whitelistAdd + n * measuredGas.whitelistBatchPerAddress100 + gasMargin);
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

function sameDetails(a: ContactDetails, b: ContactDetails): boolean {
  return JSON.stringify(sortedDetails(a)) === JSON.stringify(sortedDetails(b));
}

export function whitelistContract(ctx: Pick<AppContext, 'chain'>, address: string): Contract {
  return new Contract(address, whitelistArtifact.abi, ctx.chain.provider);
}

/** Reads name and scheme of a Whitelist contract at `address`; anything else answers HttpError 400. */
async function readWhitelistOnChain(ctx: Pick<AppContext, 'chain'>, address: string) {
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
async function verificationHashes(
  ctx: Pick<AppContext, 'chain'>,
  whitelist: string,
  accounts: string[],
): Promise<string[]> {
  const chunk = 250;
  const requests: Promise<string[]>[] = [];
  for (let i = 0; i < accounts.length; i += chunk) {
    const calls = accounts.slice(i, i + chunk).map((account, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_call',
      params: [
        { to: whitelist, data: whitelistInterface.encodeFunctionData('verificationHash', [account]) },
        'latest',
      ],
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

export function createWhitelistService(ctx: Ctx, options: WhitelistServiceOptions = {}) {
  const batchSize = options.batchSize ?? whitelistBatchSize();

  /** A registered whitelist of this chain; an unregistered address answers 400 (a contract) or 404. */
  async function requireWhitelist(address: string): Promise<WhitelistRow> {
    const row = await findWhitelist(ctx.db, ctx.chain.chainId, address);
    if (row) return row;
    if (await ctx.chain.hasCode(address))
      throw new HttpError(400, whitelistServerMessages.notAWhitelist(address));
    throw new HttpError(404, whitelistServerMessages.unknownWhitelist(address));
  }

  async function list(): Promise<WhitelistListItem[]> {
    return (await listWhitelists(ctx.db, ctx.chain.chainId)).map((row) => ({
      address: row.address,
      name: row.name,
      scheme: row.schemeAddress,
      codebaseId: row.codebaseId,
      ownerAddress: row.ownerAddress,
    }));
  }

  async function deployTx(request: {
    accountAddress: string;
    whitelistName: string;
    securitySchemeAddress: string;
    codebaseId: number;
    ownerAddress: string;
  }) {
    const artifact = codebaseArtifact(codebaseTypes.whitelist, request.codebaseId);
    if (!artifact) throw new HttpError(400, whitelistServerMessages.notAWhitelist('the codebase given'));
    await requireScheme(ctx, request.securitySchemeAddress);
    const factory = new ContractFactory(artifact.abi, artifact.bytecode);
    const tx = await factory.getDeployTransaction(
      request.whitelistName,
      request.ownerAddress,
      request.securitySchemeAddress,
    );
    return { txData: { from: request.accountAddress, data: tx.data } };
  }

  async function register(accountId: number | null, request: RegisterBody): Promise<void> {
    if (!codebaseArtifact(codebaseTypes.whitelist, request.codebaseId))
      throw new HttpError(400, whitelistServerMessages.notAWhitelist(request.whitelistAddress));
    const scheme = await requireScheme(ctx, request.securitySchemeAddress);
    const onChain = await readWhitelistOnChain(ctx, request.whitelistAddress);
    if (onChain.scheme !== scheme.address) throw new HttpError(400, whitelistServerMessages.schemeMismatch);
    await insertWhitelist(ctx.db, {
      chainId: ctx.chain.chainId,
      address: request.whitelistAddress.toLowerCase(),
      name: request.whitelistName,
      schemeAddress: scheme.address,
      codebaseId: request.codebaseId,
      ownerAddress: onChain.owner,
      accountId,
      transactionHash: request.transactionHash ?? null,
    });
  }

  /** A page of verified addresses; legal names only for those the access rules let see the whitelist's records. */
  async function addresses(viewer: Viewer, address: string, page: number): Promise<VerifiedAddressPage> {
    const whitelist = await requireWhitelist(address);
    const named = await accessOf(ctx).whitelistRecords(viewer, { whitelist });
    const { totalRows, rows } = await pageOfAddresses(ctx.db, whitelist.id, page, whitelistPageSize);
    return {
      totalRows,
      totalPages: Math.max(1, Math.ceil(totalRows / whitelistPageSize)),
      currentPage: page,
      pageSize: whitelistPageSize,
      pagedResults: rows.map((row) => ({
        publicAddress: row.publicAddress,
        hash: row.hash,
        createdOn: row.createdOn.toISOString(),
        legalName: named ? row.legalName : null,
        transactionHash: row.transactionHash,
      })),
    };
  }

  /**
   * Verifies (inserts) or updates addresses in batch transactions signed with the caller's registered key.
   * The caller's wallet must hold access level 1 in the whitelist's scheme (checked on-chain first). A duplicate
   * address refuses the whole request. Each batch is all or nothing on-chain; the records of mined batches are
   * saved, and every address of a failed batch is reported in errorMessages (send them again).
   */
  async function bulk(accountId: number, body: BulkBody): Promise<WhitelistBulkResponse> {
    const whitelist = await requireWhitelist(body.whitelistAddress);
    if (body.asset !== undefined) {
      const scheme = await requireScheme(ctx, whitelist.schemeAddress);
      if (scheme.assetId !== body.asset.toLowerCase())
        throw new HttpError(400, whitelistServerMessages.assetMismatch);
    }
    const key = await signingKeyFor(ctx, accountId, body.accountAddress);
    const contract = whitelistContract(ctx, whitelist.address);
    const canEdit = (await contract.getFunction('canEdit')(body.accountAddress)) as boolean;
    if (!canEdit) throw new HttpError(403, whitelistServerMessages.notLevel1);

    const empty: WhitelistBulkResponse = {
      transactionHashes: { insertions: [], updates: [] },
      errorMessages: [],
      saved: 0,
      unchanged: 0,
    };
    const seen = new Map<string, number>();
    for (const entry of body.addresses)
      seen.set(entry.targetAddress, (seen.get(entry.targetAddress) ?? 0) + 1);
    const duplicates = [...seen].filter(([, n]) => n > 1).map(([address]) => address);
    if (duplicates.length > 0) {
      return {
        ...empty,
        errorMessages: duplicates.map((legend) => ({ legend, reason: whitelistServerMessages.duplicate })),
      };
    }

    const targets = body.addresses.map((entry) => entry.targetAddress);
    const known = new Map(
      (await findAddresses(ctx.db, whitelist.id, targets)).map((row) => [row.publicAddress, row]),
    );
    const onChain = await verificationHashes(ctx, whitelist.address, targets);

    const inserts: AddressRecord[] = [];
    const updates: AddressRecord[] = [];
    let unchanged = 0;
    body.addresses.forEach((entry, index) => {
      const previous = known.get(entry.targetAddress);
      const keepSalt =
        previous &&
        previous.legalName === entry.legalName &&
        sameDetails(previous.contactDetails, entry.contactDetails);
      const base = {
        publicAddress: entry.targetAddress,
        legalName: entry.legalName,
        contactDetails: entry.contactDetails,
        salt: keepSalt && previous ? previous.salt : randomBytes(16).toString('hex'),
      };
      const record: AddressRecord = { ...base, hash: kycHash(whitelist.address, base) };
      const current = onChain[index] ?? ZeroHash;
      if (current === ZeroHash) inserts.push(record);
      else if (current !== record.hash) updates.push(record);
      else unchanged += 1;
    });

    type Batch = { kind: 'insert' | 'update'; records: AddressRecord[] };
    const batches: Batch[] = [];
    for (const [kind, records] of [
      ['insert', inserts],
      ['update', updates],
    ] as const) {
      for (let i = 0; i < records.length; i += batchSize)
        batches.push({ kind, records: records.slice(i, i + batchSize) });
    }

    const result: WhitelistBulkResponse = { ...empty, unchanged };
    const total = inserts.length + updates.length;
    let done = 0;
    const errors: WhitelistErrorItem[] = [];
    const outcomes: { batch: Batch; hash?: string; error?: string }[] = [];
    const saves: Promise<void>[] = [];
    // One batch after the other through the caller's signer queue: a failed batch does not stop the next.
    // Each batch's records are written pending before its transaction and marked verified once it is mined.
    for (const [index, batch] of batches.entries()) {
      const fn = batch.kind === 'insert' ? 'addVerifiedBatch' : 'updateVerifiedBatch';
      const targets = batch.records.map((record) => record.publicAddress);
      const data = whitelistInterface.encodeFunctionData(fn, [
        targets,
        batch.records.map((record) => record.hash),
      ]);
      await options.beforeBatch?.(index, batch.kind);
      let pending = false;
      try {
        await savePendingAddresses(ctx.db, whitelist.id, accountId, batch.records);
        pending = true;
        // A gas limit from the measured per-address cost spares the node a binary-search estimate of a large batch.
        const gasLimit = batchGasLimit(batch.records.length);
        const receipt = await sendSigned(ctx, key, { to: whitelist.address, data, gasLimit }).catch(
          async (error: unknown) => {
            // A mined revert carries no reason: ask the node why the same call fails now.
            const why = await ctx.chain.provider
              .call({ to: whitelist.address, data, from: body.accountAddress })
              .then(
                () => undefined,
                (callError: unknown) => chainReason(callError),
              );
            throw why ? new HttpError(400, why) : error;
          },
        );
        // The records are marked verified while the next batch is sent.
        saves.push(
          Promise.all([
            markAddressesVerified(ctx.db, whitelist.id, receipt.hash, targets),
            // Listed in the caller's My transactions.
            recordUserTransaction(ctx, {
              accountId,
              hash: receipt.hash,
              txType: txTypes.whitelistUpdate,
              contractAddress: whitelist.address,
              publicAddress: body.accountAddress,
            }),
          ]).then(
            () => {
              outcomes[index] = { batch, hash: receipt.hash };
            },
            (error: unknown) => {
              options.onStoreError?.(error);
              outcomes[index] = { batch, error: whitelistServerMessages.notMarkedVerified };
            },
          ),
        );
      } catch (error) {
        if (!pending) options.onStoreError?.(error);
        outcomes[index] = {
          batch,
          // Database errors are never shown: only the chain's reason or the platform's own message.
          error: !pending
            ? whitelistServerMessages.recordsNotSaved
            : error instanceof HttpError
              ? error.message
              : whitelistServerMessages.transactionNotSent,
        };
        if (pending) {
          const previous = targets.flatMap((target) => {
            const row = known.get(target);
            return row ? [row] : [];
          });
          await discardPendingAddresses(ctx.db, whitelist.id, targets, previous).catch(
            (discardError: unknown) => options.onStoreError?.(discardError),
          );
        }
      }
      done += batch.records.length;
      options.onProgress?.(done, total);
    }
    await Promise.all(saves);
    for (const outcome of outcomes) {
      if (outcome.hash) {
        (outcome.batch.kind === 'insert'
          ? result.transactionHashes.insertions
          : result.transactionHashes.updates
        ).push(outcome.hash);
        result.saved += outcome.batch.records.length;
      } else {
        const reason = whitelistServerMessages.batchFailed(outcome.error ?? 'unknown error');
        for (const record of outcome.batch.records) errors.push({ legend: record.publicAddress, reason });
      }
    }
    result.errorMessages = errors;
    await writeCountries(
      key,
      { to: whitelist.address, from: body.accountAddress },
      outcomes.flatMap((outcome) => (outcome.hash ? outcome.batch.records : [])),
    );
    return result;
  }

  /**
   * Writes the ISO 3166 alpha-2 country of each saved record that has one (the Default Template's country) into
   * the whitelist beside its hash, for the tokens' country rules; one setCountryBatch per batch. A whitelist of an
   * older codebase has no countries: the call is skipped when the node says it would fail.
   */
  async function writeCountries(
    key: string,
    { to, from }: { to: string; from: string },
    records: AddressRecord[],
  ) {
    const withCountry = records.flatMap((record) => {
      const country = String(record.contactDetails.country ?? '')
        .trim()
        .toUpperCase();
      return /^[A-Z]{2}$/.test(country) ? [{ address: record.publicAddress, country }] : [];
    });
    for (let i = 0; i < withCountry.length; i += batchSize) {
      const chunk = withCountry.slice(i, i + batchSize);
      const data = whitelistInterface.encodeFunctionData('setCountryBatch', [
        chunk.map((c) => c.address),
        chunk.map((c) => `0x${Buffer.from(c.country, 'latin1').toString('hex')}`),
      ]);
      const fits = await ctx.chain.provider.estimateGas({ from, to, data }).then(
        () => true,
        () => false,
      );
      if (fits) await sendSigned(ctx, key, { to, data });
    }
  }

  return { list, deployTx, register, addresses, bulk, requireWhitelist };
}
export type WhitelistService = ReturnType<typeof createWhitelistService>;
