import { z } from 'zod';

/** GET /codebase/list/{type}: 1 tokens, 2 whitelists, 3 security schemes. */
export const codebaseListParamsSchema = z.object({
  type: z.coerce
    .number({ error: 'The codebase type must be 1, 2 or 3' })
    .int('The codebase type must be 1, 2 or 3')
    .min(1, 'The codebase type must be 1, 2 or 3')
    .max(3, 'The codebase type must be 1, 2 or 3'),
});

export const codebaseSchema = z.object({ id: z.number().int(), description: z.string() });
export type Codebase = z.infer<typeof codebaseSchema>;
/** Oldest first: the last entry is the newest (the default for drafts). */
export const codebaseListSchema = z.array(codebaseSchema);
