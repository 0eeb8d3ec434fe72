import { codebases, devAccountKeys } from '@tranche/contracts';
import { Wallet } from 'ethers';
import type { AppContext } from '../../context.ts';
import { demoLogin } from '../../seed.ts';
import { findAccountByLogin } from '../accounts/repository.ts';
import { findCredentialByAddress } from '../credentials/repository.ts';
import { registerCredential } from '../credentials/service.ts';
import { sendSigned } from '../rbac/chainCalls.ts';
import { listSchemes } from '../rbac/repository.ts';
import { createRbacService, rightsOf } from '../rbac/service.ts';
import { listWhitelists } from './repository.ts';
import { createWhitelistService } from './service.ts';

export const defaultSchemeName = 'Default security scheme';
export const defaultWhitelistName = 'Default whitelist';
/** The demo account signs with the embedded chain's first development account (Dev account #0). */
export const demoChainKey: string = devAccountKeys[0];

/**
 * Local mode: gives the demo account (when it exists) a default security scheme and whitelist on the dev chain,
 * registers its key, and grants it OP, L1 and L2, so a new user's first draft can use them at once. Each step is
 * skipped when already done, so an interrupted seed completes at the next start. Answers the addresses.
 */
export async function seedLocalSecurity(
  ctx: Pick<AppContext, 'db' | 'chain' | 'masterKey'>,
): Promise<{ scheme: string; whitelist: string } | undefined> {
  const demo = await findAccountByLogin(ctx.db, demoLogin);
  if (!demo) return undefined;
  const wallet = new Wallet(demoChainKey);
  const address = wallet.address.toLowerCase();

  const credential = await findCredentialByAddress(ctx.db, address);
  if (!credential)
    await registerCredential(ctx.db, ctx.masterKey, demo.id, {
      publicKey: address,
      privateKey: demoChainKey,
    });
  else if (credential.accountId !== demo.id) return undefined;

  const rbac = createRbacService(ctx);
  let scheme = (await listSchemes(ctx.db, ctx.chain.chainId)).find(
    (row) => row.schemeName === defaultSchemeName && row.accountId === demo.id,
  );
  if (!scheme) {
    const codebaseId = codebases[3].length;
    const { txData } = await rbac.deployTx({ accountAddress: address, codebaseId, ownerAddress: address });
    const receipt = await sendSigned(ctx, demoChainKey, { data: txData.data });
    if (!receipt.contractAddress) throw new Error('The security scheme deployment created no contract');
    await rbac.register(demo.id, {
      securitySchemeAddress: receipt.contractAddress.toLowerCase(),
      schemeName: defaultSchemeName,
      codebaseId,
      transactionHash: receipt.hash,
    });
    scheme = (await listSchemes(ctx.db, ctx.chain.chainId)).find(
      (row) => row.address === receipt.contractAddress?.toLowerCase(),
    );
    if (!scheme) throw new Error('The security scheme was not registered');
  }

  const base = {
    targetAddress: address,
    securitySchemeAddress: scheme.address,
    accountAddress: address,
    txMode: 2 as const,
  };
  let rights = await rightsOf(ctx, scheme.address, address);
  if (!rights.isOperator) await rbac.changeOperator(demo.id, true, { ...base, asset: scheme.assetId });
  rights = await rightsOf(ctx, scheme.address, address);
  if (!rights.level1) await rbac.changeLevel(demo.id, 1, true, base);
  if (!rights.level2) await rbac.changeLevel(demo.id, 2, true, base);

  const whitelists = createWhitelistService(ctx);
  let whitelist = (await listWhitelists(ctx.db, ctx.chain.chainId)).find(
    (row) => row.name === defaultWhitelistName && row.accountId === demo.id,
  );
  if (!whitelist) {
    // The newest codebase (WhitelistV2), as the New Whitelist form's default. Drafts of version 1 tokens on it once
    // failed their initial issuance ("missing revert data"): the deployment's gas limit for a first batch of one
    // holder was ~200 gas short on WhitelistV2; the batches are now sized by the node's estimate (drafts/deployJob).
    const codebaseId = codebases[2].length;
    const { txData } = await whitelists.deployTx({
      accountAddress: address,
      whitelistName: defaultWhitelistName,
      securitySchemeAddress: scheme.address,
      codebaseId,
      ownerAddress: address,
    });
    const receipt = await sendSigned(ctx, demoChainKey, { data: txData.data });
    if (!receipt.contractAddress) throw new Error('The whitelist deployment created no contract');
    await whitelists.register(demo.id, {
      whitelistAddress: receipt.contractAddress.toLowerCase(),
      whitelistName: defaultWhitelistName,
      securitySchemeAddress: scheme.address,
      codebaseId,
      transactionHash: receipt.hash,
    });
    whitelist = (await listWhitelists(ctx.db, ctx.chain.chainId)).find(
      (row) => row.address === receipt.contractAddress?.toLowerCase(),
    );
  }
  return whitelist ? { scheme: scheme.address, whitelist: whitelist.address } : undefined;
}
