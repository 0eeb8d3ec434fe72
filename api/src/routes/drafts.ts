// Drafts (part 2): this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import { z } from 'zod';
import {
  createDraftRequestSchema,
  createDraftResponseSchema,
  deployDraftRequestSchema,
  deployDraftResponseSchema,
  draftSchema,
  draftSymbolParamsSchema,
} from '../schemas/drafts.ts';
import { codebaseListParamsSchema, codebaseListSchema } from '../schemas/codebases.ts';
import { type GroupRoutes, part2, route } from './define.ts';

export const draftsRoutes = {
  getDraft: route('getDraft', {
    spec: part2,
    summary: 'A token draft of the calling account, with its investors and their issuance status',
    params: draftSymbolParamsSchema,
    response: draftSchema,
  }),
  createDraft: route('createDraft', {
    spec: part2,
    summary: 'Save token drafts (a saved, undeployed draft of the same symbol is replaced)',
    body: createDraftRequestSchema,
    response: createDraftResponseSchema,
  }),
  deployDraft: route('deployDraft', {
    spec: part2,
    summary: 'Start the durable deployment job of a draft: deploy the token, then issue to every investor',
    body: deployDraftRequestSchema,
    response: deployDraftResponseSchema,
  }),
  deleteDraft: route('deleteDraft', {
    spec: part2,
    summary: 'Delete a draft that is not deployed',
    params: draftSymbolParamsSchema,
    response: z.null(),
  }),
  listCodebases: route('listCodebases', {
    spec: part2,
    summary: 'Codebases of a type (1 tokens, 2 whitelists, 3 security schemes)',
    params: codebaseListParamsSchema,
    response: codebaseListSchema,
  }),
} satisfies GroupRoutes<'drafts'>;
