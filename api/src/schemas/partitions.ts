import { z } from 'zod';
import { textField } from './fields.ts';
import { partitionMessages } from '../messages.ts';

/** A partition value is written on the chain as a bytes32 string: at most 31 UTF-8 bytes. */
export const maxPartitionBytes = 31;

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Partition (spec part 1, section 3): name is the value, description the descriptive name. */
export const partitionSchema = z.object({ name: z.string(), description: z.string() });
export type Partition = z.output<typeof partitionSchema>;
export const partitionListSchema = z.array(partitionSchema);

export const partitionValueSchema = textField({ required: partitionMessages.valueRequired })
  .trim()
  .min(1, partitionMessages.valueRequired)
  .refine((value) => utf8Length(value) <= maxPartitionBytes, partitionMessages.valueTooLong);

/** POST /partitions and the nested 'create new partition' form. */
export const createPartitionRequestSchema = z.object({
  name: partitionValueSchema,
  description: textField({ required: partitionMessages.descriptionRequired })
    .trim()
    .min(1, partitionMessages.descriptionRequired)
    .max(200, partitionMessages.descriptionTooLong),
});
export type CreatePartitionRequest = z.input<typeof createPartitionRequestSchema>;
