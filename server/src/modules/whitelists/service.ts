import { randomBytes } from 'node:crypto';
import {
  type ExpiringRecords,
  expirySeconds,
  expiringWithinDays,
  type RegisterWhitelistRequest,
  type VerifiedAddressPage,
  type WhitelistBulkResponse,
  type WhitelistListItem,
  whitelistPageSize,
  whitelistServerMessages,
} from '@tranche/api';
import { codebaseTypes, whitelistBatchSize, whitelistV2BatchSize } from '@tranche/contracts';
import { ContractFactory, ZeroHash } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { createJobRunner, type JobRunner } from '../../jobs/runner.ts';
import { codebaseArtifact } from '../codebases/service.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { requireScheme } from '../rbac/service.ts';
import { type BulkBatch, type BulkHooks, createBulkFlow, whitelistBulkJobKind } from './bulkJob.ts';
import {
  expiries,
  holdsExpiry,
  kycHash,
  readWhitelistOnChain,
  sameDetails,
  verificationHashes,
  whitelistContract,
} from './onChain.ts';
import {
  type AddressRecord,
  expiringAddresses,
  findAddresses,
  findWhitelist,
  insertWhitelist,
  listWhitelists,
  pageOfAddresses,
  takeOverWhitelist,
  type WhitelistRow,
} from './repository.ts';
import type { ContactDetails } from './schema.ts';

export { batchGasLimit, kycHash, whitelistContract, whitelistInterface } from './onChain.ts';
export { whitelistBulkJobKind } from './bulkJob.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey'>;

export type BulkEntry = {
  targetAddress: string;
  legalName: string;
  contactDetails: ContactDetails;
  /** ISO date or date-time (validated by the API schema); null removes the expiry; left out, it stays. */
  expiresAt?: string | null | undefined;
};
export type BulkBody = {
  accountAddress: string;
  whitelistAddress: string;
  asset?: string | undefined;
  addresses: BulkEntry[];
};
type RegisterBody = Omit<RegisterWhitelistRequest, 'codebaseId'> & { codebaseId: number };

export type WhitelistServiceOptions = BulkHooks & {
  /**
   * Addresses per batch transaction; defaults to the contracts' {@link whitelistBatchSize} (or
   * {@link whitelistV2BatchSize} for a WhitelistV2).
   */
  batchSize?: number;
  /**
   * The app's job runner, which resumes an interrupted batch save (its handler is {@link WhitelistService.bulkJob}).
   * Without one, a runner of this service's own adopts the save (whose resumption is then left to the app's).
   */
  runner?: JobRunner;
};

export function createWhitelistService(ctx: Ctx, options: WhitelistServiceOptions = {}) {
  const batchSize = options.batchSize ?? whitelistBatchSize();
  const batchSizeOf = (codebaseId: number) =>
    options.batchSize ?? (holdsExpiry(codebaseId) ? whitelistV2BatchSize() : whitelistBatchSize());
  const runner = options.runner ?? createJobRunner(ctx.db);
  const flow = createBulkFlow(ctx, options, batchSize);

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

  /**
   * Registers a deployed whitelist as the caller's: the caller must control its owner or the sender of its
   * deployment (access.contractRegistration), and takes over one another account registered without doing so.
   */
  async function register(accountId: number, request: RegisterBody): Promise<void> {
    if (!codebaseArtifact(codebaseTypes.whitelist, request.codebaseId))
      throw new HttpError(400, whitelistServerMessages.notAWhitelist(request.whitelistAddress));
    const scheme = await requireScheme(ctx, request.securitySchemeAddress);
    const address = request.whitelistAddress.toLowerCase();
    const onChain = await readWhitelistOnChain(ctx, address);
    if (onChain.scheme !== scheme.address) throw new HttpError(400, whitelistServerMessages.schemeMismatch);
    const existing = await findWhitelist(ctx.db, ctx.chain.chainId, address);
    const { action, deployment } = await accessOf(ctx).contractRegistration(
      { accountId },
      {
        kind: 'whitelist',
        address,
        owner: onChain.owner,
        transactionHash: request.transactionHash,
        registered: existing,
      },
    );
    const values = {
      accountId,
      name: request.whitelistName,
      schemeAddress: scheme.address,
      codebaseId: request.codebaseId,
      ownerAddress: onChain.owner,
      transactionHash: deployment,
    };
    if (action === 'takeOver' && existing) await takeOverWhitelist(ctx.db, existing.id, values);
    if (action !== 'new') return;
    const inserted = await insertWhitelist(ctx.db, { ...values, chainId: ctx.chain.chainId, address });
    // Registered by another request in the meantime: decided again against that registration.
    if (!inserted) await register(accountId, request);
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
        expiresAt: row.expiresAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * The verified records whose KYC expires within {@link expiringWithinDays} days of the chain's time, or has expired
   * (issue 36), soonest first; legal names as in {@link addresses}.
   */
  async function expiring(viewer: Viewer, address: string): Promise<ExpiringRecords> {
    const whitelist = await requireWhitelist(address);
    const named = await accessOf(ctx).whitelistRecords(viewer, { whitelist });
    const now = await ctx.chain.now();
    const until = new Date((now + expiringWithinDays * 86_400) * 1000);
    const rows = await expiringAddresses(ctx.db, whitelist.id, until, 500);
    return {
      chainTime: new Date(now * 1000).toISOString(),
      records: rows.map((row) => ({
        publicAddress: row.publicAddress,
        legalName: named ? row.legalName : null,
        expiresAt: (row.expiresAt ?? until).toISOString(),
      })),
    };
  }

  /**
   * The expiry each entry asks for (unix seconds, 0: none; undefined: left as it is). A whitelist of codebase 1
   * cannot hold one (400); an expiry the chain's clock has passed is an error item of its address.
   */
  async function wantedExpiries(whitelist: WhitelistRow, entries: BulkEntry[]) {
    const wanted = entries.map((entry) =>
      entry.expiresAt === undefined
        ? undefined
        : entry.expiresAt === null
          ? 0
          : expirySeconds(entry.expiresAt),
    );
    if (!wanted.some((seconds) => seconds !== undefined)) return { wanted, past: [] };
    if (!holdsExpiry(whitelist.codebaseId))
      throw new HttpError(400, whitelistServerMessages.expiryNotSupported);
    const now = await ctx.chain.now();
    const past = entries.flatMap((entry, index) => {
      const seconds = wanted[index];
      return seconds !== undefined && seconds !== 0 && seconds <= now
        ? [{ legend: entry.targetAddress, reason: whitelistServerMessages.expiryNotInFuture }]
        : [];
    });
    return { wanted, past };
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
    // The caller's own registered key signs (403 otherwise); the job reads it again when it resumes.
    await signingKeyFor(ctx, accountId, body.accountAddress);
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
    const { wanted, past } = await wantedExpiries(whitelist, body.addresses);
    if (past.length > 0) return { ...empty, errorMessages: past };

    const targets = body.addresses.map((entry) => entry.targetAddress);
    const known = new Map(
      (await findAddresses(ctx.db, whitelist.id, targets)).map((row) => [row.publicAddress, row]),
    );
    const onChain = await verificationHashes(ctx, whitelist.address, targets);
    // The chain's expiries, read only when the request sets some (a renewal or removal changes only those).
    const heldExpiries = wanted.some((seconds) => seconds !== undefined)
      ? await expiries(ctx, whitelist.address, targets)
      : [];

    const inserts: AddressRecord[] = [];
    const insertExpiries: number[] = [];
    const updates: AddressRecord[] = [];
    const expiryChanges: { record: AddressRecord; expiresAt: number }[] = [];
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
      const expiresAt = wanted[index];
      if (current === ZeroHash) {
        inserts.push(record);
        insertExpiries.push(expiresAt ?? 0);
        return;
      }
      const expiryChanged = expiresAt !== undefined && expiresAt !== (heldExpiries[index] ?? 0);
      if (current !== record.hash) updates.push(record);
      if (expiryChanged) expiryChanges.push({ record, expiresAt });
      if (current === record.hash && !expiryChanged) unchanged += 1;
    });

    const size = batchSizeOf(whitelist.codebaseId);
    const batches: BulkBatch[] = [];
    for (const [kind, records] of [
      ['insert', inserts],
      ['update', updates],
    ] as const) {
      for (let i = 0; i < records.length; i += size) {
        const part = records.slice(i, i + size);
        const previous = part.flatMap((record) => {
          const row = known.get(record.publicAddress);
          return row ? [row] : [];
        });
        const expiriesOfPart = kind === 'insert' && holdsExpiry(whitelist.codebaseId);
        batches.push({
          kind,
          records: part,
          previous,
          ...(expiriesOfPart ? { expiries: insertExpiries.slice(i, i + size) } : {}),
        });
      }
    }
    // Renewals and removals of known records' expiries, after their details (setExpiryBatch).
    for (let i = 0; i < expiryChanges.length; i += size) {
      const part = expiryChanges.slice(i, i + size);
      batches.push({
        kind: 'expiry',
        records: part.map((change) => change.record),
        previous: [],
        expiries: part.map((change) => change.expiresAt),
      });
    }
    if (batches.length === 0) return { ...empty, unchanged };
    // One batch after the other, durably (bulkJob.ts): a failed batch does not stop the next.
    const job = await runner.adopt(whitelistBulkJobKind, {
      whitelistId: whitelist.id,
      whitelistAddress: whitelist.address,
      accountId,
      accountAddress: body.accountAddress.toLowerCase(),
      unchanged,
      batches,
      codebaseId: whitelist.codebaseId,
    });
    return runner
      .runAdopted(job, (tools) => flow.run(job, tools))
      .catch((error: unknown) => {
        if (error instanceof HttpError) throw error;
        throw new HttpError(502, whitelistServerMessages.sendingContinues);
      });
  }

  return { list, deployTx, register, addresses, expiring, bulk, requireWhitelist, bulkJob: flow.handler };
}
export type WhitelistService = ReturnType<typeof createWhitelistService>;
