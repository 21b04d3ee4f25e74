import { defineConfig } from 'vitest/config';

/** `npm run test:slow`: the deeper, multi-seed and full-scale tests (run by .ci/run after `npm test`). */
export default defineConfig({
  test: {
    include: ['test/slow/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Two cores here: run two test files at once (vitest's default leaves one core free).
    maxWorkers: 2,
  },
});
