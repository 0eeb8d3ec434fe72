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

export const codebaseSchema = z.object({ id: z.number().int(), description: z.string() });
export type Codebase = z.infer<typeof codebaseSchema>;
/** Oldest first: the last entry is the newest (the default for drafts). */
export const codebaseListSchema = z.array(codebaseSchema);
