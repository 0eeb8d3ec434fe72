import {
  type CreateDraftRequest,
  type DeployDraftRequest,
  type Draft,
  draftMessages,
  draftStatus,
  type TokenDraft,
  tokensForInvestment,
} from '@tranche/api';
import { whitelistArtifact } from '@tranche/contracts';
import { tokenCodebaseOf } from '../codebases/service.ts';
import { tokenFactoryAddress } from '../tokens/v2Platform.ts';
import { Contract } from 'ethers';
import type { z } from 'zod';
import type { createDraftRequestSchema, deployDraftRequestSchema } from '@tranche/api';
import { accessOf } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { type JobRunner, maxQueuedJobsPerAccount } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';
import {
  deleteDraftProject,
  findProjectBySymbol,
  insertProject,
  updateProject,
} from '../projects/repository.ts';
import {
  DraftConflict,
  type DraftRow,
  deleteDraft,
  findDraftBySymbol,
  listInvestors,
  resetFailedInvestors,
  saveDraft,
} from './repository.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { eq } from 'drizzle-orm';
import { tokenDrafts } from './schema.ts';

export const deployJobKind = 'draft.deploy';

type CreateInput = z.output<typeof createDraftRequestSchema>;
type DeployInput = z.output<typeof deployDraftRequestSchema>;
export type { CreateDraftRequest, DeployDraftRequest };

/** The token codebase of an id (the codebases module numbers them from 1, oldest first). */
export function tokenCodebase(codebaseId: number) {
  return tokenCodebaseOf(codebaseId);
}

export function createDraftsService(ctx: AppContext, runner: JobRunner) {
  async function ownDraft(accountId: number, symbol: string): Promise<DraftRow> {
    return accessOf(ctx).draft({ accountId }, await findDraftBySymbol(ctx.db, symbol));
  }

  async function readWhitelist(address: string): Promise<{ name: string; scheme: string }> {
    try {
      if (!(await ctx.chain.hasCode(address))) throw new Error('no code');
      const whitelist = new Contract(address, whitelistArtifact.abi, ctx.chain.provider);
      const [name, scheme] = await Promise.all([
        whitelist.getFunction('name')() as Promise<string>,
        whitelist.getFunction('securityScheme')() as Promise<string>,
      ]);
      return { name, scheme: scheme.toLowerCase() };
    } catch {
      throw new HttpError(400, draftMessages.whitelistNotContract);
    }
  }

  async function saveOne(accountId: number, token: TokenDraft): Promise<string> {
    const codebase = tokenCodebase(token.codebaseId);
    if (!codebase) throw new HttpError(400, draftMessages.codebaseUnknown);
    // Version 2 deploys through the platform's factory: refused at save where the chain has none.
    if (codebase.version === 2 && !ctx.chain.local && !(await tokenFactoryAddress(ctx)))
      throw new HttpError(400, draftMessages.noTokenFactory);
    const whitelist = await readWhitelist(token.whitelistAddress);
    const existing = await findDraftBySymbol(ctx.db, token.symbol);
    if (existing && existing.accountId !== accountId)
      throw new HttpError(409, draftMessages.symbolTaken(token.symbol));
    if (existing && existing.status !== draftStatus.saved)
      throw new HttpError(409, draftMessages.alreadyDeployed);
    const project = await findProjectBySymbol(ctx.db, token.symbol);
    if (project && !(existing && project.accountId === accountId && project.status === 1)) {
      throw new HttpError(409, draftMessages.symbolTaken(token.symbol));
    }
    const investors = token.investors.map((investor, index) => {
      const amounts = tokensForInvestment(investor.investmentAmount, token.exchangeRate);
      return {
        position: index + 1,
        investorAddress: investor.publicAddress,
        investmentAmount: investor.investmentAmount,
        initialBalance: amounts.tokens,
        tokenRemainder: amounts.tokenRemainder,
        fiatRemainder: amounts.fiatRemainder,
        status: 0,
      };
    });
    const values = {
      accountId,
      symbol: token.symbol,
      name: token.name,
      exchangeRate: token.exchangeRate,
      currency: token.currency,
      codebaseId: token.codebaseId,
      whitelistAddress: token.whitelistAddress,
      whitelistName: whitelist.name,
      schemeAddress: whitelist.scheme,
      controllerAddress: token.controllerAddress,
      status: draftStatus.saved,
      errorMessage: null,
    };
    const projectValues = {
      projectName: token.name,
      controllerAddress: token.controllerAddress,
      whitelistAddress: token.whitelistAddress,
      whitelistName: whitelist.name,
      securitySchemeAddress: whitelist.scheme,
      accountId,
    };
    if (project) {
      await updateProject(ctx.db, token.symbol, projectValues);
    } else {
      const inserted = await insertProject(ctx.db, {
        projectCode: token.symbol,
        status: 1,
        ...projectValues,
      });
      if (!inserted) throw new HttpError(409, draftMessages.symbolTaken(token.symbol));
    }
    try {
      await saveDraft(ctx.db, values, investors, existing?.id);
    } catch (error) {
      if (error instanceof DraftConflict) throw new HttpError(409, draftMessages.symbolTaken(token.symbol));
      throw error;
    }
    return token.symbol;
  }

  return {
    create: async (accountId: number, body: CreateInput) => {
      const symbols: string[] = [];
      const seen = new Set<string>();
      for (const token of body.bulk.tokens) {
        if (seen.has(token.symbol)) throw new HttpError(400, draftMessages.symbolTaken(token.symbol));
        seen.add(token.symbol);
      }
      for (const token of body.bulk.tokens) symbols.push(await saveOne(accountId, token));
      return { symbols };
    },

    get: async (accountId: number, symbol: string): Promise<Draft> => {
      const draft = await ownDraft(accountId, symbol);
      const investors = await listInvestors(ctx.db, draft.id);
      return {
        symbol: draft.symbol,
        name: draft.name,
        totalSupply: investors.reduce((sum, i) => sum + i.initialBalance, 0n).toString(),
        currency: draft.currency,
        exchangeRate: draft.exchangeRate,
        whitelistAddress: draft.whitelistAddress,
        whitelistName: draft.whitelistName,
        schemeAddress: draft.schemeAddress,
        controllerAddress: draft.controllerAddress,
        codebaseId: draft.codebaseId,
        status: draft.status,
        contractAddress: draft.contractAddress,
        ownerAddress: draft.ownerAddress,
        errorMessage: draft.errorMessage,
        investors: investors.map((i) => ({
          investorAddress: i.investorAddress,
          investmentAmount: i.investmentAmount,
          initialBalance: i.initialBalance.toString(),
          tokenRemainder: i.tokenRemainder,
          fiatRemainder: i.fiatRemainder,
          status: i.status,
          transactionHash: i.transactionHash,
          errorMessage: i.errorMessage,
        })),
      };
    },

    remove: async (accountId: number, symbol: string) => {
      const draft = await ownDraft(accountId, symbol);
      if (draft.status !== draftStatus.saved) throw new HttpError(409, draftMessages.alreadyDeployed);
      if (!(await deleteDraft(ctx.db, draft.id))) throw new HttpError(409, draftMessages.alreadyDeployed);
      await deleteDraftProject(ctx.db, draft.symbol);
    },

    deploy: async (accountId: number, body: DeployInput) => {
      const draft = await ownDraft(accountId, body.symbol);
      if (draft.jobId !== null) {
        const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, draft.jobId)).limit(1);
        if (job && (job.state === 'queued' || job.state === 'running'))
          throw new HttpError(409, draftMessages.deployRunning);
      }
      const investors = await listInvestors(ctx.db, draft.id);
      if (investors.every((i) => i.status === 2)) throw new HttpError(409, draftMessages.nothingToDeploy);
      // Refuse at once when the server cannot sign for this address (403).
      await signingKeyFor(ctx, accountId, body.accountAddress);
      const job = await ctx.db.transaction(async (tx) => {
        await resetFailedInvestors(tx, draft.id);
        const created = await runner.enqueue(deployJobKind, { draftId: draft.id }, tx, {
          owner: { accountId, limit: maxQueuedJobsPerAccount },
        });
        await tx
          .update(tokenDrafts)
          .set({
            status: draft.contractAddress ? draftStatus.deployed : draftStatus.deploying,
            ownerAddress: draft.contractAddress ? draft.ownerAddress : body.ownerAddress,
            deployerAddress: body.accountAddress,
            jobId: created.id,
            errorMessage: null,
            updatedOn: new Date(),
          })
          .where(eq(tokenDrafts.id, draft.id));
        return created;
      });
      runner.wake();
      return { jobId: job.id, status: draft.contractAddress ? draftStatus.deployed : draftStatus.deploying };
    },
  };
}
