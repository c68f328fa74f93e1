import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one idle, and the server tests wait on their databases as much as they compute.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // PostgreSQL-only tests (a replica, point-in-time recovery) run their own cluster in the PostgreSQL pass,
          // once; the embedded pass leaves them to it. Embedded-only tests (the data folder's lock: servers and
          // commands on a folder of their own, whatever DATABASE_URL says) run in the embedded pass, once.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.DATABASE_URL ? ['**/*.embedded.test.ts'] : ['**/*.postgres.test.ts']),
          ],
          environment: 'node',
          setupFiles: ['apps/server/src/test/setup.ts'],
          // Migrated and seeded template databases, made once; each file's database is a copy of one.
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Each file builds its own app on its own database.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
    ],
  },
});
