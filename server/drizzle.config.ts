import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core tables plus one optional schema.ts per domain module.
  schema: ['./src/db/schema.ts', './src/modules/*/schema.ts'],
  out: './drizzle',
});
