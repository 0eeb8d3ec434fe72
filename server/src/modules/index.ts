import { accountsModule } from './accounts/routes.ts';
import { balanceModule } from './balance/routes.ts';
import { holdersModule } from './holders/routes.ts';
import { partitionsModule } from './partitions/routes.ts';
import { projectsModule } from './projects/routes.ts';
import { tokensModule } from './tokens/routes.ts';
import { balanceReportModule } from './balanceReport/routes.ts';
import { codebasesModule } from './codebases/routes.ts';
import { credentialsModule } from './credentials/routes.ts';
import { draftsModule } from './drafts/routes.ts';
import { localModule } from './local/routes.ts';
import { rbacModule } from './rbac/routes.ts';
import type { ServerModule } from './registry.ts';
import { systemModule } from './system/routes.ts';
import { transactionsModule } from './transactions/routes.ts';
import { shardingModule } from './sharding/routes.ts';
import { dtxModule } from './dtx/routes.ts';
import { approvalsModule } from './approvals/routes.ts';
import { notificationsModule } from './notifications/routes.ts';
import { webhooksModule } from './webhooks/routes.ts';
import { walletsModule } from './wallets/routes.ts';
import { whitelistsModule } from './whitelists/routes.ts';
import { snapshotsModule } from './snapshots/routes.ts';
import { distributionsModule } from './distributions/routes.ts';
import { rulesModule } from './rules/routes.ts';
import { bulkModule } from './bulk/routes.ts';
import { onboardingModule } from './onboarding/routes.ts';
import { auditModule } from './audit/routes.ts';
import { reportsModule } from './reports/routes.ts';

/**
 * The domain modules, in registration order. A new module: create modules/<domain>/{routes,service,repository}.ts,
 * add its routes to the @tranche/api table, and list it here. localModule is added only in local mode.
 */
export const defaultModules: ServerModule[] = [
  systemModule,
  accountsModule,
  credentialsModule,
  codebasesModule,
  rbacModule,
  whitelistsModule,
  transactionsModule,
  walletsModule,
  draftsModule,
  balanceReportModule,
  projectsModule,
  partitionsModule,
  tokensModule,
  holdersModule,
  balanceModule,
  shardingModule,
  dtxModule,
  approvalsModule,
  notificationsModule,
  webhooksModule,
  snapshotsModule,
  distributionsModule,
  rulesModule,
  bulkModule,
  onboardingModule,
  auditModule,
  reportsModule,
];
export { localModule };
