/**
 * The `--set` keys of `flink-kafka` (Flink's and the Kafka connector's own names where they have
 * one) and its typed config. Defaults are the safe configuration.
 */
import { bool, type ConfigOf, int, oneOf, text, withDefault } from '../core/keys.js';
import { kafkaKeys } from '../kafka/keys.js';
import { CONNECTOR_VERSIONS, connectorReleaseOf, NEWEST_CONNECTOR } from './connector.js';
import {
  ACCEPTED_FLINK_RELEASES,
  builtAgainst,
  commitRetryOf,
  FLINK_VERSION_PATTERN,
  flinkRelease,
} from './flink-release.js';

const k = kafkaKeys;

/** Integer.MAX_VALUE: exponential-delay's default attempts before a backoff reset, which never run out. */
export const UNBOUNDED_ATTEMPTS = 2_147_483_647;

/** The keys of `flink-kafka`, by field. */
export const flinkKafkaKeys = {
  kafkaVersion: k.kafkaVersion,
  // Before the keys whose defaults it sets.
  connectorVersion: oneOf('connector.version', CONNECTOR_VERSIONS, {
    default: NEWEST_CONNECTOR,
    meaning:
      'the flink-connector-kafka release: before 3.3 a send error the writer callback saw is swallowed ' +
      '(FLINK-35749, safeguard.propagate-send-errors defaults to false); sink.transaction-naming-strategy from 4.0',
    realDefault: "none: it is the connector release your job's build or image carries",
  }),
  // After connector.version, whose build names its default; before the keys whose defaults it sets.
  flinkVersion: text('flink.version', {
    default: builtAgainst(NEWEST_CONNECTOR),
    derive: {
      follows: 'connector.version',
      value: (get) => builtAgainst(CONNECTOR_VERSIONS.find((v) => v === get('connector.version')) ?? NEWEST_CONNECTOR),
    },
    pattern: FLINK_VERSION_PATTERN,
    accepted: ACCEPTED_FLINK_RELEASES,
    meaning:
      "the Flink release the job runs on (by default the one connector.version's build names: 3.4 1.20.0, 4.0 " +
      '2.0.0, 5.0 2.1.0); it sets flink.commit-retry. Connectors 3.x run on Flink 1.x, 4.0 and later on 2.x',
    realDefault: "none: it is your cluster's release, which its image or distribution names",
  }),
  isolationLevel: k.isolationLevel,
  transactionVersion: k.transactionVersion,
  verification: k.verification,
  transactionTimeoutMs: withDefault(
    k.transactionTimeoutMs,
    60000,
    'the KafkaSink sets 1 hour when unset (the Kafka producer default is 60000), which a broker refuses above ' +
      'its transaction.max.timeout.ms (15 minutes by default); it must exceed the longest checkpoint plus restart',
  ),
  transactionMaxTimeoutMs: int('transaction.max.timeout.ms', {
    default: 900_000,
    min: 1,
    max: 3_600_000,
    meaning:
      "the broker's largest transaction timeout: an InitProducerId asking for more is refused " +
      '(INVALID_TRANSACTION_TIMEOUT) and the sink cannot start',
  }),
  expiryScanIntervalMs: int('transactions.abort.timed.out.transaction.cleanup.interval.ms', {
    default: 1,
    min: 1,
    max: 3_600_000,
    meaning:
      'how often the transaction coordinator scans for transactions past their timeout (from t=0): a timed-out ' +
      'transaction is aborted at the first scan at or after its deadline (1: at the deadline)',
    realDefault: "Kafka's default is 10000",
  }),
  twoPhaseCommit: bool('transaction.two.phase.commit.enable', {
    default: false,
    meaning:
      "KIP-939, hypothetical (in no Kafka release up to 4.2 nor any connector): the sink's transactions never time " +
      'out, so only the job ends them (a lingering one hangs until it does)',
  }),
  deliveryGuarantee: oneOf('sink.delivery-guarantee', ['none', 'at-least-once', 'exactly-once'], {
    default: 'exactly-once',
    meaning:
      'none: buffered writes, never flushed on a checkpoint; at-least-once: flush before the checkpoint ' +
      'completes; exactly-once: one Kafka transaction per checkpoint, committed on the completion notice',
    realDefault: "the Kafka SQL connector's default is at-least-once",
  }),
  checkpointingMode: oneOf('execution.checkpointing.mode', ['EXACTLY_ONCE', 'AT_LEAST_ONCE'], {
    default: 'EXACTLY_ONCE',
    meaning:
      'EXACTLY_ONCE aligns barriers at a multi-input operator (an input that delivered the barrier is blocked ' +
      'until all have); AT_LEAST_ONCE goes on processing it (barrier tracking, CheckpointBarrierTracker; not ' +
      "Flink's unaligned checkpoints, which stay exactly-once)",
  }),
  unaligned: bool('execution.checkpointing.unaligned.enabled', {
    default: false,
    meaning:
      "unaligned checkpoints: a multi-input operator snapshots at an input's first barrier and keeps the records " +
      'the barrier overtook on the other inputs as channel state, replayed on restore (EXACTLY_ONCE only: with ' +
      'AT_LEAST_ONCE Flink warns and switches them off)',
  }),
  alignedTimeoutMs: int('execution.checkpointing.aligned-checkpoint-timeout', {
    default: 0,
    min: 0,
    max: 3_600_000,
    meaning:
      'with unaligned checkpoints: 0 snapshots unaligned from the first barrier; above 0 a checkpoint starts aligned ' +
      'and switches to unaligned once this long has passed since its trigger (SingleCheckpointBarrierHandler, ' +
      'AlternatingCollectingBarriers)',
  }),
  checkpointing: bool('checkpointing.enabled', {
    default: true,
    meaning:
      'false: execution.checkpointing.interval unset, so the coordinator triggers no checkpoint ' +
      '(CheckpointConfig.isCheckpointingEnabled is false); the exactly-once KafkaSink pre-commits only at end of ' +
      'input (scan.bounded.mode), and an unbounded job never commits',
    realDefault: "Flink's default is false: execution.checkpointing.interval has no default",
  }),
  boundedMode: oneOf('scan.bounded.mode', ['unbounded', 'specific-offsets'], {
    default: 'unbounded',
    meaning:
      'unbounded (KafkaSource without setBounded): the job never reaches its end of input, and input.records is ' +
      "only the model's budget of arrivals; specific-offsets (setBounded at offset input.records): the sources " +
      'end there, endInput flushes and pre-commits, and without checkpointing CommitterOperator.endInput commits ' +
      'everything (with checkpointing the last checkpoint does)',
  }),
  checkpointIntervalMs: int('execution.checkpointing.interval', {
    default: 2000,
    realDefault: 'Flink has no default: unset, checkpointing is off (checkpointing.enabled=false)',
    // From 0 so that Flink's own refusal below 10 ms (`refusal` in model.ts) answers 0 too.
    min: 0,
    max: 3_600_000,
    meaning:
      'the checkpoint coordinator triggers a checkpoint every this many ms of logical time (on a fixed grid); ' +
      'Flink refuses an interval below 10',
  }),
  checkpointTimeoutMs: int('execution.checkpointing.timeout', {
    default: 600_000,
    min: 1,
    max: 3_600_000,
    meaning:
      'a checkpoint still pending this long after its trigger expires (CheckpointCoordinator.CheckpointCanceller): ' +
      'aborted, notifyCheckpointAborted, a failed checkpoint',
  }),
  minPauseMs: int('execution.checkpointing.min-pause', {
    default: 0,
    min: 0,
    max: 3_600_000,
    meaning:
      'a periodic checkpoint is not triggered sooner than this after the last one completed ' +
      '(CheckpointRequestDecider: skipped and taken once the pause is over)',
  }),
  maxConcurrent: int('execution.checkpointing.max-concurrent-checkpoints', {
    default: 1,
    min: 1,
    max: 3,
    meaning:
      'checkpoints that may be pending at once (CheckpointRequestDecider: no periodic trigger while this many are ' +
      'pending); a completed checkpoint subsumes the older pending ones, and its notification commits every ' +
      'committable up to it',
  }),
  initialDelay: oneOf('faults.checkpoint-initial-delay', ['interval', 'min-pause', 'both'], {
    default: 'interval',
    meaning:
      'the first checkpoint after a (re)start, which Flink draws at random from [min-pause, interval] ' +
      '(CheckpointCoordinator.getRandomInitDelay): interval after it, min-pause after it, or both extremes explored',
  }),
  tolerableFailedCheckpoints: int('execution.checkpointing.tolerable-failed-checkpoints', {
    default: 0,
    min: 0,
    max: 5,
    meaning:
      'consecutive failed (expired or declined) checkpoints the job tolerates; one more fails the job ' +
      '(CheckpointFailureManager, "Exceeded checkpoint tolerable failure threshold")',
  }),
  slowCheckpoints: int('faults.slow-checkpoints', {
    default: 0,
    min: 0,
    max: 3,
    meaning:
      'most checkpoints in one run slowed by backpressure: the acknowledgement comes faults.slow-checkpoint.ms ' +
      'after the fault (the clock runs meanwhile); with max-concurrent-checkpoints above 1 the latest pending one is ' +
      'slowed, and a later one may complete first (asynchronous phases finish in any order)',
  }),
  slowCheckpointMs: int('faults.slow-checkpoint.ms', {
    default: 10_000,
    min: 1,
    max: 3_600_000,
    meaning: 'how long a slowed checkpoint takes to be acknowledged, from the slow-down',
  }),
  declinedCheckpoints: int('faults.declined-checkpoints', {
    default: 0,
    min: 0,
    max: 3,
    meaning:
      'most checkpoints in one run declined by a task (its asynchronous snapshot part fails: AsyncCheckpointRunnable ' +
      'declines with CHECKPOINT_ASYNC_EXCEPTION), aborted at once (CheckpointCoordinator.receiveDeclineMessage) and ' +
      'counted against tolerable-failed-checkpoints (one more fails the job over): a source task before the ' +
      "sink took the checkpoint's barrier (it is cancelled: the writer goes on in the same transaction), or the " +
      'sink after its snapshot (its pre-committed transaction waits for the next completed checkpoint)',
  }),
  inputs: oneOf('job.inputs', [1, 2], {
    default: 1,
    meaning: 'one Kafka input (source -> count -> sink), or a count operator reading two KafkaSources',
  }),
  parallelism: oneOf('parallelism.default', [1, 2, 3], {
    default: 1,
    meaning:
      "the job's parallelism P: P source subtasks (split i on subtask i mod P), a keyed exchange into P " +
      'count+sink subtasks (value v to subtask (v - 1) mod P), each sink subtask writing `<prefix>-<subtask>-<id>`',
  }),
  rescale: bool('faults.rescale', {
    default: false,
    meaning:
      'the job down restarts from its checkpoint with another parallelism (2 -> 1, 1 -> 2, 3 -> 2, then back), ' +
      "faults.rescales times at most; INCREMENTING's restored sink subtask s probes subtask ids s, s + P', ... (P' " +
      "the new parallelism) until one was never used; POOLING's owns the subtask ids of the writer states it restores",
  }),
  rescales: int('faults.rescales', {
    default: 1,
    min: 1,
    max: 3,
    meaning: 'with faults.rescale=true, the most restarts with another parallelism in one run (2: 2 -> 1 -> 2)',
  }),
  jobs: oneOf('jobs', [1, 2], {
    default: 1,
    meaning:
      'Flink jobs writing to `out`: 2 adds an independent second job (its own JobManager, TaskManager, ' +
      "input partition after job 1's, count operator and KafkaSink)",
  }),
  uniquePrefix: bool('safeguard.unique-transactional-id-prefix', {
    default: true,
    meaning:
      'with jobs=2, job 2 uses `<prefix>-job2` as its transactional-id prefix; false: both jobs use ' +
      'sink.transactional-id-prefix and fence each other (seed 000: a unique prefix per job is required); under ' +
      "POOLING unique is not enough: job 1's LISTING abort takes every open id starting with `<prefix>`, job 2's too",
  }),
  namingStrategy: oneOf('sink.transaction-naming-strategy', ['INCREMENTING', 'POOLING'], {
    default: 'INCREMENTING',
    meaning:
      'INCREMENTING: `<prefix>-<subtask>-<checkpoint id + 1>`, a lingering-transaction probe on restore (connector ' +
      '3.x, the 4.x default); POOLING: the lowest free `<prefix>-<subtask>-<n>` of each subtask pool, the ' +
      'LISTING abort on every start of each open transaction whose name starts with the prefix and whose subtask id ' +
      'it owns (connector 4.x: the owned subtask ids and their total kept in the writer state)',
  }),
  reinitPooled: bool('safeguard.reinit-pooled-producer', {
    default: true,
    meaning:
      'POOLING: a producer taken from the pool re-initialises (InitProducerId, a new epoch) before its next ' +
      'transaction (ProducerPoolImpl.getTransactionalProducer), so an old committable of that id is fenced',
  }),
  // Off by default: FLINK-40626's fix (apache/flink-connector-kafka PR 314, open) is in no release up to 5.0.0, whose
  // TransactionAbortStrategyImpl.LISTING skips every name in getPrecommittedTransactionalIds() by its name alone.
  abortSuperseded: bool('safeguard.abort-superseded-precommitted', {
    default: false,
    meaning:
      'FLINK-40626 proposed fix, in no connector release up to 5.0.0 (false is what they do): under POOLING ' +
      'LISTING also aborts a restored pre-committed id whose open transaction is not the one the ' +
      'restored state pre-committed (the id was committed, reused and opened again before the failure: another ' +
      "producer id or a newer epoch); false: it is skipped, the committer's re-commit is fenced and, after a " +
      'downscale (a secondary owned subtask id is never reused) or a prefix change, it stays open until ' +
      'transaction.timeout.ms (FLINK-40626)',
  }),
  abortLingering: bool('safeguard.abort-lingering-transactions', {
    default: true,
    meaning:
      'on restore the exactly-once sink aborts the transactions of checkpoint ids after the restored one ' +
      '(probing transactional.ids until an unused one)',
  }),
  flushOnCheckpoint: bool('safeguard.flush-on-checkpoint', {
    default: true,
    meaning:
      "the at-least-once writer flushes its producer and checks the sends' errors before its snapshot (KafkaWriter." +
      'flush from prepareSnapshotPreBarrier); false: the barrier overtakes unsent records, which the completed ' +
      'checkpoint then covers (the exactly-once commit flushes its transaction either way)',
  }),
  sendErrors: bool('faults.send-errors', {
    default: false,
    meaning:
      "one asynchronous send failure in a run: the record is dropped, the callback keeps the error, the writer's " +
      'next write, flush or mailbox check fails the task (KafkaWriter.checkAsyncException)',
  }),
  propagateSendErrors: bool('safeguard.propagate-send-errors', {
    default: true,
    derive: { follows: 'connector.version', value: (get) => connectorReleaseOf(get).propagatesSendErrors },
    meaning:
      "the writer callback's mailbox action rethrows a send error and fails the task (mailboxExecutor.execute, " +
      'FLINK-35749, connector 3.3+); false (3.0 to 3.2): mailboxExecutor.submit keeps the exception in a Future ' +
      'nobody reads after checkAsyncException cleared the error, so a checkpoint completes without the record',
  }),
  fillGaps: bool('safeguard.fill-transactional-id-gaps', {
    default: true,
    meaning:
      'INCREMENTING: the writer initialises every transactional.id a checkpoint that never reached it left unused ' +
      '(3.x KafkaWriter.getTransactionalProducer, 4.x TransactionNamingStrategyImpl.INCREMENTING), so the restore ' +
      'probe, which stops at the first unused id, reaches every id used after it; false: the ids skip the gap',
  }),
  prefixChange: bool('faults.prefix-change', {
    default: false,
    meaning:
      'once in a run, the job down is restarted with a new sink.transactional-id-prefix (`<prefix>-v2`); the ' +
      'restored sink also probes the old prefix, read from its writer state (KafkaWriter.abortLingeringTransactions)',
  }),
  restore: oneOf('faults.restore', ['latest', 'savepoint'], {
    default: 'latest',
    meaning:
      'latest: a restart restores the latest completed checkpoint; savepoint: once in a run, the job down may be ' +
      'restored from the completed checkpoint before it (an older savepoint; the checkpoint counter resets to its ' +
      'id + 1, CheckpointCoordinator.restoreSavepoint)',
  }),
  committerKnownFailures: bool('safeguard.committer-known-failures', {
    default: true,
    meaning:
      'KafkaCommitter drops a committable refused as fenced, in an invalid state or of an unknown producer (already ' +
      'committed and reused, or aborted) and goes on (FLINK-8086); false: it fails the task, which re-commits the ' +
      'same committable after the restore',
  }),
  savepoint: oneOf('faults.savepoint', ['none', 'intermediate', 'stop', 'cancel'], {
    default: 'none',
    meaning:
      'once in a run the operator takes a savepoint of the running job: intermediate (flink savepoint; the job ' +
      'runs on, and once it is down the operator may resume it from that savepoint when no checkpoint completed ' +
      'after it), stop (flink stop: a synchronous savepoint whose notifyCheckpointComplete commits the sink, ' +
      'then the job ends and is resumed from it after resubmit.delay.ms), or cancel (flink cancel -s: an ' +
      'ordinary savepoint, then the job is cancelled without end of input and resumed from it after ' +
      'resubmit.delay.ms; its committables wait open until that resume commits them)',
  }),
  savepointSemantics: oneOf('flink.savepoint-semantics', ['1.15', '1.7', '1.3'], {
    default: '1.15',
    meaning:
      'what an intermediate (or cancel-with-savepoint) savepoint does: 1.15 (Flink 1.15+, FLINK-25191) commits ' +
      'nothing and recovery ' +
      'skips it; 1.7 (1.7 to 1.14, FLINK-10354) is notified, commits the sink and is the latest for recovery; ' +
      '1.3 (1.2.2 and 1.3 to 1.6, FLINK-6328) is notified and commits, but recovery falls back to the checkpoint ' +
      'before it',
  }),
  commitRetries: int('faults.commit-retries', {
    default: 0,
    min: 0,
    max: 3,
    meaning:
      "most commits in one run whose EndTxn fails with a retriable error (KafkaCommitter.commit's " +
      'RetriableException: request.retryLater()); the committer commits again once faults.commit-retry.ms passed',
  }),
  // Flink's CommitterOperator, read in the release branches: 1.15 to 1.18 and 1.19.0/1.19.1/1.20.0 leave a
  // retryLater committable pending in its CheckpointCommittableManager, commit the later checkpoints in the same
  // commitAndEmitCheckpoints pass and retry it from a processing-time timer (retryWithDelay, RETRY_DELAY = 1000 ms)
  // or the next notifyCheckpointComplete; FLINK-36455 (1.19.2, 1.20.1, 2.0.0) retries at once, in checkpoint order.
  commitRetry: oneOf('flink.commit-retry', ['synchronous', 'later'], {
    default: 'synchronous',
    derive: { follows: 'flink.version', value: (get) => commitRetryOf(flinkRelease(String(get('flink.version')))) },
    meaning:
      'how the CommitterOperator retries a committable its committer answered with retryLater, as flink.version ' +
      'does it: synchronous ' +
      '(Flink 1.19.2, 1.20.1, 2.0+, FLINK-36455: CheckpointCommittableManagerImpl.commit retries it at once and the ' +
      "later checkpoints' committables wait for it) or later (Flink 1.15 to 1.19.1 and 1.20.0: it stays pending, " +
      "the later checkpoints' committables are committed meanwhile, and a 1 s timer or the next checkpoint's " +
      'notification retries it)',
  }),
  // SinkOptions.COMMITTER_RETRIES (Flink 1.19.2, 1.20.1, 2.0.0 on, with FLINK-36455): CommitterOperator passes it to
  // CheckpointCommittableManagerImpl.commit, which calls the committer 1 + retries times, then throws "Failed to
  // commit %s committables after %s retries". Earlier releases have no such option (the pending retry has no count).
  committerRetries: int('sink.committer.retries', {
    default: 10,
    derive: {
      follows: 'flink.version',
      value: (get) => (commitRetryOf(flinkRelease(String(get('flink.version')))) === 'synchronous' ? 10 : 0),
    },
    min: 0,
    max: 1000,
    meaning:
      'flink.commit-retry=synchronous (Flink 1.19.2, 1.20.1, 2.0+): how often the CommitterOperator calls the ' +
      'committer again for a committable answered with retryLater, at once and blocking the task, before the task ' +
      'fails ("Failed to commit ... after N retries") and the job restores the committable from its checkpoint; 0 ' +
      'under releases without the option',
  }),
  // ProducerConfig.MAX_BLOCK_MS_CONFIG: KafkaProducer.commitTransaction awaits its EndTxn this long, then throws a
  // TimeoutException (a RetriableException); the producer's sender retries the EndTxn meanwhile, so a coordinator
  // back within it answers the same call. The KafkaSink leaves it at the producer's default.
  maxBlockMs: int('max.block.ms', {
    default: 60_000,
    min: 1,
    max: 3_600_000,
    meaning:
      "how long the committer's commitTransaction waits for a failing EndTxn before its TimeoutException " +
      '(retryLater): ' +
      'with flink.commit-retry=synchronous the task is blocked up to (1 + sink.committer.retries) times this long',
  }),
  commitRetryMs: int('faults.commit-retry.ms', {
    default: 10_000,
    min: 1,
    max: 3_600_000,
    meaning:
      'how long a retried commit keeps failing retriably (the coordinator unreachable, loading): the clock and ' +
      "the transaction's timeout run meanwhile; with flink.commit-retry=synchronous every EndTxn fails until then, " +
      "the restored committer's too",
  }),
  ownershipCheck: bool('safeguard.naming-strategy-ownership-check', {
    default: true,
    meaning:
      "with faults.strategy-change, the restored writer refuses POOLING's writer state under INCREMENTING " +
      '(TransactionOwnership.IMPLICIT_BY_SUBTASK_ID.checkForMigration, connector 4.0+); false: it probes from the ' +
      "restored checkpoint id and leaves the pool's open ids behind",
  }),
  neverResubmitted: bool('faults.never-resubmitted', {
    default: false,
    meaning:
      'a job the restart strategy gives up on (FAILED) is never resubmitted: its open transactions hold the LSO of ' +
      'out until transaction.timeout.ms aborts them (with transaction.two.phase.commit.enable, for ever)',
  }),
  strategyChange: bool('faults.strategy-change', {
    default: false,
    meaning:
      'once in a run, the job down is restarted with the other sink.transaction-naming-strategy: INCREMENTING -> ' +
      'POOLING is accepted, POOLING -> INCREMENTING makes every restored writer throw (TransactionOwnership.' +
      'IMPLICIT_BY_SUBTASK_ID, connector 4.0+)',
  }),
  crashes: k.crashes,
  coordinatorFailover: k.coordinatorFailover,
  txnLogIsrShrink: k.txnLogIsrShrink,
  txnLogUncleanElection: k.txnLogUncleanElection,
  txnLogMinIsr: k.txnLogMinIsr,
  txnLogCleanElection: k.txnLogCleanElection,
  producerStateLoss: k.producerStateLoss,
  lostNotifications: int('faults.lost-notifications', {
    default: 1,
    min: 0,
    max: 5,
    meaning:
      'most checkpoint-completion notifications lost in one run (CheckpointListener notifications are best effort)',
  }),
  lostSubtaskNotifications: int('faults.lost-subtask-notifications', {
    default: 0,
    min: 0,
    max: 3,
    meaning:
      'most notifications lost for one sink subtask in one run at parallelism 2 or 3 (CheckpointCoordinator sends ' +
      "each task its own notifyCheckpointOnComplete RPC, without retry): that subtask's committer commits at its " +
      'next notification or restore',
  }),
  jobManagerFailures: int('faults.jobmanager', {
    default: 0,
    min: 0,
    max: 2,
    meaning:
      'most JobManager failures in one run (with high-availability.type=none the completed checkpoints and the ' +
      'checkpoint counter are lost)',
  }),
  highAvailability: oneOf('high-availability.type', ['none', 'zookeeper', 'kubernetes'], {
    default: 'zookeeper',
    meaning:
      'none: a JobManager failure loses the completed checkpoints, the job restarts from scan.startup.mode with ' +
      'checkpoint ids from 1',
    realDefault: 'Flink defaults to none (no HA)',
  }),
  inputRecords: withDefault(k.inputRecords, 3),
  inputIntervalMs: int('input.interval.ms', {
    default: 1000,
    min: 1,
    max: 3_600_000,
    meaning: 'record k of each input arrives at k * input.interval.ms',
  }),
  restartDelayMs: int('restart.delay.ms', {
    default: 1000,
    min: 0,
    max: 3_600_000,
    meaning:
      'the job restarts this long after a failure (the fixed-delay restart strategy, ' +
      'restart-strategy.fixed-delay.delay)',
  }),
  restartStrategy: oneOf('restart-strategy.type', ['exponential-delay', 'fixed-delay', 'failure-rate', 'none'], {
    default: 'exponential-delay',
    meaning:
      'whether the JobManager restarts the job after a task failure (RestartBackoffTimeStrategy): exponential-delay ' +
      'restart-strategy.exponential-delay.attempts-before-reset-backoff times (unbounded by default), fixed-delay ' +
      'restart-strategy.fixed-delay.attempts times, failure-rate while a failure is not one more than ' +
      'max-failures-per-interval within failure-rate-interval, none never; a job it gives up on FAILS, and the ' +
      'operator resubmits it after resubmit.delay.ms (from its last checkpoint only when ' +
      'execution.checkpointing.externalized-checkpoint-retention kept it)',
  }),
  exponentialAttempts: int('restart-strategy.exponential-delay.attempts-before-reset-backoff', {
    default: UNBOUNDED_ATTEMPTS,
    min: 1,
    max: UNBOUNDED_ATTEMPTS,
    meaning:
      'restart-strategy.type=exponential-delay (Flink 1.19+): the restarts before the job fails, counted anew once ' +
      'it ran reset-backoff-threshold past its last restart (Flink default Integer.MAX_VALUE: never fails)',
  }),
  exponentialResetMs: int('restart-strategy.exponential-delay.reset-backoff-threshold', {
    default: 3_600_000,
    min: 1,
    max: 86_400_000,
    meaning:
      'restart-strategy.type=exponential-delay: the running time in ms that resets the count (Flink default 1 h)',
  }),
  fixedDelayAttempts: int('restart-strategy.fixed-delay.attempts', {
    default: 1,
    min: 0,
    // Integer.MAX_VALUE is what a checkpointing job without a strategy gets before Flink 1.19
    // (RestartBackoffTimeStrategyFactoryLoader.DEFAULT_RESTART_ATTEMPTS, 1.17 and 1.18).
    max: UNBOUNDED_ATTEMPTS,
    meaning:
      'restart-strategy.type=fixed-delay: the restarts before the job fails (Flink default 1; 2147483647, ' +
      'Integer.MAX_VALUE, never fails: what a checkpointing job with no strategy gets before Flink 1.19)',
  }),
  failureRateMax: int('restart-strategy.failure-rate.max-failures-per-interval', {
    default: 1,
    min: 1,
    max: 5,
    meaning:
      'restart-strategy.type=failure-rate: the failures within the interval the job restarts from (Flink default 1)',
  }),
  failureRateIntervalMs: int('restart-strategy.failure-rate.failure-rate-interval', {
    default: 60_000,
    min: 1,
    max: 3_600_000,
    meaning: 'restart-strategy.type=failure-rate: the interval in ms (Flink default 1 min)',
  }),
  checkpointRetention: oneOf(
    'execution.checkpointing.externalized-checkpoint-retention',
    ['NO_EXTERNALIZED_CHECKPOINTS', 'DELETE_ON_CANCELLATION', 'RETAIN_ON_CANCELLATION'],
    {
      default: 'NO_EXTERNALIZED_CHECKPOINTS',
      meaning:
        'whether a job that FAILED keeps its completed checkpoints (CheckpointRetentionPolicy): ' +
        'NO_EXTERNALIZED_CHECKPOINTS (Flink default) discards them, so the resubmitted job starts as a new one from ' +
        'scan.startup.mode; DELETE_ON_CANCELLATION and RETAIN_ON_CANCELLATION keep them, and the operator ' +
        'resubmits from the latest (-s)',
    },
  ),
  resubmitDelayMs: int('resubmit.delay.ms', {
    default: 60_000,
    min: 0,
    max: 3_600_000,
    meaning:
      'how long after the restart strategy gives up the operator resubmits the job (eoscheck assumes someone does)',
  }),
  jobSource: oneOf('job.source', ['kafka', 'socket'], {
    default: 'kafka',
    meaning:
      "the job's source: kafka, a KafkaSource whose split offsets are in every checkpoint (as files', " +
      "collections' and sequences' positions are), or a socket " +
      '(StreamExecutionEnvironment.socketTextStream), which keeps no position: a restored job reads on from what ' +
      "arrives now, and the records read since the checkpoint are gone (Flink's fault-tolerance guarantees of data " +
      'sources: sockets are at most once)',
  }),
  startupMode: oneOf('scan.startup.mode', ['earliest-offset', 'latest-offset', 'group-offsets'], {
    default: 'earliest-offset',
    meaning:
      'where the KafkaSource starts when there is no checkpoint to restore (group-offsets without a committed ' +
      'offset fails the task, NoOffsetForPartitionException, on every restart)',
  }),
  autoOffsetReset: oneOf('properties.auto.offset.reset', ['none', 'earliest', 'latest'], {
    default: 'none',
    meaning:
      'with scan.startup.mode=group-offsets, where a split without a committed offset starts: none fails the task ' +
      '(NoOffsetForPartitionException), earliest or latest reset (committedOffsets(strategy))',
  }),
  commitOffsetsOnCheckpoint: bool('commit.offsets.on.checkpoint', {
    default: true,
    meaning:
      "the KafkaSource commits the checkpoint's offsets to its consumer group after the checkpoint completes " +
      '(for monitoring, and for group-offsets)',
  }),
  partitions: int('partitions', {
    default: 1,
    min: 1,
    max: 3,
    meaning: 'partitions of the output topic `out` (input value v goes to partition (v - 1) mod partitions)',
  }),
  transactionalIdPrefix: text('sink.transactional-id-prefix', {
    default: 'flink',
    pattern: /^[A-Za-z0-9._-]{1,40}$/,
    accepted: 'letters, digits, ".", "_" and "-" (1 to 40)',
    meaning: 'the prefix of the sink transactional.ids `<prefix>-<subtask>-<checkpoint id>`',
  }),
} as const;

/** The typed `flink-kafka` config. */
export type FlinkConfig = ConfigOf<typeof flinkKafkaKeys>;

/** `sink.delivery-guarantee` of the KafkaSink. */
export type DeliveryGuarantee = FlinkConfig['deliveryGuarantee'];

/**
 * Whether the job runs unaligned checkpoints: only in EXACTLY_ONCE mode, as StreamJobGraphGenerator.preValidate
 * switches them off otherwise (Flink 1.12 to 2.x: "Unaligned checkpoints can only be used with checkpointing mode
 * EXACTLY_ONCE", a warning, and the job runs without them). Pure.
 */
export function unalignedOn(c: FlinkConfig): boolean {
  return c.unaligned && c.checkpointingMode === 'EXACTLY_ONCE';
}

/** Whether a JobManager failure keeps the completed checkpoints (high availability). Pure. */
export function highlyAvailable(c: FlinkConfig): boolean {
  return c.highAvailability !== 'none';
}
