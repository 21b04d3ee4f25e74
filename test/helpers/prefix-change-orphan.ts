/**
 * FLINK-40626's prefix-change orphan under POOLING, as the exhaustive search and the plain check both find it: the
 * violation, and what a replay of its 43 steps shows (LISTING keeps the reused flink-0-0 as pre-committed, the
 * committer's re-commit is fenced).
 */

/** The violation: flink-0-0's new transaction left open until transaction.timeout.ms. */
export const orphanViolation = {
  invariant: 'no-hanging-transaction',
  message:
    'out-0: the transaction of flink-0-0 from offset 3 was never ended by the job: the coordinator aborted it ' +
    'after transaction.timeout.ms (open from 4.0 s to 64.0 s, the LSO held at 3 meanwhile)',
};

/** The trace's length. */
export const orphanSteps = 43;

/**
 * Events of the trace: LISTING keeps flink-0-0, and the re-commit is fenced. Checkpoint 1's transaction did end
 * committed before the crash: the fenced re-commit loses nothing.
 */
export const orphanEvents = [
  { type: 'listed', kept: ['flink-0-0'] },
  { type: 'commit-failed', checkpoint: 1, transactionalId: 'flink-0-0', error: 'PRODUCER_FENCED', committed: true },
];
