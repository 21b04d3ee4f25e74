/**
 * Golden transcripts of the command line under fixed seeds: stdout, stderr and exit code of each
 * command, compared with test/golden/*.txt (timings normalized). Regenerate after a deliberate
 * change with UPDATE_GOLDEN=1, then read the diff: a transcript is a claim about behaviour.
 */
import { goldenSuite } from './harness.js';

/** name -> the command lines whose transcripts it holds. */
const cases: Record<string, string[][]> = {
  'check-ok': [['check', 'kafka-txn', '--seed', '1', '--runs', '50', '--workers', '1']],
  // The default check (the portfolio), and the swarm alone, seed 14 (the seed the random runs' goldens share).
  // The pass finds txn-atomicity (the shortest, 9 steps); the swarm a stale EndTxn (zombie-fenced), shrunk to 9.
  'check-zombie': [
    ['check', 'kafka-txn', '--set', 'safeguard.epoch-fencing=false', '--seed', '14', '--workers', '1'],
    ['check', 'kafka-txn', '--set', 'safeguard.epoch-fencing=false', '--swarm', '--seed', '14', '--workers', '1'],
  ],
  'check-retry-duplicate': [
    [
      'check',
      'kafka-txn',
      '--set',
      'enable.idempotence=false',
      '--set',
      'faults.network=true',
      '--seed',
      '3',
      '--workers',
      '1',
    ],
  ],
  // kafka.version=3.5: transaction.version=1 without partition verification (KIP-890 part 1 shipped in 3.6).
  'check-kip890': [
    [
      'check',
      'kafka-txn',
      '--set',
      'kafka.version=3.5',
      '--set',
      'faults.network=true',
      '--swarm',
      '--seed',
      '5',
      '--workers',
      '1',
    ],
  ],
  // safeguard.epoch-bump-on-timeout is a transaction.version=1 switch (version 2 bumps the epoch at every end).
  'check-timeout': [
    [
      'check',
      'kafka-txn',
      '--set',
      'kafka.version=3.5',
      '--set',
      'safeguard.epoch-bump-on-timeout=false',
      '--seed',
      '8',
      '--workers',
      '1',
    ],
  ],
  // Parallelism 2 restored at parallelism 1 without the lingering-transaction probe: subtask 1's flink-1-2 hangs.
  'check-flink-rescale': [
    [
      'check',
      'flink-kafka',
      '--set',
      'parallelism.default=2',
      '--set',
      'faults.rescale=true',
      '--set',
      'safeguard.abort-lingering-transactions=false',
      '--exhaustive',
      '--workers',
      '1',
    ],
  ],
  'check-read-uncommitted': [
    ['check', 'kafka-txn', '--set', 'isolation.level=read_uncommitted', '--seed', '9', '--workers', '1'],
  ],
  'check-exhaustive-ok': [
    ['check', 'kafka-txn', '--set', 'producers=1', '--exhaustive', '--depth', '6', '--workers', '1'],
    // Sleep sets (asked with --sleep-sets on): the same states, fewer transitions; a model that declares no access
    // says so and takes every transition.
    ['check', 'kafka-txn', '--exhaustive', '--depth', '6', '--workers', '1'],
    ['check', 'kafka-txn', '--exhaustive', '--depth', '6', '--sleep-sets', 'on', '--workers', '1'],
    ['check', 'kafka-streams', '--exhaustive', '--depth', '4', '--sleep-sets', 'on', '--workers', '1'],
  ],
  'check-exhaustive-zombie': [
    [
      'check',
      'kafka-txn',
      '--set',
      'producers=1',
      '--set',
      'safeguard.epoch-fencing=false',
      '--exhaustive',
      '--workers',
      '1',
    ],
  ],
  'check-quiet': [
    ['check', 'kafka-txn', '--set', 'safeguard.epoch-fencing=false', '--seed', '14', '--quiet', '--workers', '1'],
  ],
  'run-txn-log': [['run', 'txn-log']],
  'run-txn-log-json': [['run', 'txn-log', '--json']],
  'run-zombie-fencing': [
    ['run', 'zombie-fencing'],
    ['run', 'zombie-fencing', '--set', 'safeguard.epoch-fencing=false'],
  ],
  'run-zombie-fencing-mermaid': [['run', 'zombie-fencing', '--format', 'mermaid']],
  'run-lso-blocking': [
    ['run', 'lso-blocking'],
    ['run', 'lso-blocking', '--set', 'open.txn.ends=commit'],
  ],
  lists: [['models'], ['invariants'], ['scenarios']],
  'check-two-phase-commit': [
    ['check', 'two-phase-commit', '--seed', '1', '--workers', '1'],
    ['check', 'two-phase-commit', '--exhaustive', '--workers', '1'],
    ['check', 'two-phase-commit', '--exhaustive', '--set', 'rm.count=5', '--symmetry', 'on', '--workers', '1'],
    // A reduced search cut by --depth proves no depth (docs/partial-order-reduction.md, "Depth bounds").
    ['check', 'two-phase-commit', '--exhaustive', '--por', 'on', '--depth', '3', '--workers', '1'],
    [
      'check',
      'two-phase-commit',
      '--exhaustive',
      '--set',
      'safeguard.commit-needs-all-prepared=false',
      '--workers',
      '1',
    ],
  ],
  'run-consumer-loop': [
    [
      'run',
      'consumer-loop',
      '--set',
      'messages=10',
      '--set',
      'commit.every=5',
      '--set',
      'crash.after=7',
      '--set',
      'commit.strategy=commit-then-process',
    ],
    [
      'run',
      'consumer-loop',
      '--set',
      'messages=10',
      '--set',
      'commit.every=5',
      '--set',
      'crash.after=7',
      '--set',
      'commit.strategy=process-then-commit',
    ],
    [
      'run',
      'consumer-loop',
      '--set',
      'messages=10',
      '--set',
      'commit.every=5',
      '--set',
      'crash.after=7',
      '--set',
      'commit.strategy=transactional',
    ],
  ],
  'run-flink-kafka-crash': [
    ['run', 'flink-kafka-crash'],
    ['run', 'flink-kafka-crash', '--set', 'sink.delivery-guarantee=exactly-once'],
  ],
  'run-checkpoint-alignment': [
    ['run', 'checkpoint-alignment'],
    ['run', 'checkpoint-alignment', '--set', 'execution.checkpointing.mode=AT_LEAST_ONCE'],
  ],
  'check-apps': [
    [
      'check',
      'consume-transform-produce',
      '--set',
      'commit.strategy=commit-then-process',
      '--exhaustive',
      '--workers',
      '1',
    ],
    ['check', 'kafka-streams', '--set', 'processing.guarantee=at_least_once', '--exhaustive', '--workers', '1'],
    ['check', 'flink-kafka', '--set', 'sink.delivery-guarantee=at-least-once', '--exhaustive', '--workers', '1'],
  ],
  'check-workers': [
    ['check', 'two-phase-commit', '--exhaustive', '--set', 'rm.count=5', '--workers', '2'],
    [
      'check',
      'kafka-txn',
      '--set',
      'safeguard.epoch-fencing=false',
      '--runs',
      '200',
      '--seed',
      '14',
      '--workers',
      '2',
      '--quiet',
    ],
    // The default portfolio on two threads: its pass and, beside it, its swarm. The pass exhausts this space
    // before the swarm's first run; the pass finds the zombie, which swarm runs of one or two steps cannot.
    ['check', 'two-phase-commit', '--seed', '1', '--workers', '2'],
    [
      'check',
      'kafka-txn',
      '--set',
      'safeguard.epoch-fencing=false',
      '--max-steps',
      '1',
      '--seed',
      '1',
      '--workers',
      '2',
    ],
  ],
  errors: [
    ['chek'],
    ['check'],
    ['check', 'kafka-tx'],
    ['check', 'kafka-txn', '--set', 'no.such.key=1', '--workers', '1'],
    ['check', 'kafka-txn', '--set', 'isolation.level=read_whatever', '--workers', '1'],
    ['check', 'kafka-txn', '--set', 'transaction.timeout.ms=soon', '--workers', '1'],
    ['check', 'kafka-txn', '--set', 'isolation.level', '--workers', '1'],
    ['check', 'kafka-txn', '--runs', '0', '--workers', '1'],
    ['check', 'kafka-txn', '--bogus', '--workers', '1'],
    ['check', 'kafka-txn', '--path', '1:2', '--workers', '1'],
    ['check', 'kafka-txn', '--exhaustive', '--seed', '3', '--workers', '1'],
    ['check', 'kafka-txn', '--depth', '3', '--workers', '1'],
    ['run'],
    ['run', 'no-such-scenario'],
    ['run', 'txn-log', '--set', 'transactions=commit:3,maybe:2'],
    ['run', 'txn-log', '--set', 'producers=2'],
    ['run', 'txn-log', '--format', 'pdf'],
    ['replay'],
    ['replay', '/nonexistent/trace.json'],
    ['check', 'kafka-txn', '--runs', '10', '--shard', '3/2'],
    ['check', 'kafka-txn', '--workers', '0'],
    ['check', 'kafka-txn', '--exhaustive', '--shard', '1/2', '--depth', '300'],
    ['check', 'kafka-txn', '--exhaustive', '--shard', '1/2', '--por', 'on'],
    ['check', 'kafka-txn', '--exhaustive', '--shard', '1/2', '--workers', '2'],
    ['check', 'kafka-txn', '--swarm', '--workers', '2'],
    ['check', 'two-phase-commit', '--exhaustive', '--por', 'on', '--workers', '2'],
    ['check', 'kafka-txn', '--symmetry', 'on'],
    ['check', 'kafka-txn', '--exhaustive', '--sleep-sets', 'maybe'],
    ['check', 'kafka-txn', '--swarm', '--sleep-sets', 'off'],
    ['check', 'kafka-txn', '--runs', '5', '--sleep-sets', 'off'],
    ['check', 'kafka-txn', '--exhaustive', '--por', 'on', '--sleep-sets', 'on'],
    ['check', 'kafka-txn', '--exhaustive', '--shard', '1/2', '--sleep-sets', 'off'],
    ['merge'],
    ['merge', '/nonexistent/a.json'],
    // What a release has: each refused naming the key, the value and what the release accepts.
    ['check', 'kafka-txn', '--set', 'kafka.version=3.9', '--set', 'transaction.version=2', '--workers', '1'],
    ['check', 'kafka-txn', '--set', 'kafka.version=3.5', '--set', 'transaction.partition.verification.enable=true'],
    ['check', 'kafka-txn', '--set', 'safeguard.epoch-bump-on-timeout=false', '--workers', '1'],
    ['check', 'kafka-streams', '--set', 'processing.guarantee=exactly_once', '--workers', '1'],
    ['check', 'kafka-streams', '--set', 'kafka.version=2.5', '--set', 'processing.guarantee=exactly_once_v2'],
  ],
};

goldenSuite('golden CLI transcripts', cases);
