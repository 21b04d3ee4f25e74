import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/slow/**', 'test/campaign/**', 'node_modules/**'],
    // A test asserts states, traces and verdicts, never durations: five minutes leaves a busy machine room, and a test
    // about a timeout takes an injected clock instead.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Two cores here: run two test files at once (vitest's default leaves one core free).
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: [
        'model/**',
        'properties/**',
        'check/**',
        'catalog/**',
        'traces/**',
        'scenarios/**',
        'cli/**',
        'util/**',
        'verify/**',
      ],
      reporter: ['text-summary', 'html'],
    },
  },
});
