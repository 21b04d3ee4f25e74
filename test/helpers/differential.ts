/**
 * Differential test of everything the search keeps for speed: on many states reached by
 * random walks and by breadth-first search, the fast path (a plain copy the search owns, mutated in
 * place by the rules) and `step` over frozen immer state give the same successor (canonical
 * encoding and state key) and every invariant gives the same verdict on both; one tag's enabled actions listed alone
 * (`enabledOf`) are those `enabled` lists. The drain's owned
 * copy is judged before and after each in-place step, as the search does, so a cache keyed by
 * object identity answers stale there and fails this test. A model's packed rules (successors computed
 * on words) give the words of `step`'s successors in `enabled`'s order, and vouch only for states that
 * hold every invariant and are quiescent. The reversible encoding a level's states are kept in
 * (`model/core/pack.ts`) decodes to the state itself. Finally the whole search through the fast path
 * (packed where the model has packed rules) and through plain `step`, and with its levels kept as
 * objects, gives the same verdict, counterexample and number of states; so does a swarm verification member.
 */
import { describe, expect, test } from 'vitest';
import type { Entry } from '../../catalog/entry.js';
import { catalog } from '../../catalog/index.js';
import { checkHere } from '../../check/check.js';
import { SearchCore } from '../../check/engine/search/search-core.js';
import type { Keys } from '../../model/core/keys.js';
import { type AnyAction, type Model, SILENT_EVENTS, sameAction } from '../../model/core/model.js';
import { PlainCodec } from '../../model/core/pack.js';
import { WordBuffer } from '../../model/core/words.js';
import { cfg } from './check.js';
import { declarationsHold } from './por.js';
import { accessHolds } from './sleep.js';
import { deep } from './tier.js';

/**
 * Replicated configurations, driven at every scale besides the first configs: leaders,
 * followers, elections and truncation, acks=all waits, unclean elections and acks=1.
 */
const replicated: string[][] = [
  ['replication.factor=3', 'faults.broker=2', 'producers=1', 'partitions=1', 'faults.crashes=0'],
  [
    'replication.factor=2',
    'acks=1',
    'enable.idempotence=false',
    'unclean.leader.election.enable=true',
    'min.insync.replicas=1',
    'faults.broker=1',
  ],
  // Power losses: the last ISR member's lost tail, and a flush every two records (a recovery point inside the log).
  ['replication.factor=3', 'faults.power-loss=2', 'min.insync.replicas=1', 'producers=1', 'partitions=1'],
  ['replication.factor=2', 'faults.power-loss=1', 'faults.broker=1', 'log.flush.interval.messages=2'],
];

/**
 * Configurations driven at every scale (the fast suite's: the first of each model's): replication, the consumer's poll
 * timer, requests held in the network.
 */
const always_: Record<string, string[][]> = {
  // Coordinator requests held in the network and a lost InitProducerId answer (faults.late-requests), beside a
  // held produce at transaction.version=1.
  'kafka-txn': [...replicated, ['kafka.version=3.9', 'faults.late-requests=true', 'faults.network=true']],
  'consume-transform-produce': [
    ['record.processing.ms=1000', 'max.poll.interval.ms=3000', 'faults.crashes=0'],
    // A crash and a pause with the clock running: members silent until session.timeout.ms.
    ['record.processing.ms=1000', 'session.timeout.ms=5000', 'faults.crashes=1'],
    // A request held in the network (model/kafka/network.ts) at transaction.version=1 without verification.
    ['kafka.version=3.5', 'faults.network=true'],
    ['kafka.version=3.9', 'faults.late-requests=true'],
  ],
  // A delayed produce, AddPartitionsToTxn or EndTxn beside the changelog writes; a held InitProducerId or
  // AddOffsetsToTxn, a lost InitProducerId answer.
  'kafka-streams': [
    ['kafka.version=3.9', 'faults.network=true'],
    ['kafka.version=3.9', 'faults.late-requests=true'],
  ],
};

/** Every configuration the test drives, per model: the defaults and the settings that change the rules taken. */
/** Parallelism 2 and rescaling: a second sink subtask, a downscale without the probe, an upscale with faults. */
export const flinkParallelConfigs: string[][] = [
  ['parallelism.default=2', 'faults.rescale=true', 'safeguard.abort-lingering-transactions=false', 'input.records=2'],
  ['parallelism.default=2', 'faults.send-errors=true', 'partitions=2'],
  ['faults.rescale=true', 'faults.prefix-change=true', 'faults.crashes=2', 'jobs=2'],
  // POOLING at parallelism 2: a pool and a LISTING abort per sink subtask.
  ['sink.transaction-naming-strategy=POOLING', 'parallelism.default=2', 'kafka.version=3.9'],
  // A notification lost for one sink subtask: the committers' levels differ until the next one.
  ['parallelism.default=2', 'faults.lost-subtask-notifications=1', 'input.records=2'],
];

/**
 * flink-kafka configs of checkpoint timing: concurrent checkpoints with two slowed, both initial delays, an
 * aligned-checkpoint timeout that a slowed alignment reaches.
 */
export const flinkTimingConfigs: string[][] = [
  ['execution.checkpointing.max-concurrent-checkpoints=2', 'faults.slow-checkpoints=2', 'transaction.timeout.ms=11000'],
  ['faults.checkpoint-initial-delay=both', 'execution.checkpointing.min-pause=500', 'transaction.timeout.ms=3000'],
  [
    'job.inputs=2',
    'input.records=2',
    'faults.slow-checkpoints=1',
    'execution.checkpointing.unaligned.enabled=true',
    'execution.checkpointing.aligned-checkpoint-timeout=5000',
  ],
];

/**
 * flink-kafka configs of retried commits: held on their own committable (flink.commit-retry=later, connector 3.x):
 * the later checkpoints' commits, a restore of the waiting committable, two sink subtasks; and synchronous.
 */
export const flinkCommitRetryConfigs: string[][] = [
  ['faults.commit-retries=2', 'flink.commit-retry=later', 'connector.version=3.4', 'faults.crashes=1'],
  ['faults.commit-retries=1', 'flink.commit-retry=later', 'connector.version=3.0', 'parallelism.default=2'],
  // Synchronous retries blocking the task, used up and restored, while the JobManager triggers checkpoints.
  ['faults.commit-retries=1', 'max.block.ms=1000', 'sink.committer.retries=2', 'faults.crashes=1'],
];

/** flink-kafka configs of the sink: delivery guarantees, checkpointing modes, prefixes, two jobs, POOLING. */
export const flinkSinkConfigs: string[][] = [
  [],
  ['sink.delivery-guarantee=none'],
  ['sink.delivery-guarantee=at-least-once'],
  ['execution.checkpointing.mode=AT_LEAST_ONCE', 'job.inputs=2'],
  ['execution.checkpointing.unaligned.enabled=true', 'job.inputs=2'],
  ['faults.prefix-change=true', 'safeguard.abort-lingering-transactions=false'],
  ['high-availability.type=none', 'faults.jobmanager=1'],
  ['jobs=2', 'faults.crashes=0'],
  // Job 1's LISTING takes job 2's flink-job2-… transactions (their names start with flink).
  ['jobs=2', 'sink.transaction-naming-strategy=POOLING', 'input.records=2'],
  // LISTING with the restored writer state's prefix as well as the new one.
  ['sink.transaction-naming-strategy=POOLING', 'faults.prefix-change=true'],
  // The same with FLINK-40626's proposed fix, which aborts a restored pre-committed id open again.
  [
    'sink.transaction-naming-strategy=POOLING',
    'faults.prefix-change=true',
    'safeguard.abort-superseded-precommitted=true',
  ],
];

/** flink-kafka configs of ends and restarts: no checkpoints, savepoints, timeouts, lost JobManagers, strategies. */
export const flinkRestartConfigs: string[][] = [
  // A never-ending input without checkpoints, and cancel-with-savepoint.
  ['checkpointing.enabled=false'],
  ['faults.savepoint=cancel'],
  ['transaction.timeout.ms=2500'],
  ['faults.crashes=2', 'safeguard.abort-lingering-transactions=false', 'faults.send-errors=true'],
  [
    'high-availability.type=none',
    'faults.jobmanager=1',
    'scan.startup.mode=group-offsets',
    'properties.auto.offset.reset=latest',
    'transaction.timeout.ms=2500',
    'transactions.abort.timed.out.transaction.cleanup.interval.ms=3000',
  ],
  ['transaction.timeout.ms=3600000', 'transaction.two.phase.commit.enable=true'],
  [
    'sink.transaction-naming-strategy=POOLING',
    'kafka.version=3.9',
    'safeguard.reinit-pooled-producer=false',
    'faults.restore=savepoint',
    'safeguard.committer-known-failures=false',
  ],
  [
    'sink.delivery-guarantee=at-least-once',
    'safeguard.flush-on-checkpoint=false',
    'faults.send-errors=true',
    'faults.producer-state-loss=true',
  ],
  [
    'faults.slow-checkpoints=1',
    'faults.slow-checkpoint.ms=70000',
    'execution.checkpointing.timeout=30000',
    'execution.checkpointing.tolerable-failed-checkpoints=1',
    'execution.checkpointing.min-pause=3000',
  ],
  ['restart-strategy.type=none', 'execution.checkpointing.externalized-checkpoint-retention=RETAIN_ON_CANCELLATION'],
  ['restart-strategy.type=failure-rate', 'faults.crashes=2', 'faults.jobmanager=1', 'resubmit.delay.ms=2000'],
  ['restart-strategy.type=fixed-delay', 'faults.crashes=2', 'high-availability.type=none'],
  [
    'restart-strategy.exponential-delay.attempts-before-reset-backoff=1',
    'restart-strategy.exponential-delay.reset-backoff-threshold=3000',
    'faults.crashes=2',
  ],
];

/**
 * flink-kafka configs of declined checkpoints: each decline failing the job over, and declines tolerated with the gap
 * fill off (the source's decline leaves an id unused) and with a commit carried to the next checkpoint.
 */
export const flinkDeclineConfigs: string[][] = [
  ['faults.declined-checkpoints=2', 'faults.jobmanager=1'],
  [
    'faults.declined-checkpoints=3',
    'execution.checkpointing.tolerable-failed-checkpoints=2',
    'safeguard.fill-transactional-id-gaps=false',
    'faults.crashes=2',
  ],
];

const configs: Record<string, string[][]> = {
  'kafka-txn': [
    [],
    ['faults.network=true'],
    ['safeguard.epoch-fencing=false'],
    ['transaction.version=1', 'faults.network=true'],
    ['enable.idempotence=false', 'faults.network=true'],
    ['safeguard.epoch-bump-on-timeout=false', 'transaction.timeout.ms=1'],
    // Epochs at their end (KIP-890's rotation draws producer ids: sleep sets' declarations must say so).
    ['faults.epoch-exhaustion=true'],
    // A coordinator move over replicated partitions: markers re-sent, stale ones fenced by a new leader.
    [
      'replication.factor=2',
      'min.insync.replicas=1',
      'faults.broker=1',
      'faults.coordinator-failover=1',
      'producers=1',
      'partitions=1',
    ],
    // A producer's expiry moving the clock a day and dropping the old coordinator's markers.
    ['kafka.version=3.9', 'faults.coordinator-failover=1', 'faults.producer-state-loss=true'],
    // A coordinator loading its log after a move, and its log's ISR too small: the steps it refuses are left out.
    ['faults.coordinator-failover=1', 'faults.txn-log-isr-shrink=true', 'producers=1'],
    // __transaction_state elected uncleanly: the new coordinator loads the log a follower behind had.
    ['faults.txn-log-unclean-election=1', 'transaction.state.log.min.isr=1', 'safeguard.txn-log-clean-election=false'],
    // The log cleaner of a compacted output, KAFKA-13727's release and a fixed one, its horizons on the clock.
    ['cleanup.policy=compact', 'faults.log-cleaner=2', 'kafka.version=3.1.0', 'delete.retention.ms=1000'],
    ['cleanup.policy=compact', 'faults.log-cleaner=1', 'producers=1', 'input.records=3'],
    // Each broker's cleaner on its own replica, a follower out of the ISR fetching past a removed marker.
    [
      'replication.factor=2',
      'min.insync.replicas=1',
      'cleanup.policy=compact',
      'faults.log-cleaner=3',
      'delete.retention.ms=0',
      'producers=1',
      'partitions=1',
      'faults.zombies=false',
    ],
    ...replicated,
  ],
  'consume-transform-produce': [
    [],
    ['commit.strategy=commit-then-process'],
    ['commit.strategy=process-then-commit', 'faults.network=true'],
    ['safeguard.require-stable-offsets=false'],
    ['safeguard.generation-fencing=false'],
    ['sink=upsert'],
    ['enable.auto.commit=true', 'commit.strategy=process-then-commit'],
    ['enable.auto.commit=true'],
    ['faults.network=true', 'faults.producer-state-loss=true'],
    // Writes in flight landing in any order (model/kafka/inflight.ts), one of them expiring at 2.4 and at 3.5.
    ['faults.produce-reorder=true', 'input.records=3', 'commit.every=3'],
    ['faults.produce-reorder=true', 'faults.network=true'],
    ['faults.produce-reorder=true', 'faults.network=true', 'kafka.version=2.4', 'commit.every=3'],
    ['faults.produce-reorder=true', 'faults.network=true', 'kafka.version=3.5', 'commit.every=3'],
    // KIP-848's consumer group protocol: member epochs (the group's optional word), revocations, both ways.
    ['group.protocol=consumer', 'input.partitions=2'],
    ['group.protocol=consumer', 'safeguard.generation-fencing=false', 'faults.network=true'],
    ['group.protocol=consumer', 'record.processing.ms=1000', 'faults.group-coordinator-failover=1'],
    // A removed member's heartbeat (UNKNOWN_MEMBER_ID) and its rejoin, classic with a TxnOffsetCommit held in the
    // network under its former member.id (the group's list of former ids), and fenced under the consumer protocol.
    ['kafka.version=3.5', 'faults.network=true', 'faults.crashes=0'],
    ['group.protocol=consumer', 'record.processing.ms=1000', 'session.timeout.ms=5000', 'faults.crashes=0'],
    ['faults.coordinator-failover=1', 'faults.txn-log-isr-shrink=true'],
    // KAFKA-17507: offsets completed on the group coordinator's scheduler after the marker's answer, at 3.9.0
    // (the next transaction's offsets committed early) and at 4.0 (awaited: the queue runs before the answer).
    ['faults.late-offset-completion=true', 'kafka.version=3.9.0', 'commit.every=1'],
    ['faults.late-offset-completion=true', 'kafka.version=4.0'],
    ['faults.txn-log-unclean-election=1', 'transaction.state.log.min.isr=1', 'safeguard.txn-log-clean-election=false'],
  ],
  'kafka-streams': [
    [],
    ['processing.guarantee=at_least_once'],
    ['processing.guarantee=exactly_once'],
    ['kafka.version=3.5', 'faults.producer-state-loss=true'],
    ['kafka.version=3.5', 'processing.guarantee=exactly_once', 'faults.network=true'],
    // The changelog's and the output's writes in flight, landing in any order (model/kafka/inflight.ts).
    ['faults.produce-reorder=true', 'commit.every=3', 'input.records=3'],
    ['faults.produce-reorder=true', 'processing.guarantee=exactly_once', 'kafka.version=2.6', 'faults.network=true'],
    ['faults.late-offset-completion=true', 'kafka.version=3.9.0'],
    // A removed member's heartbeat: its tasks closed dirty, its thread producer replaced (exactly_once_v2).
    ['faults.crashes=0', 'input.records=3'],
  ],
  'flink-kafka': [
    ...flinkSinkConfigs,
    ...flinkRestartConfigs,
    ...flinkParallelConfigs,
    ...flinkTimingConfigs,
    ...flinkCommitRetryConfigs,
    ...flinkDeclineConfigs,
  ],
  'two-phase-commit': [[], ['safeguard.commit-needs-all-prepared=false', 'rm.count=4']],
  'mirror-maker-2': [
    [],
    ['failover=planned', 'source.transaction.records=2', 'offset.lag.max=2', 'sync.group.offsets.enabled=true'],
    ['failover=unplanned', 'kafka.version=2.7', 'source.transaction.records=2'],
    ['failover=unplanned', 'source.transaction.records=2', 'faults.source-aborts=2', 'faults.task-restarts=1'],
    [
      'source.transaction.records=2',
      'faults.source-aborts=1',
      'faults.zombie-tasks=1',
      'faults.task-restarts=1',
      'source.consumer.isolation.level=read_committed',
    ],
    ['faults.task-restarts=1', 'faults.zombie-tasks=1', 'exactly.once.source.support=enabled'],
  ],
};

/** A small deterministic generator (xorshift32). */
function rng(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

function words<S, A extends AnyAction>(model: Model<S, A>, s: S): number[] {
  const b = new WordBuffer();
  model.fast.encode(s, b);
  return Array.from(b.words.subarray(0, b.length));
}

function verdicts<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>, s: S): (string | null)[] {
  return e.invariants.map((i) => i.check(s));
}

/** States reached by random walks (explored prefix, then the drain) and by a breadth-first search, via `step`. */
export function reached<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  initial: S,
  walks: number,
  bfsStates: number,
): S[] {
  const { model } = e;
  const out: S[] = [initial];
  for (let w = 0; w < walks; w++) {
    const next = rng(w + 1);
    let s = initial;
    for (let k = 0; k < 40; k++) {
      const acts = model.enabled(s);
      if (acts.length === 0) break;
      s = model.step(s, acts[Math.floor(next() * acts.length)]!);
      out.push(s);
    }
    for (let k = 0; k < 400; k++) {
      const a = model.drain(s);
      if (a === null) break;
      s = model.step(s, a);
      out.push(s);
    }
  }
  const seen = new Set([model.key(initial)]);
  const queue = [initial];
  for (let q = 0; q < queue.length && seen.size < bfsStates; q++) {
    const at = queue[q]!;
    for (const a of model.enabled(at)) {
      const t = model.step(at, a);
      const k = model.key(t);
      if (seen.has(k)) continue;
      seen.add(k);
      queue.push(t);
      out.push(t);
    }
  }
  return out;
}

/** How much each test explores: random walks and breadth-first states per config, and the search's state bound. */
export interface Scale {
  readonly walks: number;
  readonly bfs: number;
  readonly drainWalks: number;
  readonly drainBfs: number;
  readonly searchStates: number;
  /** Configs per model: all of them, or the first n. */
  readonly configs: number;
  /** Of the configurations driven at every scale (`always_`), the first n (default all). */
  readonly always?: number;
}

/**
 * The deep suite's scale: every config of the model at ten times the fast suite's states. One file per model (three for
 * flink-kafka) under test/slow/differential/, so the test runner's two workers share the work.
 */
export const fullScale: Scale = {
  walks: 40,
  bfs: 1500,
  drainWalks: 15,
  drainBfs: 300,
  searchStates: 6000,
  configs: 100,
};

/**
 * The slow suite's scale: every config of the model at half the fast suite's states (the fast suite drives the
 * defaults only): a config's own mechanism shows within its first states, the deep suite goes ten times further.
 */
export const slowScale: Scale = {
  walks: 2,
  bfs: 80,
  drainWalks: 1,
  drainBfs: 20,
  searchStates: 300,
  configs: 100,
};

/** The scale of the suite that runs: full in the deep suite, else the slow suite's. */
export const tierScale: Scale = deep ? fullScale : slowScale;

/**
 * The fast path's step without events (`applySilent`, where the model declares `eventsUnread`) from `s` by `a`
 * agrees with `step` (`frozen`) on the words, the key, the enabled actions, the drain and the model's verdicts:
 * what a rule, guard, drain or invariant reading events would tell apart. Its events keep nothing.
 */
function silentAgrees<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>, s: S, a: A, frozen: S): void {
  const { model } = e;
  if (model.fast.applySilent === undefined) return;
  const silent = model.fast.clone(s);
  model.fast.applySilent(silent, a);
  expect((silent as { events: readonly unknown[] }).events).toBe(SILENT_EVENTS);
  expect(words(model, silent)).toEqual(words(model, frozen));
  expect(model.key(silent)).toBe(model.key(frozen));
  expect(model.enabled(silent)).toEqual(model.enabled(frozen));
  expect(model.drain(silent)).toEqual(model.drain(frozen));
  expect(verdicts(e, silent)).toEqual(verdicts(e, frozen));
}

/** The differential tests of one model at `scale`. */
function suite<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  list: readonly string[][],
  scale: Scale,
): void {
  const { model } = e;
  const always = (always_[model.name] ?? []).slice(0, scale.always ?? Number.POSITIVE_INFINITY);
  const chosen = [...list.slice(0, scale.configs), ...always.filter((c) => !list.slice(0, scale.configs).includes(c))];
  for (const pairs of chosen) {
    const label = `${model.name} ${pairs.join(' ') || 'defaults'}`;
    const config = () => cfg(model.keys, ...pairs);
    test(`${label}: successors and verdicts agree on reached states`, () => {
      const initial = model.init(config());
      const states = reached(e, initial, scale.walks, scale.bfs);
      let compared = 0;
      for (const s of states) {
        const acts = model.enabled(s);
        // One tag's actions listed alone (what minimization replays with) are those of `enabled`, in its order.
        for (const t of model.actionTypes) expect(model.enabledOf(s, t)).toEqual(acts.filter((a) => a.type === t));
        for (const a of acts) {
          const frozen = model.step(s, a);
          const own = model.fast.clone(s);
          model.fast.apply(own, a);
          expect(words(model, own)).toEqual(words(model, frozen));
          expect(model.key(own)).toBe(model.key(frozen));
          expect(verdicts(e, own)).toEqual(verdicts(e, frozen));
          silentAgrees(e, s, a, frozen);
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(scale.bfs / 3);
    });
    test(`${label}: packed rules (where the model has them) agree with enabled, step and the invariants`, () => {
      const initial = model.init(config());
      const packed = model.fast.packed?.(initial) ?? null;
      if (packed === null) return;
      const states = reached(e, initial, scale.walks, scale.bfs);
      const out = new Int32Array(packed.most * packed.width);
      const types = new Uint8Array(packed.most);
      let quiet = 0;
      for (const s of states) {
        const src = Int32Array.from(words(model, s));
        expect(src.length).toBe(packed.width);
        const n = packed.successors(src, 0, out, types);
        const acts = model.enabled(s);
        expect(n).toBe(acts.length);
        for (let i = 0; i < n; i++) {
          expect(Array.from(out.subarray(i * packed.width, (i + 1) * packed.width))).toEqual(
            words(model, model.step(s, acts[i]!)),
          );
          expect(model.actionTypes[types[i]!]).toBe(acts[i]!.type);
        }
        if (packed.quiet(src, 0)) {
          quiet += 1;
          expect(model.drain(s)).toBeNull();
          expect(verdicts(e, s)).toEqual(e.invariants.map(() => null));
        }
      }
      expect(quiet).toBeGreaterThan(0);
    });
    test(`${label}: the frontier's packed words decode to the state, its static parts shared`, () => {
      const initial = model.init(config());
      const codec = new PlainCodec(initial);
      const buffer = new WordBuffer();
      const states = reached(e, initial, scale.walks, scale.bfs);
      for (const s of states) {
        buffer.reset();
        buffer.push(-7);
        codec.pack(s, buffer);
        const back = codec.unpack(buffer.words, 1);
        // A step's events are not kept (the next step starts a new list); everything else is.
        expect(back).toEqual({ ...s, events: [] });
        expect(words(model, back)).toEqual(words(model, s));
        expect(verdicts(e, back)).toEqual(verdicts(e, s));
        expect((back as { config: unknown }).config).toBe((initial as { config: unknown }).config);
        // A mutable copy: the fast path applies a step to it in place.
        const acts = model.enabled(back);
        if (acts.length > 0) {
          model.fast.apply(back, acts[0]!);
          expect(words(model, back)).toEqual(words(model, model.step(s, acts[0]!)));
        }
      }
    });
    test(`${label}: the model's own encoding gives the state back and identifies it`, () => {
      const initial = model.init(config());
      const decode = model.fast.decode;
      // Every catalog model decodes its encoding (mirror-maker-2 was the last to get one): without this, a model
      // that has none would pass by returning here.
      expect(decode, `${model.name} has no decode`).toBeDefined();
      if (!decode) return;
      const buffer = new WordBuffer();
      const byWords = new Map<string, string>();
      for (const s of reached(e, initial, scale.walks, scale.bfs)) {
        buffer.reset();
        buffer.push(-7);
        model.fast.encode(s, buffer);
        const back = decode(buffer.words, 1, initial);
        expect(back).toEqual({ ...s, events: [] });
        expect(model.key(back)).toBe(model.key(s));
        // Fields in the order the model makes them, so the rules meet one object layout, not two.
        expect(JSON.stringify(back)).toBe(JSON.stringify({ ...s, events: [] }));
        expect(words(model, back)).toEqual(words(model, s));
        expect(verdicts(e, back)).toEqual(verdicts(e, s));
        expect((back as { config: unknown }).config).toBe((initial as { config: unknown }).config);
        // Two states have the same words exactly when they have the same identity.
        const w = words(model, s).join(',');
        const known = byWords.get(w);
        if (known === undefined) byWords.set(w, model.key(s));
        else expect(known).toBe(model.key(s));
        const acts = model.enabled(back);
        // The search starts a successor from a copy of the state it decoded (`SearchCore.successorAt`): the
        // decoding itself, and each enabled step on it gives the step's words, leaving the decoded state as it was.
        const copy = model.fast.copy;
        expect(copy, `${model.name} has no copy`).toBeDefined();
        if (copy) {
          const before = JSON.stringify(back);
          for (const a of acts) {
            const t = copy(back);
            expect(JSON.stringify(t)).toBe(before);
            model.fast.apply(t, a);
            expect(words(model, t)).toEqual(words(model, model.step(s, a)));
          }
          expect(JSON.stringify(back)).toBe(before);
        }
        if (acts.length > 0) {
          model.fast.apply(back, acts[0]!);
          expect(words(model, back)).toEqual(words(model, model.step(s, acts[0]!)));
        }
      }
      expect(new Set(byWords.values()).size).toBe(byWords.size);
    });
    test(`${label}: partial-order declarations (where the model has them) hold on reached states`, () => {
      const checked = declarationsHold(e, pairs, scale.bfs);
      expect(checked === 0 ? model.por : checked).toBe(checked === 0 ? null : checked);
    });
    test(`${label}: sleep-set declarations (where the model has them) hold on reached states`, () => {
      const checked = accessHolds(e, reached(e, model.init(config()), scale.walks, scale.bfs));
      expect(checked === 0 ? model.access : checked).toBe(checked === 0 ? null : checked);
    });
    test(`${label}: the drain's owned copy, judged before and after each in-place step, agrees with step`, () => {
      const initial = model.init(config());
      const states = reached(e, initial, scale.drainWalks, scale.drainBfs);
      for (const s of states) {
        const own = model.fast.clone(s);
        // The search's drain steps without events where the model says nothing reads them.
        const silent = model.fast.applySilent ? model.fast.clone(s) : null;
        let frozen = s;
        expect(verdicts(e, own)).toEqual(verdicts(e, frozen));
        for (let k = 0; k < 400; k++) {
          const a = model.drain(frozen);
          if (a === null) break;
          expect(model.drain(own)).toEqual(a);
          model.fast.apply(own, a);
          frozen = model.step(frozen, a);
          expect(verdicts(e, own)).toEqual(verdicts(e, frozen));
          if (silent === null) continue;
          expect(model.drain(silent)).toEqual(a);
          model.fast.applySilent!(silent, a);
          expect(verdicts(e, silent)).toEqual(verdicts(e, frozen));
        }
        expect(words(model, own)).toEqual(words(model, frozen));
        if (silent !== null) expect(words(model, silent)).toEqual(words(model, frozen));
      }
    });
    test(`${label}: the successor along a passing drain passes (the search takes it without a drain)`, () => {
      const initial = model.init(config());
      const c = { model, invariants: e.invariants };
      const core = () => new SearchCore(c, { symmetry: false, maxStates: 16 });
      // A fresh core each time: no memo from an earlier drain decides.
      const judge = (s: S): number => {
        const k = core();
        k.fingerprint(s);
        return k.judge(s, k.fp.hi, k.fp.lo);
      };
      let along = 0;
      let moving = 0;
      for (const s of reached(e, initial, scale.drainWalks, scale.drainBfs)) {
        if (judge(s) !== -1) continue;
        const acts = model.enabled(s);
        const i = core().drainIndex(s, acts);
        const d = model.drain(s);
        if (d !== null) moving += 1;
        expect(i >= 0 ? sameAction(acts[i]!, d!) : d === null || !acts.some((a) => sameAction(a, d))).toBe(true);
        if (i < 0) continue;
        expect(judge(model.step(s, acts[i]!))).toBe(-1);
        along += 1;
      }
      // The drain takes only actions the explorers can take too (two-phase-commit's drain never moves).
      expect(along).toBe(moving);
    });
    test(
      `${label}: the exhaustive search gives the same verdict and state count through the fast ` +
        `path and through step`,
      () => {
        const c = { model, invariants: e.invariants };
        const initial = model.init(config());
        const depth = model.defaultDepth > 100 ? 6 : Math.min(model.defaultDepth, 14);
        const a = checkHere(c, initial, { mode: 'exhaustive', depth, maxStates: scale.searchStates });
        const b = checkHere(c, initial, { mode: 'exhaustive', depth, maxStates: scale.searchStates, plain: true });
        expect(b.found?.violations ?? []).toEqual(a.found?.violations ?? []);
        expect(b.found?.trace ?? null).toEqual(a.found?.trace ?? null);
        expect(b.mode === 'exhaustive' && a.mode === 'exhaustive' && b.distinct === a.distinct).toBe(true);
        // The frontier kept as objects instead of packed words: the same search.
        const objects = Number.POSITIVE_INFINITY;
        const o = checkHere(c, initial, { mode: 'exhaustive', depth, maxStates: scale.searchStates, packAt: objects });
        expect(o.found?.trace ?? null).toEqual(a.found?.trace ?? null);
        expect(o.mode === 'exhaustive' && a.mode === 'exhaustive' && o.distinct === a.distinct).toBe(true);
        expect(o.mode === 'exhaustive' && a.mode === 'exhaustive' && o.generated === a.generated).toBe(true);
        // With sleep sets (`--sleep-sets on`, kept where the model declares access): every level holds the same
        // states (a state a skipped transition reaches is met later in its level, so the order within one may
        // differ), a counterexample as short is met, and a search that ran its levels whole took the skipped
        // transitions less.
        const sl = checkHere(c, initial, { mode: 'exhaustive', depth, maxStates: scale.searchStates, sleepSets: true });
        expect(sl.found?.violations.map((v) => v.invariant) ?? []).toEqual(
          a.found?.violations.map((v) => v.invariant) ?? [],
        );
        expect(sl.found?.trace.length ?? null).toEqual(a.found?.trace.length ?? null);
        if (sl.mode === 'exhaustive' && a.mode === 'exhaustive') {
          expect(sl.levels).toEqual(a.levels);
          expect([sl.shortest, sl.depthCompleted, sl.bound]).toEqual([a.shortest, a.depthCompleted, a.bound]);
          expect(a.sleepSets).toBe('off');
          // Kept by the search over objects where the model declares access (a packed search keeps none).
          expect(typeof sl.sleepSets === 'object').toBe(model.access !== null);
          const skipped = typeof sl.sleepSets === 'string' ? 0 : sl.sleepSets.skipped;
          if (sl.found === null && sl.bound !== 'max-states') expect(sl.generated + skipped).toBe(a.generated);
        } else expect.unreachable('an exhaustive outcome');
        // A swarm verification member (depth-first, shuffled order; over packed words where the model has word
        // rules) against the same member through step: the same states, transitions, trace and summary.
        const member = { index: 3, count: 4 };
        const bound = { mode: 'exhaustive', depth, maxStates: Math.min(scale.searchStates, 3000), member } as const;
        const m = checkHere(c, initial, bound);
        const mp = checkHere(c, initial, { ...bound, plain: true });
        expect(mp.found?.trace ?? null).toEqual(m.found?.trace ?? null);
        const summary = (x: typeof m) =>
          x.mode === 'exhaustive' ? [x.distinct, x.generated, x.bound, x.coverage, x.member] : null;
        expect(summary(mp)).toEqual(summary(m));
      },
    );
  }
}

/** Registers the differential tests of model `name` at `list`, at `scale` (every config of the list). */
export function differentialOf(name: string, list: readonly string[][], scale: Scale): void {
  describe(`fast path against plain step, ${name} (${scale.walks} walks, ${scale.bfs} breadth-first states)`, () => {
    catalog.get(name)!.open((e) => suite(e, list, { ...scale, configs: list.length }));
  });
}

/** Every configuration the differential test drives for model `name` (its defaults alone when it has no list). */
export function configsOf(name: string): readonly string[][] {
  return configs[name] ?? [[]];
}

/** Registers the differential tests at `scale`, of every model or of the models named. */
export function differentialSuite(scale: Scale, only?: readonly string[]): void {
  const models = catalog.models.filter((m) => only === undefined || only.includes(m.name));
  describe(
    `fast path against plain step, ${only?.join(', ') ?? 'every model'} (${scale.walks} walks, ` +
      `${scale.bfs} breadth-first states)`,
    () => {
      for (const m of models) m.open((e) => suite(e, configsOf(m.name), scale));
    },
  );
}
