/**
 * The restart strategy and checkpoint interval a Flink job's code sets on a `Configuration` (Flink 1.19+ and 2.x,
 * where `RestartStrategies` is deprecated or gone and the configuration handed to
 * `StreamExecutionEnvironment.getExecutionEnvironment(conf)` or `env.configure(conf)` carries them):
 * `conf.set(RestartStrategyOptions.X, value)` and `conf.setString("restart-strategy.type", "none")`, read as the
 * same `restart-strategy.*` keys `setRestartStrategy` gives, and `conf.setString("execution.checkpointing.interval",
 * "10 s")` as the interval. Pure.
 */
import { msOf } from './code-numbers.js';
import { stringLiteral } from './code-text.js';
import { parseFlinkDuration } from './duration.js';

/** How a key's value is written: text, an integer, a Duration, a double. */
type Kind = 'text' | 'int' | 'duration' | 'double';

/**
 * RestartStrategyOptions' constants, each the key it names and its type (flink-core's
 * org.apache.flink.configuration.RestartStrategyOptions, Flink 1.17 to 2.x: RESTART_STRATEGY is
 * `restart-strategy.type`, with `restart-strategy` its deprecated key).
 */
const OPTIONS: Readonly<Record<string, readonly [string, Kind]>> = {
  RESTART_STRATEGY: ['restart-strategy.type', 'text'],
  RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS: ['restart-strategy.fixed-delay.attempts', 'int'],
  RESTART_STRATEGY_FIXED_DELAY_DELAY: ['restart-strategy.fixed-delay.delay', 'duration'],
  RESTART_STRATEGY_FAILURE_RATE_MAX_FAILURES_PER_INTERVAL: [
    'restart-strategy.failure-rate.max-failures-per-interval',
    'int',
  ],
  RESTART_STRATEGY_FAILURE_RATE_FAILURE_RATE_INTERVAL: [
    'restart-strategy.failure-rate.failure-rate-interval',
    'duration',
  ],
  RESTART_STRATEGY_FAILURE_RATE_DELAY: ['restart-strategy.failure-rate.delay', 'duration'],
  RESTART_STRATEGY_EXPONENTIAL_DELAY_INITIAL_BACKOFF: [
    'restart-strategy.exponential-delay.initial-backoff',
    'duration',
  ],
  RESTART_STRATEGY_EXPONENTIAL_DELAY_MAX_BACKOFF: ['restart-strategy.exponential-delay.max-backoff', 'duration'],
  RESTART_STRATEGY_EXPONENTIAL_DELAY_BACKOFF_MULTIPLIER: [
    'restart-strategy.exponential-delay.backoff-multiplier',
    'double',
  ],
  RESTART_STRATEGY_EXPONENTIAL_DELAY_RESET_BACKOFF_THRESHOLD: [
    'restart-strategy.exponential-delay.reset-backoff-threshold',
    'duration',
  ],
  RESTART_STRATEGY_EXPONENTIAL_DELAY_JITTER_FACTOR: ['restart-strategy.exponential-delay.jitter-factor', 'double'],
  RESTART_STRATEGY_EXPONENTIAL_DELAY_ATTEMPTS: [
    'restart-strategy.exponential-delay.attempts-before-reset-backoff',
    'int',
  ],
};

/** The interval's key (CheckpointingOptions.CHECKPOINTING_INTERVAL, 1.20+; ExecutionCheckpointingOptions' before). */
const INTERVAL_KEY = 'execution.checkpointing.interval';

/** One key a Configuration call sets: its value in the configuration's form, or as written where code computes it. */
export interface ConfigurationKey {
  readonly key: string;
  readonly value: string;
  /** The call in words, for the answer: `Configuration.set(RestartStrategyOptions.RESTART_STRATEGY)`. */
  readonly call: string;
  readonly computed?: true;
}

/** A value as its option's type takes it, or null when the code computes it. */
function optionValue(expr: string, kind: Kind): string | null {
  const e = expr.trim();
  const written = stringLiteral(e);
  if (written !== null) return written;
  switch (kind) {
    case 'text':
      return null;
    case 'int':
      return /^\d+$/.test(e) ? e : e === 'Integer.MAX_VALUE' ? '2147483647' : null;
    case 'duration': {
      const ms = msOf(e);
      return ms === null ? null : `${ms} ms`;
    }
    case 'double':
      return /^\d+(?:\.\d+)?[dDfF]?$/.test(e) ? e.replace(/[dDfF]$/, '') : null;
  }
}

/**
 * The key a `Configuration` (or `TableConfig`) call sets, `name` its method (`set`, `setString`, `setInteger`,
 * `setLong`, `setDouble`) and `args` its arguments (constants already read): a restart-strategy key, or the checkpoint
 * interval as the setting `CHECKPOINTING_INTERVAL` in ms; null for any other call or key.
 */
export function configurationKey(name: string, args: readonly string[]): ConfigurationKey | null {
  if (args.length !== 2) return null;
  const [keyExpr, valueExpr] = [args[0]!.trim(), args[1]!];
  const option = /^(?:[\w.]*\.)?RestartStrategyOptions\.([A-Z_]+)$/.exec(keyExpr);
  const literal = stringLiteral(keyExpr);
  // TableConfig.set(String, String) (Flink 1.15+) takes a key as text, as Configuration.setString does.
  const owner = name === 'set' ? 'TableConfig' : 'Configuration';
  let key: string;
  let kind: Kind;
  let call: string;
  if (name === 'set' && option && OPTIONS[option[1]!] !== undefined) {
    [key, kind] = OPTIONS[option[1]!]!;
    call = `Configuration.set(RestartStrategyOptions.${option[1]!})`;
  } else if (literal !== null && /^restart-strategy(\.[a-z.-]+)?$/.test(literal)) {
    key = literal === 'restart-strategy' ? 'restart-strategy.type' : literal;
    kind = name === 'setString' || name === 'set' ? 'text' : name === 'setDouble' ? 'double' : 'int';
    call = `${owner}.${name}("${literal}")`;
  } else if (literal === INTERVAL_KEY) {
    // A string is a Flink duration ("10 s", TimeUtils.parseDuration); setLong's number is ms.
    const written = stringLiteral(valueExpr);
    const parsed = written === null ? null : parseFlinkDuration(written);
    const ms = parsed === null ? msOf(valueExpr) : parsed.ok ? parsed.ms : null;
    return {
      key: 'CHECKPOINTING_INTERVAL',
      value: ms === null ? valueExpr.trim() : String(ms),
      call: `${owner}.${name}("${INTERVAL_KEY}")`,
    };
  } else return null;
  const value = optionValue(valueExpr, kind);
  return value === null ? { key, value: valueExpr.trim(), call, computed: true } : { key, value, call };
}

/**
 * The Configuration a call at `at` sets, when the file makes it (`Configuration conf = new Configuration()`, Kotlin's
 * and Scala's `val conf = Configuration()`) and never hands it on (no call takes it, no `return` gives it): Flink
 * never reads such a configuration, so its keys are not the job's. Null when the call's configuration may reach the
 * environment (handed to `getExecutionEnvironment(conf)` or `configure(conf)`, or made elsewhere).
 */
export function unhanded(code: string, at: number): string | null {
  const receiver = /([A-Za-z_]\w*)\s*$/.exec(code.slice(Math.max(0, at - 200), at))?.[1];
  if (receiver === undefined) return null;
  // Made here: `new Configuration(...)` (Java, Scala) or `Configuration()` (Kotlin); one the code takes from an
  // environment (`tableEnv.getConfig().getConfiguration()`) is that environment's own.
  const made = new RegExp(
    `\\b(?:Configuration|val|var)\\s+${receiver}\\s*(?::\\s*Configuration\\s*)?=\\s*(?:new\\s+)?Configuration\\s*\\(`,
  );
  if (!made.test(code)) return null;
  const handed = new RegExp(`[(,]\\s*${receiver}\\s*[),]|\\breturn\\s+${receiver}\\b`);
  return handed.test(code) ? null : receiver;
}
