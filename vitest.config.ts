import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['api', 'contracts', 'server', 'ui-kit', 'console'],
    // One worker per core, not Vitest's default of one fewer: the slow files (crash tables, webhooks, bulk, Hardhat)
    // spend most of their time waiting for a server process or a chain they started, so a second file runs beside
    // them on a 2-core machine. The jsdom projects allow for such a neighbour in their test timeout.
    // VITEST_MAX_WORKERS overrides it.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
