import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
          exclude: ['apps/server/src/test/**', '**/node_modules/**'],
          setupFiles: ['apps/server/src/test/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/test/api/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: ['apps/server/src/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
