/**
 * A Kafka application's code (Java, Scala or Kotlin), read for the client configuration it builds: each
 * `put`/`setProperty` of a Properties or Map (and Kotlin's `props[KEY] = VALUE`) whose key is a config name, as a
 * string or as a constant of ProducerConfig, ConsumerConfig, StreamsConfig or CommonClientConfigs (with
 * StreamsConfig's producerPrefix / consumerPrefix / mainConsumerPrefix), is a setting of the key Kafka reads. A value
 * that is a literal or a constant Kafka defines reads as its text; any other (a variable, a computed value) is kept
 * as written and marked computed, for the caller to refuse. Comments are skipped. Pure.
 */
import { constantsOf, withConstants } from './code-constants.js';
import { msOf, numberInText } from './code-numbers.js';
import { argsAt, stringLiteral, withoutComments } from './code-text.js';
import { LineIndex, type Setting } from './entry.js';

/** The config classes whose constants name keys. */
const CONFIG_CLASS = /^(?:[\w.]*\.)?(ProducerConfig|ConsumerConfig|StreamsConfig|CommonClientConfigs)\.([A-Z0-9_]+)$/;

/**
 * Constants whose key is not their name without `_CONFIG` in lower case with dots (ProducerConfig,
 * ConsumerConfig, StreamsConfig, Kafka 2.4 to 4.1).
 */
const IRREGULAR: Readonly<Record<string, string>> = {
  MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION: 'max.in.flight.requests.per.connection',
  TRANSACTION_TIMEOUT_CONFIG: 'transaction.timeout.ms',
  METADATA_MAX_IDLE_CONFIG: 'metadata.max.idle.ms',
  METADATA_MAX_AGE_CONFIG: 'metadata.max.age.ms',
  KEY_SERIALIZER_CLASS_CONFIG: 'key.serializer',
  VALUE_SERIALIZER_CLASS_CONFIG: 'value.serializer',
  KEY_DESERIALIZER_CLASS_CONFIG: 'key.deserializer',
  VALUE_DESERIALIZER_CLASS_CONFIG: 'value.deserializer',
  DEFAULT_KEY_SERDE_CLASS_CONFIG: 'default.key.serde',
  DEFAULT_VALUE_SERDE_CLASS_CONFIG: 'default.value.serde',
  DEFAULT_DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG: 'default.deserialization.exception.handler',
  DEFAULT_PRODUCTION_EXCEPTION_HANDLER_CLASS_CONFIG: 'default.production.exception.handler',
  PARTITIONER_ADPATIVE_PARTITIONING_ENABLE_CONFIG: 'partitioner.adaptive.partitioning.enable',
  SEND_BUFFER_CONFIG: 'send.buffer.bytes',
  RECEIVE_BUFFER_CONFIG: 'receive.buffer.bytes',
  METRIC_REPORTER_CLASSES_CONFIG: 'metric.reporters',
};

/** Value constants Kafka defines (StreamsConfig's guarantees; EXACTLY_ONCE and EXACTLY_ONCE_BETA are gone in 4.0). */
const VALUES: Readonly<Record<string, string>> = {
  EXACTLY_ONCE_V2: 'exactly_once_v2',
  EXACTLY_ONCE_BETA: 'exactly_once_beta',
  EXACTLY_ONCE: 'exactly_once',
  AT_LEAST_ONCE: 'at_least_once',
  OPTIMIZE: 'all',
  NO_OPTIMIZATION: 'none',
};

/** StreamsConfig's prefix methods: the key they make is the prefix and the inner key. */
const PREFIXES: Readonly<Record<string, string>> = {
  producerPrefix: 'producer.',
  consumerPrefix: 'consumer.',
  mainConsumerPrefix: 'main.consumer.',
  restoreConsumerPrefix: 'restore.consumer.',
  globalConsumerPrefix: 'global.consumer.',
  adminClientPrefix: 'admin.',
};

/** The key an argument names, or null when it names none verify knows. */
export function keyOf(expr: string): string | null {
  const e = expr.trim();
  const literal = stringLiteral(e);
  if (literal !== null) return /^[a-z][a-z0-9.-]*$/.test(literal) ? literal : null;
  const prefixed = /^(?:[\w.]*\.)?StreamsConfig\.(\w+)\((.*)\)$/s.exec(e);
  if (prefixed) {
    const prefix = PREFIXES[prefixed[1]!];
    const inner = keyOf(prefixed[2]!);
    return prefix === undefined || inner === null ? null : `${prefix}${inner}`;
  }
  const constant = CONFIG_CLASS.exec(e);
  if (!constant) return null;
  const name = constant[2]!;
  if (IRREGULAR[name] !== undefined) return IRREGULAR[name];
  return name.endsWith('_CONFIG') ? name.slice(0, -'_CONFIG'.length).toLowerCase().replace(/_/g, '.') : null;
}

/** A value's text: a literal, a boolean, a constant Kafka defines; or null when the code computes it. */
export function valueText(expr: string): string | null {
  const e = expr.trim().replace(/\.toString\(\s*\)$/, '');
  const literal = stringLiteral(e);
  if (literal !== null) return literal;
  const wrapped = /^(?:String\.valueOf|Integer\.toString|Long\.toString|Boolean\.toString)\((.*)\)$/s.exec(e);
  if (wrapped) return valueText(wrapped[1]!);
  if (/^(true|false)$/.test(e)) return e;
  const bool = /^(?:java\.lang\.)?Boolean\.(TRUE|FALSE)$/.exec(e);
  if (bool) return bool[1]!.toLowerCase();
  const int = /^(-?\d[\d_]*)[lL]?$/.exec(e);
  if (int) return int[1]!.replace(/_/g, '');
  // A product of integers (`15 * 60 * 1000`), a Duration's ms, or one given as text (`60 * 1000 + ""`).
  const ms = msOf(numberInText(e));
  if (ms !== null) return String(ms);
  if (/^(?:Integer|Long)\.MAX_VALUE$/.test(e)) return e.startsWith('Integer') ? '2147483647' : '9223372036854775807';
  const isolation = /^(?:[\w.]*\.)?IsolationLevel\.(READ_COMMITTED|READ_UNCOMMITTED)$/.exec(
    e.replace(/(\.toString\(\s*\)|\.toLowerCase\([^)]*\))+$/, ''),
  );
  if (isolation) return isolation[1]!.toLowerCase();
  const constant = /^(?:[\w.]*\.)?StreamsConfig\.([A-Z0-9_]+)$/.exec(e);
  if (constant && VALUES[constant[1]!] !== undefined) return VALUES[constant[1]!]!;
  return null;
}

/**
 * How a code file commits its consumer's offsets: with the producer's transaction (sendOffsetsToTransaction), by the
 * consumer (commitSync, commitAsync), or by no call. Pure.
 */
export function offsetCommits(text: string): 'transaction' | 'consumer' | 'none' {
  const code = withoutComments(text);
  if (/\.\s*sendOffsetsToTransaction\s*\(/.test(code)) return 'transaction';
  return /\.\s*commit(?:Sync|Async)\s*\(/.test(code) ? 'consumer' : 'none';
}

/** The client settings a code file builds, in the order written. Pure. */
export function readClientCode(text: string): Setting[] {
  const code = withoutComments(text);
  const lines = new LineIndex(code);
  const constants = constantsOf(code);
  const out: Setting[] = [];
  const add = (keyExpr: string, valueExprAsWritten: string, at: number): void => {
    const key = keyOf(withConstants(keyExpr, constants));
    if (key === null) return;
    const valueExpr = withConstants(valueExprAsWritten, constants);
    const value = valueText(valueExpr);
    // A constant Kafka 4.0 removed tells the client's release: the code compiles against an older one.
    const removed = /^(?:[\w.]*\.)?StreamsConfig\.(EXACTLY_ONCE|EXACTLY_ONCE_BETA)$/.exec(valueExpr.trim());
    out.push({
      key,
      value: value ?? valueExpr.trim(),
      line: lines.lineOf(at),
      ...(value === null ? { computed: true } : {}),
      ...(removed ? { namedValue: `StreamsConfig.${removed[1]!}` } : {}),
    });
  };
  const calls = /\.\s*(put|putIfAbsent|setProperty)\s*\(/g;
  for (let m = calls.exec(code); m !== null; m = calls.exec(code)) {
    const args = argsAt(code, m.index + m[0].length - 1);
    if (args !== null && args.length === 2) add(args[0]!, args[1]!, m.index);
  }
  // Java's Map.of(k1, v1, k2, v2, ...), Scala's and Kotlin's pairs (KEY -> VALUE, KEY to VALUE).
  const maps = /\bMap\s*\.\s*of\s*\(/g;
  for (let m = maps.exec(code); m !== null; m = maps.exec(code)) {
    const args = argsAt(code, m.index + m[0].length - 1) ?? [];
    for (let i = 0; i + 1 < args.length; i += 2) add(args[i]!, args[i + 1]!, m.index);
  }
  const pairs = /([\w.]+(?:\([^()\n]*\))?|"[^"\n]*")\s*(?:->|\bto\b)\s*("[^"\n]*"|[\w.]+(?:\([^()\n]*\))?)/g;
  for (let m = pairs.exec(code); m !== null; m = pairs.exec(code)) add(m[1]!, m[2]!, m.index);
  // Kotlin's indexed assignment: props[ProducerConfig.ACKS_CONFIG] = "all".
  const indexed = /\w\s*\[([^\]\n]+)\]\s*=\s*([^\n;]+)/g;
  for (let m = indexed.exec(code); m !== null; m = indexed.exec(code)) add(m[1]!, m[2]!, m.index);
  return out.sort((a, b) => a.line - b.line);
}
