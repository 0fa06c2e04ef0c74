import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
          // A bound for a busy 2-core machine (CI's may share it), never a wait: these tests take milliseconds.
          testTimeout: 60_000,
          exclude: ['apps/server/src/test/**', '**/node_modules/**'],
          setupFiles: ['apps/server/src/test/fail-on-console-error.ts'],
        },
      },
      {
        // Component tests of the web app: React components in jsdom, driven as a user would.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Typing into jsdom takes seconds on a busy machine: a bound, not a wait.
          testTimeout: 60_000,
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
