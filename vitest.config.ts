import { defineConfig } from 'vitest/config';

// Two cores on CI: two test files at a time, each in its own process (PGlite and argon2 are CPU-bound).
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      'packages/contracts',
      'apps/simulator',
      'apps/server',
      'apps/web',
      'apps/web/vitest.e2e.config.ts',
    ],
  },
});
