import { defineConfig } from 'vitest/config';

/** `npm run test:slow`: the deeper, multi-seed and full-scale tests (run by .ci/run after `npm test`). */
export default defineConfig({
  test: {
    include: ['test/slow/**/*.test.ts'],
    // Deep searches: half an hour each leaves a busy machine room; a hang still ends.
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
    // Two cores here: run two test files at once (vitest's default leaves one core free).
    maxWorkers: 2,
  },
});
