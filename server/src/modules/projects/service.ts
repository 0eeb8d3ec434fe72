import {
  type ProjectDetail,
  type ProjectListItem,
  type Paged,
  projectsPageSize,
  tokenOperationMessages,
  type TokenDocument,
  type TokenPartition,
} from '@tranche/api';
import { securityTokenArtifact, securityTokenV2Abi } from '@tranche/contracts';
import { Contract } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { bytes32Name } from '../../indexer/decode.ts';
import { findAccountById } from '../accounts/repository.ts';
import { findCredentialByAddress } from '../credentials/repository.ts';
import { type ProjectRow, findProjectBySymbol, searchProjects } from './repository.ts';
import { projectStatus } from './schema.ts';
import { tokenV2State } from './tokenV2State.ts';

/** A token's row, for the modules that read one through this service. */
export type { ProjectRow } from './repository.ts';

/** Version 2 tokens' upgrade state and next upgrade step (read by the tokens module's routes). */
export {
  tokenOf,
  tokenV2Interface,
  tokenV2State,
  upgradeCallData,
  upgradePlan,
} from './tokenV2State.ts';

const statusDescriptions: Record<number, string> = { 1: 'Draft', 2: 'Deployed' };

export function toListItem(row: ProjectRow): ProjectListItem {
  return {
    projectCode: row.projectCode,
    projectName: row.projectName,
    contractAddress: row.contractAddress,
    ownerAddress: row.ownerAddress,
    controllerAddress: row.controllerAddress,
    whitelistName: row.whitelistName,
    whitelistAddress: row.whitelistAddress,
    projectStatus: row.status,
    projectStatusDescription: statusDescriptions[row.status] ?? `Status ${row.status}`,
  };
}

export function paged<T>(rows: T[], totalRows: number, page: number, pageSize: number): Paged<T> {
  return {
    totalRows,
    totalPages: Math.ceil(totalRows / pageSize),
    currentPage: page,
    pageSize,
    pagedResults: rows,
  };
}

/** GET /projects/search: newest first; a blank term lists all the viewer may see (no other account's draft). */
export async function search(
  ctx: Pick<AppContext, 'db' | 'chain'>,
  viewer: Viewer,
  page: number,
  term: string,
): Promise<Paged<ProjectListItem>> {
  const { rows, totalRows } = await searchProjects(ctx.db, {
    page,
    term,
    pageSize: projectsPageSize,
    visible: accessOf(ctx).visibleProjects(viewer),
  });
  return paged(rows.map(toListItem), totalRows, page, projectsPageSize);
}

/**
 * A deployed token with its contract; deployed rows are cached. Unknown answers 404; a draft answers 409 'not
 * deployed yet' to whoever the access module lets see the draft (its creator) and 404 like an unknown symbol to
 * anyone else, so that token routes do not tell other accounts which drafts exist.
 */
export async function requireDeployed(
  ctx: Pick<AppContext, 'db' | 'caches' | 'chain'>,
  symbol: string,
  viewer?: Viewer,
): Promise<ProjectRow & { contractAddress: string }> {
  const row = await ctx.caches.deployedTokens.get(symbol.trim().toLowerCase(), () =>
    findProjectBySymbol(ctx.db, symbol),
  );
  if (!row) throw new HttpError(404, tokenOperationMessages.tokenNotFound(symbol));
  if (row.status !== projectStatus.deployed || !row.contractAddress) {
    if (!viewer || !accessOf(ctx).project(viewer, row))
      throw new HttpError(404, tokenOperationMessages.tokenNotFound(symbol));
    throw new HttpError(409, tokenOperationMessages.tokenNotDeployed(row.projectCode));
  }
  return row as ProjectRow & { contractAddress: string };
}

async function profileOfAddress(ctx: Pick<AppContext, 'db'>, address: string | null): Promise<string | null> {
  if (!address) return null;
  const credential = await findCredentialByAddress(ctx.db, address);
  if (!credential) return null;
  return (await findAccountById(ctx.db, credential.accountId))?.profileName ?? null;
}

/** GET /projects/{code}: the stored token plus its live on-chain state (another account's draft answers 404). */
export async function detail(
  ctx: Pick<AppContext, 'db' | 'chain'>,
  viewer: Viewer,
  symbol: string,
  indexedBlock: (address: string) => Promise<number | null>,
): Promise<ProjectDetail> {
  const row = accessOf(ctx).requireProject(viewer, symbol, await findProjectBySymbol(ctx.db, symbol));
  const owner = row.accountId === null ? undefined : await findAccountById(ctx.db, row.accountId);
  const base = {
    ...toListItem(row),
    abi: (row.tokenVersion === 2 ? securityTokenV2Abi : securityTokenArtifact.abi) as unknown as unknown[],
    tokenVersion: row.tokenVersion,
    profileName: owner?.profileName ?? null,
    securitySchemeAddress: row.securitySchemeAddress,
  };
  if (row.status !== projectStatus.deployed || !row.contractAddress) {
    return {
      ...base,
      partitions: [],
      isControllable: row.controllerAddress !== null,
      controllerName: await profileOfAddress(ctx, row.controllerAddress),
      isPaused: null,
      isIssuable: null,
      totalSupply: null,
      documents: [],
      indexedBlock: null,
    };
  }
  const token = new Contract(row.contractAddress, securityTokenArtifact.abi, ctx.chain.provider);
  const [isPaused, isIssuable, totalSupply, isControllable, controller, partitionValues, documentNames] =
    (await Promise.all([
      token.getFunction('isPaused')(),
      token.getFunction('isIssuable')(),
      token.getFunction('totalSupply')(),
      token.getFunction('isControllable')(),
      token.getFunction('controller')(),
      token.getFunction('allPartitions')(),
      token.getFunction('getAllDocuments')(),
    ])) as [boolean, boolean, bigint, boolean, string, string[], string[]];
  const documents: TokenDocument[] = await Promise.all(
    documentNames.map(async (name) => {
      const [uri, hash] = (await token.getFunction('getDocument')(name)) as [string, string, bigint];
      return { id: name, title: bytes32Name(name), uri, hash };
    }),
  );
  const partitions: TokenPartition[] = partitionValues.map((value) => ({ value, name: bytes32Name(value) }));
  const controllerAddress = isControllable ? controller.toLowerCase() : null;
  return {
    ...base,
    controllerAddress,
    partitions,
    isControllable,
    controllerName: await profileOfAddress(ctx, controllerAddress),
    isPaused,
    isIssuable,
    totalSupply: totalSupply.toString(),
    documents,
    indexedBlock: await indexedBlock(row.contractAddress),
    tokenV2: row.tokenVersion === 2 ? await tokenV2State(ctx, row.contractAddress) : null,
  };
}
