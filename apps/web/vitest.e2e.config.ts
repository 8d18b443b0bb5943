import { defineConfig } from 'vitest/config';

// Browser stories: the built console, a real server and headless Chromium (ARCHITECTURE §9).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
