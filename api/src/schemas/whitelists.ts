import { z } from 'zod';
import { hasFormatCharacters, idField, nameField, textField } from './fields.ts';
import { pageNumberSchema } from './projects.ts';
import { inputMessages, ruleMessages, whitelistMessages } from '../messages.ts';
import { addressField } from './credentials.ts';
import { rbacMessages } from './rbac.ts';

/** Ours: server answers the spec gives no text for. */
export const whitelistServerMessages = {
  unknownWhitelist: (address: string) => `The whitelist ${address} is not registered on this platform`,
  notAWhitelist: (address: string) => `The contract at ${address} is not a whitelist`,
  schemeMismatch: 'The whitelist does not belong to the security scheme given',
  notLevel1: 'Your wallet address does not have access level #1 in the security scheme of this whitelist',
  duplicate: 'The address is specified more than once in this request',
  tooMany: (max: number) => `At most ${max} addresses can be sent in one request`,
  legalNameRequired: 'The legal name of the contact is required',
  legalNameTooLong: 'The legal name of the contact should be at most 255 characters long',
  batchFailed: (reason: string) => `The transaction of its batch failed: ${reason}`,
  recordsNotSaved: 'The records of its batch could not be saved, so its transaction was not sent',
  notMarkedVerified:
    'Its batch was saved on-chain but its records could not be marked verified; send the same addresses again',
  transactionNotSent: 'The transaction could not be sent to the chain',
  sendingContinues:
    'The chain did not answer in time; the remaining batches are sent in the background, see the verified addresses',
  alreadyRegistered: 'This whitelist is registered already',
  nameTooLong: 'The name of the whitelist should be at most 100 characters long',
  pageInvalid: 'The page number is invalid',
  assetMismatch: 'The asset id does not belong to the security scheme of this whitelist',
  // Issue 36: KYC expiry.
  expiresAtInvalid:
    'The expiry date should be a date (YYYY-MM-DD) or a date and time (ISO 8601, e.g. 2026-12-12T09:30:00Z)',
  expiryNotInFuture: 'The expiry date should be in the future',
  expiryNotSupported:
    'This whitelist cannot hold an expiry date: its smart contract is version 1. Deploy a whitelist on smart contract 2 to give records an expiry',
} as const;

/** Records listed as expiring (GET /whitelist/expiring): those whose KYC expires within this many days, or expired. */
export const expiringWithinDays = 30;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoDateTime = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The unix second an expiry given as an ISO date or date-time stands for, or undefined when it is not one: a date
 * (YYYY-MM-DD) is its first second, 00:00 UTC (the record is valid up to the day before); a date-time needs its
 * offset (Z or ±hh:mm).
 */
export function expirySeconds(text: string): number | undefined {
  const match = isoDate.exec(text) ?? isoDateTime.exec(text);
  if (!match || !isCalendarDay(`${match[1]}-${match[2]}-${match[3]}`)) return undefined;
  const ms = Date.parse(isoDate.test(text) ? `${text}T00:00:00Z` : text);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/**
 * A record's expiry in POST /whitelist/bulk: an ISO date or date-time (see {@link expirySeconds}); null removes the
 * expiry; left out, a new record has none and a known one keeps its own. Whether it is in the future is the chain's
 * clock's to say (the server checks it against the latest block).
 */
export const expiresAtField = z
  .string(whitelistServerMessages.expiresAtInvalid)
  .trim()
  .refine((text) => expirySeconds(text) !== undefined, whitelistServerMessages.expiresAtInvalid)
  .nullable();

/** Largest number of addresses one POST /whitelist/bulk takes (the server batches them into transactions). */
export const maxBulkAddresses = 10_000;
/** Verified addresses per page of GET /whitelist/addresses. */
export const whitelistPageSize = 10;

const codebaseId = idField({ invalid: whitelistMessages.codebaseRequired });
const whitelistName = nameField({ required: whitelistMessages.nameRequired })
  .trim()
  .min(1, whitelistMessages.nameRequired)
  .max(100, whitelistServerMessages.nameTooLong);
const whitelistAddress = () =>
  addressField(whitelistMessages.whitelistRequired, whitelistMessages.whitelistInvalid);
const schemeAddress = () => addressField(whitelistMessages.schemeRequired, rbacMessages.schemeInvalid);

export const whitelistListItemSchema = z.object({
  address: z.string(),
  name: z.string(),
  scheme: z.string(),
  codebaseId: z.number().int(),
  ownerAddress: z.string(),
});
export const whitelistListSchema = z.array(whitelistListItemSchema);
export type WhitelistListItem = z.infer<typeof whitelistListItemSchema>;

/** The New Whitelist form. */
export const whitelistFormSchema = z.object({
  whitelistName,
  ownerAddress: addressField(whitelistMessages.ownerRequired, rbacMessages.accountInvalid),
  securitySchemeAddress: schemeAddress(),
  codebaseId,
});

export const whitelistDeployTxRequestSchema = whitelistFormSchema.extend({
  txMode: z.literal(1, rbacMessages.txMode1),
  accountAddress: addressField(rbacMessages.accountRequired, rbacMessages.accountInvalid),
});
export type WhitelistDeployTxRequest = z.input<typeof whitelistDeployTxRequestSchema>;

export const registerWhitelistRequestSchema = z.object({
  whitelistAddress: whitelistAddress(),
  whitelistName,
  securitySchemeAddress: schemeAddress(),
  codebaseId,
  transactionHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
});
export type RegisterWhitelistRequest = z.input<typeof registerWhitelistRequestSchema>;

/** Off-chain contact details of a verified address (the Default Template's fields besides legalName). */
export const contactDetailsSchema = z.record(
  textField().max(100),
  z.union([textField({ multiline: true }).max(2000), z.number(), z.boolean(), z.null()]),
);

export const whitelistEntrySchema = z.object({
  targetAddress: addressField(
    whitelistMessages.publicAddressRequired,
    whitelistMessages.publicAddressInvalid,
  ),
  legalName: nameField({ required: whitelistServerMessages.legalNameRequired })
    .trim()
    .min(1, whitelistServerMessages.legalNameRequired)
    .max(255, whitelistServerMessages.legalNameTooLong),
  contactDetails: contactDetailsSchema.default({}),
  /** Issue 36: when the investor's KYC stops being valid (whitelists on smart contract 2 only). */
  expiresAt: expiresAtField.optional(),
});
export type WhitelistEntry = z.input<typeof whitelistEntrySchema>;

export const whitelistBulkRequestSchema = z.object({
  txMode: z.literal(2, rbacMessages.txMode2),
  accountAddress: addressField(rbacMessages.accountRequired, rbacMessages.accountInvalid),
  whitelistAddress: whitelistAddress(),
  /** The asset id of the whitelist's scheme (GET /rbac/id); checked when given. */
  asset: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, rbacMessages.assetInvalid)
    .optional(),
  addresses: z
    .array(whitelistEntrySchema, { error: whitelistMessages.addressesRequired })
    .min(1, whitelistMessages.addressesRequired)
    .max(maxBulkAddresses, whitelistServerMessages.tooMany(maxBulkAddresses)),
});
export type WhitelistBulkRequest = z.input<typeof whitelistBulkRequestSchema>;

export const whitelistErrorItemSchema = z.object({ legend: z.string(), reason: z.string() });
export type WhitelistErrorItem = z.infer<typeof whitelistErrorItemSchema>;

/**
 * Answer of POST /whitelist/bulk: the hashes of the batch transactions that went through, and one error item per
 * address that was not saved (empty when all were). A duplicate in the request refuses the whole request.
 */
export const whitelistBulkResponseSchema = z.object({
  transactionHashes: z.object({ insertions: z.array(z.string()), updates: z.array(z.string()) }),
  errorMessages: z.array(whitelistErrorItemSchema),
  /** Addresses saved (inserted or updated) and left as they were (same details). */
  saved: z.number().int(),
  unchanged: z.number().int(),
});
export type WhitelistBulkResponse = z.infer<typeof whitelistBulkResponseSchema>;

export const whitelistAddressesParamsSchema = z.object({
  whitelistAddress: whitelistAddress(),
  page: pageNumberSchema,
});

export const verifiedAddressSchema = z.object({
  publicAddress: z.string(),
  hash: z.string(),
  createdOn: z.string(),
  /** Null in the redacted view (a caller who may not see the whitelist's records). */
  legalName: z.string().nullable(),
  transactionHash: z.string().nullable(),
  /** Issue 36: when the record's KYC stops being valid (ISO date-time), null when it does not expire. */
  expiresAt: z.string().nullable(),
});
export type VerifiedAddress = z.infer<typeof verifiedAddressSchema>;

export const verifiedAddressPageSchema = z.object({
  totalRows: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  pagedResults: z.array(verifiedAddressSchema),
});
export type VerifiedAddressPage = z.infer<typeof verifiedAddressPageSchema>;

export const expiringRecordsParamsSchema = z.object({ whitelistAddress: whitelistAddress() });

/**
 * Answer of GET /whitelist/expiring/{whitelistAddress} (issue 36): the verified records whose expiry falls within
 * {@link expiringWithinDays} days of the chain's time or has passed, soonest first, and that time (ISO).
 */
export const expiringRecordsSchema = z.object({
  chainTime: z.string(),
  records: z.array(
    z.object({
      publicAddress: z.string(),
      /** Null in the redacted view (a caller who may not see the whitelist's records). */
      legalName: z.string().nullable(),
      expiresAt: z.string(),
    }),
  ),
});
export type ExpiringRecords = z.infer<typeof expiringRecordsSchema>;

/**
 * The field types a whitelist template may use (part 2, section 3: text, and date and bool besides; ours: country,
 * an ISO 3166 alpha-2 code kept in capitals, which issue 22 writes on-chain for country rules).
 */
export type TemplateFieldType = 'text' | 'textarea' | 'date' | 'bool' | 'country';
export type TemplateField = {
  /** The key in `contactDetails` (legalName is the record's own column). */
  readonly name: string;
  /** The words in 'The {title} is required …'. */
  readonly title: string;
  readonly label: string;
  readonly type: TemplateFieldType;
  readonly required: boolean;
};
export type WhitelistTemplate = { readonly name: string; readonly fields: readonly TemplateField[] };

/** The Default Template of the New Address tab (part 2, section 3). */
export const defaultTemplate = {
  name: 'Default Template',
  fields: [
    { name: 'legalName', title: 'legal name', label: 'Legal name', type: 'text', required: true },
    { name: 'emailAddress', title: 'email address', label: 'Email address', type: 'text', required: true },
    // Issue 22: the investor's ISO 3166 alpha-2 country, also written on-chain beside the hash (country rules).
    {
      name: 'country',
      title: 'country',
      label: 'Country (ISO code, e.g. DE)',
      type: 'country',
      required: true,
    },
    { name: 'phoneNumber', title: 'phone number', label: 'Phone number', type: 'text', required: false },
    { name: 'comments', title: 'notes', label: 'Notes', type: 'textarea', required: false },
  ],
} as const satisfies WhitelistTemplate;

/** Ours: a template that uses the date and bool field types (an accredited investor's verification). */
export const accreditedInvestorTemplate = {
  name: 'Accredited Investor Template',
  fields: [
    { name: 'legalName', title: 'legal name', label: 'Legal name', type: 'text', required: true },
    { name: 'emailAddress', title: 'email address', label: 'Email address', type: 'text', required: true },
    {
      name: 'country',
      title: 'country',
      label: 'Country (ISO code, e.g. DE)',
      type: 'country',
      required: true,
    },
    {
      name: 'accreditedOn',
      title: 'accreditation date',
      label: 'Accreditation date',
      type: 'date',
      required: true,
    },
    {
      name: 'professionalInvestor',
      title: 'professional investor',
      label: 'Professional investor',
      type: 'bool',
      required: false,
    },
    { name: 'comments', title: 'notes', label: 'Notes', type: 'textarea', required: false },
  ],
} as const satisfies WhitelistTemplate;

export const whitelistTemplates: readonly WhitelistTemplate[] = [defaultTemplate, accreditedInvestorTemplate];

/** A value typed into a template field: text for text, textarea, date and country fields, true or false for bool. */
export type TemplateValue = string | boolean;

/** The value as it is kept: text trimmed, a country in capitals. */
export function templateFieldValue(
  field: TemplateField,
  value: TemplateValue | undefined,
): TemplateValue | undefined {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return field.type === 'country' ? text.toUpperCase() : text;
}

/**
 * The message for a template field's value, or undefined when it is fine: a required text or date field must
 * not be blank; a date is a real calendar day written YYYY-MM-DD (what a date input gives); a country is two letters.
 */
export function templateFieldError(
  field: TemplateField,
  value: TemplateValue | undefined,
): string | undefined {
  if (field.type === 'bool') return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return field.required ? whitelistMessages.templateFieldRequired(field.title) : undefined;
  if (field.name === 'legalName' && hasFormatCharacters(text)) return inputMessages.formatCharacters;
  if (field.type === 'date' && !isCalendarDay(text))
    return whitelistMessages.templateDateInvalid(field.title);
  if (field.type === 'country' && !/^[A-Za-z]{2}$/.test(text)) return ruleMessages.countryInvalid;
  return undefined;
}

function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
