/**
 * Numbers as code writes them: an integer literal (`30_000L`), a product of them, a Duration or TimeUnit of one in
 * ms, and a number turned into text (`15 * 60 * 1000 + ""`, `String.valueOf(N)`), as a producer property takes it.
 * Pure.
 */

const UNIT_MS: Readonly<Record<string, number>> = {
  millis: 1,
  milliseconds: 1,
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
};

/** An integer literal (`30000`, `30_000L`), a product of them, or a Duration or TimeUnit of one, in ms; or null. */
export function msOf(expr: string): number | null {
  const e = expr.trim().replace(/\.toMillis\(\s*\)$/, '');
  const paren = /^\((.*)\)$/s.exec(e);
  if (paren) return msOf(paren[1]!);
  const duration = /^(?:java\.time\.)?Duration\.of(Millis|Seconds|Minutes|Hours)\((.*)\)$/is.exec(e);
  if (duration) {
    const n = msOf(duration[2]!);
    return n === null ? null : n * UNIT_MS[duration[1]!.toLowerCase()]!;
  }
  const unit = /^(?:java\.util\.concurrent\.)?TimeUnit\.(MILLISECONDS|SECONDS|MINUTES|HOURS)\.toMillis\((.*)\)$/s.exec(
    e,
  );
  if (unit) {
    const n = msOf(unit[2]!);
    return n === null ? null : n * UNIT_MS[unit[1]!.toLowerCase()]!;
  }
  const factors = e.split('*');
  if (factors.length > 1) {
    const ns = factors.map(msOf);
    return ns.every((n) => n !== null) ? ns.reduce((a, b) => a! * b!, 1) : null;
  }
  const literal = /^(\d[\d_]*)[lL]?$/.exec(e);
  return literal ? Number(literal[1]!.replace(/_/g, '')) : null;
}

/**
 * A number given as text, as the producer's properties take it: `15 * 60 * 1000 + ""`, `"" + N`,
 * `String.valueOf(N)`, `Integer.toString(N)`; the expression inside, or the argument when it is none of these.
 */
export function numberInText(expr: string): string {
  const e = expr.trim();
  const concat = /^(.*?)\s*\+\s*""$/s.exec(e) ?? /^""\s*\+\s*(.*)$/s.exec(e);
  if (concat) return numberInText(concat[1]!);
  const asText = /^(?:String\.valueOf|Integer\.toString|Long\.toString)\((.*)\)$/s.exec(e);
  return asText ? numberInText(asText[1]!) : e;
}
