/**
 * The two suites above `npm test`: `npm run test:slow` (in CI, on a budget) and `npm run test:deep` (the slow suite
 * again with every release, every depth of the old traces and the differential test at full scale, plus
 * test/deep/). A test that only the deep suite can afford is registered with `deepTest`; the slow suite lists it as
 * skipped, so a reader of its output sees what it leaves to the deep one.
 */
import { describe, inject, test } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which suite runs: set by vitest.deep.config.ts; absent in the fast and the slow suite. */
    tier: 'deep';
  }
}

/** Whether the deep suite runs this file. */
export const deep: boolean = inject('tier') === 'deep';

/** A test the deep suite runs and the slow suite skips. */
export const deepTest = test.runIf(deep);

/** A group of tests the deep suite runs and the slow suite skips. */
export const deepDescribe = describe.runIf(deep);
