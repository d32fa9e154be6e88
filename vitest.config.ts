import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure rules, no database) and `api` (the app on a real database per file:
 * PGlite by default, PostgreSQL when TEST_DATABASE_URL is set; scripts/test.mjs runs both).
 */
export default defineConfig({
  test: {
    // The API suites mostly wait on the database and on streams: at least two files at once even on a
    // two-core machine (Vitest's default would run one).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/extension/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'src/server/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/**/*.unit.test.ts'],
          environment: 'node',
          // Hang detectors only, never a speed check: a busy CI machine may run a test several times
          // slower than a quiet one, and a test that waits for a state waits as long as it takes.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        // Whole-system suites: their own PostgreSQL clusters and server processes; run once by npm test.
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          environment: 'node',
          testTimeout: 360_000,
          hookTimeout: 360_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
