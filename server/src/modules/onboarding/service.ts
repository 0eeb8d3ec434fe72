import { type Onboarding, onboardingStepIds, txTypes } from '@tranche/api';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { distributions } from '../distributions/schema.ts';
import { projectStatus, projects } from '../projects/schema.ts';
import { securitySchemes } from '../rbac/schema.ts';
import { accountTransactions } from '../transactions/schema.ts';
import { whitelistAddresses } from '../whitelists/schema.ts';

const exists = (query: PgSelect): SQL<boolean> => sql<boolean>`exists (${query})`;

/**
 * The newcomer's checklist (issue 34), each step ticked from the account's own records in one query: a security
 * scheme it registered, an access right it changed, a whitelist record it saved that the chain verified, a token
 * it deployed, a distribution it created. `next` is the first step not done.
 */
export async function onboardingOf(ctx: Pick<AppContext, 'db'>, accountId: number): Promise<Onboarding> {
  const one = sql`1`;
  const [row] = await ctx.db
    .select({
      scheme: exists(
        ctx.db
          .select({ one })
          .from(securitySchemes)
          .where(eq(securitySchemes.accountId, accountId))
          .$dynamic(),
      ),
      rights: exists(
        ctx.db
          .select({ one })
          .from(accountTransactions)
          .where(
            and(
              eq(accountTransactions.accountId, accountId),
              eq(accountTransactions.txType, txTypes.accessRightChange),
            ),
          )
          .$dynamic(),
      ),
      whitelist: exists(
        ctx.db
          .select({ one })
          .from(whitelistAddresses)
          .where(and(eq(whitelistAddresses.accountId, accountId), isNotNull(whitelistAddresses.verifiedOn)))
          .$dynamic(),
      ),
      token: exists(
        ctx.db
          .select({ one })
          .from(projects)
          .where(and(eq(projects.accountId, accountId), eq(projects.status, projectStatus.deployed)))
          .$dynamic(),
      ),
      distribution: exists(
        ctx.db.select({ one }).from(distributions).where(eq(distributions.accountId, accountId)).$dynamic(),
      ),
    })
    .from(sql`(select 1) as one`);
  const steps = onboardingStepIds.map((id) => ({ id, done: Boolean(row?.[id]) }));
  return { steps, next: steps.find((step) => !step.done)?.id ?? null };
}
