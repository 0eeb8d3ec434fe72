import {
  accessRightsMessages,
  type LevelChangeBody,
  type OperatorChangeBody,
  type RegisterSchemeBody,
  rbacMessages,
  type SchemeDetail,
  type SchemeListItem,
} from '@tranche/api';
import { codebaseTypes, securitySchemeArtifact } from '@tranche/contracts';
import { AbiCoder, Contract, ContractFactory, Interface, keccak256 } from 'ethers';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { codebaseArtifact } from '../codebases/service.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { sendSigned } from './chainCalls.ts';

export { chainReason } from './chainCalls.ts';
import { findScheme, insertScheme, listSchemes, type SchemeRow } from './repository.ts';

/** Signing with a server-held key, for the modules that deploy or send through it (they import service only). */
export { sendSigned } from './chainCalls.ts';

export const schemeInterface = new Interface(securitySchemeArtifact.abi);

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey'>;

/** The on-chain rights of `address` in a scheme (OP refers to the scheme's own asset id). */
export type Rights = { isOwner: boolean; isOperator: boolean; level1: boolean; level2: boolean };

export function schemeContract(ctx: Pick<AppContext, 'chain'>, address: string): Contract {
  return new Contract(address, securitySchemeArtifact.abi, ctx.chain.provider);
}

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

export async function rightsOf(
  ctx: Pick<AppContext, 'chain'>,
  scheme: string,
  address: string,
): Promise<Rights> {
  const [isOwner, isOperator, level1, level2] = (await schemeContract(ctx, scheme).getFunction('rightsOf')(
    address,
  )) as [boolean, boolean, boolean, boolean];
  return { isOwner, isOperator, level1, level2 };
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
    return {
      schemeName: row.schemeName,
      securitySchemeAddress: row.address,
      codebaseId: row.codebaseId,
      contractAbi: [...artifact.abi],
      ownerAddress: row.ownerAddress,
      assetId: row.assetId,
    };
  }

  async function deployTx(request: { accountAddress: string; codebaseId: number; ownerAddress: string }) {
    const artifact = codebaseArtifact(codebaseTypes.securityScheme, request.codebaseId);
    if (!artifact) throw new HttpError(400, rbacMessages.unknownCodebase);
    const factory = new ContractFactory(artifact.abi, artifact.bytecode);
    const tx = await factory.getDeployTransaction(request.ownerAddress);
    return { txData: { from: request.accountAddress, data: tx.data } };
  }

  async function register(accountId: number | null, request: RegisterSchemeBody): Promise<void> {
    if (!codebaseArtifact(codebaseTypes.securityScheme, request.codebaseId))
      throw new HttpError(400, rbacMessages.unknownCodebase);
    const onChain = await readSchemeOnChain(ctx, request.securitySchemeAddress);
    await insertScheme(ctx.db, {
      chainId: ctx.chain.chainId,
      address: request.securitySchemeAddress.toLowerCase(),
      schemeName: request.schemeName,
      codebaseId: request.codebaseId,
      ownerAddress: onChain.owner,
      assetId: onChain.assetId,
      accountId,
      transactionHash: request.transactionHash ?? null,
    });
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

  return { list, detail, deployTx, register, asset, isOperator, hasLevel, changeOperator, changeLevel };
}
export type RbacService = ReturnType<typeof createRbacService>;
