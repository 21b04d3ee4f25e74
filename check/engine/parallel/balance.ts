/**
 * How the workers even out a level before judging it. A new state stays with the worker that made
 * it (it has the object; only fingerprints cross threads), so without this the worker holding the
 * initial state would keep every state. Workers above their share send the surplus to those below
 * it, in worker order, so every run moves the same states.
 */

/** One shipment: `count` states from worker `from` to worker `to`. */
export interface Shipment {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** A difference this small is not worth a copy across threads (a state costs tens of microseconds to send). */
export const BALANCE_SLACK = 16;

/**
 * The shipments that give each worker its share of `counts` (worker w's share: total / n, the first
 * total mod n workers one more), or none when no worker is more than `slack` above its share. Pure.
 */
export function balancePlan(counts: readonly number[], slack = BALANCE_SLACK): Shipment[] {
  const n = counts.length;
  const total = counts.reduce((a, b) => a + b, 0);
  const share = (w: number): number => Math.floor(total / n) + (w < total % n ? 1 : 0);
  if (counts.every((c, w) => c - share(w) <= slack)) return [];
  const surplus = counts.map((c, w) => Math.max(0, c - share(w)));
  const deficit = counts.map((c, w) => Math.max(0, share(w) - c));
  const plan: Shipment[] = [];
  for (let from = 0, to = 0; from < n && to < n; ) {
    if (surplus[from] === 0) from++;
    else if (deficit[to] === 0) to++;
    else {
      const count = Math.min(surplus[from]!, deficit[to]!);
      plan.push({ from, to, count });
      surplus[from] = surplus[from]! - count;
      deficit[to] = deficit[to]! - count;
    }
  }
  return plan;
}
