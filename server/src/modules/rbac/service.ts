import {
  accessRightsMessages,
  type LevelChangeBody,
  type OperatorChangeBody,
  type RegisterSchemeBody,
  rbacMessages,
  type SchemeDetail,
  type SchemeListItem,
  type SchemeRoles,
  schemeV2CodebaseId,
  zeroAddress,
} from '@tranche/api';
import { codebaseTypes, securitySchemeArtifact, securitySchemeV2Artifact } from '@tranche/contracts';
import { AbiCoder, Contract, ContractFactory, Interface, keccak256 } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { codebaseArtifact } from '../codebases/service.ts';
import { indexedUpTo } from '../holders/index.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { schemeContract, sendSigned } from './chainCalls.ts';

export { chainReason, type Rights, rightsOf, schemeContract } from './chainCalls.ts';
import {
  findScheme,
  insertScheme,
  legalNamesIn,
  listSchemes,
  schemeEvents,
  type SchemeRow,
  setSchemeOwner,
  takeOverScheme,
  whitelistsOfScheme,
} from './repository.ts';

/** Signing with a server-held key, for the modules that deploy or send through it (they import service only). */
export { sendSigned } from './chainCalls.ts';

export const schemeInterface = new Interface(securitySchemeArtifact.abi);
const schemeV2Interface = new Interface(securitySchemeV2Artifact.abi);

/** Owner and proposed owner of a version 2 scheme, as the chain holds them now. */
async function ownershipOnChain(
  ctx: Pick<AppContext, 'chain'>,
  address: string,
): Promise<{ owner: string; pendingOwner: string }> {
  const contract = new Contract(address, securitySchemeV2Artifact.abi, ctx.chain.provider);
  try {
    const [owner, pendingOwner] = (await Promise.all([
      contract.getFunction('owner')(),
      contract.getFunction('pendingOwner')(),
    ])) as [string, string];
    return { owner: owner.toLowerCase(), pendingOwner: pendingOwner.toLowerCase() };
  } catch {
    // Registered as version 2 but deployed from version 1 (no pendingOwner): it cannot change hands.
    throw new HttpError(409, rbacMessages.ownershipNeedsV2);
  }
}

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey'>;

/** A registered scheme of this chain, or HttpError 404. */
export async function requireScheme(
  ctx: Pick<AppContext, 'db' | 'chain'>,
  address: string,
): Promise<SchemeRow> {
  const row = await findScheme(ctx.db, ctx.chain.chainId, address);
  if (!row) throw new HttpError(404, rbacMessages.unknownScheme(address));
  return row;
}

/** Reads owner and asset id of a SecurityScheme at `address`; anything else answers HttpError 400. */
export async function readSchemeOnChain(
  ctx: Pick<AppContext, 'chain'>,
  address: string,
): Promise<{ owner: string; assetId: string }> {
  const notAScheme = new HttpError(400, rbacMessages.notAScheme(address));
  if (!(await ctx.chain.hasCode(address))) throw notAScheme;
  const contract = schemeContract(ctx, address);
  try {
    const [owner, assetId] = (await Promise.all([
      contract.getFunction('owner')(),
      contract.getFunction('assetId')(),
    ])) as [string, string];
    const expected = keccak256(
      AbiCoder.defaultAbiCoder().encode(['uint256', 'address'], [ctx.chain.chainId, address]),
    );
    if (assetId.toLowerCase() !== expected.toLowerCase()) throw notAScheme;
    return { owner: owner.toLowerCase(), assetId: assetId.toLowerCase() };
  } catch {
    throw notAScheme;
  }
}

export function createRbacService(ctx: Ctx) {
  async function list(): Promise<SchemeListItem[]> {
    const rows = await listSchemes(ctx.db, ctx.chain.chainId);
    return rows.map((row) => ({
      securitySchemeAddress: row.address,
      schemeName: row.schemeName,
      ownerAddress: row.ownerAddress,
      codebaseId: row.codebaseId,
    }));
  }

  async function detail(address: string): Promise<SchemeDetail> {
    const row = await requireScheme(ctx, address);
    const artifact = codebaseArtifact(codebaseTypes.securityScheme, row.codebaseId) ?? securitySchemeArtifact;
    const pending =
      row.codebaseId === schemeV2CodebaseId
        ? await ownershipOnChain(ctx, row.address).then(
            (onChain) => onChain.pendingOwner,
            () => null,
          )
        : null;
    return {
      schemeName: row.schemeName,
      securitySchemeAddress: row.address,
      codebaseId: row.codebaseId,
      contractAbi: [...artifact.abi],
      ownerAddress: row.ownerAddress,
      assetId: row.assetId,
      pendingOwnerAddress: pending && pending !== zeroAddress ? pending : null,
    };
  }

  async function deployTx(request: { accountAddress: string; codebaseId: number; ownerAddress: string }) {
    const artifact = codebaseArtifact(codebaseTypes.securityScheme, request.codebaseId);
    if (!artifact) throw new HttpError(400, rbacMessages.unknownCodebase);
    const factory = new ContractFactory(artifact.abi, artifact.bytecode);
    const tx = await factory.getDeployTransaction(request.ownerAddress);
    return { txData: { from: request.accountAddress, data: tx.data } };
  }

  /**
   * Registers a deployed scheme as the caller's: the caller must control its owner or the sender of its deployment
   * (access.contractRegistration), and takes over one another account registered without doing so.
   */
  async function register(accountId: number, request: RegisterSchemeBody): Promise<void> {
    if (!codebaseArtifact(codebaseTypes.securityScheme, request.codebaseId))
      throw new HttpError(400, rbacMessages.unknownCodebase);
    const address = request.securitySchemeAddress.toLowerCase();
    const onChain = await readSchemeOnChain(ctx, address);
    const existing = await findScheme(ctx.db, ctx.chain.chainId, address);
    const { action, deployment } = await accessOf(ctx).contractRegistration(
      { accountId },
      {
        kind: 'security scheme',
        address,
        owner: onChain.owner,
        transactionHash: request.transactionHash,
        registered: existing,
      },
    );
    const values = {
      accountId,
      schemeName: request.schemeName,
      codebaseId: request.codebaseId,
      ownerAddress: onChain.owner,
      assetId: onChain.assetId,
      transactionHash: deployment,
    };
    if (action === 'takeOver' && existing) await takeOverScheme(ctx.db, existing.id, values);
    if (action !== 'new') return;
    const inserted = await insertScheme(ctx.db, { ...values, chainId: ctx.chain.chainId, address });
    // Registered by another request in the meantime: decided again against that registration.
    if (!inserted) await register(accountId, request);
  }

  async function asset(address: string): Promise<{ asset: string }> {
    return { asset: (await requireScheme(ctx, address)).assetId };
  }

  async function isOperator(address: string, assetId: string, scheme: string): Promise<boolean> {
    await requireScheme(ctx, scheme);
    return (await schemeContract(ctx, scheme).getFunction('isOperator')(address, assetId)) as boolean;
  }

  async function hasLevel(level: 1 | 2, address: string, scheme: string): Promise<boolean> {
    await requireScheme(ctx, scheme);
    return (await schemeContract(ctx, scheme).getFunction(level === 1 ? 'hasLevel1' : 'hasLevel2')(
      address,
    )) as boolean;
  }

  /** Grants or revokes OP for `asset`: the caller's wallet must be the owner or an OP of that asset. */
  async function changeOperator(
    accountId: number,
    grant: boolean,
    request: OperatorChangeBody,
  ): Promise<{ transactionHash: string }> {
    const scheme = await requireScheme(ctx, request.securitySchemeAddress);
    const key = await signingKeyFor(ctx, accountId, request.accountAddress);
    const contract = schemeContract(ctx, scheme.address);
    const [allowed, current] = (await Promise.all([
      contract.getFunction('canManageOperators')(request.accountAddress, request.asset),
      contract.getFunction('isOperator')(request.targetAddress, request.asset),
    ])) as [boolean, boolean];
    if (!allowed) throw new HttpError(403, accessRightsMessages.notOwner);
    if (grant && current) throw new HttpError(409, rbacMessages.alreadyOperator);
    if (!grant && !current) throw new HttpError(409, rbacMessages.notOperator);
    const data = schemeInterface.encodeFunctionData(grant ? 'grantOperator' : 'revokeOperator', [
      request.targetAddress,
      request.asset,
    ]);
    const receipt = await sendSigned(ctx, key, { to: scheme.address, data });
    return { transactionHash: receipt.hash };
  }

  /** Grants or revokes access level 1 or 2: the caller's wallet must be a security manager of the scheme. */
  async function changeLevel(
    accountId: number,
    level: 1 | 2,
    grant: boolean,
    request: LevelChangeBody,
  ): Promise<{ transactionHash: string }> {
    const scheme = await requireScheme(ctx, request.securitySchemeAddress);
    const key = await signingKeyFor(ctx, accountId, request.accountAddress);
    const contract = schemeContract(ctx, scheme.address);
    const [allowed, current] = (await Promise.all([
      contract.getFunction('canManageLevels')(request.accountAddress),
      contract.getFunction(level === 1 ? 'hasLevel1' : 'hasLevel2')(request.targetAddress),
    ])) as [boolean, boolean];
    if (!allowed) throw new HttpError(403, accessRightsMessages.notSecurityManager);
    if (grant && current)
      throw new HttpError(409, level === 1 ? rbacMessages.alreadyLevel1 : rbacMessages.alreadyLevel2);
    if (!grant && !current)
      throw new HttpError(409, level === 1 ? rbacMessages.notLevel1 : rbacMessages.notLevel2);
    const fn = `${grant ? 'grant' : 'revoke'}Level${level}`;
    const data = schemeInterface.encodeFunctionData(fn, [request.targetAddress]);
    const receipt = await sendSigned(ctx, key, { to: scheme.address, data });
    return { transactionHash: receipt.hash };
  }

  /**
   * Hands a version 2 scheme to a new owner in two steps, signed by the caller's registered key: the owner proposes
   * (`newOwner`), the proposed owner accepts; the registered owner follows the chain once the acceptance is mined.
   */
  async function changeOwner(
    accountId: number,
    request: { securitySchemeAddress: string; accountAddress: string; newOwner?: string },
  ): Promise<{ transactionHash: string }> {
    const scheme = await requireScheme(ctx, request.securitySchemeAddress);
    if (scheme.codebaseId !== schemeV2CodebaseId) throw new HttpError(409, rbacMessages.ownershipNeedsV2);
    const onChain = await ownershipOnChain(ctx, scheme.address);
    const newOwner = request.newOwner?.toLowerCase();
    accessOf(ctx).schemeAdministration(
      newOwner ? 'owner' : 'acceptOwnership',
      onChain,
      request.accountAddress,
    );
    if (newOwner === onChain.owner) throw new HttpError(409, rbacMessages.newOwnerIsOwner);
    const key = await signingKeyFor(ctx, accountId, request.accountAddress);
    const data = newOwner
      ? schemeV2Interface.encodeFunctionData('transferOwnership', [newOwner])
      : schemeV2Interface.encodeFunctionData('acceptOwnership');
    const receipt = await sendSigned(ctx, key, { to: scheme.address, data });
    if (!newOwner)
      await setSchemeOwner(ctx.db, scheme.id, (await ownershipOnChain(ctx, scheme.address)).owner);
    return { transactionHash: receipt.hash };
  }

  /**
   * The scheme's role table (issue 37): its owner and every account holding OP (of the scheme's own asset), Level 1
   * or Level 2, folded from the scheme's indexed events (waiting a moment for the indexer to reach the chain's head,
   * so a change just made is listed), each with its last change. Names are the legal names of the addresses in this
   * scheme's whitelists whose records the viewer may see (the access module's whitelistRecords).
   */
  async function roles(viewer: Viewer, address: string): Promise<SchemeRoles> {
    const scheme = await requireScheme(ctx, address);
    const head = await ctx.chain.blockNumber();
    const reached = await indexedUpTo(ctx.db, scheme.address, head, { timeoutMs: 3000, pollMs: 100 });
    const events = await schemeEvents(ctx.db, scheme.address);
    type Holder = SchemeRoles['holders'][number];
    const holders = new Map<string, Holder>();
    const holder = (account: string): Holder => {
      let found = holders.get(account);
      if (!found) {
        found = {
          address: account,
          name: null,
          isOwner: false,
          isOperator: false,
          level1: false,
          level2: false,
          lastChange: null,
        };
        holders.set(account, found);
      }
      return found;
    };
    const ownAsset = (asset: string | null) => asset === scheme.assetId.toLowerCase();
    const rights: Record<string, (h: Holder, asset: string | null) => void> = {
      OperatorGranted: (h, asset) => {
        if (ownAsset(asset)) h.isOperator = true;
      },
      OperatorRevoked: (h, asset) => {
        if (ownAsset(asset)) h.isOperator = false;
      },
      Level1Granted: (h) => {
        h.level1 = true;
      },
      Level1Revoked: (h) => {
        h.level1 = false;
      },
      Level2Granted: (h) => {
        h.level2 = true;
      },
      Level2Revoked: (h) => {
        h.level2 = false;
      },
    };
    for (const event of events) {
      const apply = rights[event.event];
      if (!apply || !event.toAddress) continue;
      const h = holder(event.toAddress);
      apply(h, event.partition?.toLowerCase() ?? null);
      h.lastChange = {
        event: event.event,
        blockNumber: event.blockNumber,
        at: new Date(event.blockTimestamp * 1000).toISOString(),
        transactionHash: event.transactionHash,
        by: event.operator ?? '',
      };
    }
    holder(scheme.ownerAddress.toLowerCase()).isOwner = true;
    const listed = [...holders.values()].filter((h) => h.isOwner || h.isOperator || h.level1 || h.level2);

    // Names from this scheme's whitelists whose records the viewer may read.
    const access = accessOf(ctx);
    const readable: number[] = [];
    for (const whitelist of await whitelistsOfScheme(ctx.db, ctx.chain.chainId, scheme.address)) {
      if (await access.whitelistRecords(viewer, { whitelist })) readable.push(whitelist.id);
    }
    const names = await legalNamesIn(
      ctx.db,
      readable,
      listed.map((h) => h.address),
    );
    for (const h of listed) h.name = names.get(h.address) ?? null;
    listed.sort(
      (a, b) =>
        Number(b.isOwner) - Number(a.isOwner) ||
        (b.lastChange?.blockNumber ?? 0) - (a.lastChange?.blockNumber ?? 0) ||
        a.address.localeCompare(b.address),
    );
    return { indexedBlock: reached >= 0 ? reached : null, holders: listed };
  }

  return {
    list,
    detail,
    deployTx,
    register,
    asset,
    isOperator,
    hasLevel,
    changeOperator,
    changeLevel,
    changeOwner,
    roles,
  };
}
export type RbacService = ReturnType<typeof createRbacService>;
