/**
 * A Flink job's code (Java, Scala or Kotlin), read for the checkpointing it configures and the Kafka sink it builds:
 * the calls of StreamExecutionEnvironment and CheckpointConfig that set the job's checkpoint interval and mode
 * (enableCheckpointing, setCheckpointInterval, setCheckpointingMode, a Configuration's
 * CheckpointingOptions.CHECKPOINTING_INTERVAL), each a setting named by its call with the interval in ms; and
 * KafkaSinkBuilder's (KafkaSink.builder(), setDeliveryGuarantee, setTransactionalIdPrefix,
 * setTransactionNamingStrategy, the producer's transaction.timeout.ms given with setProperty or a Properties' put);
 * and a socket source (socketTextStream), which no checkpoint can rewind.
 * An argument that is no literal (a variable, a computed value) keeps its text, for the caller to refuse. Comments
 * are skipped. Pure.
 */
import { readClientCode } from './client-code.js';
import { branchAt } from './code-branch.js';
import { configurationKey, unhanded } from './code-configuration.js';
import { constantsOf, withConstants } from './code-constants.js';
import { msOf } from './code-numbers.js';
import { restartKeys } from './code-restart.js';
import { argsAt, underCondition, withoutComments } from './code-text.js';
import { LineIndex, type Setting } from './entry.js';

/** A code file's name: Java, Scala, Kotlin. */
export const codeName = /\.(java|scala|kt)$/i;

/** The calls that set the interval: each is the job's execution.checkpointing.interval. */
export const INTERVAL_CALLS = ['enableCheckpointing', 'setCheckpointInterval', 'CHECKPOINTING_INTERVAL'] as const;

/** The calls that set the checkpointing mode: each is the job's execution.checkpointing.mode. */
export const MODE_CALLS = [
  'enableCheckpointing mode',
  'setCheckpointingMode',
  'setCheckpointingConsistencyMode',
  'CHECKPOINTING_MODE',
] as const;

/** The KafkaSinkBuilder calls read (flink-connector-kafka 3.0 to 5.0; setDeliverGuarantee is 3.x's deprecated name). */
export const SINK_CALLS = [
  'KafkaSink.builder',
  'FlinkKafkaProducer',
  'setDeliveryGuarantee',
  'setTransactionalIdPrefix',
  'setTransactionNamingStrategy',
  'setProperty transaction.timeout.ms',
] as const;

/**
 * The setting that marks a file making the job's execution environment (it names StreamExecutionEnvironment or a
 * TableEnvironment): the file where the job's checkpointing is configured, unlike one that only builds its sink.
 */
export const ENVIRONMENT = 'StreamExecutionEnvironment';

/** The setting of a SourceFunction the job adds (StreamExecutionEnvironment.addSource), its argument as written. */
export const CUSTOM_SOURCE = 'addSource';

/** The setting of a socket source the job reads (StreamExecutionEnvironment.socketTextStream). */
export const SOCKET_SOURCE = 'socketTextStream';

/** The setting of a Configuration the code hands to no environment: its variable, with the call that sets it. */
export const UNHANDED = 'Configuration handed to nothing';

/** What a code file configures. */
export interface CodeRead {
  /** Whether the file is a Flink job's code: it names StreamExecutionEnvironment or builds a KafkaSink. */
  readonly flink: boolean;
  readonly settings: readonly Setting[];
}

/** A CheckpointingMode argument's value (`CheckpointingMode.AT_LEAST_ONCE`), or its text when it names none. */
function modeOf(expr: string): string {
  const m = /(?:^|\.)(EXACTLY_ONCE|AT_LEAST_ONCE)$/.exec(expr.trim());
  return m ? m[1]! : expr.trim();
}

/** An enumeration argument's constant (`DeliveryGuarantee.EXACTLY_ONCE` is EXACTLY_ONCE), or its text. */
function constantOf(expr: string, type: string): string {
  const m = new RegExp(`^(?:[\\w.]*\\.)?${type}\\.([A-Z_]+)$`).exec(expr.trim());
  return m ? m[1]! : expr.trim();
}

/** The interval text of an argument: its ms when a literal, else the argument as written. */
const intervalText = (expr: string): string => {
  const ms = msOf(expr);
  return ms === null ? expr.trim() : String(ms);
};

/** What a code file configures for checkpointing. Pure. */
export function readJobCode(text: string): CodeRead {
  const code = withoutComments(text);
  const lines = new LineIndex(code);
  const constants = constantsOf(code);
  const settings: Setting[] = [];
  const names = [
    'enableCheckpointing',
    'setCheckpointInterval',
    'setCheckpointingMode',
    'setCheckpointingConsistencyMode',
    'set',
    'setString',
    'setInteger',
    'setLong',
    'setDouble',
    'setDeliveryGuarantee',
    'setDeliverGuarantee',
    'setTransactionalIdPrefix',
    'setTransactionNamingStrategy',
    'setRestartStrategy',
  ];
  const calls = new RegExp(`\\.\\s*(${names.join('|')})\\s*\\(`, 'g');
  for (let m = calls.exec(code); m !== null; m = calls.exec(code)) {
    const args = argsAt(code, m.index + m[0].length - 1)?.map((a) => withConstants(a, constants));
    if (args === undefined) continue;
    const line = lines.lineOf(m.index);
    const name = m[1]!;
    // An interval set only under a condition (`if (params.has("checkpointing"))`) may not be set when the job runs.
    // Asked of the interval calls alone: each asking reads back through the file.
    const at = m.index;
    const when = (): { conditional?: true } => (underCondition(code, at) ? { conditional: true } : {});
    const configured = name.startsWith('set') ? configurationKey(name, args) : null;
    const option =
      name === 'set' && args.length === 2
        ? /(?:^|\.)CHECKPOINTING_(?:INTERVAL|(?:CONSISTENCY_)?MODE)$/.exec(args[0]!)
        : null;
    // A Configuration the file makes and hands to no environment is never read by Flink.
    const lost = configured !== null || option !== null ? unhanded(code, at) : null;
    if (lost !== null)
      settings.push({
        key: UNHANDED,
        value: lost,
        line,
        call: configured?.call ?? `Configuration.set(${args[0]!.trim()})`,
      });
    else if (name === 'enableCheckpointing') {
      // The no-argument form (deprecated in 1.x, gone in 2.0) sets 500 ms (StreamExecutionEnvironment).
      settings.push({ key: name, value: args.length === 0 ? '500' : intervalText(args[0]!), line, ...when() });
      if (args.length > 1) settings.push({ key: 'enableCheckpointing mode', value: modeOf(args[1]!), line });
    } else if (name === 'setCheckpointInterval' && args.length === 1)
      settings.push({ key: name, value: intervalText(args[0]!), line, ...when() });
    else if ((name === 'setCheckpointingMode' || name === 'setCheckpointingConsistencyMode') && args.length === 1)
      settings.push({ key: name, value: modeOf(args[0]!), line });
    else if (name === 'set' && args.length === 2 && /(^|\.)CHECKPOINTING_INTERVAL$/.test(args[0]!))
      settings.push({ key: 'CHECKPOINTING_INTERVAL', value: intervalText(args[1]!), line, ...when() });
    else if (name === 'set' && args.length === 2 && /(^|\.)CHECKPOINTING_(CONSISTENCY_)?MODE$/.test(args[0]!))
      settings.push({ key: 'CHECKPOINTING_MODE', value: modeOf(args[1]!), line });
    else if (configured !== null) {
      // A Configuration's restart strategy or interval (Flink 1.19+), as the keys setRestartStrategy gives.
      const { key, value, call, computed } = configured;
      const extra = key === 'CHECKPOINTING_INTERVAL' ? when() : {};
      settings.push({ key, value, line, call, ...(computed ? { computed } : {}), ...extra });
    } else if ((name === 'setDeliveryGuarantee' || name === 'setDeliverGuarantee') && args.length === 1) {
      // A guarantee set in one branch of an `if` is checked with it and without it (guarantee-branches.ts); a
      // choice between two constants (`exactly ? DeliveryGuarantee.EXACTLY_ONCE : DeliveryGuarantee.NONE`, Scala's
      // and Kotlin's `if (exactly) A else B`) is an `if` and its `else` on the call's line.
      const choice =
        /^[^?]+\?\s*([\w.]+)\s*:\s*([\w.]+)$/s.exec(args[0]!.trim()) ??
        /^if\s*\(.*\)\s*([\w.]+)\s+else\s+([\w.]+)$/s.exec(args[0]!.trim());
      const sides = choice === null ? [] : [choice[1]!, choice[2]!].map((a) => constantOf(a, 'DeliveryGuarantee'));
      if (sides.length === 2 && sides.every((v) => /^[A-Z_]+$/.test(v)))
        for (const [i, value] of sides.entries())
          settings.push({
            key: 'setDeliveryGuarantee',
            value,
            line,
            conditional: true,
            branch: { line, side: i === 0 ? 'then' : 'else' },
          });
      else {
        const b = branchAt(code, at);
        const branch = b === null ? {} : { conditional: true, branch: { line: lines.lineOf(b.ifAt), side: b.side } };
        settings.push({
          key: 'setDeliveryGuarantee',
          value: constantOf(args[0]!, 'DeliveryGuarantee'),
          line,
          ...branch,
        });
      }
    } else if (name === 'setTransactionalIdPrefix' && args.length === 1)
      settings.push({ key: name, value: args[0]!.trim(), line });
    else if (name === 'setTransactionNamingStrategy' && args.length === 1)
      settings.push({ key: name, value: constantOf(args[0]!, 'TransactionNamingStrategy'), line });
    else if (name === 'setRestartStrategy' && args.length === 1) {
      const keys = restartKeys(args[0]!);
      if (keys === null) settings.push({ key: 'setRestartStrategy', value: args[0]!.trim(), line, computed: true });
      else for (const k of keys) settings.push({ ...k, line });
    }
  }
  // The producer's transaction.timeout.ms in each form a client's configuration takes it (setProperty, a
  // Properties' put, Scala's `->` and Kotlin's `to` pairs, Map.of), for the sink's setKafkaProducerConfig.
  for (const s of readClientCode(text))
    if (s.key === 'transaction.timeout.ms')
      settings.push({ key: 'setProperty transaction.timeout.ms', value: s.value.trim(), line: s.line });
  // KafkaSink.builder(), KafkaSink.<T>builder() (Java), KafkaSink.builder[T]() (Scala).
  const builders = /\bKafkaSink\s*\.\s*(?:<[^>()]*>\s*)?builder\s*(?:\[[^\]]*\]\s*)?\(/g;
  for (let m = builders.exec(code); m !== null; m = builders.exec(code))
    settings.push({ key: 'KafkaSink.builder', value: '', line: lines.lineOf(m.index) });
  // A socket source (StreamExecutionEnvironment.socketTextStream): it keeps no position in checkpoints.
  const sockets = /\.\s*socketTextStream\s*\(/g;
  for (let m = sockets.exec(code); m !== null; m = sockets.exec(code))
    settings.push({ key: SOCKET_SOURCE, value: 'socket', line: lines.lineOf(m.index) });
  // A SourceFunction of the job's own (addSource): whether it rewinds to a checkpoint is its code's, not read here.
  // The legacy FlinkKafkaConsumer keeps its offsets in checkpoints.
  const added = /\.\s*addSource\s*\(/g;
  for (let m = added.exec(code); m !== null; m = added.exec(code)) {
    const arg = argsAt(code, m.index + m[0].length - 1)?.[0]?.trim() ?? '';
    if (!/\bFlinkKafkaConsumer/.test(arg))
      settings.push({ key: CUSTOM_SOURCE, value: arg, line: lines.lineOf(m.index) });
  }
  // The legacy sink (SinkFunction), deprecated in Flink 1.15 and gone from flink-connector-kafka 4.0.
  const legacy = /\bnew\s+FlinkKafkaProducer(?:011)?\s*(?:<[^>()]*>\s*)?\(/g;
  for (let m = legacy.exec(code); m !== null; m = legacy.exec(code))
    settings.push({ key: 'FlinkKafkaProducer', value: '', line: lines.lineOf(m.index) });
  // The first use outside the imports, where the file makes or takes the environment.
  const environment =
    /(?<!\bimport\s+[\w.]*)\b(StreamExecutionEnvironment|(?:Stream)?TableEnvironment)\b/.exec(code) ??
    /\b(StreamExecutionEnvironment|(?:Stream)?TableEnvironment)\b/.exec(code);
  if (environment) settings.push({ key: ENVIRONMENT, value: '', line: lines.lineOf(environment.index) });
  settings.sort((a, b) => a.line - b.line);
  // A Properties' transaction.timeout.ms alone is any Kafka producer's: only a checkpointing call makes a Flink job.
  const checkpointing = settings.some((s) => !(SINK_CALLS as readonly string[]).includes(s.key));
  const flink = /\bKafkaSink\b/.test(code) || environment !== null || checkpointing;
  return { flink, settings };
}
