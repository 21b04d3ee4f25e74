/**
 * An output view as the report shows it: values in read order, their offsets, and how they
 * compare with the inputs (duplicates and missing inputs, as ranges of sequence numbers).
 */

/** The contract's `<view>`. `duplicates` counts extra copies (records - distinct). */
export interface View {
  readonly values: readonly number[];
  readonly offsets: readonly number[];
  readonly records: number;
  readonly distinct: number;
  readonly duplicates: number;
  readonly duplicateRanges: readonly (readonly [number, number])[];
  readonly missing: number;
  readonly missingRanges: readonly (readonly [number, number])[];
}

/** Runs of consecutive integers in an ascending list, as [from, to] pairs. Pure. */
export function ranges(sorted: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const v of sorted) {
    const last = out[out.length - 1];
    if (last && v === last[1] + 1) last[1] = v;
    else out.push([v, v]);
  }
  return out;
}

/** Builds a view of `values` read at `offsets` against the expected `inputs`. Pure. */
export function makeView(values: readonly number[], offsets: readonly number[], inputs: readonly number[]): View {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const dup = [...counts]
    .filter(([, n]) => n > 1)
    .map(([v]) => v)
    .sort((a, b) => a - b);
  const missing = inputs.filter((v) => !counts.has(v)).sort((a, b) => a - b);
  return {
    values: [...values],
    offsets: [...offsets],
    records: values.length,
    distinct: counts.size,
    duplicates: values.length - counts.size,
    duplicateRanges: ranges(dup),
    missing: missing.length,
    missingRanges: ranges(missing),
  };
}

/** "[1, 3], [7, 7]" as "1-3, 7". */
export function formatRanges(rs: readonly (readonly [number, number])[]): string {
  return rs.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
}

/** The first value read a second time, with the offsets of both reads, or null. Pure. */
export function firstRepeat(
  values: readonly number[],
  offsets: readonly number[],
): { value: number; first: number; second: number } | null {
  // A judged view holds a few dozen records at most after a step: compared pairwise, without a Map.
  if (values.length <= 32) {
    for (let i = 1; i < values.length; i++)
      for (let j = 0; j < i; j++)
        if (values[j] === values[i]) return { value: values[i]!, first: offsets[j]!, second: offsets[i]! };
    return null;
  }
  const seen = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const first = seen.get(v);
    if (first !== undefined) return { value: v, first, second: offsets[i]! };
    seen.set(v, offsets[i]!);
  }
  return null;
}

/** `input 3-5 never reached <target> at <level> (3 missing)`, or null when nothing is missing. Pure. */
export function lossMessage(view: View, target: string, level: string): string | null {
  return view.missing === 0
    ? null
    : `input ${formatRanges(view.missingRanges)} never reached ${target} at ${level} (${view.missing} missing)`;
}
