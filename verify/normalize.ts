/**
 * A real system's value text made into the model key's value text, read as that system reads it:
 * Kafka's ConfigDef (booleans either case, integers, listed strings exactly) or Flink's configuration
 * (booleans and enumerations either case, durations with units), with the system's own refusal when it
 * would refuse the value, and eoscheck's when the system accepts a value the model does not hold. Pure.
 */
import { acceptedValues, type Key, parseValue } from '../model/core/keys.js';
import { parseFlinkDuration } from './files/duration.js';
import { invalid, kafkaBoolean, kafkaInt, type Parsed } from './kafka-rules.js';

/** How a value is read: Kafka's way, Flink's way, or a Flink duration in milliseconds. */
export type Reading = 'kafka' | 'flink' | 'flink-duration';

/**
 * The values the real systems accept for enumerated keys, where a model holds fewer (the rest are
 * accepted by the system and not modelled, which is another message than the system's refusal).
 */
const realValues: Readonly<Record<string, readonly string[]>> = {
  'scan.startup.mode': ['earliest-offset', 'latest-offset', 'group-offsets', 'timestamp', 'specific-offsets'],
  'high-availability.type': ['none', 'zookeeper', 'kubernetes'],
  'execution.checkpointing.mode': ['EXACTLY_ONCE', 'AT_LEAST_ONCE'],
  'sink.delivery-guarantee': ['none', 'at-least-once', 'exactly-once'],
  'restart-strategy.type': [
    'none',
    'off',
    'disable',
    'fixed-delay',
    'fixeddelay',
    'failure-rate',
    'failurerate',
    'exponential-delay',
    'exponentialdelay',
  ],
};

/**
 * Other spellings Flink reads as a value the model holds, in either case: RestartStrategyType.of matches each
 * type's name and its aliases.
 */
const flinkAliases: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'restart-strategy.type': {
    disable: 'none',
    off: 'none',
    fixeddelay: 'fixed-delay',
    failurerate: 'failure-rate',
    exponentialdelay: 'exponential-delay',
  },
};

/** Other spellings Kafka reads as a value the model holds (`acks=-1` is `acks=all`, in either case). */
const kafkaAliases: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  acks: { '-1': 'all', all: 'all' },
};

/** Flink's refusal of a value. */
export function flinkRefusal(key: string, raw: string, detail?: string): string {
  return `Could not parse value '${raw}' for key '${key}'${detail ? `: ${detail}` : '.'}`;
}

/** The text of `raw` as the real system reads it for `key`, before the model's own range check. */
function realText(key: Key, realKey: string, raw: string, how: Reading): Parsed<string> {
  const t = raw.trim();
  // A key the model holds as a few numbers (parallelism.default: 1 or 2) is an integer to the real system.
  if (key.kind === 'enum' && key.values.every((v) => typeof v === 'number') && /^[+-]?\d+$/.test(t))
    return { ok: true, value: String(Number(t)) };
  if (how === 'flink-duration') {
    const d = parseFlinkDuration(raw);
    return d.ok ? { ok: true, value: String(d.ms) } : { ok: false, error: flinkRefusal(realKey, raw, d.error) };
  }
  if (how === 'kafka') {
    switch (key.kind) {
      case 'boolean': {
        const b = kafkaBoolean(realKey, raw);
        return b.ok ? { ok: true, value: String(b.value) } : b;
      }
      case 'integer': {
        const n = kafkaInt(realKey, raw);
        return n.ok ? { ok: true, value: String(n.value) } : n;
      }
      case 'enum': {
        const alias = kafkaAliases[realKey]?.[t.toLowerCase()];
        if (alias !== undefined && key.values.some((v) => String(v) === alias)) return { ok: true, value: alias };
        return key.values.some((v) => String(v) === t)
          ? { ok: true, value: t }
          : { ok: false, error: invalid(realKey, raw, `String must be one of: ${key.values.join(', ')}`) };
      }
      case 'text':
        return { ok: true, value: t };
    }
  }
  switch (key.kind) {
    case 'boolean':
      return /^(true|false)$/i.test(t)
        ? { ok: true, value: t.toLowerCase() }
        : { ok: false, error: flinkRefusal(realKey, raw, 'expected true or false') };
    case 'integer':
      return /^[+-]?\d+$/.test(t)
        ? { ok: true, value: String(Number(t)) }
        : { ok: false, error: flinkRefusal(realKey, raw) };
    case 'enum': {
      const alias = flinkAliases[key.name]?.[t.toLowerCase()];
      if (alias !== undefined) return { ok: true, value: alias };
      const real = realValues[key.name] ?? key.values.map(String);
      const hit = real.find((v) => v.toLowerCase() === t.toLowerCase());
      return hit === undefined
        ? { ok: false, error: flinkRefusal(realKey, raw, `expected one of ${real.join(', ')} (either case)`) }
        : { ok: true, value: hit };
    }
    case 'text':
      return { ok: true, value: t };
  }
}

/**
 * The model value text of a real setting, or a one-line refusal: the real system's own message, or
 * eoscheck's when the system accepts the value and the model does not hold it. Pure.
 */
export function modelText(key: Key, realKey: string, raw: string, how: Reading): Parsed<string> {
  const r = realText(key, realKey, raw, how);
  if (!r.ok) return r;
  const p = parseValue(key, r.value);
  if (p.ok) return { ok: true, value: String(p.value) };
  const shown = how === 'flink-duration' ? `${raw.trim()} (${r.value} ms)` : raw.trim();
  return {
    ok: false,
    error:
      `${realKey}=${shown}: ${how === 'kafka' ? 'Kafka' : 'Flink'} accepts it, eoscheck models ` +
      `${key.name === realKey ? '' : `${key.name} `}${acceptedValues(key)}${how === 'flink-duration' ? ' (ms)' : ''}`,
  };
}
