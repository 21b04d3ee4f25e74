/**
 * What each part of a pipeline says about the model's keys, as claims: a setting of a file (read as its
 * system reads it), a value derived from others (a transactional.id makes the loop transactional; acks=1
 * turns an unset enable.idempotence off), or a real default the file leaves in place (a consumer's
 * read_uncommitted). A real key maps to the model key of the same name whenever the model declares it,
 * so keys a model gains later are read without a change here; the translations below cover real keys
 * named otherwise. Every key that maps to nothing is listed as ignored, with why. Pure.
 */
import type { ConfigValue, Key } from '../model/core/keys.js';
import { ACCEPTED_FLINK_RELEASES, FLINK_VERSION_PATTERN } from '../model/flink/flink-release.js';
import { versionsOf } from './files/build-artifacts.js';
import { stringLiteral } from './files/code-text.js';
import { connectorOf } from './files/connector-release.js';
import type { Setting } from './files/entry.js';
import { CUSTOM_SOURCE, ENVIRONMENT, INTERVAL_CALLS, MODE_CALLS, SOCKET_SOURCE, UNHANDED } from './files/job-code.js';
import { GUARANTEES } from './guarantee-branches.js';
import { KAFKA_SINK_TXN_TIMEOUT_MS, kafkaInt, kafkaOneOf, PROCESSING_GUARANTEES, producerMode } from './kafka-rules.js';
import { flinkRefusal, modelText, type Reading } from './normalize.js';
import type { OffsetCommits } from './parts.js';
import type { Pipeline, Placed, Role } from './pipeline.js';
import {
  isClientCommon,
  isKafkaKey,
  isOwnKey,
  type KafkaSystem,
  streamsClientPrefixes,
  systemKeys,
  systemsOf,
  withoutStreamsPrefix,
} from './systems.js';
import { environmentHere } from './unstated.js';

/** How a claim came about. */
export type How = 'set' | 'derived' | 'inherited' | 'default';

/** A value for one model key, with where it came from and how strongly it holds. */
export interface Claim {
  /** The model key's (real) name. */
  readonly key: string;
  /** The value as `--set` text. */
  readonly text: string;
  readonly how: How;
  /** `file:line`, a file, or `--set`. */
  readonly where: string;
  /**
   * A higher rank wins: --set 10, a downstream reader 3 (its isolation.level is the judged one), a SQL script's SET
   * 2.5 (over the cluster's file), others 2, a SQL script's SET of high-availability.* 1.5 (the cluster's file holds),
   * a broker 1.
   */
  readonly rank: number;
  readonly why: string;
}

/** A key of a file, with what became of it (ignored: not modelled; used: read for what it decides). */
export interface FileKey {
  readonly file: string;
  readonly line: number;
  readonly key: string;
  readonly why: string;
}

/** Everything the parts claim, what they leave out, and notes for the answer; or the first refusal. */
export interface Claims {
  readonly claims: readonly Claim[];
  /** Keys read for what they decide (the pipeline, another key's value), not model keys themselves. */
  readonly used: readonly FileKey[];
  readonly ignored: readonly FileKey[];
  readonly notes: readonly string[];
  readonly error: string | null;
}

/** A real key named otherwise in the model, or read otherwise than its system's plain way. */
interface Translation {
  readonly from: string;
  readonly to: string;
  readonly reading: Reading;
  /** The restart-strategy.type whose key it is: Flink reads it only under that strategy. */
  readonly strategy?: string;
}

/**
 * The keys of one restart strategy (RestartStrategyOptions: each strategy reads its own): its delay, the model's
 * restart.delay.ms, and keys the model holds by their own names.
 */
function strategyKeys(strategy: string, delay: string, own: readonly [string, Reading][]): Translation[] {
  return [
    { from: delay, to: 'restart.delay.ms', reading: 'flink-duration', strategy },
    ...own.map(([key, reading]): Translation => ({ from: key, to: key, reading, strategy })),
  ];
}

/** Flink configuration keys with another model name or a duration value (a missing model key: ignored). */
const flinkTranslations: readonly Translation[] = [
  { from: 'execution.checkpointing.interval', to: 'execution.checkpointing.interval', reading: 'flink-duration' },
  { from: 'execution.checkpointing.timeout', to: 'execution.checkpointing.timeout', reading: 'flink-duration' },
  { from: 'execution.checkpointing.min-pause', to: 'execution.checkpointing.min-pause', reading: 'flink-duration' },
  {
    from: 'execution.checkpointing.aligned-checkpoint-timeout',
    to: 'execution.checkpointing.aligned-checkpoint-timeout',
    reading: 'flink-duration',
  },
  // Its name before Flink 1.14 (deprecated key of ALIGNED_CHECKPOINT_TIMEOUT).
  {
    from: 'execution.checkpointing.alignment-timeout',
    to: 'execution.checkpointing.aligned-checkpoint-timeout',
    reading: 'flink-duration',
  },
  ...strategyKeys('fixed-delay', 'restart-strategy.fixed-delay.delay', [
    ['restart-strategy.fixed-delay.attempts', 'flink'],
  ]),
  ...strategyKeys('exponential-delay', 'restart-strategy.exponential-delay.initial-backoff', [
    ['restart-strategy.exponential-delay.attempts-before-reset-backoff', 'flink'],
    ['restart-strategy.exponential-delay.reset-backoff-threshold', 'flink-duration'],
  ]),
  ...strategyKeys('failure-rate', 'restart-strategy.failure-rate.delay', [
    ['restart-strategy.failure-rate.failure-rate-interval', 'flink-duration'],
    ['restart-strategy.failure-rate.max-failures-per-interval', 'flink'],
  ]),
  // Its name before Flink 1.17 (the deprecated key of RestartStrategyOptions.RESTART_STRATEGY).
  { from: 'restart-strategy', to: 'restart-strategy.type', reading: 'flink' },
  { from: 'high-availability', to: 'high-availability.type', reading: 'flink' },
];

/** Broker keys with another model name (a topic's replication factor is the broker default here). */
const brokerTranslations: readonly Translation[] = [
  { from: 'default.replication.factor', to: 'replication.factor', reading: 'kafka' },
];

/** Kafka table options with another model name (the connector's pre-1.15 `sink.semantic`). */
const tableTranslations: readonly Translation[] = [
  { from: 'sink.semantic', to: 'sink.delivery-guarantee', reading: 'flink' },
];

/** Real defaults a part of each role leaves in place when its file does not set the key. */
interface RealDefault {
  readonly key: string;
  readonly text: string;
  readonly why: string;
}

const consumerIsolation: RealDefault = {
  key: 'isolation.level',
  text: 'read_uncommitted',
  why: 'a Kafka consumer reads read_uncommitted unless isolation.level says otherwise',
};

const realDefaults: Readonly<Record<Role, readonly RealDefault[]>> = {
  producer: [],
  'input consumer': [
    { key: 'enable.auto.commit', text: 'true', why: 'a Kafka consumer commits its offsets on a timer by default' },
  ],
  'downstream reader': [consumerIsolation],
  'consume-transform-produce application': [
    { key: 'enable.auto.commit', text: 'true', why: 'a Kafka consumer commits its offsets on a timer by default' },
  ],
  'Streams application': [
    { key: 'processing.guarantee', text: 'at_least_once', why: 'Kafka Streams defaults to at_least_once' },
  ],
  broker: [],
  'Flink job': [
    {
      key: 'high-availability.type',
      text: 'none',
      why: 'Flink runs without high availability unless high-availability.type is set',
    },
  ],
  'Kafka sink table': [
    {
      key: 'sink.delivery-guarantee',
      text: 'at-least-once',
      why: "the Kafka SQL connector's sink.delivery-guarantee defaults to at-least-once",
    },
    {
      key: 'transaction.timeout.ms',
      text: String(KAFKA_SINK_TXN_TIMEOUT_MS),
      why:
        "Flink's KafkaSink sets transaction.timeout.ms to 1 hour when " +
        "'properties.transaction.timeout.ms' is not set",
    },
  ],
  'Kafka source table': [
    {
      key: 'scan.startup.mode',
      text: 'group-offsets',
      why: "the Kafka SQL connector's scan.startup.mode defaults to group-offsets",
    },
  ],
  'downstream reader table': [consumerIsolation],
  'Flink Kafka connector': [],
  'Flink job code': [],
  'not modelled': [],
};

/** The rank of a SQL script's SET (`rankOf`). */
export const SQL_SET_RANK = 2.5;

/**
 * The rank of a job's code: it sets checkpointing on the environment the cluster's configuration made
 * (StreamExecutionEnvironment.enableCheckpointing over config.yaml's execution.checkpointing.interval).
 */
export const CODE_RANK = 2.75;

/**
 * The rank of the Flink release a build compiles against: below an image's, which is the cluster's, whose Flink
 * classes the job runs with (a job jar's `provided` Flink is the cluster's; Flink loads org.apache.flink classes
 * parent-first even where the jar bundles them: CoreOptions.ALWAYS_PARENT_FIRST_LOADER_PATTERNS).
 */
export const BUILD_RELEASE_RANK = 1.25;

/** The rank of a SQL script's SET of a cluster key (`high-availability.*`): below the cluster's own file. */
export const SQL_CLUSTER_SET_RANK = 1.5;

/**
 * The rank of a part's claim of `key`. A SQL script's SET configures its job over the cluster's configuration file
 * (the SQL client submits the job with its session's configuration on top of config.yaml, so SET
 * 'execution.checkpointing.interval' wins for that job), but not the cluster's high availability.
 */
function rankOf(p: Placed, key: string): number {
  if (p.role === 'Flink job code') return CODE_RANK;
  if (p.role === 'Flink job' && p.detail === 'SET statements')
    return key.startsWith('high-availability') ? SQL_CLUSTER_SET_RANK : SQL_SET_RANK;
  return p.role === 'downstream reader' || p.role === 'downstream reader table' ? 3 : p.role === 'broker' ? 1 : 2;
}

/** Keys Kafka Streams sets itself, whatever its configuration says. */
const streamsControlled: Readonly<Record<string, string>> = {
  'isolation.level': 'Kafka Streams sets its consumers to read_committed under exactly-once and leaves it otherwise',
  'enable.auto.commit': 'Kafka Streams commits offsets itself (it sets enable.auto.commit=false)',
  'enable.idempotence': 'Kafka Streams sets its producers idempotent under exactly-once',
  'transactional.id': 'Kafka Streams names its transactional.ids from application.id',
  'group.protocol':
    "Kafka Streams runs its consumers on the classic group protocol whatever a consumer's group.protocol says " +
    "(StreamsConfig's non-configurable consumer defaults, 3.7 and later); 4.1's group.protocol=streams (KIP-1071, " +
    "early access) is not modelled: the verdict is the classic protocol's",
};

class Collector {
  readonly claims: Claim[] = [];
  readonly used: FileKey[] = [];
  readonly ignored: FileKey[] = [];
  readonly notes: string[] = [];
  error: string | null = null;
  /** The model keys the current part has claimed. */
  partKeys = new Set<string>();
  constructor(
    readonly keys: ReadonlyMap<string, Key>,
    readonly defaults: Readonly<Record<string, ConfigValue>>,
    /** The pairs --set gives: a value the code computes is read only from them. */
    readonly set: readonly (readonly [string, string])[] = [],
  ) {}
  fail(message: string): void {
    this.error ??= message;
  }
  ignore(p: Placed, s: Setting, why: string): void {
    this.ignored.push({ file: p.file, line: s.line, key: s.written ?? s.key, why });
  }
  /** Records that `key` of `p`, if the file sets it, was read for what it decides. */
  use(p: Placed, key: string, why: string, done: Set<string>): void {
    const s = p.settings.find((x) => x.key === key);
    if (s && !done.has(key)) this.used.push({ file: p.file, line: s.line, key: s.written ?? key, why });
    done.add(key);
  }
  /**
   * Claims model key `to` from setting `s` of part `p` (the setting's key named `realKey`); false when the model
   * lacks it.
   */
  claim(p: Placed, s: Setting, to: string, reading: Reading, why = 'as written', realKey = s.key): boolean {
    const key = this.keys.get(to);
    // eoscheck's own keys are no real names: a file's key of the same name is not them (a translation may be).
    if (!key || (isOwnKey(to) && to === realKey)) return false;
    if (s.computed) {
      this.refuseComputed(p, s, to);
      return true;
    }
    const t = modelText(key, realKey, s.value, reading);
    const as = s.written === undefined ? why : why === 'as written' ? `as ${s.written}` : `${s.written}: ${why}`;
    if (!t.ok) this.fail(`${p.file}:${s.line}: ${s.written === undefined ? '' : `${s.written}: `}${t.error}`);
    else
      this.claims.push({
        key: to,
        text: t.value,
        how: 'set',
        where: `${p.file}:${s.line}`,
        rank: rankOf(p, to),
        why: as,
      });
    return true;
  }
  /** A value the code computes, for key `to`: refused, since verify checks a value given, never one of its own. */
  refuseComputed(p: Placed, s: Setting, to: string): void {
    this.fail(
      s.written !== undefined
        ? `${p.file}:${s.line}: ${s.written} = ${s.value}: a placeholder Spring resolves when the application ` +
            `starts, which no file here states; give it with --set ${to}=VALUE`
        : `${p.file}:${s.line}: ${s.key} = ${s.value}: a value verify cannot read from the code (accepted: a ` +
            `literal, or a constant Kafka defines); give it with --set ${to}=VALUE`,
    );
  }
  /**
   * A Kafka client's setting as verify reads it: a value the code computes is the one --set gives its key; one that
   * decides the check (a model key, or one the producer's mode or the Streams guarantee is read from) is refused
   * without it.
   */
  readable(p: Placed, s: Setting): Setting {
    // A Flink job's code refuses what it computes by the call that sets it (codeKeys, restartCodeKeys).
    if (!s.computed || p.role === 'Flink job code') return s;
    const bare = withoutStreamsPrefix(s.key);
    const given = this.set.find(([k]) => k === bare);
    if (given) return { key: s.key, value: given[1], line: s.line, ...(s.written ? { written: s.written } : {}) };
    if (this.keys.has(bare) || DECIDING.includes(bare)) this.refuseComputed(p, s, bare);
    return s;
  }
  /** A value derived from other settings of `p`. */
  derive(p: Placed, key: string, text: string, why: string): void {
    this.partKeys.add(key);
    if (this.keys.has(key)) this.claims.push({ key, text, how: 'derived', where: p.file, rank: rankOf(p, key), why });
  }
  /** A real default `p` leaves in place (inherited when it differs from the model's default). */
  inherit(p: Placed, d: RealDefault): void {
    if (!this.keys.has(d.key) || this.partKeys.has(d.key)) return;
    this.partKeys.add(d.key);
    const how: How = String(this.defaults[d.key]) === d.text ? 'default' : 'inherited';
    this.claims.push({ key: d.key, text: d.text, how, where: p.file, rank: rankOf(p, d.key), why: d.why });
  }
}

/** The Kafka systems whose keys a part of each Kafka role reads. */
const readsOf: Partial<Readonly<Record<Role, readonly KafkaSystem[]>>> = {
  producer: ['producer'],
  'input consumer': ['consumer'],
  'downstream reader': ['consumer'],
  'consume-transform-produce application': ['producer', 'consumer'],
  'Streams application': ['streams', 'producer', 'consumer'],
  broker: ['broker'],
};

/** Why a key of a part maps to nothing. */
function whyIgnored(role: Role, key: string): string {
  const reads = readsOf[role];
  if (reads === undefined) return 'not modelled';
  if (isOwnKey(key)) return "eoscheck's own key, not a real configuration name (use --set)";
  const sys = systemsOf(key);
  if (sys.length > 0 && !sys.some((x) => reads.includes(x)))
    return `a ${sys[0]} key: a ${role === 'Streams application' ? 'Streams application' : role} ignores it`;
  if (role === 'downstream reader' && systemKeys.consumer.includes(key))
    return "a downstream reader's key: only its isolation.level is judged";
  return isClientCommon(key) ? 'a connection or client setting: not modelled' : 'not modelled';
}

/** A producer's keys (a producer file, or the producer half of an application file). */
function producerKeys(
  c: Collector,
  p: Placed,
  model: Pipeline['model'],
  done: Set<string>,
  code: Offsets | null = null,
): void {
  const offsets = code?.how ?? null;
  const byKey = new Map(p.settings.map((s) => [s.key, s]));
  const mode = producerMode(byKey);
  if (!mode.ok) {
    c.fail(`${p.file}: Kafka's producer refuses this configuration: ${mode.error}`);
    return;
  }
  for (const s of p.settings) if (systemKeys.producer.includes(s.key) && c.claim(p, s, s.key, 'kafka')) done.add(s.key);
  const idem = 'decides whether the producer is idempotent (Kafka turns an unset enable.idempotence off without it)';
  c.use(p, 'acks', idem, done);
  c.use(p, 'retries', idem, done);
  c.use(p, 'max.in.flight.requests.per.connection', idem, done);
  c.use(p, 'transactional.id', 'makes the producer transactional (which model, and commit.strategy)', done);
  if (!byKey.has('enable.idempotence')) {
    if (mode.value.disabledBy)
      c.derive(
        p,
        'enable.idempotence',
        'false',
        `enable.idempotence is not set and ${mode.value.disabledBy}: Kafka turns idempotence off without a word`,
      );
    else
      c.inherit(p, {
        key: 'enable.idempotence',
        text: 'true',
        why: 'idempotence is on by default (Kafka 3.0 and later)',
      });
  }
  // The application's code, where it is here, says whether the offsets go into the transaction: a transactional.id
  // alone does not put them there.
  const apart = offsets !== null && offsets !== 'transaction';
  if (model === 'consume-transform-produce')
    c.derive(
      p,
      'commit.strategy',
      mode.value.transactional && !apart ? 'transactional' : 'process-then-commit',
      code?.why != null
        ? code.why
        : !mode.value.transactional
          ? 'no transactional.id: the application commits its input offsets apart from its output (after processing)'
          : !apart
            ? 'transactional.id is set: output and input offsets in one transaction (sendOffsetsToTransaction)'
            : 'transactional.id is set, but the code calls no sendOffsetsToTransaction: its input offsets are ' +
              (offsets === 'consumer'
                ? 'committed apart from its output (commitSync/commitAsync)'
                : 'committed apart from its output (enable.auto.commit) or never, to be read again after a restart'),
    );
}

/**
 * A consumer's keys: all of them for an application's input consumer but its isolation.level (the judged reader is
 * the output's, and eoscheck's input topics hold no transactions), isolation.level only for a downstream reader.
 */
function consumerKeys(c: Collector, p: Placed, done: Set<string>): void {
  for (const s of p.settings) {
    if (p.role === 'downstream reader' && s.key !== 'isolation.level') continue;
    if (p.role !== 'downstream reader' && s.key === 'isolation.level') {
      c.ignore(p, s, "the application's input reader: eoscheck's input topics hold no transactions");
      done.add(s.key);
      continue;
    }
    if (systemKeys.consumer.includes(s.key) && c.claim(p, s, s.key, 'kafka')) done.add(s.key);
  }
}

/** A Streams application's keys, its clients' prefixed keys read as theirs. */
function streamsKeys(c: Collector, p: Placed, done: Set<string>): void {
  c.use(p, 'application.id', 'makes the file a Streams application (and names its transactional.ids)', done);
  if (!p.settings.some((s) => s.key === 'application.id'))
    c.fail(
      `${p.file}: Kafka Streams refuses this configuration: ` +
        'Missing required configuration "application.id" which has no default value.',
    );
  const pg = p.settings.find((s) => s.key === 'processing.guarantee');
  let guarantee = 'at_least_once';
  if (pg) {
    const g = kafkaOneOf('processing.guarantee', pg.value, PROCESSING_GUARANTEES);
    if (!g.ok) c.fail(`${p.file}:${pg.line}: ${g.error}`);
    else {
      guarantee = g.value === 'exactly_once_beta' ? 'exactly_once_v2' : g.value;
      c.claim(
        p,
        { ...pg, value: guarantee },
        'processing.guarantee',
        'kafka',
        g.value === guarantee ? 'as written' : 'exactly_once_beta is the old name of exactly_once_v2',
      );
      done.add(pg.key);
      if (g.value === 'exactly_once')
        c.notes.push(
          `${p.file}: processing.guarantee=exactly_once (EOS v1) is deprecated since Kafka 3.0 and removed in 4.0`,
        );
    }
  }
  for (const s of p.settings) {
    if (done.has(s.key)) continue;
    const prefix = streamsClientPrefixes.find((x) => s.key.startsWith(x));
    const bare = prefix ? s.key.slice(prefix.length) : s.key;
    const controlled = streamsControlled[bare];
    if (controlled) {
      c.ignore(p, s, controlled);
      done.add(s.key);
    } else if (
      (systemKeys.streams.includes(bare) || systemKeys.producer.includes(bare) || systemKeys.consumer.includes(bare)) &&
      c.claim(
        p,
        s,
        bare,
        'kafka',
        prefix ? `${prefix}${bare} is the ${prefix.slice(0, -1)} client's ${bare}` : 'as written',
        s.key,
      )
    )
      done.add(s.key);
  }
  // transaction.timeout.ms needs no claim: the model's default is the one Streams sets by release.
}

/** The job's restart strategy, as Flink resolves it, and whether its strategy's keys are read. */
export interface Strategy {
  /** The strategy Flink runs: `restart-strategy.type` where given, else its default for the job. */
  readonly type: string;
  /** Why a strategy key is not read when no file or --set gives restart-strategy.type; null when one does. */
  readonly unset: string | null;
}

/**
 * Whether the job takes checkpoints: --set checkpointing.enabled says so, else an interval given with --set, by a
 * Flink configuration (config.yaml, a SQL SET, FLINK_PROPERTIES) or by the job's code.
 */
function checkpointing(pipe: Pipeline, set: readonly (readonly [string, string])[]): boolean {
  const given = (k: string) => set.find(([key]) => key === k)?.[1];
  const enabled = given('checkpointing.enabled');
  if (enabled !== undefined) return enabled === 'true';
  if (given('execution.checkpointing.interval') !== undefined) return true;
  return pipe.parts.some(
    (p) =>
      (p.role === 'Flink job' && p.settings.some((s) => s.key === 'execution.checkpointing.interval')) ||
      // A call under a condition may not be made: the job is checked both ways (unstated.ts).
      (p.role === 'Flink job code' && p.settings.some((s) => isIntervalCall(s.key) && !s.conditional)),
  );
}

/**
 * The job's restart strategy: --set restart-strategy.type, else the `restart-strategy.type` (or pre-1.17
 * `restart-strategy`) of its highest-ranked Flink part (a SQL SET over the cluster's file), else Flink's default.
 * That default reads none of the strategies' keys (RestartBackoffTimeStrategyFactoryLoader
 * .getDefaultRestartStrategyFactory, Flink 1.13 to 2.x): a job without checkpoints gets NoRestartBackoffTimeStrategy,
 * a checkpointing one exponential-delay built from each key's defaultValue() (Flink 1.19+; before, fixed-delay with
 * Integer.MAX_VALUE attempts and its own delay), never from restart-strategy.exponential-delay.* as a file sets them.
 */
function restartStrategy(pipe: Pipeline, keys: ReadonlyMap<string, Key>, set: readonly (readonly [string, string])[]) {
  const key = keys.get('restart-strategy.type');
  const given = set.find(([k]) => k === 'restart-strategy.type');
  if (given !== undefined) return { type: given[1], unset: null };
  let best: { rank: number; type: string | null } | null = null;
  for (const p of pipe.parts) {
    // The code's setRestartStrategy outranks the cluster's configuration, as in Flink.
    if ((p.role !== 'Flink job' && p.role !== 'Flink job code') || key === undefined) continue;
    for (const s of p.settings) {
      if (s.key !== 'restart-strategy.type' && s.key !== 'restart-strategy') continue;
      const rank = rankOf(p, key.name);
      // Read as the claim reads it (aliases, either case); a value Flink refuses is refused by that claim.
      const t = modelText(key, s.key, s.value, 'flink');
      if (best === null || rank > best.rank) best = { rank, type: t.ok ? t.value : null };
    }
  }
  if (best !== null) return { type: best.type ?? 'exponential-delay', unset: null };
  if (checkpointing(pipe, set))
    return {
      type: 'exponential-delay',
      unset:
        "restart-strategy.type is not set: a checkpointing job restarts with Flink's default, exponential-delay at " +
        "the options' own defaults from 1.19 (fixed-delay, Integer.MAX_VALUE attempts 1 s apart, before), not this " +
        'key (RestartBackoffTimeStrategyFactoryLoader)',
    };
  if (pipe.sinkInCode && !environmentHere(pipe))
    return {
      type: 'none',
      unset:
        'restart-strategy.type is not set: Flink reads no strategy key then (no restarts without checkpointing, ' +
        "exponential-delay at the options' own defaults with them: RestartBackoffTimeStrategyFactoryLoader)",
    };
  return {
    type: 'none',
    unset:
      'restart-strategy.type resolves to none: no restarts without checkpointing ' +
      '(RestartBackoffTimeStrategyFactoryLoader)',
  };
}

const isIntervalCall = (key: string): boolean => (INTERVAL_CALLS as readonly string[]).includes(key);
const isModeCall = (key: string): boolean => (MODE_CALLS as readonly string[]).includes(key);

/** A code call with its argument in words: `enableCheckpointing(5000)`, `Configuration.set(KEY, 5000)`. */
function callText(key: string, value: string, call?: string): string {
  const name = callName(key, call);
  return name.endsWith(')') ? `${name.slice(0, -1)}, ${value})` : `${name}(${value})`;
}

/** A code call's name in words: `StreamExecutionEnvironment.enableCheckpointing`. */
function callName(key: string, call?: string): string {
  if (call !== undefined) return call;
  if (key.startsWith('enableCheckpointing')) return 'StreamExecutionEnvironment.enableCheckpointing';
  if (key.startsWith('CHECKPOINTING_')) return `Configuration.set(CheckpointingOptions.${key})`;
  return `CheckpointConfig.${key}`;
}

/**
 * A Flink job's code: the interval its calls set is the job's execution.checkpointing.interval, the mode its
 * execution.checkpointing.mode (StreamExecutionEnvironment.enableCheckpointing(long[, CheckpointingMode]),
 * CheckpointConfig.setCheckpointInterval / setCheckpointingMode, Flink 1.x and 2.x). A value that is no literal is
 * refused unless --set gives the key: verify checks the job's interval, never one of its own.
 */
function codeKeys(
  c: Collector,
  p: Placed,
  done: Set<string>,
  set: readonly (readonly [string, string])[],
  strategy: Strategy,
): void {
  sinkCodeKeys(c, p, done, set);
  restartCodeKeys(c, p, done, set, strategy);
  for (const s of p.settings) {
    if (s.key === UNHANDED) {
      c.ignore(
        p,
        { ...s, key: s.call ?? s.key },
        `${s.value} is handed to no environment (getExecutionEnvironment(${s.value}), configure(${s.value})) and ` +
          'returned by no method: Flink never reads it',
      );
      done.add(s.key);
    }
    if (s.key === ENVIRONMENT && !done.has(s.key)) {
      c.used.push({
        file: p.file,
        line: s.line,
        key: s.key,
        why: "the job's execution environment: its checkpointing is the calls of this file",
      });
      done.add(s.key);
    }
    const to = isIntervalCall(s.key)
      ? 'execution.checkpointing.interval'
      : isModeCall(s.key)
        ? 'execution.checkpointing.mode'
        : null;
    if (to === null) continue;
    done.add(s.key);
    const literal = to === 'execution.checkpointing.interval' ? /^\d+$/.test(s.value) : /^[A-Z_]+$/.test(s.value);
    if (!literal) {
      if (set.some(([k]) => k === to)) c.ignore(p, s, `${callText(s.key, s.value, s.call)}: --set gives ${to}`);
      else
        c.fail(
          `${p.file}:${s.line}: ${callText(s.key, s.value, s.call)}: a value verify cannot read from the code ` +
            '(accepted: ' +
            (to === 'execution.checkpointing.interval'
              ? 'an integer literal of ms, a product of them, Duration.ofSeconds(N)); give it with --set ' +
                'execution.checkpointing.interval=MS'
              : 'CheckpointingMode.EXACTLY_ONCE or AT_LEAST_ONCE); give it with --set ' +
                'execution.checkpointing.mode=MODE'),
        );
      continue;
    }
    const why =
      to === 'execution.checkpointing.interval'
        ? `${callText(s.key, s.value, s.call)} in the job's code: checkpoints every ${s.value} ms` +
          (s.conditional ? ' when its condition holds' : '')
        : `${callText(s.key, `CheckpointingMode.${s.value}`, s.call)} in the job's code`;
    c.claim(p, s, to, to === 'execution.checkpointing.interval' ? 'flink-duration' : 'flink', why, to);
  }
}

/**
 * A KafkaSink built in the job's code (KafkaSinkBuilder, flink-connector-kafka 3.0 to 5.0): its delivery
 * guarantee, transactional-id prefix, naming strategy and the producer's transaction.timeout.ms are the sink's
 * keys. A value the code computes is refused unless --set gives the key; EXACTLY_ONCE with no
 * setTransactionalIdPrefix in the file is refused as KafkaSinkBuilder.sanityCheck refuses it.
 */
function sinkCodeKeys(c: Collector, p: Placed, done: Set<string>, set: readonly (readonly [string, string])[]): void {
  const given = (key: string): boolean => set.some(([k]) => k === key);
  const computed = (s: Setting, call: string, to: string, accepted: string): void => {
    if (given(to)) c.ignore(p, s, `${call}(${s.value}): --set gives ${to}`);
    else
      c.fail(
        `${p.file}:${s.line}: ${call}(${s.value}): a value verify cannot read from the code (accepted: ` +
          `${accepted}); give it with --set ${to}=...`,
      );
  };
  const branched = p.settings.some((s) => s.key === 'setDeliveryGuarantee' && s.branch !== undefined);
  for (const s of p.settings) {
    switch (s.key) {
      case 'FlinkKafkaProducer':
        c.notes.push(
          `${p.file}:${s.line}: a FlinkKafkaProducer, the legacy sink (deprecated in Flink 1.15, removed in ` +
            'flink-connector-kafka 4.0): verify models the KafkaSink, so its answer is what a KafkaSink would do',
        );
        c.ignore(p, s, 'the legacy Kafka sink: not modelled (verify models the KafkaSink)');
        break;
      case 'KafkaSink.builder':
        c.used.push({ file: p.file, line: s.line, key: s.key, why: "builds the job's Kafka sink" });
        break;
      case CUSTOM_SOURCE:
        c.used.push({
          file: p.file,
          line: s.line,
          key: `${s.key}(${s.value})`,
          why: "a SourceFunction of the job's own, not read: the verdict is under the condition on job.source",
        });
        break;
      case SOCKET_SOURCE:
        // Flink's fault-tolerance guarantees of data sources: sockets are at most once (SocketTextStreamFunction
        // keeps no position in checkpoints).
        if (!done.has(s.key))
          c.claim(
            p,
            s,
            'job.source',
            'flink',
            "StreamExecutionEnvironment.socketTextStream in the job's code: a socket source, which keeps no position " +
              'in checkpoints (at most once)',
            s.key,
          );
        done.add(s.key);
        break;
      case 'setDeliveryGuarantee': {
        const g = GUARANTEES[s.value];
        const call = `KafkaSinkBuilder.setDeliveryGuarantee(DeliveryGuarantee.${s.value})`;
        if (g === undefined)
          computed(s, 'KafkaSinkBuilder.setDeliveryGuarantee', 'sink.delivery-guarantee', 'DeliveryGuarantee.X');
        // A guarantee set in a branch leaves the job's to the branch taken: checked both ways (guarantee-branches.ts).
        else if (branched && given('sink.delivery-guarantee'))
          c.ignore(p, s, `${call}: --set gives sink.delivery-guarantee`);
        else if (branched)
          c.used.push({
            file: p.file,
            line: s.line,
            key: s.key,
            why:
              s.branch === undefined
                ? `${call}: the sink's guarantee where no branch sets another`
                : `${call} in the ${s.branch.side === 'then' ? 'branch' : 'else'} of the condition at line ` +
                  `${s.branch.line}: checked with it and without it`,
          });
        else
          c.claim(
            p,
            { ...s, value: g },
            'sink.delivery-guarantee',
            'flink',
            `KafkaSinkBuilder.setDeliveryGuarantee(DeliveryGuarantee.${s.value}) in the job's code`,
            'sink.delivery-guarantee',
          );
        break;
      }
      case 'setTransactionalIdPrefix': {
        const prefix = stringLiteral(s.value);
        // KafkaSinkBuilder.setTransactionalIdPrefix's javadoc: a prefix that changes across restarts leaves the
        // lingering transactions of the previous run unaborted, their output unreadable until they time out.
        if (prefix === null && /\b(currentTimeMillis|nanoTime|UUID|Random|random|now)\b/.test(s.value))
          c.notes.push(
            `${p.file}:${s.line}: the transactional-id prefix ${s.value} changes with every run: a restarted job ` +
              "does not abort the previous run's lingering transactions, and read_committed readers wait on them " +
              'until transaction.timeout.ms (KafkaSinkBuilder.setTransactionalIdPrefix: keep the prefix stable)',
          );
        if (prefix === null)
          c.ignore(
            p,
            s,
            "a prefix the code computes: one job's check decides nothing on its text (two jobs must not share it)",
          );
        else
          c.claim(
            p,
            { ...s, value: prefix },
            'sink.transactional-id-prefix',
            'flink',
            "KafkaSinkBuilder.setTransactionalIdPrefix in the job's code",
            'sink.transactional-id-prefix',
          );
        break;
      }
      case 'setTransactionNamingStrategy':
        if (!/^[A-Z_]+$/.test(s.value))
          computed(
            s,
            'KafkaSinkBuilder.setTransactionNamingStrategy',
            'sink.transaction-naming-strategy',
            'TransactionNamingStrategy.X',
          );
        else
          c.claim(
            p,
            s,
            'sink.transaction-naming-strategy',
            'flink',
            "KafkaSinkBuilder.setTransactionNamingStrategy in the job's code",
            'sink.transaction-naming-strategy',
          );
        break;
      case 'setProperty transaction.timeout.ms':
        if (!/^\d+$/.test(s.value))
          computed(s, 'the producer property transaction.timeout.ms', 'transaction.timeout.ms', 'an integer of ms');
        else
          c.claim(
            p,
            s,
            'transaction.timeout.ms',
            'kafka',
            "the sink's producer property in the job's code (KafkaSinkBuilder.setProperty)",
            'transaction.timeout.ms',
          );
        break;
      default:
        continue;
    }
    done.add(s.key);
  }
  const exactly = p.settings.find((s) => s.key === 'setDeliveryGuarantee' && s.value === 'EXACTLY_ONCE');
  if (
    exactly &&
    !p.settings.some((s) => s.key === 'setTransactionalIdPrefix') &&
    !given('sink.transactional-id-prefix')
  )
    c.fail(
      `${p.file}:${exactly.line}: Flink refuses this sink: EXACTLY_ONCE delivery guarantee requires a ` +
        'transactionalIdPrefix to be set (KafkaSinkBuilder.sanityCheck): call setTransactionalIdPrefix, or give the ' +
        'prefix another file sets with --set sink.transactional-id-prefix=PREFIX',
    );
}

/**
 * The restart strategy a job's code sets (StreamExecutionEnvironment.setRestartStrategy with RestartStrategies, Flink
 * 1.x): its type and options, read as the configuration's restart-strategy.* keys; one the code computes is refused
 * unless --set gives restart-strategy.type.
 */
function restartCodeKeys(
  c: Collector,
  p: Placed,
  done: Set<string>,
  set: readonly (readonly [string, string])[],
  strategy: Strategy,
): void {
  for (const s of p.settings) {
    if (s.key === 'setRestartStrategy') {
      if (set.some(([k]) => k === 'restart-strategy.type'))
        c.ignore(p, s, `setRestartStrategy(${s.value}): --set gives restart-strategy.type`);
      else
        c.fail(
          `${p.file}:${s.line}: setRestartStrategy(${s.value}): a strategy verify cannot read from the code ` +
            '(accepted: RestartStrategies.noRestart(), fixedDelayRestart, failureRateRestart, ' +
            'exponentialDelayRestart with literal arguments); give it with --set restart-strategy.type=TYPE',
        );
      done.add(s.key);
      continue;
    }
    if (!s.key.startsWith('restart-strategy.')) continue;
    const t = flinkTranslations.find((x) => x.from === s.key);
    const why = `${s.call ?? 'StreamExecutionEnvironment.setRestartStrategy'} in the job's code`;
    const to = t?.to ?? s.key;
    if (t?.strategy !== undefined && t.strategy !== strategy.type)
      c.ignore(p, s, `read only under restart-strategy.type=${t.strategy}; this job's is ${strategy.type}`);
    else if (s.computed && !c.keys.has(to)) c.ignore(p, s, 'not modelled');
    else if (s.computed) {
      // A value the code computes is read from --set alone: verify checks the job's value, never one of its own.
      const written = callText(s.key, s.value, s.call);
      if (set.some(([k]) => k === to)) c.ignore(p, s, `${written}: --set gives ${to}`);
      else
        c.fail(
          `${p.file}:${s.line}: ${written}: a value verify cannot read from the code (accepted: a literal, a ` +
            `Duration of one); give it with --set ${to}=VALUE`,
        );
    } else if (!c.claim(p, s, t?.to ?? s.key, t?.reading ?? 'flink', why)) c.ignore(p, s, 'not modelled');
    done.add(s.key);
  }
}

/** A Flink configuration's keys (config.yaml, flink-conf.yaml, SQL SET statements); `strategy`: the job's. */
function flinkKeys(c: Collector, p: Placed, done: Set<string>, strategy: Strategy): void {
  for (const s of p.settings) {
    if (isKafkaKey(s.key)) {
      c.ignore(
        p,
        s,
        "a Kafka client key: Flink's configuration does not pass it to the Kafka connector " +
          `(set it on the table as 'properties.${s.key}')`,
      );
      done.add(s.key);
      continue;
    }
    const t = flinkTranslations.find((x) => x.from === s.key);
    if (t?.strategy !== undefined && strategy.unset !== null) {
      c.ignore(p, s, strategy.unset);
      done.add(s.key);
    } else if (t?.strategy !== undefined && t.strategy !== strategy.type) {
      c.ignore(p, s, `read only under restart-strategy.type=${t.strategy}; this job's is ${strategy.type}`);
      done.add(s.key);
    } else if (t) {
      if (!c.claim(p, s, t.to, t.reading, t.to === s.key ? 'as written' : `${s.key} is the model's ${t.to}`))
        c.ignore(p, s, `not modelled (it would be the model's ${t.to})`);
      done.add(s.key);
    } else if (c.claim(p, s, s.key, 'flink')) done.add(s.key);
  }
}

/**
 * The Kafka SQL connector's scan.bounded.mode (KafkaConnectorOptions.SCAN_BOUNDED_MODE, ScanBoundedMode,
 * flink-connector-kafka 3.0+, FLINK-28975), read in either case as Flink reads an enumeration.
 */
const BOUNDED_MODES = ['unbounded', 'latest-offset', 'group-offsets', 'timestamp', 'specific-offsets'];

/**
 * The end each bounded mode resolves when the job starts (KafkaSourceBuilder.setBounded with the mode's
 * OffsetsInitializer; a split keeps its stopping offset through a restore from a checkpoint), in words.
 */
const BOUNDED_ENDS: Readonly<Record<string, string>> = {
  'latest-offset': "the topic's end offsets when the job starts (every input record written by then)",
  'group-offsets': "the group's committed offsets when the job starts (the group having committed every input record)",
  timestamp: 'the offsets of scan.bounded.timestamp-millis (every input record written before it)',
  'specific-offsets': 'the offsets scan.bounded.specific-offsets names (every input record before them)',
};

/**
 * A table's scan.bounded.mode: a Kafka source table's unbounded is the model's; each other mode bounds the source at
 * offsets it resolves when the job starts (KafkaSourceBuilder.setBounded: the end offsets, the group's committed ones,
 * those of a timestamp, or those given), which the model holds as one end, after its last input record
 * (`specific-offsets` at input.records); the answer's notes say which end that assumes for the mode written.
 */
function boundedMode(c: Collector, p: Placed, s: Setting): void {
  if (p.role !== 'Kafka source table') {
    c.ignore(p, s, "bounds what a table reads: this table is not the job's Kafka input");
    return;
  }
  const v = s.value.trim().toLowerCase();
  if (!BOUNDED_MODES.includes(v)) {
    const accepted = `expected one of ${BOUNDED_MODES.join(', ')} (either case)`;
    c.fail(`${p.file}:${s.line}: ${flinkRefusal(s.key, s.value, accepted)}`);
    return;
  }
  const model = v === 'unbounded' ? 'unbounded' : 'specific-offsets';
  const why =
    v === model
      ? 'as written'
      : `${v} bounds the source at the offsets it resolves when the job starts: the model's specific-offsets, an end ` +
        'after the last input record';
  if (v !== 'unbounded')
    c.notes.push(
      `${p.file}:${s.line}: scan.bounded.mode=${v} is checked with the source ending after the model's last input ` +
        `record (input.records), which assumes that end is ${BOUNDED_ENDS[v]}; an end before it, or a resubmitted ` +
        'job resolving another, is not modelled',
    );
  c.claim(p, { ...s, value: model }, 'scan.bounded.mode', 'flink', why);
}

/** Client keys a check turns on beyond the model's own: the producer's mode (kafka-rules) and the Streams guarantee. */
const DECIDING = [
  'acks',
  'retries',
  'max.in.flight.requests.per.connection',
  'enable.idempotence',
  'transaction.timeout.ms',
  'processing.guarantee',
];

/** A Kafka table's options: the connector's own, and `properties.*` for its Kafka client. */
function tableKeys(c: Collector, p: Placed, done: Set<string>): void {
  c.use(p, 'connector', 'makes the table a Kafka table', done);
  c.use(p, 'topic', "tells a reader of the sink's topic from a source", done);
  const sink = p.role === 'Kafka sink table';
  for (const s of p.settings) {
    if (done.has(s.key)) continue;
    if (s.key.startsWith('properties.')) {
      const bare = s.key.slice('properties.'.length);
      const client = sink ? 'producer' : 'consumer';
      const reads =
        p.role === 'downstream reader table'
          ? bare === 'isolation.level'
          : p.role === 'Kafka source table'
            ? bare !== 'isolation.level' &&
              (systemKeys.consumer.includes(bare) || bare === 'commit.offsets.on.checkpoint')
            : systemKeys.producer.includes(bare) && bare !== 'transactional.id';
      const reading: Reading = bare === 'commit.offsets.on.checkpoint' ? 'flink' : 'kafka';
      // The model holds a client key by its bare name, or by the table's own (properties.auto.offset.reset).
      if (
        reads &&
        (c.claim(p, s, bare, reading, `${s.key} is the ${client}'s ${bare}`, bare) || c.claim(p, s, s.key, reading))
      )
        done.add(s.key);
      else if (bare === 'isolation.level' && p.role === 'Kafka source table') {
        c.ignore(p, s, "the job's input reader: eoscheck's input topics hold no transactions");
        done.add(s.key);
      } else if (bare === 'transactional.id' && sink) {
        c.ignore(p, s, 'the Kafka sink names its transactional.ids from sink.transactional-id-prefix');
        done.add(s.key);
      }
      continue;
    }
    if (s.key === 'scan.bounded.mode') {
      boundedMode(c, p, s);
      done.add(s.key);
      continue;
    }
    const t = tableTranslations.find((x) => x.from === s.key);
    if (t ? c.claim(p, s, t.to, t.reading, `${s.key} is the old name of ${t.to}`) : c.claim(p, s, s.key, 'flink'))
      done.add(s.key);
  }
  if (!sink) return;
  const guarantee = p.settings.find((s) => s.key === 'sink.delivery-guarantee' || s.key === 'sink.semantic');
  const exactly = guarantee !== undefined && guarantee.value.trim().toLowerCase() === 'exactly-once';
  // The prefix may come from where no file here says (a table hint, a catalog's table): --set gives it, as it gives a
  // value a job's code computes.
  const prefixGiven = c.set.some(([k]) => k === 'sink.transactional-id-prefix');
  if (exactly && !p.settings.some((s) => s.key === 'sink.transactional-id-prefix') && !prefixGiven)
    c.fail(
      `${p.file}:${guarantee.line}: Flink refuses this table: sink.transactional-id-prefix must be specified when ` +
        'using DeliveryGuarantee.EXACTLY_ONCE. Where the job gets it elsewhere (a table hint, a catalog), give it ' +
        'with --set sink.transactional-id-prefix=PREFIX',
    );
  if (guarantee !== undefined && !exactly && !/^(at-least-once|none)$/i.test(guarantee.value.trim()))
    c.fail(
      `${p.file}:${guarantee.line}: ${flinkRefusal(
        guarantee.key,
        guarantee.value,
        'expected one of none, at-least-once, exactly-once (either case)',
      )}`,
    );
}

/**
 * A broker file that replicates its topics is judged through a broker failure: its replication settings
 * (min.insync.replicas, unclean.leader.election.enable, the producer's acks) decide only what survives one, and a
 * check without one passes them all unread. --set faults.broker=0 leaves failures out.
 */
function brokerFailures(c: Collector, p: Placed): void {
  const rf = p.settings.find((s) => s.key === 'default.replication.factor');
  const n = rf === undefined ? null : kafkaInt(rf.key, rf.value);
  if (n === null || !n.ok || n.value < 2) return;
  c.derive(
    p,
    'faults.broker',
    '1',
    `default.replication.factor=${n.value}: one broker failure is injected so that what survives it is judged ` +
      '(--set faults.broker=0 leaves it out)',
  );
}

/**
 * The Flink release a JobManager's image names, as flink.version; one eoscheck does not model is said in a note, and
 * the check runs on the release the connector's build names.
 */
function flinkVersion(c: Collector, p: Placed, version: string, how: string): void {
  if (FLINK_VERSION_PATTERN.test(version)) c.derive(p, 'flink.version', version, how);
  else
    c.notes.push(
      `${p.file}: Flink ${version} (${how}) is not a release eoscheck models (${ACCEPTED_FLINK_RELEASES}): checked ` +
        "on the Flink release the connector's build names",
    );
}

/**
 * The Flink release a build's Flink artifacts name, as flink.version below an image's: one claim per version, so two
 * versions in one build are refused as two files that disagree; a release eoscheck does not model is said in a note.
 */
function buildFlinkVersion(c: Collector, p: Placed, artifacts: readonly Setting[]): void {
  if (!c.keys.has('flink.version')) return;
  for (const a of versionsOf(artifacts)) {
    const where = `${p.file}:${a.line}`;
    if (!FLINK_VERSION_PATTERN.test(a.value)) {
      c.notes.push(
        `${where}: ${a.key} ${a.value} is not a Flink release eoscheck models (${ACCEPTED_FLINK_RELEASES}): not ` +
          "read as the job's Flink release",
      );
      continue;
    }
    c.claims.push({
      key: 'flink.version',
      text: a.value,
      how: 'derived',
      where,
      rank: BUILD_RELEASE_RANK,
      why: `${a.key} ${a.value}: the Flink release the job's build compiles against`,
    });
  }
}

/**
 * The flink-connector-kafka release each artifact or jar of a build file names, as connector.version: the release
 * line, or the version as written with why it names none (`verifyConfig` refuses it unless --set gives the release).
 * A release named is judged through a send failure, as a replicating broker is through a broker failure: what a
 * release does with one is what tells releases apart (FLINK-35749: 3.0 to 3.2 swallow it and lose the record).
 */
function connectorKeys(c: Collector, p: Placed, done: Set<string>): void {
  if (!c.keys.has('connector.version')) return;
  for (const s of p.settings) {
    const r = connectorOf(s.key, s.value);
    if (r.ok)
      c.derive(
        p,
        'faults.send-errors',
        'true',
        `${p.file}:${s.line} names the connector release: one send failure is injected so that its handling is ` +
          'judged (FLINK-35749: 3.0 to 3.2 swallow it; --set faults.send-errors=false leaves it out)',
      );
    c.claims.push({
      key: 'connector.version',
      text: r.ok ? r.value.version : s.value.trim(),
      how: 'set',
      where: `${p.file}:${s.line}`,
      rank: rankOf(p, 'connector.version'),
      why: r.ok ? r.value.how : r.error,
    });
    done.add(s.key);
  }
}

/**
 * How the application's code here commits its input offsets: in the transaction where any of its files calls
 * sendOffsetsToTransaction (or Spring's listener container sends them there); null where no code is here (a
 * .properties file says nothing of the calls).
 */
function offsetsInCode(pipe: Pipeline): Offsets | null {
  const found = pipe.parts.filter((p) => p.offsets !== undefined);
  const how: OffsetCommits | null =
    found.length === 0
      ? null
      : (['transaction', 'consumer', 'none'] as const).find((o) => found.some((p) => p.offsets === o))!;
  if (how === null) return null;
  return { how, why: found.find((p) => p.offsets === how)?.offsetsWhy ?? null };
}

/** How the input offsets are committed, and why where a framework decides it. */
interface Offsets {
  readonly how: OffsetCommits;
  readonly why: string | null;
}

/** Every part's claims and ignored keys, with the real defaults each leaves in place. Pure. */
export function claims(
  pipe: Pipeline,
  keys: ReadonlyMap<string, Key>,
  defaults: Readonly<Record<string, ConfigValue>>,
  set: readonly (readonly [string, string])[] = [],
): Claims {
  const c = new Collector(keys, defaults, set);
  const strategy = restartStrategy(pipe, keys, set);
  const offsets = offsetsInCode(pipe);
  const builds: [Placed, readonly Setting[]][] = [];
  for (const part of pipe.parts) {
    const done = new Set<string>();
    c.partKeys = new Set();
    const p = { ...part, settings: part.settings.map((s) => c.readable(part, s)) };
    // A build's Flink artifacts, and a Dockerfile's Flink image, are the Flink job's release whatever else they name.
    if (pipe.model === 'flink-kafka' && p.role !== 'Flink job') {
      if (p.flinkArtifacts !== undefined) builds.push([p, p.flinkArtifacts]);
      else if (p.release?.system === 'flink') flinkVersion(c, p, p.release.version, p.release.how);
    }
    switch (p.role) {
      case 'producer':
        producerKeys(c, p, pipe.model, done, offsets);
        break;
      case 'input consumer':
      case 'downstream reader':
        consumerKeys(c, p, done);
        break;
      case 'consume-transform-produce application':
        producerKeys(c, p, pipe.model, done, offsets);
        consumerKeys(c, p, done);
        break;
      case 'Streams application':
        streamsKeys(c, p, done);
        break;
      case 'broker':
        c.use(
          p,
          'transaction.max.timeout.ms',
          'caps every transaction.timeout.ms (InitProducerId is refused above it)',
          done,
        );
        for (const s of p.settings) {
          const t = brokerTranslations.find((x) => x.from === s.key);
          if (
            systemKeys.broker.includes(s.key) &&
            c.claim(p, s, t?.to ?? s.key, 'kafka', t ? `${s.key} is the model's ${t.to}` : 'as written')
          )
            done.add(s.key);
        }
        brokerFailures(c, p);
        if (p.release?.system === 'kafka') c.derive(p, 'kafka.version', p.release.version, p.release.how);
        break;
      case 'Flink job':
        flinkKeys(c, p, done, strategy);
        if (p.release?.system === 'flink') flinkVersion(c, p, p.release.version, p.release.how);
        break;
      case 'Kafka sink table':
      case 'Kafka source table':
      case 'downstream reader table':
        tableKeys(c, p, done);
        break;
      case 'Flink Kafka connector':
        connectorKeys(c, p, done);
        break;
      case 'Flink job code':
        codeKeys(c, p, done, set, strategy);
        break;
      case 'not modelled':
        for (const s of p.settings) c.ignore(p, s, `${p.detail}: ${p.why ?? 'not modelled'}`);
        continue;
    }
    // SET statements configure the job, not the cluster: its high availability is the cluster's, and unknown here.
    if (!(p.role === 'Flink job' && p.detail === 'SET statements'))
      for (const d of [...(p.frameworkDefaults ?? []), ...realDefaults[p.role]]) c.inherit(p, d);
    for (const s of p.settings) if (!done.has(s.key)) c.ignore(p, s, whyIgnored(p.role, s.key));
  }
  // After every image's claim, so that builds an image outranks are not refused for disagreeing among themselves.
  for (const [p, artifacts] of builds) buildFlinkVersion(c, p, artifacts);
  return { claims: c.claims, used: c.used, ignored: c.ignored, notes: c.notes, error: c.error };
}
