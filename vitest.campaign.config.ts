import { defineConfig } from 'vitest/config';

/**
 * `npm run test:campaign`: the portfolio's campaign, plain `check` (the 30 s portfolio) on 10 seeds for
 * every row of the safeguard table and the swarm alone likewise. Hours on two cores, so not in CI: the slow suite
 * runs seed 1 of each row (test/slow/portfolio.test.ts).
 */
export default defineConfig({
  test: {
    include: ['test/campaign/**/*.test.ts'],
    testTimeout: 3_600_000,
    maxWorkers: 1,
  },
});
