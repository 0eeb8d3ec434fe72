import { pgTable, text, timestamp, integer, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Partitions users can pick when issuing (spec part 1: name = the partition value written on the chain as
 * bytes32, description = its descriptive name).
 */
export const partitions = pgTable(
  'partitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** bytes32 hex of the name as the token stores it. */
    value: text('value').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('partitions_name_key').on(table.name),
    uniqueIndex('partitions_value_key').on(table.value),
  ],
);
