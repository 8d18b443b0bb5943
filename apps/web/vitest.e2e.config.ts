import { defineConfig } from 'vitest/config';

// Browser stories: the built console, a real server and headless Chromium (ARCHITECTURE §9).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll's 1 s default is too short for a page on a loaded 2-vCPU CI machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
