import { z } from 'zod';

/** GET /health: the live chain and database behind the server. */
export const healthSchema = z.object({
  chainId: z.number().int(),
  blockNumber: z.number().int(),
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
