import {
  type BulkOperation,
  isBulkEnforcement,
  type AuditRole,
  auditMessages,
  bulkOperationMessages,
  contractRegistrationMessages,
  distributionMessages,
  draftMessages,
  keyMessages,
  rbacMessages,
  type Session,
  tokenOperationMessages,
  tokenEnforcementMessages,
  tokenV2Messages,
  zeroAddress,
} from '@tranche/api';
import { devAccountKeys, securityTokenArtifact, securityTokenV2Abi } from '@tranche/contracts';
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { Contract, Wallet } from 'ethers';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { isLoopback } from '../http/security.ts';
import { bearerToken } from '../http/sessions.ts';
import { accounts } from '../db/schema.ts';
import { tokenAuditors } from '../modules/audit/schema.ts';
import { credentials } from '../modules/credentials/schema.ts';
import { demoLogin } from '../seed.ts';
import type { ProjectRow } from '../modules/projects/repository.ts';
import { projects, projectStatus } from '../modules/projects/schema.ts';
import { rightsOf } from '../modules/rbac/chainCalls.ts';
import { keyShares, shardedKeys, shardedKeyStatus } from '../modules/sharding/schema.ts';
import { provedWallets } from '../modules/wallets/schema.ts';
import type { WhitelistRow } from '../modules/whitelists/repository.ts';

/**
 * Who may see and do what: the one place the routes and services ask (server/README.md, 'Access rules').
 * Every rule takes the caller's session (only its account id matters) and the resource.
 */
export type Viewer = Pick<Session, 'accountId'>;

type Ctx = Pick<AppContext, 'db' | 'chain'>;

/** How an account controls an address: a registered key, a sharded key it signs for, or a proved wallet. */
export type Control = 'registeredKey' | 'shardedKey' | 'provedWallet';

/**
 * A two-step ownership (a version 2 token's or scheme's): the owner proposes, the proposed owner accepts. `messages`
 * words the refusals for the contract at hand.
 */
function twoStepOwnership(
  messages: { noPendingOwner: string; notPendingOwner: string; notOwner: string },
  action: 'owner' | 'acceptOwnership',
  onChain: { owner: string; pendingOwner: string },
  accountAddress: string,
): void {
  const caller = accountAddress.toLowerCase();
  if (action === 'acceptOwnership') {
    if (onChain.pendingOwner.toLowerCase() === zeroAddress) throw new HttpError(409, messages.noPendingOwner);
    if (onChain.pendingOwner.toLowerCase() !== caller) throw new HttpError(403, messages.notPendingOwner);
    return;
  }
  if (onChain.owner.toLowerCase() !== caller) throw new HttpError(403, messages.notOwner);
}

const devKeys = new Map(devAccountKeys.map((key) => [new Wallet(key).address.toLowerCase(), key as string]));

/** The addresses an account controls, each with how (a registered key wins over the others). */
export async function controlledAddresses(ctx: Ctx, viewer: Viewer): Promise<Map<string, Control>> {
  const [keys, sharded, wallets] = await Promise.all([
    ctx.db
      .select({ address: credentials.address })
      .from(credentials)
      .where(eq(credentials.accountId, viewer.accountId)),
    ctx.db
      .select({ address: shardedKeys.address })
      .from(shardedKeys)
      .innerJoin(
        keyShares,
        and(eq(keyShares.keyId, shardedKeys.id), eq(keyShares.generation, shardedKeys.generation)),
      )
      .where(and(eq(keyShares.accountId, viewer.accountId), eq(shardedKeys.status, shardedKeyStatus.active))),
    ctx.db
      .select({ address: provedWallets.address })
      .from(provedWallets)
      .where(eq(provedWallets.accountId, viewer.accountId)),
  ]);
  const controlled = new Map<string, Control>();
  for (const { address } of wallets) controlled.set(address, 'provedWallet');
  for (const { address } of sharded) controlled.set(address, 'shardedKey');
  for (const { address } of keys) controlled.set(address, 'registeredKey');
  return controlled;
}

/** Whether any of `addresses` holds one of `roles` in the scheme at `scheme` (read on-chain). */
async function holdsRole(
  ctx: Ctx,
  scheme: string | null,
  addresses: Iterable<string>,
  roles: ('isOperator' | 'level1' | 'level2')[],
): Promise<boolean> {
  if (!scheme) return false;
  const list = [...addresses];
  if (list.length === 0 || !(await ctx.chain.hasCode(scheme))) return false;
  const rights = await Promise.all(
    list.map((address) => rightsOf(ctx, scheme, address).catch(() => undefined)),
  );
  return rights.some((r) => r !== undefined && roles.some((role) => r[role]));
}

/** The sender of `transactionHash` when that transaction created the contract at `address`. */
async function deployerOf(ctx: Ctx, address: string, transactionHash: string): Promise<string | undefined> {
  const [transaction, receipt] = await Promise.all([
    ctx.chain.provider.getTransaction(transactionHash),
    ctx.chain.provider.getTransactionReceipt(transactionHash),
  ]);
  if (!transaction || receipt?.contractAddress?.toLowerCase() !== address.toLowerCase()) return undefined;
  return transaction.from.toLowerCase();
}

/**
 * The addresses a deployed contract belongs to, read from the chain: its `owner` and the sender of its deployment,
 * known from `transactionHash` (given with the registration: 400 when it did not create the contract) or from
 * `recordedHash` (kept with an earlier registration: ignored when it did not). `deployment` is the hash proved.
 */
async function contractParties(
  ctx: Ctx,
  input: {
    kind: string;
    address: string;
    owner: string;
    transactionHash?: string | undefined;
    recordedHash?: string | null | undefined;
  },
): Promise<{ parties: string[]; deployment: string | null }> {
  const parties = [input.owner.toLowerCase()];
  for (const hash of [input.transactionHash, input.recordedHash]) {
    if (!hash) continue;
    const deployer = await deployerOf(ctx, input.address, hash);
    if (deployer) return { parties: [...parties, deployer], deployment: hash };
    if (hash === input.transactionHash)
      throw new HttpError(400, contractRegistrationMessages.notItsDeployment(input.kind));
  }
  return { parties, deployment: null };
}

export function createAccess(ctx: Ctx) {
  /** Whether the account is the local demo account (local mode only). */
  async function isLocalDemo(accountId: number): Promise<boolean> {
    const [row] = await ctx.db
      .select({ loginName: accounts.loginName })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    return ctx.chain.local && row?.loginName === demoLogin;
  }

  /**
   * Which of `tokens` the viewer is a party of: the account that created it, one controlling its owner or
   * controller address, or one controlling an address that holds one of `roles` in its scheme (ids answered).
   */
  async function partyOf(
    viewer: Viewer,
    tokens: ProjectRow[],
    roles: ('isOperator' | 'level1' | 'level2')[],
  ): Promise<Set<number>> {
    const addresses = await controlledAddresses(ctx, viewer);
    // Tokens of one scheme share the answer of its role check (read once per scheme).
    const byScheme = new Map<string | null, Promise<boolean>>();
    const allowed = await Promise.all(
      tokens.map((token) => {
        if (token.accountId === viewer.accountId) return true;
        for (const party of [token.ownerAddress, token.controllerAddress])
          if (party && addresses.has(party.toLowerCase())) return true;
        const scheme = token.securitySchemeAddress;
        let role = byScheme.get(scheme);
        if (!role) {
          role = holdsRole(ctx, scheme, addresses.keys(), roles);
          byScheme.set(scheme, role);
        }
        return role;
      }),
    );
    return new Set(tokens.filter((_, i) => allowed[i]).map((token) => token.id));
  }

  /** Which of `tokens` the viewer is a read-only auditor of (granted by the token's owner, issue 38). */
  async function auditorOf(viewer: Viewer, tokens: ProjectRow[]): Promise<Set<number>> {
    if (tokens.length === 0) return new Set();
    const rows = await ctx.db
      .select({ projectId: tokenAuditors.projectId })
      .from(tokenAuditors)
      .where(eq(tokenAuditors.accountId, viewer.accountId));
    const ids = new Set(tokens.map((token) => token.id));
    return new Set(rows.map((row) => row.projectId).filter((id) => ids.has(id)));
  }

  /** Which of `tokens` the viewer may see investor data of (see investorData). */
  async function investorDataOf(viewer: Viewer, tokens: ProjectRow[]): Promise<Set<number>> {
    const [parties, audited] = await Promise.all([
      partyOf(viewer, tokens, ['isOperator', 'level1', 'level2']),
      auditorOf(viewer, tokens),
    ]);
    return new Set([...parties, ...audited]);
  }

  /** The token's owner: the account that created it, or one controlling its owner address. */
  async function tokenOwner(viewer: Viewer, token: ProjectRow): Promise<boolean> {
    if (token.accountId === viewer.accountId) return true;
    return (
      token.ownerAddress !== null &&
      (await controlledAddresses(ctx, viewer)).has(token.ownerAddress.toLowerCase())
    );
  }

  /** Corporate actions of a token (see corporateActions). */
  async function corporateActions(viewer: Viewer, token: ProjectRow): Promise<boolean> {
    if (token.accountId === viewer.accountId) return true;
    return (await partyOf(viewer, [token], ['isOperator'])).has(token.id);
  }

  return {
    controlledAddresses: (viewer: Viewer) => controlledAddresses(ctx, viewer),

    /** How the viewer controls `address`, or undefined when it does not. */
    async control(viewer: Viewer, address: string): Promise<Control | undefined> {
      return (await controlledAddresses(ctx, viewer)).get(address.toLowerCase());
    },

    /**
     * Investor personal data of a token (legal names, contact details, verification records): its owner and
     * controller (the account that created it, or one controlling either address), holders of OP, Level 1 or
     * Level 2 on its scheme, and its read-only auditors (issue 38).
     */
    async investorData(viewer: Viewer, { token }: { token: ProjectRow }): Promise<boolean> {
      if (token.accountId === viewer.accountId) return true;
      return (await investorDataOf(viewer, [token])).has(token.id);
    },

    /** {@link investorData} for several tokens at once (the viewer's addresses read once): the ids of those allowed. */
    investorDataOf: (viewer: Viewer, tokens: ProjectRow[]) => investorDataOf(viewer, tokens),

    /**
     * Corporate actions of a token (README 'Corporate actions'): making its registers and distributions. Its owner
     * and controller (the account that created it, or one controlling either address) and holders of OP on its
     * scheme; anyone else answers 403.
     */
    async corporateActions(viewer: Viewer, { token }: { token: ProjectRow }): Promise<void> {
      if (!(await corporateActions(viewer, token)))
        throw new HttpError(403, distributionMessages.notTokenManager(token.projectCode));
    },

    /**
     * POST /distributions: {@link corporateActions} on the register's token, and the issuer wallet (which funds,
     * pushes and reclaims) must be an address the viewer controls (a registered key, a sharded key it signs for
     * or a proved wallet); 403 otherwise.
     */
    async createDistribution(viewer: Viewer, { token, issuer }: { token: ProjectRow; issuer: string }) {
      await this.corporateActions(viewer, { token });
      if (!(await controlledAddresses(ctx, viewer)).has(issuer.toLowerCase()))
        throw new HttpError(403, distributionMessages.issuerNotYours(issuer));
    },

    /**
     * The distributions of `token` the viewer may see and act on, of `rows`: the account that created one sees it;
     * anyone else only while its creator may (still) run the token's corporate actions (a distribution made by
     * anyone else before these rules is hidden), and then the token's owner, controller and OP holders and the
     * accounts controlling its issuer wallet.
     */
    async distributions<T extends { accountId: number; issuer: string }>(
      viewer: Viewer,
      { token, rows }: { token: ProjectRow; rows: T[] },
    ): Promise<T[]> {
      const creators = new Map<number, Promise<boolean>>();
      const creatorMay = (accountId: number) => {
        let answer = creators.get(accountId);
        if (!answer) {
          answer = corporateActions({ accountId }, token);
          creators.set(accountId, answer);
        }
        return answer;
      };
      const others = rows.filter((row) => row.accountId !== viewer.accountId);
      const [manager, addresses] =
        others.length === 0
          ? [false, new Map<string, Control>()]
          : await Promise.all([corporateActions(viewer, token), controlledAddresses(ctx, viewer)]);
      const visible = await Promise.all(
        rows.map(async (row) => {
          if (row.accountId === viewer.accountId) return true;
          if (!manager && !addresses.has(row.issuer.toLowerCase())) return false;
          return creatorMay(row.accountId);
        }),
      );
      return rows.filter((_, i) => visible[i]);
    },

    /** One distribution as {@link distributions} decides; one the viewer may not see answers 404 like an unknown one. */
    async distribution<T extends { accountId: number; issuer: string }>(
      viewer: Viewer,
      { token, row }: { token: ProjectRow; row: T },
    ): Promise<T> {
      const [visible] = await this.distributions(viewer, { token, rows: [row] });
      if (!visible) throw new HttpError(404, distributionMessages.distributionNotFound);
      return visible;
    },

    /**
     * A token's audit trail (operations log, verifier, regulator packs; issue 38): its owner ('owner': also grants
     * and revokes auditors), its controller and OP holders on its scheme ('manager'), and the accounts its owner
     * granted the read-only Auditor role ('auditor': they see registers, history and the log, and act on nothing
     * else). Anyone else answers 403.
     */
    async auditTrail(viewer: Viewer, { token }: { token: ProjectRow }): Promise<AuditRole> {
      if (await tokenOwner(viewer, token)) return 'owner';
      if ((await partyOf(viewer, [token], ['isOperator'])).has(token.id)) return 'manager';
      if ((await auditorOf(viewer, [token])).has(token.id)) return 'auditor';
      throw new HttpError(403, auditMessages.notAllowed(token.projectCode));
    },

    /** Granting and revoking a token's auditors: its owner only (see auditTrail); 403 otherwise. */
    async manageAuditors(viewer: Viewer, { token }: { token: ProjectRow }): Promise<void> {
      if (!(await tokenOwner(viewer, token)))
        throw new HttpError(403, auditMessages.notOwner(token.projectCode));
    },

    /** The off-chain records of a whitelist: its owner (or the account that registered it) and its scheme's OP and Level 1 holders. */
    async whitelistRecords(viewer: Viewer, { whitelist }: { whitelist: WhitelistRow }): Promise<boolean> {
      if (whitelist.accountId === viewer.accountId) return true;
      const addresses = await controlledAddresses(ctx, viewer);
      if (addresses.has(whitelist.ownerAddress.toLowerCase())) return true;
      return holdsRole(ctx, whitelist.schemeAddress, addresses.keys(), ['isOperator', 'level1']);
    },

    /**
     * Registering a deployed contract (security scheme, whitelist) as the viewer's: the chain decides, never the first
     * account to ask. The viewer must control (see {@link controlledAddresses}) the contract's `owner` or the sender
     * of its deployment (see {@link contractParties}; `transactionHash` is the one given, `registered` the earlier
     * registration if any); 403 otherwise. When another account registered it first, that account keeps it only
     * while it controls one of them too (409 then); otherwise the viewer takes it over. Answers `action`: 'new' (not
     * registered yet), 'same' (registered by the viewer) or 'takeOver'; and `deployment`, the deployment hash proved.
     */
    async contractRegistration(
      viewer: Viewer,
      input: {
        kind: string;
        address: string;
        owner: string;
        transactionHash?: string | undefined;
        registered: { accountId: number | null; transactionHash: string | null } | undefined;
      },
    ): Promise<{ action: 'new' | 'same' | 'takeOver'; deployment: string | null }> {
      const { kind, registered } = input;
      const { parties, deployment } = await contractParties(ctx, {
        ...input,
        recordedHash: registered?.transactionHash,
      });
      const controls = async (accountId: number) => {
        const addresses = await controlledAddresses(ctx, { accountId });
        return parties.some((party) => addresses.has(party));
      };
      if (!(await controls(viewer.accountId)))
        throw new HttpError(403, contractRegistrationMessages.notYours(kind));
      if (!registered) return { action: 'new', deployment };
      if (registered.accountId === viewer.accountId) return { action: 'same', deployment };
      if (registered.accountId !== null && (await controls(registered.accountId)))
        throw new HttpError(409, contractRegistrationMessages.registeredByOther(kind));
      return { action: 'takeOver', deployment };
    },

    /** A token row is visible when deployed, or, while a draft, to the account that created it. */
    project(viewer: Viewer, row: ProjectRow): boolean {
      return row.status === projectStatus.deployed || row.accountId === viewer.accountId;
    },

    /** The SQL condition of {@link project}, for lists. */
    visibleProjects(viewer: Viewer): SQL {
      return (
        or(eq(projects.status, projectStatus.deployed), eq(projects.accountId, viewer.accountId)) ??
        sql`false`
      );
    },

    /** A token by symbol as the viewer may see it: another account's undeployed draft answers 404 like an unknown one. */
    requireProject<T extends ProjectRow>(viewer: Viewer, symbol: string, row: T | undefined): T {
      if (!row || !this.project(viewer, row))
        throw new HttpError(404, tokenOperationMessages.tokenNotFound(symbol));
      return row;
    },

    /**
     * Version 2 token administration (upgrade, owner proposal, whitelist and scheme replacement) is the token's
     * owner's, as the chain holds it now; accepting the ownership is the proposed owner's. `accountAddress` is the
     * address that signs (the wallet, the registered key or the sharded key). 403 otherwise.
     */
    tokenAdministration(
      action: 'owner' | 'acceptOwnership',
      onChain: { owner: string; pendingOwner: string },
      accountAddress: string,
    ): void {
      twoStepOwnership(tokenV2Messages, action, onChain, accountAddress);
    },

    /**
     * A version 2 security scheme's ownership (issue 35): proposing a new owner is the scheme's owner's, as the chain
     * holds it now; accepting is the proposed owner's. `accountAddress` is the server-held key that signs. 403
     * otherwise (409 when nobody was proposed).
     */
    schemeAdministration(
      action: 'owner' | 'acceptOwnership',
      onChain: { owner: string; pendingOwner: string },
      accountAddress: string,
    ): void {
      twoStepOwnership(rbacMessages, action, onChain, accountAddress);
    },

    /**
     * Enforcement on a version 2 token (address and partial freezes, lost-wallet recovery) is the token's owner's or
     * its controller's, as the chain holds them now (the contract's `canEnforce`). `accountAddress` signs (the wallet,
     * the registered key or the sharded key). 403 otherwise.
     */
    enforcement(onChain: { owner: string; controller: string | null }, accountAddress: string): void {
      const caller = accountAddress.toLowerCase();
      if (onChain.owner.toLowerCase() === caller) return;
      if (onChain.controller && onChain.controller.toLowerCase() === caller) return;
      throw new HttpError(403, tokenEnforcementMessages.notEnforcer);
    },

    /** A token draft is only its creator's: another account's answers 403. */
    draft<T extends { accountId: number | null }>(viewer: Viewer, draft: T | undefined): T {
      if (!draft) throw new HttpError(404, draftMessages.notFound);
      if (draft.accountId !== viewer.accountId) throw new HttpError(403, draftMessages.notYours);
      return draft;
    },

    /**
     * The key that signs server-side for `address`: one the viewer registered, or, on the embedded dev chain, a
     * public development account no other account registered (a registered dev key belongs to its account only).
     * `registered` answers the viewer's decrypted key; 403 otherwise.
     */
    async signingKey(viewer: Viewer, address: string, registered: () => Promise<string>): Promise<string> {
      // Routes and jobs ask through credentials' signingKeyFor (one rule for every server-signed operation).
      const dev = ctx.chain.local ? devKeys.get(address.toLowerCase()) : undefined;
      if (dev) {
        const [owner] = await ctx.db
          .select({ accountId: credentials.accountId })
          .from(credentials)
          .where(eq(credentials.address, address.toLowerCase()))
          .limit(1);
        if (!owner) return dev;
        // The local demo account's seeded key is the shared signer of local mode (it holds the seeded scheme's
        // rights that a new local user's first token uses); a dev key any other account registered is its own.
        if (owner.accountId !== viewer.accountId) {
          if (await isLocalDemo(owner.accountId)) return dev;
          throw new HttpError(403, keyMessages.notRegistered(address));
        }
      }
      return registered();
    },

    /**
     * A bulk operation on a live token (issue 22) runs server-side, signed by `address`: the viewer must sign for it
     * with a key the server signs with (`signingKey`, credentials' signingKeyFor, which asks {@link signingKey}; an
     * address the viewer controls only as a wallet or sharded key answers 400 with why), and `address` must hold the
     * right on-chain: the issuing right for a bulk issue, being the token's controller for a bulk forced transfer, being
     * the version 2 token's owner or controller for bulk freezes and unfreezes ({@link enforcement}) (403 otherwise).
     * Answers the key.
     */
    async bulkOperation(
      viewer: Viewer,
      {
        contractAddress,
        operation,
        address,
      }: { contractAddress: string; operation: BulkOperation; address: string },
      signingKey: () => Promise<string>,
    ): Promise<string> {
      let key: string;
      try {
        key = await signingKey();
      } catch (error) {
        const control = (await controlledAddresses(ctx, viewer)).get(address.toLowerCase());
        if (error instanceof HttpError && control !== undefined && control !== 'registeredKey')
          throw new HttpError(400, bulkOperationMessages.walletOnly(address));
        throw error;
      }
      if (isBulkEnforcement(operation)) {
        // Freezes in bulk (issue 36): the rule of the single freeze, the token's owner or controller now.
        const token = new Contract(contractAddress, securityTokenV2Abi, ctx.chain.provider);
        const [owner, controllable, controller] = (await Promise.all([
          token.getFunction('owner')(),
          token.getFunction('isControllable')(),
          token.getFunction('controller')(),
        ])) as [string, boolean, string];
        this.enforcement({ owner, controller: controllable ? controller : null }, address);
        return key;
      }
      const token = new Contract(contractAddress, securityTokenArtifact.abi, ctx.chain.provider);
      if (operation === 'issue') {
        if (!((await token.getFunction('canIssue')(address)) as boolean))
          throw new HttpError(403, bulkOperationMessages.notAllowedToIssue);
      } else {
        const [controllable, controller] = (await Promise.all([
          token.getFunction('isControllable')(),
          token.getFunction('controller')(),
        ])) as [boolean, string];
        if (!controllable || controller.toLowerCase() !== address.toLowerCase())
          throw new HttpError(403, bulkOperationMessages.notController);
      }
      return key;
    },

    /**
     * Local mode's outbox before any session (issue 34): the mail to `emailAddress` may be read from loopback only,
     * and only while the account signed up with that address is not confirmed (its mail is then only its sign-up
     * codes; a confirmed account's mail, password resets included, needs a session).
     */
    async signUpMail(peer: string, emailAddress: string): Promise<boolean> {
      if (!ctx.chain.local || !isLoopback(peer.replace(/^::ffff:/, ''))) return false;
      const [row] = await ctx.db
        .select({ confirmedOn: accounts.confirmedOn })
        .from(accounts)
        .where(eq(accounts.loginName, emailAddress.toLowerCase()))
        .limit(1);
      return row !== undefined && row.confirmedOn === null;
    },

    /**
     * Which login uses each of the embedded chain's public development keys: shown to every session in local mode
     * (the keys are public and the machine is the developer's), never outside it.
     */
    devKeyUsers(): boolean {
      return ctx.chain.local;
    },

    /**
     * GET /metrics (issue 40) has no session: a scraper whose `Authorization: Bearer` token is METRICS_TOKEN. Both are
     * compared as SHA-256 digests in constant time, so neither the token's characters nor its length show in timing.
     */
    metricsScraper(authorization: string | undefined, metricsToken: string): boolean {
      const given = bearerToken(authorization);
      if (given === undefined) return false;
      const digest = (text: string) => createHash('sha256').update(text).digest();
      return timingSafeEqual(digest(given), digest(metricsToken));
    },

    /** Records of one account (transactions, distributed transactions, sharded keys): only the accounts involved. */
    involved(viewer: Viewer, accountIds: (number | null)[]): boolean {
      return accountIds.includes(viewer.accountId);
    },
  };
}

export type Access = ReturnType<typeof createAccess>;

const accessByContext = new WeakMap<object, Access>();

/** The access rules bound to a context (one instance per context). */
export function accessOf(ctx: Ctx): Access {
  let access = accessByContext.get(ctx);
  if (!access) {
    access = createAccess(ctx);
    accessByContext.set(ctx, access);
  }
  return access;
}
