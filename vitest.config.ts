// Unit tests (core, web helpers) and API tests (server). API tests run on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set. Playwright specs in e2e/ are not collected here (npm run test:e2e).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { localeParts } from './web/locale-parts';

const apiProject = (driver: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${driver}`,
    include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
    // These do not touch the test database: once is enough.
    exclude:
      driver === 'postgres'
        ? ['server/src/db/lock.test.ts', 'server/src/config.test.ts', 'server/src/plugins/web.test.ts']
        : [],
    env: { QK_TEST_DB: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest takes cores − 1 workers: one on CI's two cores, where API files mostly wait on
    // PostgreSQL or PGlite's I/O; two overlap that wait (decision 054).
    ...(process.env.CI ? { maxWorkers: 2 } : {}),
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], testTimeout: 30_000 } },
      // Pure web helpers (no DOM); screens are covered by the Playwright journeys.
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
        test: { name: 'web', include: ['web/src/**/*.test.ts'] },
      },
      // Component tests (Testing Library in jsdom), e.g. the markdown editor.
      {
        plugins: [localeParts(fileURLToPath(new URL('./core/locales', import.meta.url)))],
        resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
        test: {
          name: 'web-components',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          // A fight screen's test renders every row in jsdom: a few seconds alone, more beside the
          // API files on CI's two cores; 5 s timed out there.
          testTimeout: 20_000,
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
