/**
 * The `flink-kafka` state: the Flink job (JobManager, one TaskManager running the sources, the
 * count operator and the KafkaSink), the input topic as arrival times, and the Kafka cluster slice
 * every Kafka model embeds (the output partitions, the transaction coordinator, the source's
 * consumer group). Frozen; every change goes through `step`.
 */
import type { Cluster, KafkaEvent } from '../kafka/cluster.js';
import type { Producer } from '../kafka/producer.js';
import type { Origin } from '../kafka/records.js';
import type { FlinkConfig } from './config.js';

/** An item in the network channel from source `i` to the count operator (FIFO). */
export type ChannelItem =
  | { readonly kind: 'record'; readonly value: number; readonly offset: number }
  | { readonly kind: 'barrier'; readonly checkpoint: number };

/** A pre-committed sink transaction, waiting for the completion notice of its checkpoint. */
export interface Committable {
  /** The checkpoint whose barrier pre-committed it. */
  readonly checkpoint: number;
  /** Index of its transactional.id in the coordinator's `txns`. */
  readonly txn: number;
  /** The checkpoint id in its transactional.id (`<prefix>-<subtask>-<name>`). */
  readonly name: number;
  readonly producerId: number;
  readonly epoch: number;
  /** Ghost: the origin its records carry (the writer's client instance and `WriterTxn.seq`). Never read by rules. */
  readonly origin: Origin;
  /** The sink subtask whose writer pre-committed it: absent for subtask 0. */
  readonly subtask?: number;
  /**
   * flink.commit-retry=later: its commit failed retriably and is retried from this time on, while the later
   * checkpoints' committables are committed; absent otherwise (and in a snapshot: the retry is no state of Flink's).
   */
  readonly retryAt?: number;
}

/** Committable `c` as the committer's state holds it: without its retry time (a timer, not state). Pure. */
export function snapshotOf(c: Committable): Committable {
  const { retryAt: _, ...rest } = c;
  return rest;
}

/** The sub of committable `c`: its writer's sink subtask. Pure. */
export function committableSub(c: Pick<Committable, 'subtask'>): number {
  return c.subtask ?? 0;
}

/**
 * The sink subtask whose committer holds committable `c` at `parallelism`: its writer's own (each CommitterOperator
 * collects the committables of the writer chained before it); a restored one of a subtask that is gone lands on
 * `sub mod parallelism` (restored committables are committed at once anyway). Pure.
 */
export function holderOf(c: Pick<Committable, 'subtask'>, parallelism: number): number {
  return committableSub(c) % parallelism;
}

/**
 * A transaction the POOLING writer's producer pool tracks as in flight (ProducerPoolImpl's
 * `transactionalIdsByCheckpoint`, a CheckpointTransaction): its transactional.id and the checkpoint that pre-commits
 * it (the one after the snapshot that started it). Kept in order of checkpoint, then id.
 */
export interface PoolEntry {
  readonly id: string;
  readonly checkpoint: number;
}

/** A TransactionFinished the committer sent through the backchannel to its subtask's writer (connector 4.0+). */
export interface Finished {
  readonly id: string;
  readonly success: boolean;
}

/**
 * One KafkaWriterState of POOLING (TransactionOwnership.EXPLICIT_BY_WRITER_STATE, connector 4.0+): an owned subtask
 * id, the total number of owned subtask ids, and the pool's in-flight transactions (in the state of the writer's first
 * owned id only: ExactlyOnceKafkaWriter.createSnapshots).
 */
export interface WriterState {
  readonly owned: number;
  readonly total: number;
  readonly precommitted: readonly PoolEntry[];
}

/** The exactly-once writer's open transaction: `<prefix>-<subtask>-<name>` and the producer that holds it. */
export interface WriterTxn {
  /** The checkpoint id in its transactional.id. */
  readonly name: number;
  /** The producer of that transactional.id, with its open transaction. */
  readonly producer: Producer;
  /**
   * Which transaction of the attempt it is, for the ghost origin of its records: the id's index under INCREMENTING
   * (each id once an attempt), 1000 + the pool's use count under POOLING (an id serves many transactions).
   */
  readonly seq: number;
}

/**
 * A KafkaSink subtask's writer. `init`: `probe` while aborting lingering transactions (the id probed is
 * `<prefix>-<probeSub>-<probe>`), `init` until InitProducerId for `<prefix>-<subtask>-<name>` succeeds (after the
 * ids of a gap, `fill` up to `name`, each initialised empty), then `ready`.
 */
export interface Writer {
  readonly buffer: readonly number[];
  readonly init: 'probe' | 'init' | 'ready';
  readonly probe: number;
  /**
   * The subtask id the probe walks: the writer's own, then + the current parallelism while the previous one had been
   * used (TransactionAbortStrategyImpl.PROBING, connector 3.x TransactionAborter: `subtaskId += parallelism`).
   */
  readonly probeSub: number;
  /** The prefix (generation) the probe walks: the current one, then the restored state's if it differs. */
  readonly probeGen: number;
  /** The restored writer state's prefix when it differs from the current one, still to probe; else null. */
  readonly oldGen: number | null;
  /**
   * The next id to initialise before `name`: checkpoints that never reached this sink (aborted before their barrier)
   * leave ids unused, and the writer initialises each of them (an empty transaction) so the lingering-transaction
   * probe, which stops at the first unused id, never stops early (connector 3.x
   * `KafkaWriter.getTransactionalProducer`, 4.x `TransactionNamingStrategyImpl.INCREMENTING`). `fill = name`: no gap.
   */
  readonly fill: number;
  readonly name: number;
  /**
   * POOLING: the producers this attempt's pool holds, by id (ProducerPoolImpl): a recycled producer keeps its
   * producer id, epoch and sequence numbers.
   */
  readonly pool: readonly { readonly name: number; readonly producer: Producer }[];
  /** POOLING: transactions this attempt opened. */
  readonly opened: number;
  /**
   * POOLING: the pre-committed transactional.ids of the restored writer state, which LISTING leaves open (their
   * indexes in the coordinator's `txns`: an id of the restored prefix, which a later prefix change left behind, too).
   */
  readonly precommitted: readonly number[];
  /**
   * POOLING: the transactions the pool tracks as in flight (ProducerPoolImpl): each started one until the committer's
   * TransactionFinished for it is polled, an empty one until prepareCommit recycles it, the restored writer states'
   * until their TransactionFinished. The next id is the lowest not among them.
   */
  readonly ongoing: readonly PoolEntry[];
  /** POOLING: TransactionFinished messages the committer sent, not yet polled (polled in snapshotState). */
  readonly backchannel: readonly Finished[];
  /**
   * POOLING: the subtask ids this writer owns (its own without a restored state, else its restored states'), new ids
   * under the first; and their total (TransactionOwnership.EXPLICIT_BY_WRITER_STATE). Empty and 0 otherwise.
   */
  readonly owned: readonly number[];
  readonly total: number;
  /** A failed asynchronous send not yet thrown (WriterCallback's asyncProducerException): the record's value. */
  readonly error: number | null;
  readonly txn: WriterTxn | null;
}

/** What the job restored from, when it restored a checkpoint (for `state-exactly-once`). */
export interface Restored {
  readonly checkpoint: number;
  readonly count: number;
  /** Inputs before the restored source offsets: what the count must equal. */
  readonly expected: number;
}

/** The job's tasks on the TaskManager: one attempt, from a (re)start until a failure. */
export interface Task {
  /** 1 for the first deployment, +1 at every restart (any job). */
  readonly attempt: number;
  readonly status: 'initializing' | 'running';
  /** Each KafkaSource split's next offset to read (one split per input partition). */
  readonly splits: readonly number[];
  readonly channels: readonly (readonly ChannelItem[])[];
  /** The count operator's state: records it has counted. */
  readonly count: number;
  /** Barrier of the pending checkpoint received from input i. */
  readonly aligned: readonly boolean[];
  /** Sink subtask 0's writer. */
  readonly writer: Writer;
  /** The writers of sink subtasks 1.. (`parallelism.default=2`, or after a rescale); empty at parallelism 1. */
  readonly otherWriters: readonly Writer[];
  /** The committer's state: pre-committed transactions not yet committed. */
  readonly committables: readonly Committable[];
  /** Committables with a checkpoint id up to this one may be committed (notified or restored), in every subtask. */
  readonly commitUpTo: number;
  /**
   * Parallelism 2 or 3, when the sink subtasks' committers were notified up to different checkpoints (each is notified
   * on its own, and one notification may be lost): each subtask's level by index, at least `commitUpTo`; absent when
   * all are at `commitUpTo`.
   */
  readonly subUpTo?: readonly number[];
  readonly restored: Restored | null;
  /**
   * scan.bounded.mode=specific-offsets without checkpointing: the sources reached their end and endInput pre-committed
   * every writer's transaction; absent before.
   */
  readonly ended?: boolean;
  /**
   * flink.commit-retry=synchronous: the committer is inside a commit whose EndTxn fails retriably, and the task is
   * blocked until this time: then the EndTxn went through, or the last of its 1 + sink.committer.retries attempts
   * timed out and the task fails; absent otherwise.
   */
  readonly retryAt?: number;
}

/** A checkpoint the JobManager triggered and has not completed. */
export interface PendingCheckpoint {
  readonly id: number;
  /** When it was triggered: it expires at `triggeredAt + execution.checkpointing.timeout`. */
  readonly triggeredAt: number;
  /** The earliest time the task may acknowledge it (later than `triggeredAt` when backpressure slowed it). */
  readonly ackAt: number;
  readonly offsets: readonly number[];
  /** The operator+sink task's snapshot, once all barriers reached it (acknowledged by `Ack`). */
  readonly snapshot: {
    readonly count: number;
    readonly committables: readonly Committable[];
    /** Unaligned checkpoints: the records each channel held before its barrier (channel state). */
    readonly inflight: readonly (readonly ChannelItem[])[];
    /** POOLING: every sink subtask's KafkaWriterStates, subtask 0's first; empty otherwise. */
    readonly writerStates: readonly WriterState[];
    /**
     * Parallelism 2 or 3: the sink subtasks that have not taken the barrier yet (each snapshots, pre-commits and
     * acknowledges on its own: `SinkSnapshot`); absent once every one has, and at parallelism 1 (one step).
     */
    readonly waiting?: readonly number[];
  } | null;
  /** A savepoint the operator triggered (`faults.savepoint`); absent for a periodic checkpoint. */
  readonly savepoint?: SavepointKind;
}

/**
 * An intermediate savepoint (`flink savepoint`), the synchronous one of stop-with-savepoint (`flink stop`), or the
 * ordinary one of cancel-with-savepoint (`flink cancel -s`), after which the job is cancelled.
 */
export type SavepointKind = 'intermediate' | 'stop' | 'cancel';

/**
 * The task that declines a checkpoint (`faults.declined-checkpoints`): a source task, before the sink took the
 * checkpoint's barrier, or the sink's task after its snapshot (its transaction pre-committed).
 */
export type DeclinedBy = 'source' | 'sink';

/** A completed checkpoint: what a restore loads. */
export interface CompletedCheckpoint {
  readonly id: number;
  readonly job: number;
  readonly offsets: readonly number[];
  readonly count: number;
  readonly committables: readonly Committable[];
  /** Unaligned checkpoints: in-flight records per channel, put back into the channels on restore. */
  readonly inflight: readonly (readonly ChannelItem[])[];
  /** The writer state's transactional-id prefix (its generation, see `JobManager.prefixGen`). */
  readonly prefixGen: number;
  /** POOLING: the KafkaWriterStates, subtask 0's first (what a restore redistributes); empty otherwise. */
  readonly writerStates: readonly WriterState[];
  readonly at: number;
  /** The naming strategy its writer state was written with, when not the key's (`faults.strategy-change`). */
  readonly strategy?: 'INCREMENTING' | 'POOLING';
}

/** The JobManager: checkpoint coordinator and restarts. */
export interface JobManager {
  /** Job number: a JobManager failure without HA resubmits the job as a new one, ids from 1. */
  readonly job: number;
  /** Task attempts deployed so far (the current task's `attempt` is the last). */
  readonly attempts: number;
  readonly nextCheckpointId: number;
  readonly nextTriggerAt: number;
  /**
   * faults.checkpoint-initial-delay=both: no checkpoint triggered since the (re)start yet, so the random initial delay
   * may still turn out min-pause (`InitialDelay`); always false otherwise.
   */
  readonly delayOpen: boolean;
  /**
   * Checkpoints triggered and not completed, oldest first: at most execution.checkpointing.max-concurrent-checkpoints
   * (1 by default, so at most one).
   */
  readonly pending: readonly PendingCheckpoint[];
  readonly latest: CompletedCheckpoint | null;
  /** The completed checkpoint before `latest`, which `faults.restore=savepoint` may restore instead. */
  readonly previous: CompletedCheckpoint | null;
  /** A completion notification on its way to the tasks, or null. */
  readonly notify: number | null;
  /**
   * Parallelism 2 or 3: the sink subtasks `notify` has not reached yet, when some already got it (each task gets its
   * own notifyCheckpointOnComplete RPC); absent while it reaches every one still.
   */
  readonly unnotified?: readonly number[];
  /** When the job restarts after a failure, or null while it runs. */
  readonly restartAt: number | null;
  /** The job's parallelism: `parallelism.default`, the other one after `faults.rescale`. */
  readonly parallelism: number;
  /** Which sink.transactional-id-prefix the job uses: 0 the configured one, 1 the one `faults.prefix-change` set. */
  readonly prefixGen: number;
  /** Consecutive failed checkpoints (CheckpointFailureManager's counter; a completion resets it). */
  readonly failedCheckpoints: number;
  /**
   * The task failures the restart strategy counts since the job was (re)submitted (`restart.ts`): their times under
   * failure-rate (its most recent max-failures-per-interval + 1), one 0 each under fixed-delay, each counted
   * attempt's restart time under exponential-delay with bounded attempts, none otherwise.
   */
  readonly failures: readonly number[];
  /**
   * The latest intermediate savepoint that is not in the completed checkpoint store (Flink 1.15+, or 1.3 to 1.6): the
   * operator may resume the job from it; absent otherwise.
   */
  readonly savepoint?: CompletedCheckpoint;
  /** The id of the stop-with-savepoint in progress: no periodic checkpoint and no read until the job ends. */
  readonly stop?: number;
  /** The id of the cancel-with-savepoint in progress: no periodic checkpoint until the job is cancelled. */
  readonly cancel?: number;
  /** faults.never-resubmitted: the job FAILED and nobody runs it again; absent otherwise. */
  readonly abandoned?: boolean;
  /** faults.strategy-change: the sink.transaction-naming-strategy the job was restarted with; absent: the key's. */
  readonly strategy?: 'INCREMENTING' | 'POOLING';
}

/** Which Flink job: 1, or the second job of `jobs=2` (its own JobManager, TaskManager, input and sink). */
export type JobNo = 1 | 2;

/** One Flink job's runtime: its JobManager and its running task attempt (null while it is down). */
export interface JobSlot {
  readonly jm: JobManager;
  readonly task: Task | null;
}

/**
 * What a step did, for the renderers (Flink's events and the Kafka rules'); not part of a state's identity. Inputs by
 * global index; `from`: job 2's first input.
 */
export type FlinkEvent =
  | KafkaEvent
  | { readonly type: 'clock'; readonly now: number }
  | {
      readonly type: 'triggered';
      readonly checkpoint: number;
      readonly offsets: readonly number[];
      readonly from?: number;
    }
  | { readonly type: 'read'; readonly input: number; readonly offset: number; readonly value: number }
  | { readonly type: 'counted'; readonly input: number; readonly value: number; readonly count: number }
  | { readonly type: 'barrier'; readonly input: number; readonly checkpoint: number; readonly blocked: boolean }
  | {
      readonly type: 'snapshot';
      readonly checkpoint: number;
      readonly count: number;
      readonly committables: number;
      /** Parallelism 2 or 3: the sink subtasks that take the barrier each on its own after this operator snapshot. */
      readonly subtasks?: number;
    }
  | { readonly type: 'flushed'; readonly records: number }
  | { readonly type: 'send-failed'; readonly value: number }
  | { readonly type: 'send-error-swallowed'; readonly value: number }
  | { readonly type: 'buffered'; readonly value: number }
  | { readonly type: 'precommitted'; readonly checkpoint: number; readonly transactionalId: string }
  | { readonly type: 'completed'; readonly checkpoint: number }
  | { readonly type: 'subtask-snapshot'; readonly checkpoint: number; readonly subtask: number; readonly left: number }
  | { readonly type: 'notified'; readonly checkpoint: number; readonly subtask?: number }
  | { readonly type: 'notification-lost'; readonly checkpoint: number; readonly subtask?: number }
  | { readonly type: 'offsets-committed'; readonly input: number; readonly offset: number }
  | { readonly type: 'committed'; readonly checkpoint: number; readonly transactionalId: string }
  | {
      readonly type: 'commit-failed';
      readonly checkpoint: number;
      readonly transactionalId: string;
      readonly error: string;
      /** The transaction had already ended committed (a re-commit after a restore): nothing is lost. */
      readonly committed?: true;
    }
  | { readonly type: 'writer'; readonly transactionalId: string; readonly epoch: number }
  | { readonly type: 'probed'; readonly transactionalId: string; readonly used: boolean }
  | { readonly type: 'listed'; readonly kept: readonly string[] }
  | { readonly type: 'recycled'; readonly transactionalId: string; readonly epoch: number }
  | { readonly type: 'failed'; readonly reason: string; readonly restartAt: number; readonly final?: true }
  | {
      readonly type: 'gave-up';
      readonly strategy: string;
      /** The checkpoint the operator resubmits from (kept by the retention), or null (discarded, or none). */
      readonly from: number | null;
      readonly retention: string;
    }
  | { readonly type: 'checkpoint-aborted'; readonly checkpoint: number }
  | { readonly type: 'checkpoint-subsumed'; readonly checkpoint: number; readonly by: number }
  | { readonly type: 'initial-delay'; readonly at: number }
  | { readonly type: 'alignment-timeout'; readonly checkpoint: number }
  | { readonly type: 'checkpoint-slow'; readonly checkpoint: number; readonly ackAt: number }
  | {
      readonly type: 'checkpoint-expired';
      readonly checkpoint: number;
      readonly failed: number;
      readonly tolerable: number;
    }
  | {
      readonly type: 'checkpoint-declined';
      readonly checkpoint: number;
      readonly by: DeclinedBy;
      readonly failed: number;
      readonly tolerable: number;
    }
  | {
      readonly type: 'restored';
      readonly checkpoint: number | null;
      readonly offsets: readonly number[];
      readonly count: number;
      readonly mode: string;
      readonly from?: number;
    }
  | { readonly type: 'jobmanager'; readonly ha: boolean }
  | { readonly type: 'savepoint'; readonly checkpoint: number }
  | {
      readonly type: 'savepoint-triggered';
      readonly checkpoint: number;
      readonly kind: SavepointKind;
      readonly offsets: readonly number[];
    }
  | {
      readonly type: 'savepoint-completed';
      readonly checkpoint: number;
      readonly kind: SavepointKind;
      /** Whether it is the latest checkpoint recovery restores (in the completed checkpoint store). */
      readonly stored: boolean;
      /** Whether notifyCheckpointComplete goes to the tasks (its committables are committed). */
      readonly notified: boolean;
    }
  | { readonly type: 'savepoint-resumed'; readonly checkpoint: number }
  | { readonly type: 'stopped'; readonly checkpoint: number; readonly resumeAt: number }
  | { readonly type: 'cancelled'; readonly checkpoint: number; readonly resumeAt: number }
  | { readonly type: 'end-of-input'; readonly checkpoint: number; readonly committables: number }
  | {
      readonly type: 'commit-retry';
      readonly checkpoint: number;
      readonly transactionalId: string;
      readonly until: number;
      /**
       * flink.commit-retry=synchronous: the committer retries at once and the task is blocked until `until`, when the
       * EndTxn goes through (`commits`) or the last retry times out (`used-up`); absent for a retry later.
       */
      readonly blocked?: 'commits' | 'used-up';
    }
  | { readonly type: 'strategy'; readonly strategy: string }
  | { readonly type: 'abandoned' }
  | { readonly type: 'prefix'; readonly prefix: string }
  | { readonly type: 'rescaled'; readonly from: number; readonly to: number };

/** Ghost: a transaction with records that only the coordinator's timeout ended (nothing of the job did). */
export interface TimedOut {
  readonly transactionalId: string;
  readonly partition: number;
  /** Its first offset on the partition: the LSO stayed there until the abort. */
  readonly offset: number;
  readonly from: number;
  readonly at: number;
}

/** Ghost data: what completed and what was committed, per job, and what only timed out. Read by invariants only. */
export interface Ghost {
  readonly timedOut: readonly TimedOut[];
  readonly completed: readonly { readonly job: number; readonly checkpoint: number; readonly flink?: 2 }[];
  /**
   * Each successful EndTxn(COMMIT) of a committable: `checkpoint` is the checkpoint that pre-committed the transaction
   * the broker committed (null: none did, the id's newer transaction no barrier reached), `via` the committable's own
   * checkpoint when that differs (a reused id whose newer transaction a stale committable committed).
   */
  readonly commits: readonly {
    readonly job: number;
    readonly checkpoint: number | null;
    readonly name: number;
    readonly flink?: 2;
    readonly via?: number;
  }[];
}

/** The whole `flink-kafka` state: job 1 is `jm` and `task`, job 2 (`jobs=2`) is `second`. */
export interface FlinkState extends JobSlot {
  readonly config: FlinkConfig;
  /** Logical clock in ms. */
  readonly now: number;
  /** The output partitions `out-0..`, the sink's transactional.ids, the source's group `flink-source`. */
  readonly kafka: Cluster;
  readonly jm: JobManager;
  /** The running attempt, or null while the job is down. */
  readonly task: Task | null;
  /** The second, independent job (`jobs=2`), or null. */
  readonly second: JobSlot | null;
  readonly faults: {
    readonly crashes: number;
    readonly lost: number;
    readonly jobmanager: number;
    /** Checkpoints slowed by backpressure so far. */
    readonly slow: number;
    /** Asynchronous send failures so far. */
    readonly sendErrors: number;
    /** Restores of an older savepoint so far. */
    readonly savepoints: number;
    /** Prefix changes so far. */
    readonly prefixChanges: number;
    /** Restarts with the other parallelism so far. */
    readonly rescales: number;
    /** Savepoints the operator took (`faults.savepoint`); absent before the first. */
    readonly savepointsTaken?: number;
    /** Commits that failed retriably (`faults.commit-retries`); absent before the first. */
    readonly commitRetries?: number;
    /**
     * flink.commit-retry=synchronous: EndTxn fails retriably until this time (the coordinator unreachable or loading),
     * for every commit, the restored committer's included; absent before the first retriable failure.
     */
    readonly commitDownUntil?: number;
    /** Restarts with the other naming strategy (`faults.strategy-change`); absent before the first. */
    readonly strategyChanges?: number;
    /** Checkpoints a task declined (`faults.declined-checkpoints`); absent before the first. */
    readonly declined?: number;
    /** Notifications lost for one sink subtask (`faults.lost-subtask-notifications`); absent before the first. */
    readonly lostSub?: number;
  };
  readonly ghost: Ghost;
  readonly events: readonly FlinkEvent[];
}

/**
 * The pending checkpoint the task acknowledges next: the oldest with its snapshot taken and its acknowledgement due
 * (a slowed older one may be overtaken: asynchronous snapshot phases finish in any order). Pure.
 */
export function ackable(jm: Pick<JobManager, 'pending'>, now: number): PendingCheckpoint | null {
  return jm.pending.find((p) => p.snapshot !== null && p.snapshot.waiting === undefined && now >= p.ackAt) ?? null;
}

/**
 * The sink subtasks of pending checkpoints that have not taken their barrier yet, though the operator aligned it: a
 * record for one of them waits behind its barrier. Pure.
 */
export function snapshotsDue(jm: Pick<JobManager, 'pending'>): readonly number[] {
  return jm.pending.flatMap((p) => p.snapshot?.waiting ?? []);
}

/**
 * The index in `cs` of the committable of `checkpoint` that sink subtask `sub`'s committer holds at `parallelism`, or
 * -1. Pure.
 */
export function heldAt(cs: readonly Committable[], checkpoint: number, sub: number, parallelism: number): number {
  return cs.findIndex((c) => c.checkpoint === checkpoint && holderOf(c, parallelism) === sub);
}

/** The sink subtasks job manager `jm`'s notification has still to reach (every one while none got it). Pure. */
export function notifyTargets(jm: Pick<JobManager, 'unnotified' | 'parallelism'>): readonly number[] {
  return jm.unnotified ?? Array.from({ length: jm.parallelism }, (_, sub) => sub);
}

/** The checkpoint up to which sink subtask `sub`'s committer of task `t` may commit (notified or restored). Pure. */
export function levelOf(t: Pick<Task, 'commitUpTo' | 'subUpTo'>, sub: number): number {
  return t.subUpTo?.[sub] ?? t.commitUpTo;
}

/** The source's consumer group (index in `kafka.groups`). */
export const SOURCE_GROUP = 0;

/** Input value at `offset` of input `input` (1..n for in-0, n+1..2n for in-1; global input index). Pure. */
export function inputValue(c: FlinkConfig, input: number, offset: number): number {
  return input * c.inputRecords + offset + 1;
}

/** Records of each input that have arrived by `now`. Pure. */
export function arrived(c: FlinkConfig, now: number): number {
  return Math.min(c.inputRecords, Math.floor(now / c.inputIntervalMs));
}

/**
 * `<prefix>-<sub>-<name>`: the transactional.id of sink subtask `sub` of job `no` for checkpoint id `name`
 * (TransactionalIdFactory.buildTransactionalId). Pure.
 */
export function sinkTransactionalId(c: FlinkConfig, name: number, no: JobNo = 1, gen = 0, sub = 0): string {
  return `${sinkPrefix(c, no, gen)}-${sub}-${name}`;
}

/**
 * The subtask id in the transactional.ids writer `w` of sink subtask `sub` names: POOLING's first owned subtask id
 * (another one's after a 3 -> 2 split hands it another subtask's state), the subtask's own otherwise. Pure.
 */
export function nameSub(w: Pick<Writer, 'owned'>, sub: number): number {
  return w.owned[0] ?? sub;
}

/** Sink subtask `sub`'s writer of task `t` (subtask 0's is `writer`). Pure. */
export function writerOf<W>(t: { readonly writer: W; readonly otherWriters: readonly W[] }, sub: number): W {
  // Sink subtask ids are 0..parallelism-1, and a task has one writer each.
  return sub === 0 ? t.writer : t.otherWriters[sub - 1]!;
}

/** Every sink subtask's writer of task `t`, subtask 0 first. Pure. */
export function writersOf<W>(t: { readonly writer: W; readonly otherWriters: readonly W[] }): readonly W[] {
  return [t.writer, ...t.otherWriters];
}

/**
 * The sink subtask that input value `v` reaches through the keyed exchange (keyBy on the value, the count and the sink
 * chained after it): `(v - 1) mod parallelism`. Pure.
 */
export function subtaskOf(parallelism: number, v: number): number {
  return (v - 1) % parallelism;
}

/**
 * The parallelism `faults.rescale` restarts a job at, from `from`: one below parallelism.default (2 from 1), then
 * back (2 -> 1 -> 2, 1 -> 2 -> 1, 3 -> 2 -> 3). Pure.
 */
export function rescaledTo(c: Pick<FlinkConfig, 'parallelism'>, from: number): number {
  if (from !== c.parallelism) return c.parallelism;
  return from === 1 ? 2 : from - 1;
}

/**
 * Job `no`'s transactional-id prefix: job 2 gets `<prefix>-job2` with the unique-prefix safeguard, else the shared one.
 * Pure.
 */
export function sinkPrefix(c: FlinkConfig, no: JobNo, gen = 0): string {
  const base = no === 2 && c.uniquePrefix ? `${c.transactionalIdPrefix}-job2` : c.transactionalIdPrefix;
  // faults.prefix-change: the restarted job's sink.transactional-id-prefix is a new one.
  return gen === 0 ? base : `${base}-v${gen + 1}`;
}

/** Job `no`'s runtime in `s` (job 1 is the state itself). Pure. */
export function slotOf<S extends JobSlot & { readonly second: JobSlot | null }>(
  s: S,
  no: JobNo,
): S | NonNullable<S['second']> {
  // Job 2 is only ever named where `jobs(s)` listed it, that is where `second` is set.
  return no === 2 ? (s.second as NonNullable<S['second']>) : s;
}

/** Global index of job `no`'s first input: job 2 reads the input after job 1's (`in-1` with job.inputs=1). Pure. */
export function inputBase(c: FlinkConfig, no: JobNo): number {
  return no === 2 ? c.inputs : 0;
}

/** Inputs read by job `no`: job.inputs for job 1, one for job 2. Pure. */
export function jobInputs(c: FlinkConfig, no: JobNo): number {
  return no === 2 ? 1 : c.inputs;
}

/** Every input partition of the run: job 1's, then job 2's. Pure. */
export function totalInputs(c: FlinkConfig): number {
  return c.inputs + (c.jobs === 2 ? 1 : 0);
}

/** The Kafka client instance of job `no`'s task `attempt` (job 2's from 101, so the two jobs' clients differ). Pure. */
export function instanceOf(no: JobNo, attempt: number): number {
  return no === 2 ? 100 + attempt : attempt;
}

/** Output partition of input value `v`. Pure. */
export function partitionOf(c: FlinkConfig, v: number): number {
  return (v - 1) % c.partitions;
}

/** Name of input partition `i`. */
export function inputName(i: number): string {
  return `in-${i}`;
}
