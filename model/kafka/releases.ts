/**
 * Kafka releases as data: what a release in `kafka.version` does in the exactly-once machinery,
 * from the changes up to it (model/kafka/release-history.ts, each with its KIP or JIRA). The
 * cluster's rules and the application models read these flags, through `release` only;
 * `kafka.version` derives the defaults of `transaction.version` and
 * `transaction.partition.verification.enable` from them, and explicit keys override within what
 * the release has. The value stays the text given (`3.8`, `3.6.1`), so reports show it.
 */
import type { Release } from './release-flags.js';
import { AREAS, type Area, CHANGES, type Change, FIRST, FIRST_LABELS, FIRST_TEXTS } from './release-history.js';
import { atOrAfter, lastPatchOf, parseKafkaVersion, type ReleaseNumber, sameLine } from './versions.js';

export type { Release } from './release-flags.js';
export { AREAS, type Area } from './release-history.js';
export { ACCEPTED_RELEASES, isKafkaVersion, KAFKA_VERSION_PATTERN } from './versions.js';

/** A release in `kafka.version`: `X.Y` (its latest patch) or `X.Y.Z`, from 2.4 to 4.1. */
export type KafkaVersion = string;

/** The newest release: `kafka.version`'s default. */
export const NEWEST: KafkaVersion = '4.1';

function numbers(version: string): ReleaseNumber {
  const v = parseKafkaVersion(version);
  // The key's pattern admits only releases, so anything else is a caller's mistake, not a user's.
  if (v === null) throw new Error(`internal: kafka.version '${version}' is not a release from 2.4 to 4.1`);
  return v;
}

/** The first release of `since` (`X.Y` is X.Y.0 here, where a change starts). */
function start(since: string): ReleaseNumber {
  const n = numbers(since);
  return n.patch === Number.POSITIVE_INFINITY ? { ...n, patch: 0 } : n;
}

/** The release of `c` that `v` has it from: its first line's, or a backport's of `v`'s own line; null if none. */
function takenAt(c: Change, v: ReleaseNumber): string | null {
  if (atOrAfter(v, start(c.since))) return c.since;
  for (const b of c.backports ?? []) {
    const at = start(b);
    if (sameLine(v, at) && atOrAfter(v, at)) return b;
  }
  return null;
}

const cache = new Map<string, Release>();

/** What `version` (`X.Y` or `X.Y.Z`) does: 2.4's flags with every change up to it. Pure (memoized). */
export function release(version: KafkaVersion): Release {
  const known = cache.get(version);
  if (known !== undefined) return known;
  const v = numbers(version);
  let r: Release = FIRST;
  for (const c of CHANGES) if (takenAt(c, v) !== null) r = { ...r, ...c.flags };
  cache.set(version, r);
  return r;
}

/**
 * Which rules `version` gets, in words for a report: per area (all, or those of `areas`), 2.4's and
 * then each change it has with the release it came in, e.g. `3.8 (its latest patch, 3.8.1):
 * transactions: KIP-98, ..., KIP-890 part 1 verification (3.6), KAFKA-15784 TxnOffsetCommit
 * verification (3.7), KAFKA-16314 TRANSACTION_ABORTABLE (3.8); ...`. Pure.
 */
export function describeRelease(version: KafkaVersion, areas: readonly Area[] = AREAS): string {
  const v = numbers(version);
  const last = lastPatchOf(version);
  const head =
    v.patch !== Number.POSITIVE_INFINITY
      ? version
      : `${version} (its latest patch${last === null || last === version ? '' : `, ${last}`})`;
  const parts = areas.flatMap((area) => {
    const first = FIRST_LABELS[area];
    const items = first === undefined ? [] : [first];
    for (const c of CHANGES) {
      const at = c.area === area && c.label !== undefined ? takenAt(c, v) : null;
      if (at !== null) items.push(`${c.label} (${at})`);
    }
    return items.length === 0 ? [] : [`${area}: ${items.join(', ')}`];
  });
  return `${head}: ${parts.join('; ')}`;
}

/** A release at which something modelled changed: a row of `eoscheck models`. */
export interface ReleaseStep {
  /** The release (`X.Y`, or `X.Y.Z` for a change first in a patch release, a backport). */
  readonly version: KafkaVersion;
  readonly release: Release;
  /** What changed there, one line each. */
  readonly changes: readonly string[];
}

/** Every release at which something modelled changed, oldest first, 2.4 included. Pure. */
export function releaseSteps(): ReleaseStep[] {
  const at = new Map<string, string[]>([['2.4', [...FIRST_TEXTS]]]);
  for (const c of CHANGES) {
    const first = [c.since, ...(c.backports ?? [])].reduce((a, b) => (atOrAfter(start(b), start(a)) ? a : b));
    at.set(first, [...(at.get(first) ?? []), c.text]);
  }
  return [...at]
    .sort(([a], [b]) => (a === b ? 0 : atOrAfter(start(a), start(b)) ? 1 : -1))
    .map(([version, changes]) => ({ version, release: release(version), changes }));
}
