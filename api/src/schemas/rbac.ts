import { z } from 'zod';
import { idField, nameField } from './fields.ts';
import { accessRightsMessages, schemeMessages, tokenV2Messages } from '../messages.ts';
import { addressField } from './credentials.ts';

/** Ours: the spec gives no texts for these server answers. */
export const rbacMessages = {
  schemeInvalid: 'The address of the security scheme is invalid',
  schemeRequired: 'The address of the security scheme is required',
  accountRequired: 'The address of your wallet is required',
  accountInvalid: 'The address of your wallet is invalid',
  targetRequired: accessRightsMessages.walletRequired,
  targetInvalid: accessRightsMessages.walletInvalid,
  assetRequired: 'The asset id is required',
  assetInvalid: 'The asset id is invalid',
  nameTooLong: 'The name of the security scheme should be at most 100 characters long',
  txMode1: 'txMode must be 1 (build a deployment)',
  txMode2: 'txMode must be 2 (server-signed operation)',
  unknownScheme: (address: string) => `The security scheme ${address} is not registered on this platform`,
  notAScheme: (address: string) => `The contract at ${address} is not a security scheme of this platform`,
  unknownCodebase: 'The codebase (smart contract) is unknown',
  alreadyOperator: 'The address is a security manager already',
  notOperator: 'The address is not a security manager',
  alreadyLevel1: 'The address has access level #1 already',
  notLevel1: 'The address does not have access level #1',
  alreadyLevel2: 'The address has access level #2 already',
  notLevel2: 'The address does not have access level #2',
  alreadyRegistered: 'This security scheme is registered already',
  // Handing a version 2 scheme to a new owner (issue 35: the scheme's owner rotates like the token's).
  ownershipNeedsV2:
    'This security scheme is on version 1, whose owner cannot be changed: deploy a new scheme on version 2 to hand it over later',
  notOwner: 'Only the owner of the security scheme can do this',
  notPendingOwner: 'Only the proposed owner can accept the ownership of the security scheme',
  noPendingOwner: 'Nobody has been proposed as the new owner of this security scheme',
  newOwnerIsOwner: 'This address already owns the security scheme',
} as const;

const address = (required: string, invalid: string) => addressField(required, invalid);
const assetId = z
  .string({ error: rbacMessages.assetRequired })
  .trim()
  .min(1, rbacMessages.assetRequired)
  .regex(/^0x[0-9a-fA-F]{64}$/, rbacMessages.assetInvalid)
  .transform((value) => value.toLowerCase());
const codebaseId = idField({ invalid: schemeMessages.codebaseRequired });
const schemeName = nameField({ required: schemeMessages.nameRequired })
  .trim()
  .min(1, schemeMessages.nameRequired)
  .max(100, rbacMessages.nameTooLong);

/** The scheme codebase whose owner hands over in two steps (SecuritySchemeV2): its owner routes and the console's form. */
export const schemeV2CodebaseId = 2;

export const schemeListItemSchema = z.object({
  securitySchemeAddress: z.string(),
  schemeName: z.string(),
  ownerAddress: z.string(),
  codebaseId: z.number().int(),
});
export const schemeListSchema = z.array(schemeListItemSchema);
export type SchemeListItem = z.infer<typeof schemeListItemSchema>;

export const schemeDetailSchema = z.object({
  schemeName: z.string(),
  securitySchemeAddress: z.string(),
  codebaseId: z.number().int(),
  contractAbi: z.array(z.unknown()),
  ownerAddress: z.string(),
  assetId: z.string(),
  /** Version 2 schemes: the owner proposed by transferOwnership until it accepts; null when none (or version 1). */
  pendingOwnerAddress: z.string().nullable(),
});
export type SchemeDetail = z.infer<typeof schemeDetailSchema>;

export const contractAddressParamsSchema = z.object({
  contractAddress: address(rbacMessages.schemeRequired, rbacMessages.schemeInvalid),
});

/** The form of the 'New permissions scheme' tab (part 1, section 5). */
export const schemeFormSchema = z.object({
  schemeName,
  codebaseId,
  ownerAddress: address(schemeMessages.ownerRequired, accessRightsMessages.walletInvalid),
});

/** Unsigned deployment data for the caller's wallet. */
export const txDataSchema = z.object({ from: z.string(), data: z.string() });
export const deployTxResponseSchema = z.object({ txData: txDataSchema });

export const rbacDeployTxRequestSchema = schemeFormSchema.extend({
  txMode: z.literal(1, rbacMessages.txMode1),
  accountAddress: address(rbacMessages.accountRequired, rbacMessages.accountInvalid),
});
export type RbacDeployTxRequest = z.input<typeof rbacDeployTxRequestSchema>;

export const registerSchemeRequestSchema = z.object({
  securitySchemeAddress: address(rbacMessages.schemeRequired, rbacMessages.schemeInvalid),
  schemeName,
  codebaseId,
  /** Optional: the deployment's hash, kept with the scheme. */
  transactionHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
});
export type RegisterSchemeRequest = z.input<typeof registerSchemeRequestSchema>;

export const assetResponseSchema = z.object({ asset: z.string() });

export const checkOperatorParamsSchema = z.object({
  address: address(rbacMessages.targetRequired, rbacMessages.targetInvalid),
  asset: assetId,
  contractAddress: address(rbacMessages.schemeRequired, rbacMessages.schemeInvalid),
});
export const checkLevelParamsSchema = z.object({
  address: address(rbacMessages.targetRequired, rbacMessages.targetInvalid),
  contractAddress: address(rbacMessages.schemeRequired, rbacMessages.schemeInvalid),
});

const signedBase = {
  targetAddress: address(rbacMessages.targetRequired, rbacMessages.targetInvalid),
  securitySchemeAddress: address(rbacMessages.schemeRequired, rbacMessages.schemeInvalid),
  accountAddress: address(rbacMessages.accountRequired, rbacMessages.accountInvalid),
  txMode: z.literal(2, rbacMessages.txMode2),
};
export const operatorChangeRequestSchema = z.object({ ...signedBase, asset: assetId });
export type OperatorChangeRequest = z.input<typeof operatorChangeRequestSchema>;
export const levelChangeRequestSchema = z.object(signedBase);
export type LevelChangeRequest = z.input<typeof levelChangeRequestSchema>;

export const transactionHashResponseSchema = z.object({ transactionHash: z.string() });

/** The access rights form (part 1, section 5). */
export const accessRightsFormSchema = z.object({
  walletAddress: address(accessRightsMessages.walletRequired, accessRightsMessages.walletInvalid),
});

/** Parsed request bodies, as the server receives them. */
export type RegisterSchemeBody = z.output<typeof registerSchemeRequestSchema>;
export type OperatorChangeBody = z.output<typeof operatorChangeRequestSchema>;
export type LevelChangeBody = z.output<typeof levelChangeRequestSchema>;

/** POST /rbac/owner/propose: the scheme's owner (a version 2 scheme) proposes a new owner, who accepts to take over. */
export const proposeSchemeOwnerRequestSchema = z.object({
  securitySchemeAddress: address(rbacMessages.schemeRequired, rbacMessages.schemeInvalid),
  accountAddress: address(rbacMessages.accountRequired, rbacMessages.accountInvalid),
  txMode: z.literal(2, rbacMessages.txMode2),
  newOwner: address(tokenV2Messages.newOwnerRequired, tokenV2Messages.newOwnerInvalid),
});
export type ProposeSchemeOwnerRequest = z.input<typeof proposeSchemeOwnerRequestSchema>;

/** POST /rbac/owner/accept: the proposed owner takes the scheme over. */
export const acceptSchemeOwnerRequestSchema = proposeSchemeOwnerRequestSchema.omit({ newOwner: true });
export type AcceptSchemeOwnerRequest = z.input<typeof acceptSchemeOwnerRequestSchema>;

/** One account holding a right in a scheme, as its events left it (GET /rbac/roles/{contractAddress}). */
export const schemeRoleHolderSchema = z.object({
  address: z.string(),
  /** The legal name of the address in a whitelist of this scheme whose records the viewer may see; else null. */
  name: z.string().nullable(),
  isOwner: z.boolean(),
  isOperator: z.boolean(),
  level1: z.boolean(),
  level2: z.boolean(),
  /** The last grant or revocation of this account's rights (null for an owner who was never granted one). */
  lastChange: z
    .object({
      event: z.string(),
      blockNumber: z.number().int(),
      /** ISO 8601 time of the block. */
      at: z.string(),
      transactionHash: z.string(),
      by: z.string(),
    })
    .nullable(),
});
export type SchemeRoleHolder = z.infer<typeof schemeRoleHolderSchema>;

/** GET /rbac/roles/{contractAddress}: the scheme's owner and every account holding OP, Level 1 or Level 2. */
export const schemeRolesSchema = z.object({
  /** The block the scheme's events are indexed to (null before the first pass). */
  indexedBlock: z.number().int().nullable(),
  holders: z.array(schemeRoleHolderSchema),
});
export type SchemeRoles = z.infer<typeof schemeRolesSchema>;
