/**
 * Flink durations as `TimeUtils.parseDuration` reads them: a number, optional white space, an optional
 * unit (milliseconds when absent), units case-insensitive: `500ms`, `20 s`, `10 min`, `1 h`, `2 d`.
 */

const units: readonly (readonly [string, readonly string[], number])[] = [
  ['DAYS', ['d', 'day', 'days'], 86_400_000],
  ['HOURS', ['h', 'hour', 'hours'], 3_600_000],
  ['MINUTES', ['m', 'min', 'minute', 'minutes'], 60_000],
  ['SECONDS', ['s', 'sec', 'secs', 'second', 'seconds'], 1000],
  ['MILLISECONDS', ['ms', 'milli', 'millis', 'millisecond', 'milliseconds'], 1],
  ['MICROSECONDS', ['µs', 'micro', 'micros', 'microsecond', 'microseconds'], 0.001],
  ['NANOSECONDS', ['ns', 'nano', 'nanos', 'nanosecond', 'nanoseconds'], 0.000_001],
];

/** Milliseconds of a Flink duration text, or Flink's own error text. Pure. */
export function parseFlinkDuration(text: string): { ok: true; ms: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'argument is an empty- or whitespace-only string' };
  const number = /^\d*/.exec(trimmed)?.[0] ?? '';
  if (number === '') return { ok: false, error: 'text does not start with a number' };
  const label = trimmed.slice(number.length).trim().toLowerCase();
  const value = Number(number);
  if (label === '') return { ok: true, ms: value };
  const unit = units.find(([, labels]) => labels.includes(label));
  if (!unit) {
    const all = units.map(([name, labels]) => `${name}: (${labels.join(' | ')})`).join(', ');
    return {
      ok: false,
      error: `Time interval unit label '${label}' does not match any of the recognized units: ${all}`,
    };
  }
  return { ok: true, ms: value * unit[2] };
}
