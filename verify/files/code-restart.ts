/**
 * A restart strategy a Flink job's code sets with `env.setRestartStrategy(RestartStrategies.X(...))` (deprecated in
 * Flink 1.19, gone in 2.0, where the configuration's `restart-strategy.*` keys take over), as those keys: the
 * strategy's type and its attempts, rates and delays in ms. Pure.
 */
import { msOf } from './code-numbers.js';
import { argsAt } from './code-text.js';

/** One `restart-strategy.*` key as the code sets it: its value in the configuration's form. */
export interface RestartKey {
  readonly key: string;
  readonly value: string;
}

/** A delay argument in ms: a long of ms, `Time.of(n, TimeUnit.X)`, `Time.seconds(n)`, a `Duration`; or null. */
function delayMs(expr: string): number | null {
  const e = expr.trim();
  const time = /^(?:[\w.]*\.)?Time\.(milliseconds|seconds|minutes|hours)\((.*)\)$/s.exec(e);
  if (time) {
    const n = msOf(time[2]!);
    const unit: Readonly<Record<string, number>> = {
      milliseconds: 1,
      seconds: 1000,
      minutes: 60_000,
      hours: 3_600_000,
    };
    return n === null ? null : n * unit[time[1]!]!;
  }
  const timeOf = /^(?:[\w.]*\.)?Time\.of\((.*)\)$/s.exec(e);
  if (timeOf) {
    const args = argsAt(`(${timeOf[1]!})`, 0);
    if (args?.length !== 2) return null;
    return msOf(`TimeUnit.${args[1]!.replace(/^(?:[\w.]*\.)?TimeUnit\./, '')}.toMillis(${args[0]})`);
  }
  return msOf(e);
}

/** The keys an argument of setRestartStrategy sets, or null when it is no RestartStrategies call verify reads. */
export function restartKeys(expr: string): RestartKey[] | null {
  const m = /^(?:[\w.]*\.)?RestartStrategies\.(\w+)\((.*)\)$/s.exec(expr.trim());
  if (!m) return null;
  const args = argsAt(`(${m[2]!})`, 0) ?? [];
  const ms = (i: number): string | null => {
    const n = args[i] === undefined ? null : delayMs(args[i]!);
    return n === null ? null : `${n} ms`;
  };
  const int = (i: number): string | null =>
    args[i] !== undefined && /^\d+$/.test(args[i]!.trim()) ? args[i]!.trim() : null;
  const all = (keys: [string, string | null][]): RestartKey[] | null =>
    keys.every(([, v]) => v !== null) ? keys.map(([key, value]) => ({ key, value: value! })) : null;
  switch (m[1]) {
    case 'noRestart':
      return [{ key: 'restart-strategy.type', value: 'none' }];
    case 'fixedDelayRestart':
      return all([
        ['restart-strategy.type', 'fixed-delay'],
        ['restart-strategy.fixed-delay.attempts', int(0)],
        ['restart-strategy.fixed-delay.delay', ms(1)],
      ]);
    case 'failureRateRestart':
      return all([
        ['restart-strategy.type', 'failure-rate'],
        ['restart-strategy.failure-rate.max-failures-per-interval', int(0)],
        ['restart-strategy.failure-rate.failure-rate-interval', ms(1)],
        ['restart-strategy.failure-rate.delay', ms(2)],
      ]);
    case 'exponentialDelayRestart':
      return all([
        ['restart-strategy.type', 'exponential-delay'],
        ['restart-strategy.exponential-delay.initial-backoff', ms(0)],
        ['restart-strategy.exponential-delay.reset-backoff-threshold', ms(3)],
      ]);
    default:
      return null;
  }
}
