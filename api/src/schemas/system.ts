import { z } from 'zod';

/** GET /health: the live chain and database behind the server. */
export const healthSchema = z.object({
  chainId: z.number().int(),
  blockNumber: z.number().int(),
  /**
   * The chain's clock: its latest block's time (ISO 8601), by which the server and the contracts judge claim deadlines
   * (a dev chain's clock may run ahead of the wall clock). The console's forms take their dates from it.
   */
  chainTime: z.iso.datetime(),
  database: z.enum(['pglite', 'postgresql']),
});
export type Health = z.output<typeof healthSchema>;

/**
 * GET /ready: whether this instance can serve (for a load balancer): the database and the chain answer, and how
 * far the indexer (run by one instance, the leader) is behind the chain's head.
 */
export const readySchema = z.object({
  database: z.enum(['pglite', 'postgresql']),
  blockNumber: z.number().int(),
  indexer: z.object({
    /** True when this instance is the one that indexes. */
    leader: z.boolean(),
    /** The block every followed contract is indexed to; null when no contract is followed yet. */
    indexedBlock: z.number().int().nullable(),
    /** Blocks between the chain's head and indexedBlock. */
    lag: z.number().int(),
    /** Blocks below the head shown as final (INDEXER_CONFIRMATIONS); newer indexed blocks are unconfirmed. */
    confirmations: z.number().int(),
  }),
});
export type Ready = z.output<typeof readySchema>;

/**
 * Explorer link templates. Placeholders: `{hash}` (transaction), `{address}`, `{block}`.
 * In local mode they point at the console's /local pages.
 */
export const explorerTemplatesSchema = z.object({
  tx: z.string(),
  address: z.string(),
  block: z.string(),
});
export type ExplorerTemplates = z.output<typeof explorerTemplatesSchema>;

/** GET /config: what the console needs to know about this server. */
/** Where version 2 of the token codebase lives on this chain (deployed once per chain by the platform). */
export const tokenV2PlatformSchema = z.object({
  /** The TokenFactory: registry of implementations and deployer of version 2 tokens. */
  factory: z.string(),
  /** The newest registered implementation (its balances half): new tokens get it, owners upgrade to it. */
  implementation: z.string().nullable(),
  /** The newest implementation's administration half. */
  admin: z.string().nullable(),
  /** Every registered implementation, oldest first. */
  implementations: z.array(z.string()),
  /** The factory's owner (the platform's key), who registers implementations. */
  owner: z.string(),
});
export type TokenV2Platform = z.output<typeof tokenV2PlatformSchema>;

export const appConfigSchema = z.object({
  chainId: z.number().int(),
  /** True when the server runs its own embedded dev chain (local mode). */
  local: z.boolean(),
  /** JSON-RPC URL of the embedded dev chain in local mode, else null. */
  rpcUrl: z.string().nullable(),
  explorer: explorerTemplatesSchema,
  /** Local mode: the test stable token (ERC-20, 6 decimals) minted to the demo account, else null. */
  testStableToken: z.string().nullable(),
  /** Blocks below the head shown as final (INDEXER_CONFIRMATIONS); balances changed above are unconfirmed. */
  confirmations: z.number().int(),
  /** The platform's Ed25519 key (hex, raw 32 bytes) that signs regulator packs' manifests (issue 38). */
  auditSigningKey: z.string(),
  /** The address that sends the operations log's anchors (it needs gas money outside local mode). */
  auditAnchorAddress: z.string(),
  /** Token codebase version 2's factory and implementation on this chain, null where it is not deployed. */
  tokenV2: tokenV2PlatformSchema.nullable(),
});
export type AppConfig = z.output<typeof appConfigSchema>;

/** GET /local/outbox: mail kept in the database when no SMTP_URL is set (newest first). */
export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdOn: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});
export const outboxSchema = z.array(outboxMailSchema);
export type OutboxMail = z.output<typeof outboxMailSchema>;

/** Fill an explorer template. */
export function explorerUrl(template: string, value: string | number): string {
  return template.replace(/\{(hash|address|block)\}/g, String(value));
}
