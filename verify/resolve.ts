/**
 * The claims of all parts made into one configuration: per model key the claim of the highest rank
 * wins (a downstream reader's isolation.level over another part's, --set over every file), a written or
 * derived value over a default at the same rank; two files that write different values at the same rank
 * are refused unless --set gives the key. What no file speaks to is `unstated.ts`'s. Pure.
 */
import { BUILD_RELEASE_RANK, type Claim, SQL_CLUSTER_SET_RANK, SQL_SET_RANK } from './claims.js';

/** The winning claim of every key a file speaks to. */
export interface Resolution {
  readonly winners: readonly Claim[];
  /** A file's value another file's outranks (a SQL script's SET over config.yaml), in words. */
  readonly overridden: readonly string[];
}

/** Whether a file wrote `c` (not a default it left in place, nor --set). */
const written = (c: Claim): boolean => (c.how === 'set' || c.how === 'derived') && c.where !== '--set';

const strength = (c: Claim): number => c.rank * 10 + (c.how === 'set' || c.how === 'derived' ? 1 : 0);

/** Resolves the claims (and `--set` pairs) against the model's keys, or names the two files that disagree. Pure. */
export function resolveClaims(
  claims: readonly Claim[],
  set: readonly (readonly [string, string])[],
): { ok: true; value: Resolution } | { ok: false; error: string } {
  const all: Claim[] = [
    ...claims,
    ...set.map(([key, text]): Claim => ({ key, text, how: 'set', where: '--set', rank: 10, why: 'given with --set' })),
  ];
  // Two files that disagree on a key --set gives are settled by it, as the refusal says.
  const given = new Set(set.map(([key]) => key));
  const winners = new Map<string, Claim>();
  const losers = new Map<string, Claim>();
  for (const c of all) {
    const w = winners.get(c.key);
    if (w === undefined || strength(c) > strength(w)) {
      winners.set(c.key, c);
      if (w !== undefined && written(w)) losers.set(c.key, w);
    } else if (strength(c) < strength(w) && written(c)) {
      // A loser that differs from the winner is the one worth a note: one the same (a build's second artifact at
      // the image's release) does not replace it.
      const kept = losers.get(c.key);
      if (kept === undefined || kept.text === w.text || c.text !== w.text) losers.set(c.key, c);
    } else if (
      strength(c) === strength(w) &&
      c.text !== w.text &&
      c.how !== 'default' &&
      c.how !== 'inherited' &&
      !given.has(c.key)
    )
      return {
        ok: false,
        error:
          `${w.where} and ${c.where} disagree on ${c.key} (${w.text}, ${c.text}): ` +
          `give one value, or --set ${c.key}=...`,
      };
  }
  const overridden: string[] = [];
  for (const [key, l] of losers) {
    const w = winners.get(key)!;
    if (w.rank === SQL_SET_RANK && written(w) && w.text !== l.text)
      overridden.push(`${key}: SET at ${w.where} (${w.text}) overrides ${l.where} (${l.text}) for this job`);
    else if (l.rank === BUILD_RELEASE_RANK && w.where !== '--set' && w.text !== l.text)
      overridden.push(
        `${key}: ${l.where} compiles against Flink ${l.text} (${l.why}), but ${w.where} runs Flink ${w.text}: ` +
          "checked on the cluster's, whose Flink classes the job runs with",
      );
    else if (l.rank === SQL_CLUSTER_SET_RANK && w.text !== l.text)
      overridden.push(
        `${key}: SET at ${l.where} (${l.text}) does not change the running cluster; ${w.where} (${w.text}) holds`,
      );
  }
  return { ok: true, value: { winners: [...winners.values()], overridden } };
}
