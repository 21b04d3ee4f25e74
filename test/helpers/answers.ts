/**
 * Hand-built verify answers that every rendering's tests read: a pipeline with two violated guarantees decided
 * by keys at known lines (one message carrying every character XML escapes), one whose guarantees hold, one whose
 * files cannot be checked, one whose answer depends on application code, and one unreadable with no file.
 */
import type { PipelineAnswer } from '../../verify/answer.js';

const DUP = 'no input appears more than once in the judged output view';
const LOSS = 'at quiescence every input is in the judged output view (or applied to the sink)';

/** Two violations: `no-duplicates` decided by two keys, `no-loss` by none; `no-aborted-read` holds. */
export const unsafe: PipelineAnswer = {
  pipeline: 'examples/ctp-unsafe',
  exit: 1,
  error: null,
  model: 'kafka-txn',
  files: [
    { path: 'examples/ctp-unsafe/consumer.properties', role: 'consumer', detail: 'group daily-sales' },
    { path: 'examples/ctp-unsafe/producer.properties', role: 'producer', detail: 'idempotent' },
  ],
  guarantees: [
    {
      invariant: 'no-duplicates',
      meaning: DUP,
      verdict: 'violated',
      message: `input 3 appears twice in <out> & "a" 'b'`,
      decidedBy: [
        { key: 'transactional.id', file: 'examples\\ctp-unsafe\\producer.properties', line: 2 },
        { key: 'enable.auto.commit', file: './examples/ctp-unsafe/consumer.properties', line: 7 },
      ],
      reproduce: 'npx eoscheck check kafka-txn --set producer.transactional=false --seed 7',
    },
    {
      invariant: 'no-loss',
      meaning: LOSS,
      verdict: 'violated',
      message: 'input 2 is missing from out',
      decidedBy: [],
      reproduce: null,
    },
    {
      invariant: 'no-aborted-read',
      meaning: 'a read_committed reader never returns a record of an aborted transaction',
      verdict: 'holds',
      message: null,
      decidedBy: [],
      reproduce: null,
    },
  ],
  dependsOnCode: [],
  combinations: [],
  bound: 'exhaustive to depth 24',
};

/** Every guarantee holds. */
export const safe: PipelineAnswer = {
  pipeline: 'examples/ctp-safe',
  exit: 0,
  error: null,
  model: 'kafka-txn',
  files: [{ path: 'examples/ctp-safe/producer.properties', role: 'producer', detail: 'transactional' }],
  guarantees: [
    {
      invariant: 'no-duplicates',
      meaning: DUP,
      verdict: 'holds',
      message: null,
      decidedBy: [{ key: 'transactional.id', file: 'examples/ctp-safe/producer.properties', line: 4 }],
      reproduce: null,
    },
  ],
  dependsOnCode: [],
  combinations: [],
  bound: 'exhaustive to depth 24, then 1000 random runs of <= 40 steps',
};

/** A value the real system refuses. */
export const broken: PipelineAnswer = {
  pipeline: 'test/fixtures/verify/too-short-interval.yaml',
  exit: 2,
  error: 'too-short-interval.yaml:3: execution.checkpointing.interval: 5 ms is below the minimum of 10 ms',
  model: null,
  files: [{ path: 'test/fixtures/verify/too-short-interval.yaml', role: 'flink configuration', detail: '' }],
  guarantees: [],
  dependsOnCode: [],
  combinations: [],
  bound: '',
};

/** A DataStream job: its KafkaSink's delivery guarantee is set in code, and the real default loses exactly-once. */
export const datastream: PipelineAnswer = {
  pipeline: 'test/fixtures/verify/datastream-config.yaml',
  exit: 1,
  error: null,
  model: 'flink-kafka',
  files: [{ path: 'test/fixtures/verify/datastream-config.yaml', role: 'flink configuration', detail: '' }],
  guarantees: [
    {
      invariant: 'no-duplicates',
      meaning: DUP,
      verdict: 'violated',
      message: 'input 1 appears twice in out',
      decidedBy: [],
      reproduce: 'npx eoscheck check flink-kafka --set sink.delivery-guarantee=at-least-once',
    },
  ],
  dependsOnCode: [
    {
      key: 'sink.delivery-guarantee',
      realDefault: 'none',
      verdicts: { 'exactly-once': 'holds', 'at-least-once': 'violated', none: 'violated' },
    },
  ],
  combinations: [],
  bound: 'exhaustive to depth 20',
};

/** No file made a pipeline at all. */
export const nothing: PipelineAnswer = {
  pipeline: 'notes',
  exit: 2,
  error: 'no file here configures Kafka or Flink',
  model: null,
  files: [],
  guarantees: [],
  dependsOnCode: [],
  combinations: [],
  bound: '',
};

/** The answers in the order a run over all five would give them. */
export const answers: readonly PipelineAnswer[] = [unsafe, safe, broken, datastream, nothing];
