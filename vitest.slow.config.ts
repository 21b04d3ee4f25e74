import { defineConfig } from 'vitest/config';
import { TablesFirst } from './test/slow/sequencer.js';

/** `npm run test:slow`: the deeper, multi-seed and full-scale tests (run by .ci/run after `npm test`). */
export default defineConfig({
  test: {
    include: ['test/slow/**/*.test.ts'],
    // Deep searches: half an hour each leaves a busy machine room; a hang still ends.
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
    // Two cores here: run two test files at once (vitest's default leaves one core free).
    maxWorkers: 2,
    // The long tables start first, so the two workers end together.
    sequence: { sequencer: TablesFirst },
  },
});
