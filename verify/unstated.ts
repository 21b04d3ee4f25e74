/**
 * What a key that no file sets runs with, in one of three ways, each said in the answer: (a) the real
 * system's default, when the component that reads the key is in the files (a broker's
 * min.insync.replicas is 1); (b) a value the application's code decides, when the component is in the
 * files but its configuration lives in code (a DataStream KafkaSink's delivery guarantee): the pipeline is
 * checked at the real default and at each value the code could set; (c) a condition, when the component
 * the guarantee needs is in no file (the reader of the output): the verdict holds for the reader the
 * guarantee needs, and the answer says which file would let verify judge it. Never eoscheck's safe value
 * without saying which of the three it is. Pure.
 */
import type { ConfigValue } from '../model/core/keys.js';
import { CONNECTOR_VERSIONS, NEWEST_CONNECTOR } from '../model/flink/connector.js';
import { builtAgainst, FLINK_VERSION_PATTERN, flinkRelease, newestConnectorFor } from '../model/flink/flink-release.js';
import { NEWEST } from '../model/kafka/releases.js';
import { ENVIRONMENT, INTERVAL_CALLS } from './files/job-code.js';
import { branchedGuarantee } from './guarantee-branches.js';
import { KAFKA_SINK_TXN_TIMEOUT_MS } from './kafka-rules.js';
import type { Pipeline } from './pipeline.js';
import { defaultRestart } from './restart-default.js';
import { LAST_WITH_EOS_V1, removedGuarantee, removedGuaranteeCondition } from './streams-code.js';

/** How an unset key is held. */
export type Unstated =
  | { readonly kind: 'real'; readonly key: string; readonly value: string; readonly why: string }
  | {
      readonly kind: 'code';
      readonly key: string;
      /** What the real system takes when the code sets nothing. */
      readonly realDefault: string;
      /**
       * Where the value checked first is the code's own, not the real system's default: what it is, in words
       * (`the else branch's`); the exit code is still its run.
       */
      readonly baseline?: string;
      /** Every value the code could set, the real default first. */
      readonly values: readonly string[];
      /** The keys a value brings with it where no file sets them (checkpointing on: an interval). */
      readonly with?: Readonly<Record<string, readonly (readonly [string, string])[]>>;
      readonly why: string;
    }
  | {
      readonly kind: 'condition';
      readonly key: string;
      readonly value: string;
      /** The condition the verdict is stated under ("for read_committed readers of `out`"). */
      readonly condition: string;
      /** What file would let verify judge it. */
      readonly give: string;
    };

/** What an unset key's policy reads of the pipeline. */
export interface Context {
  readonly pipeline: Pipeline;
  /** The broker's transaction.max.timeout.ms, and where it comes from. */
  readonly brokerMax: { readonly ms: number; readonly where: string };
  /** The topics of the pipeline's output, where a file names them. */
  readonly outputs: readonly string[];
  /** The model keys a file or --set gives. */
  readonly stated: ReadonlySet<string>;
  /** A key's value as a file or --set gives it, or as an earlier key no file sets is held. */
  readonly given: (key: string) => string | undefined;
  /** The model's defaults (the values a key a value brings with it is checked at). */
  readonly defaults: Readonly<Record<string, ConfigValue>>;
  /** The keys --set gives. */
  readonly setKeys: ReadonlySet<string>;
}

/** The answer's note on a Flink job that no file gives a checkpoint interval. */
export const NO_CHECKPOINTS =
  "no file sets execution.checkpointing.interval: Flink takes no checkpoints (the job's code may enable them: " +
  'enableCheckpointing, or --set execution.checkpointing.interval=MS)';

/** The answer's note on a Flink job whose code is here and enables no checkpoints. */
export const NO_CHECKPOINTS_IN_CODE =
  "neither a file nor the job's code sets a checkpoint interval (no enableCheckpointing, setCheckpointInterval): " +
  'Flink takes no checkpoints';

/** The answer's note on a Flink job whose code, not here, may enable checkpoints: checked both ways. */
export const CHECKPOINTS_BY_CODE =
  "no file sets execution.checkpointing.interval and the job's code is not here: checked without checkpoints " +
  "(Flink's default) and with them (give the code's interval with --set execution.checkpointing.interval=MS, or " +
  'the code file)';

/**
 * Whether a Flink job runs without checkpoints: no file, no call in its code and no --set gives
 * execution.checkpointing.interval (Flink 1.x and 2.x have no default: CheckpointConfig.isCheckpointingEnabled is
 * false, the CheckpointCoordinator's periodic scheduler never starts).
 */
export function withoutCheckpoints(c: Context): boolean {
  return (
    c.pipeline.model === 'flink-kafka' &&
    !c.stated.has('execution.checkpointing.interval') &&
    !c.stated.has('checkpointing.enabled')
  );
}

/**
 * Whether the job's code decides its checkpointing and is not among the files (a sink built in code, and no code
 * here makes the job's environment: a file that only builds the sink says nothing of its checkpoints).
 */
export function checkpointsInCode(c: Context): boolean {
  return withoutCheckpoints(c) && c.pipeline.sinkInCode && !environmentHere(c.pipeline);
}

/**
 * A Flink job whose code enables checkpoints only under a condition (`if (params.has("checkpointing"))
 * env.enableCheckpointing(1000)`), and no file or --set states them: the code decides at run time, so the job is
 * checked without checkpoints (when the condition is not met, Flink's default, with no restarts) and with them at the
 * code's interval (and Flink's default exponential-delay restarts where no file sets a strategy).
 */
function conditionalCheckpoints(c: Context): Unstated | null {
  if (c.pipeline.model !== 'flink-kafka' || c.setKeys.has('execution.checkpointing.interval')) return null;
  if (c.stated.has('checkpointing.enabled')) return null;
  const calls = c.pipeline.parts.flatMap((p) =>
    p.role === 'Flink job code'
      ? p.settings.filter((s) => INTERVAL_CALLS.some((k) => k === s.key)).map((s) => ({ p, s }))
      : p.role === 'Flink job' && p.settings.some((s) => s.key === 'execution.checkpointing.interval')
        ? [null]
        : [],
  );
  if (calls.length === 0 || calls.some((x) => x === null || !x.s.conditional)) return null;
  const { p, s } = calls[0]!;
  return {
    kind: 'code',
    key: 'checkpointing.enabled',
    realDefault: 'false',
    values: ['false', 'true'],
    with: c.stated.has('restart-strategy.type') ? {} : { true: [['restart-strategy.type', 'exponential-delay']] },
    why:
      `the job's code enables checkpoints only under a condition (${p.file}:${s.line}): checked without them ` +
      `(Flink's default when it is not met) and with them, every ${s.value} ms`,
  };
}

/**
 * A Flink job without checkpoints: where its code, not here, could enable them (a DataStream job calls
 * StreamExecutionEnvironment.enableCheckpointing), a value the code decides, checked off (Flink's default) and on
 * (at the model's interval, with Flink's default restart strategy for a checkpointing job, exponential-delay, where
 * no file sets one); Flink's own default where SQL runs the job (its SET and the cluster's file are here, and
 * neither sets an interval) or where the job's code is here and calls nothing that sets one.
 */
function checkpointsOff(c: Context): Unstated | null {
  const conditional = conditionalCheckpoints(c);
  if (conditional !== null) return conditional;
  if (!withoutCheckpoints(c)) return null;
  if (checkpointsInCode(c)) {
    const interval = String(c.defaults['execution.checkpointing.interval']);
    const restart = c.stated.has('restart-strategy.type') ? [] : defaultRestart(c.given('flink.version')).pairs;
    return {
      kind: 'code',
      key: 'checkpointing.enabled',
      realDefault: 'false',
      values: ['false', 'true'],
      with: { true: [['execution.checkpointing.interval', interval], ...restart] },
      why:
        "no file sets execution.checkpointing.interval, and the job's code, not here, may call enableCheckpointing: " +
        `checked off (Flink's default) and on, every ${interval} ms (the model's interval, not your code's: give ` +
        'it with --set execution.checkpointing.interval=MS)',
    };
  }
  const code = c.pipeline.parts.filter((p) => p.role === 'Flink job code').map((p) => p.file);
  return {
    kind: 'real',
    key: 'checkpointing.enabled',
    value: 'false',
    why:
      code.length > 0
        ? `Flink's default: no file sets execution.checkpointing.interval and the job's code (${code.join(', ')}) ` +
          'calls neither enableCheckpointing nor setCheckpointInterval'
        : "Flink's default: no file sets execution.checkpointing.interval, which has none (SQL: SET " +
          "'execution.checkpointing.interval' = '20 s'; or --set execution.checkpointing.interval=MS)",
  };
}

const has = (c: Context, role: string): boolean => c.pipeline.parts.some((p) => p.role === role);

/** Whether the job's code here makes its execution environment, where its checkpointing is configured. */
export const environmentHere = (pipe: Pipeline): boolean =>
  pipe.parts.some((p) => p.role === 'Flink job code' && p.settings.some((s) => s.key === ENVIRONMENT));

/** Where the job's code here builds a KafkaSink (`file:line`), or null when no code here does. */
function sinkBuilder(c: Context): string | null {
  for (const p of c.pipeline.parts)
    if (p.role === 'Flink job code')
      for (const s of p.settings) if (s.key === 'KafkaSink.builder') return `${p.file}:${s.line}`;
  return null;
}

/** The Flink KafkaSink's delivery guarantee when the job's code builds the sink. */
function sinkGuaranteeInCode(c: Context): Unstated | null {
  if (!c.pipeline.sinkInCode) return null;
  const branched = branchedGuarantee(c.pipeline);
  if (branched !== null)
    return branched.values.length === 1
      ? { kind: 'real', key: 'sink.delivery-guarantee', value: branched.realDefault, why: branched.why }
      : { kind: 'code', key: 'sink.delivery-guarantee', ...branched };
  const at = sinkBuilder(c);
  if (at !== null)
    return {
      kind: 'real',
      key: 'sink.delivery-guarantee',
      value: 'none',
      why:
        `the job's code builds its KafkaSink at ${at} and calls no setDeliveryGuarantee: KafkaSinkBuilder's ` +
        'default is DeliveryGuarantee.NONE',
    };
  return {
    kind: 'code',
    key: 'sink.delivery-guarantee',
    realDefault: 'none',
    values: ['none', 'at-least-once', 'exactly-once'],
    why:
      "no SQL table describes the job's sink, so its code builds it: a KafkaSink's delivery guarantee is " +
      "KafkaSinkBuilder's DeliveryGuarantee.NONE unless the code calls setDeliveryGuarantee (a job whose code " +
      'writes no Kafka topic has no Kafka transaction to check)',
  };
}

/** The Flink KafkaSink's transaction.timeout.ms when the job's code builds the sink. */
function sinkTimeoutInCode(c: Context): Unstated {
  const value = Math.min(KAFKA_SINK_TXN_TIMEOUT_MS, c.brokerMax.ms);
  const capped =
    c.brokerMax.ms < KAFKA_SINK_TXN_TIMEOUT_MS
      ? `, which a broker at transaction.max.timeout.ms=${c.brokerMax.ms} (${c.brokerMax.where}) refuses ` +
        '(INVALID_TRANSACTION_TIMEOUT): a job that starts has at most that'
      : '';
  return {
    kind: 'real',
    key: 'transaction.timeout.ms',
    value: String(value),
    why:
      sinkBuilder(c) === null
        ? `KafkaSinkBuilder sets 1 hour unless the job's code sets it${capped}; ` +
          "give your code's value with --set transaction.timeout.ms=MS"
        : `KafkaSinkBuilder sets 1 hour, and the job's code sets no transaction.timeout.ms${capped}`,
  };
}

/**
 * The Flink line the connector artifacts here name in their version's suffix (`flink-connector-kafka 3.3.0-1.19`
 * is connector 3.3.0 built for Flink 1.19), with the artifact that names it; null when none does, or when they
 * name different lines or one outside `flink.version`'s.
 */
function artifactFlinkLine(c: Context): { line: string; named: string } | null {
  const found = new Map<string, string>();
  for (const p of c.pipeline.parts)
    if (p.role === 'Flink Kafka connector')
      for (const s of p.settings) {
        const m = /^\d+\.\d+\.\d+-(\d+\.\d+)$/.exec(s.value.trim());
        if (m && !found.has(m[1]!)) found.set(m[1]!, `${s.key} ${s.value.trim()}`);
      }
  if (found.size !== 1) return null;
  const [line, named] = [...found][0]!;
  return FLINK_VERSION_PATTERN.test(line) ? { line, named } : null;
}

/** Each key whose real default differs from eoscheck's safe one, and how it is held when no file sets it. */
export const UNSTATED: Readonly<Record<string, (c: Context) => Unstated | null>> = {
  'kafka.version': (c) => {
    // A guarantee Kafka 4.0 removed, named in the application's code, says its client is older than 4.0.
    const removed = removedGuarantee(c.pipeline);
    return {
      kind: 'condition',
      key: 'kafka.version',
      value: removed === null ? NEWEST : LAST_WITH_EOS_V1,
      condition:
        removed === null ? `on Kafka ${NEWEST}, the newest release modelled` : removedGuaranteeCondition(removed),
      give:
        'a Kafka image tag in a Compose file (apache/kafka:X.Y.Z, confluentinc/cp-kafka:X.Y.Z), or ' +
        '--set kafka.version=X.Y',
    };
  },
  'connector.version': (c) => {
    const flink = c.given('flink.version');
    const value = flink === undefined ? NEWEST_CONNECTOR : newestConnectorFor(flinkRelease(flink));
    return {
      kind: 'condition',
      key: 'connector.version',
      value,
      condition:
        flink === undefined
          ? `on flink-connector-kafka ${value}, the newest release modelled`
          : `on flink-connector-kafka ${value}, the newest release for Flink ${flink}`,
      give:
        "the job's build file (pom.xml, build.gradle: org.apache.flink:flink-connector-kafka:X.Y.Z-F.G), the " +
        'flink-sql-connector-kafka jar a Dockerfile, a Compose volume or a SQL ADD JAR names, or ' +
        '--set connector.version=X.Y',
    };
  },
  'flink.version': (c) => {
    const artifact = artifactFlinkLine(c);
    if (artifact !== null)
      return {
        kind: 'condition',
        key: 'flink.version',
        value: artifact.line,
        condition: `on Flink ${artifact.line}'s latest patch release, the line ${artifact.named} is built for`,
        give: "the JobManager's image tag in a Compose file (flink:X.Y.Z), or --set flink.version=X.Y.Z",
      };
    const connector = CONNECTOR_VERSIONS.find((v) => v === c.given('connector.version')) ?? NEWEST_CONNECTOR;
    const value = builtAgainst(connector);
    return {
      kind: 'condition',
      key: 'flink.version',
      value,
      condition: `on Flink ${value}, the release flink-connector-kafka ${connector}'s build names`,
      give: "the JobManager's image tag in a Compose file (flink:X.Y.Z), or --set flink.version=X.Y.Z",
    };
  },
  'isolation.level': (c) => {
    const topics = c.outputs.length > 0 ? ` of ${c.outputs.map((t) => `\`${t}\``).join(', ')}` : ' of the output';
    return {
      kind: 'condition',
      key: 'isolation.level',
      value: 'read_committed',
      condition: `for read_committed readers${topics}`,
      give:
        "the reader's consumer .properties (its isolation.level; a Kafka consumer reads read_uncommitted by " +
        "default), or a SQL table reading the sink's topic",
    };
  },
  'sink.delivery-guarantee': sinkGuaranteeInCode,
  'checkpointing.enabled': checkpointsOff,
  // Unset, checkpointing is off: checkpointing.enabled says so, and the interval decides nothing.
  'execution.checkpointing.interval': () => null,
  'transaction.timeout.ms': (c) =>
    c.pipeline.model === 'flink-kafka' && c.pipeline.sinkInCode ? sinkTimeoutInCode(c) : null,
  'transactions.abort.timed.out.transaction.cleanup.interval.ms': (c) => ({
    kind: 'real',
    key: 'transactions.abort.timed.out.transaction.cleanup.interval.ms',
    value: '10000',
    why: `the broker's default (TransactionStateManager)${has(c, 'broker') ? '' : ': no broker file sets it'}`,
  }),
  'high-availability.type': (c) => ({
    kind: 'real',
    key: 'high-availability.type',
    value: 'none',
    why: has(c, 'Flink job')
      ? "Flink's default: no file sets high-availability.type"
      : "Flink's default: no cluster configuration here sets high-availability.type",
  }),
  'min.insync.replicas': (c) => ({
    kind: 'real',
    key: 'min.insync.replicas',
    value: '1',
    why: `the broker's default${has(c, 'broker') ? '' : ': no broker file sets it'} (a topic may override it)`,
  }),
  'enable.auto.commit': () => ({
    kind: 'real',
    key: 'enable.auto.commit',
    value: 'true',
    why: "the Java consumer's default",
  }),
  // Defaults a file's component always carries (claims.ts), or that derive from kafka.version: none here.
  'enable.idempotence': () => null,
  'processing.guarantee': () => null,
  'transaction.version': () => null,
  'transaction.partition.verification.enable': () => null,
  // Derives from kafka.version; which way a 4.1 cluster runs (created or upgraded) is said in the answer's note.
  'eligible.leader.replicas.version': () => null,
  // The real default is the model's own: nothing to say.
  'replication.factor': () => null,
  acks: () => null,
  'unclean.leader.election.enable': () => null,
  'replica.lag.time.max.ms': () => null,
  'log.flush.interval.messages': () => null,
  'max.in.flight.requests.per.connection': () => null,
  'delivery.timeout.ms': () => null,
};
