import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/slow/**', 'test/deep/**', 'test/campaign/**', 'node_modules/**'],
    // A test asserts states, traces and verdicts, never durations: five minutes leaves a busy machine room, and a test
    // about a timeout takes an injected clock instead.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Two cores here: run two test files at once (vitest's default leaves one core free).
    maxWorkers: 2,
    // The test files share their worker's loaded modules instead of loading the models, the engine and the CLI again
    // for each of a hundred files: a third of the suite's CPU time. No test mocks a module or changes a global, and
    // the model's caches are keyed by what they depend on, so a file sees the same modules either way.
    isolate: false,
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
