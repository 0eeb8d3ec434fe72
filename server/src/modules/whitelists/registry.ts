import {
  type WhitelistRegistryPage,
  type WhitelistToken,
  whitelistRegistryMessages,
  whitelistRegistryPageSize,
  whitelistServerMessages,
} from '@tranche/api';
import { ZeroHash } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { verificationHashes, whitelistContract, whitelistInterface } from './onChain.ts';
import { findAddresses, type WhitelistRow } from './repository.ts';
import {
  registryCountries,
  registryPage,
  removeRevokedRecord,
  tokensUsingWhitelist,
} from './registryRepository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey'>;

/**
 * Issue 37's investor registry of a whitelist: its verified records searched and filtered on the server (names and
 * countries only for those the access module lets see the records), the tokens that use it, and the revocation of a
 * record (the wallet signs removeVerified; the server then checks the chain and removes the record).
 */
export function createWhitelistRegistry(
  ctx: Ctx,
  requireWhitelist: (address: string) => Promise<WhitelistRow>,
) {
  async function page(
    viewer: Viewer,
    address: string,
    query: { page: number; term: string; country: string },
  ): Promise<WhitelistRegistryPage> {
    const whitelist = await requireWhitelist(address);
    const names = await accessOf(ctx).whitelistRecords(viewer, { whitelist });
    // Hidden records are neither searched by name nor filtered by country (either would tell them).
    const filter = { term: query.term, country: names ? query.country : '', names };
    const [{ totalRows, rows }, countries] = await Promise.all([
      registryPage(ctx.db, whitelist.id, filter, query.page, whitelistRegistryPageSize),
      names ? registryCountries(ctx.db, whitelist.id) : Promise.resolve([]),
    ]);
    return {
      totalRows,
      totalPages: Math.max(1, Math.ceil(totalRows / whitelistRegistryPageSize)),
      currentPage: query.page,
      pageSize: whitelistRegistryPageSize,
      recordsVisible: names,
      countries,
      pagedResults: rows.map((row) => ({
        publicAddress: row.publicAddress,
        legalName: names ? row.legalName : null,
        country: names ? (row.country ?? '') : null,
        hash: row.hash,
        investor: names ? row.investor : null,
        verifiedOn: (row.verifiedOn ?? new Date(0)).toISOString(),
        transactionHash: row.transactionHash,
        // The KYC expiry (issue 36), where the record has one: the registry shows its column when a row does.
        ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
      })),
    };
  }

  async function tokens(address: string): Promise<WhitelistToken[]> {
    const whitelist = await requireWhitelist(address);
    return tokensUsingWhitelist(ctx.db, whitelist.address);
  }

  /** The whitelist, when the viewer may see and change its records; 403 otherwise. */
  async function recordsOf(viewer: Viewer, address: string): Promise<WhitelistRow> {
    const whitelist = await requireWhitelist(address);
    if (!(await accessOf(ctx).whitelistRecords(viewer, { whitelist })))
      throw new HttpError(403, whitelistRegistryMessages.recordsNotAllowed);
    return whitelist;
  }

  /** The unsigned removeVerified call: the record must be verified, and the wallet hold level 1 (the chain says). */
  async function revokeTx(
    viewer: Viewer,
    request: { accountAddress: string; whitelistAddress: string; publicAddress: string },
  ) {
    const whitelist = await recordsOf(viewer, request.whitelistAddress);
    const [record] = await findAddresses(ctx.db, whitelist.id, [request.publicAddress]);
    if (!record?.verifiedOn)
      throw new HttpError(404, whitelistRegistryMessages.notVerified(request.publicAddress));
    const canEdit = (await whitelistContract(ctx, whitelist.address).getFunction('canEdit')(
      request.accountAddress,
    )) as boolean;
    if (!canEdit) throw new HttpError(403, whitelistServerMessages.notLevel1);
    return {
      txData: {
        from: request.accountAddress,
        to: whitelist.address,
        data: whitelistInterface.encodeFunctionData('removeVerified', [request.publicAddress]),
      },
    };
  }

  /** After the wallet's removal is mined: the chain must no longer verify the address (409 otherwise). */
  async function revoked(viewer: Viewer, request: { whitelistAddress: string; publicAddress: string }) {
    const whitelist = await recordsOf(viewer, request.whitelistAddress);
    const [hash] = await verificationHashes(ctx, whitelist.address, [request.publicAddress]);
    if (hash !== undefined && hash !== ZeroHash)
      throw new HttpError(409, whitelistRegistryMessages.stillVerified(request.publicAddress));
    await removeRevokedRecord(ctx.db, whitelist, request.publicAddress);
  }

  return { page, tokens, revokeTx, revoked };
}
