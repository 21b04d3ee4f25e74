import { defineConfig } from 'vitest/config';
import { TablesFirst } from './test/slow/sequencer.js';

/**
 * `npm run test:deep`: the slow suite with what CI cannot afford (hours on two cores; run before a release and after a
 * change to the model's rules): every release of the searches that hold at the depth of a fixed counterexample, the
 * differential test at full scale, and test/deep/.
 */
export default defineConfig({
  test: {
    include: ['test/slow/**/*.test.ts', 'test/deep/**/*.test.ts'],
    provide: { tier: 'deep' },
    testTimeout: 3_600_000,
    hookTimeout: 3_600_000,
    maxWorkers: 2,
    sequence: { sequencer: TablesFirst },
  },
});
