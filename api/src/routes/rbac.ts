// Security schemes and access rights (part 1): this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import { z } from 'zod';
import {
  assetResponseSchema,
  checkLevelParamsSchema,
  checkOperatorParamsSchema,
  contractAddressParamsSchema,
  deployTxResponseSchema,
  levelChangeRequestSchema,
  acceptSchemeOwnerRequestSchema,
  operatorChangeRequestSchema,
  proposeSchemeOwnerRequestSchema,
  rbacDeployTxRequestSchema,
  registerSchemeRequestSchema,
  schemeDetailSchema,
  schemeListSchema,
  schemeRolesSchema,
  transactionHashResponseSchema,
} from '../schemas/rbac.ts';
import { type GroupRoutes, part1, route } from './define.ts';

export const rbacRoutes = {
  listSchemes: route('listSchemes', {
    spec: part1,
    summary: 'Security schemes',
    response: schemeListSchema,
  }),
  getSchemeOfContract: route('getSchemeOfContract', {
    spec: part1,
    summary: 'The security scheme of a contract',
    params: contractAddressParamsSchema,
    response: schemeDetailSchema,
  }),
  listSchemeRoles: route('listSchemeRoles', {
    spec: 'tranche',
    summary: "The scheme's owner and every holder of OP, Level 1 or Level 2, from its indexed events",
    params: contractAddressParamsSchema,
    response: schemeRolesSchema,
  }),
  getSchemeAsset: route('getSchemeAsset', {
    spec: part1,
    summary: 'The asset id of a contract in its scheme',
    params: contractAddressParamsSchema,
    response: assetResponseSchema,
  }),
  rbacDeployTx: route('rbacDeployTx', {
    spec: part1,
    summary: 'Build the unsigned security scheme deployment',
    body: rbacDeployTxRequestSchema,
    response: deployTxResponseSchema,
  }),
  registerScheme: route('registerScheme', {
    spec: part1,
    summary: 'Register a deployed security scheme (by an account controlling its owner or deployer)',
    body: registerSchemeRequestSchema,
    response: z.null(),
  }),
  checkOperator: route('checkOperator', {
    spec: part1,
    summary: 'Is the address a security manager (OP)',
    params: checkOperatorParamsSchema,
    response: z.boolean(),
  }),
  checkLevel1: route('checkLevel1', {
    spec: part1,
    summary: 'Has the address access level 1',
    params: checkLevelParamsSchema,
    response: z.boolean(),
  }),
  checkLevel2: route('checkLevel2', {
    spec: part1,
    summary: 'Has the address access level 2',
    params: checkLevelParamsSchema,
    response: z.boolean(),
  }),
  grantOperator: route('grantOperator', {
    spec: part1,
    summary: 'Grant the security manager right',
    body: operatorChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  revokeOperator: route('revokeOperator', {
    spec: part1,
    summary: 'Revoke the security manager right',
    body: operatorChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  grantLevel1: route('grantLevel1', {
    spec: part1,
    summary: 'Grant access level 1',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  revokeLevel1: route('revokeLevel1', {
    spec: part1,
    summary: 'Revoke access level 1',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  grantLevel2: route('grantLevel2', {
    spec: part1,
    summary: 'Grant access level 2',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  revokeLevel2: route('revokeLevel2', {
    spec: part1,
    summary: 'Revoke access level 2',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  proposeSchemeOwner: route('proposeSchemeOwner', {
    spec: 'tranche',
    summary: 'Propose a new owner of a version 2 security scheme (it accepts to take over)',
    body: proposeSchemeOwnerRequestSchema,
    response: transactionHashResponseSchema,
  }),
  acceptSchemeOwner: route('acceptSchemeOwner', {
    spec: 'tranche',
    summary: 'Accept the ownership of a version 2 security scheme (the proposed owner)',
    body: acceptSchemeOwnerRequestSchema,
    response: transactionHashResponseSchema,
  }),
} satisfies GroupRoutes<'rbac'>;
