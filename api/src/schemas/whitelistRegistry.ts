import { z } from 'zod';
import { whitelistMessages } from '../messages.ts';
import { addressField } from './credentials.ts';
import { textField } from './fields.ts';
import { pageNumberSchema } from './projects.ts';
import { rbacMessages } from './rbac.ts';

/**
 * Issue 37: the investor registry of one whitelist (its verified addresses with their KYC records, searched and
 * filtered on the server), the tokens that use it, and the revocation of a record through the wallet.
 */

/** Ours: the registry's words. */
export const whitelistRegistryMessages = {
  registryTitle: 'Investor registry',
  tokensTitle: 'Tokens using this whitelist',
  noTokens: 'No token uses this whitelist yet',
  noMatches: 'No verified address matches the search',
  recordsHidden:
    'Only the whitelist’s owner and the holders of OP or access level 1 in its scheme see the KYC records: names and countries are hidden',
  recordsNotAllowed:
    'Only the whitelist’s owner and the holders of OP or access level 1 in its scheme may change its records',
  countryInvalid: 'The country should be two letters (ISO 3166, e.g. DE)',
  notVerified: (address: string) => `The address ${address} is not verified on this whitelist`,
  stillVerified: (address: string) => `The chain still verifies ${address}: its removal was not mined (yet)`,
  revokeTitle: 'Revoke the verification?',
  revokeText: (name: string, address: string) =>
    `${name} (${address}) will no longer be verified on this whitelist: the tokens that use it refuse transfers to and from this address. The KYC record is removed from the registry.`,
  revoked: (address: string) => `The verification of ${address} was revoked`,
  importTitle: 'Import from CSV',
  importHelp:
    'A CSV file whose header line names publicAddress, legalName, emailAddress and country, and may name phoneNumber and comments (the Default Template’s fields); one investor per line.',
  importNoRows: 'The file has no rows below its header line',
  importMissingColumns: (columns: string) => `The header line lacks the column(s) ${columns}`,
  importDuplicate: 'The address is in the file more than once',
  importConfirmTitle: 'Send the valid rows?',
  importConfirmText: (valid: number, invalid: number) =>
    `${valid} valid row(s) will be verified on the whitelist from your wallet’s registered key${invalid > 0 ? `; the ${invalid} invalid row(s) are left out` : ''}.`,
} as const;

/** Verified addresses per page of the registry. */
export const whitelistRegistryPageSize = 20;

export const whitelistRegistryParamsSchema = z.object({
  whitelistAddress: addressField(whitelistMessages.whitelistRequired, whitelistMessages.whitelistInvalid),
});

/** GET /whitelist/registry/:whitelistAddress?page&term&country: term matches a legal name or an address. */
export const whitelistRegistryQuerySchema = z.object({
  page: pageNumberSchema.optional().default(1),
  term: textField()
    .optional()
    .transform((term) => (term ?? '').trim().slice(0, 200)),
  country: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ?? '').toUpperCase())
    .pipe(z.string().regex(/^([A-Z]{2})?$/, whitelistRegistryMessages.countryInvalid)),
});
export type WhitelistRegistryQuery = z.input<typeof whitelistRegistryQuerySchema>;

/** One verified address with its KYC record (null fields: a viewer who may not see the whitelist's records). */
export const registryRecordSchema = z.object({
  publicAddress: z.string(),
  legalName: z.string().nullable(),
  /** ISO 3166 alpha-2, or '' when the record has none. */
  country: z.string().nullable(),
  /** The KYC hash on-chain. */
  hash: z.string(),
  /** One key per investor (the wallets of one person share it). */
  investor: z.string().nullable(),
  verifiedOn: z.string(),
  transactionHash: z.string().nullable(),
  /** When the record's verification expires (present once records carry an expiry). */
  expiresAt: z.string().nullable().optional(),
});
export type RegistryRecord = z.infer<typeof registryRecordSchema>;

export const whitelistRegistryPageSchema = z.object({
  totalRows: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  /** Whether the viewer sees the KYC records (legal names, countries). */
  recordsVisible: z.boolean(),
  /** The countries of the whitelist's records, for the country picker (empty when the records are hidden). */
  countries: z.array(z.string()),
  pagedResults: z.array(registryRecordSchema),
});
export type WhitelistRegistryPage = z.infer<typeof whitelistRegistryPageSchema>;

export const whitelistTokenSchema = z.object({
  projectCode: z.string(),
  projectName: z.string(),
  contractAddress: z.string().nullable(),
});
export const whitelistTokensSchema = z.array(whitelistTokenSchema);
export type WhitelistToken = z.infer<typeof whitelistTokenSchema>;

const accountAddress = () => addressField(rbacMessages.accountRequired, rbacMessages.accountInvalid);
const whitelistAddress = () =>
  addressField(whitelistMessages.whitelistRequired, whitelistMessages.whitelistInvalid);
const publicAddress = () =>
  addressField(whitelistMessages.publicAddressRequired, whitelistMessages.publicAddressInvalid);

/** POST /whitelist/revoke/tx: the unsigned removeVerified call for the wallet (txMode 1). */
export const whitelistRevokeTxRequestSchema = z.object({
  accountAddress: accountAddress(),
  whitelistAddress: whitelistAddress(),
  publicAddress: publicAddress(),
});
export type WhitelistRevokeTxRequest = z.input<typeof whitelistRevokeTxRequestSchema>;

export const whitelistRevokeTxResponseSchema = z.object({
  txData: z.object({ from: z.string(), to: z.string(), data: z.string() }),
});

/** POST /whitelist/revoked: once mined, the server checks the chain and removes the record from the registry. */
export const whitelistRevokedRequestSchema = z.object({
  whitelistAddress: whitelistAddress(),
  publicAddress: publicAddress(),
});
