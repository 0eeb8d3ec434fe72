import { z } from 'zod';
import { inputMessages } from '../messages.ts';

/** GET /codebase/list/{type}: 1 tokens, 2 whitelists, 3 security schemes. */
export const codebaseListParamsSchema = z.object({
  type: z.coerce
    .number({ error: inputMessages.codebaseTypeInvalid })
    .int(inputMessages.codebaseTypeInvalid)
    .min(1, inputMessages.codebaseTypeInvalid)
    .max(3, inputMessages.codebaseTypeInvalid),
});

export const codebaseSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  /** The codebase a new draft is given (token codebases); absent: the newest (the last) is. */
  default: z.boolean().optional(),
});
export type Codebase = z.infer<typeof codebaseSchema>;
/** Oldest first: the last entry is the newest (the default for drafts unless an entry says `default`). */
export const codebaseListSchema = z.array(codebaseSchema);
