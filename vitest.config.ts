import { defineConfig } from 'vitest/config';

// One runner, several projects: `vitest run --project server` runs the server suite alone
// (CI runs it twice: on PGlite and with TEST_DATABASE_URL on PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'zalo', include: ['packages/zalo/src/**/*.test.ts', 'apps/zalo-sandbox/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'] } },
      { test: { name: 'sdk', include: ['packages/sdk/src/**/*.test.ts'] } },
      { test: { name: 'mini-app', include: ['apps/mini-app/src/**/*.test.ts'] } },
    ],
  },
});
