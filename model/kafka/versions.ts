/**
 * Kafka release numbers as `kafka.version` takes them: every release line from 2.4 to 4.1, written
 * `X.Y` (the line's latest patch release) or `X.Y.Z` (that patch release), and how two of them
 * order. Pure.
 */

/**
 * Each release line with its last patch release, or null for a line that may still get one (3.9,
 * the last with ZooKeeper, and the 4.x lines): a patch past the last of a finished line is no
 * release. The last patches are the project's tags (2.4.1 ... 3.6.2) and its announcements (3.7.2,
 * 3.8.1).
 */
export const KAFKA_LINES: readonly (readonly [line: string, lastPatch: number | null])[] = [
  ['2.4', 1],
  ['2.5', 1],
  ['2.6', 3],
  ['2.7', 2],
  ['2.8', 2],
  ['3.0', 2],
  ['3.1', 2],
  ['3.2', 3],
  ['3.3', 2],
  ['3.4', 1],
  ['3.5', 2],
  ['3.6', 2],
  ['3.7', 2],
  ['3.8', 1],
  ['3.9', null],
  ['4.0', null],
  ['4.1', null],
];

/** What `kafka.version` accepts, in words: the one line a bad value is refused with. */
export const ACCEPTED_RELEASES = 'every release from 2.4 to 4.1, as X.Y or X.Y.Z';

/** A release as numbers; `patch` is Infinity for `X.Y`, which means the line's latest patch release. */
export interface ReleaseNumber {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

const FORM = /^(\d+)\.(\d+)(?:\.(0|[1-9]\d*))?$/;

/** The numbers of `text` when it is a release `kafka.version` accepts, else null. Pure. */
export function parseKafkaVersion(text: string): ReleaseNumber | null {
  const m = FORM.exec(text);
  if (m === null) return null;
  const line = KAFKA_LINES.find(([l]) => l === `${m[1]}.${m[2]}`);
  if (line === undefined) return null;
  const patch = m[3] === undefined ? Number.POSITIVE_INFINITY : Number(m[3]);
  if (line[1] !== null && patch !== Number.POSITIVE_INFINITY && patch > line[1]) return null;
  return { major: Number(m[1]), minor: Number(m[2]), patch };
}

/** Whether `value` is a release `kafka.version` accepts. Pure. */
export function isKafkaVersion(value: unknown): value is string {
  return typeof value === 'string' && parseKafkaVersion(value) !== null;
}

/**
 * The same set as a pattern, for the key's own check: each line, with its patch releases up to
 * the last (any patch on a line that may get more).
 */
export const KAFKA_VERSION_PATTERN = new RegExp(
  `^(?:${KAFKA_LINES.map(([line, last]) => {
    const patches = last === null ? '0|[1-9]\\d*' : Array.from({ length: last + 1 }, (_, i) => i).join('|');
    return `${line.replace('.', '\\.')}(?:\\.(?:${patches}))?`;
  }).join('|')})$`,
);

/** Whether `a` is the same release as `b` or a later one (by major, minor, then patch). Pure. */
export function atOrAfter(a: ReleaseNumber, b: ReleaseNumber): boolean {
  if (a.major !== b.major) return a.major > b.major;
  if (a.minor !== b.minor) return a.minor > b.minor;
  return a.patch >= b.patch;
}

/** Whether `a` and `b` are of one release line (X.Y). Pure. */
export function sameLine(a: ReleaseNumber, b: ReleaseNumber): boolean {
  return a.major === b.major && a.minor === b.minor;
}

/** The last patch release of `version`'s line when the line is finished (`3.4.1` for `3.4`), else null. Pure. */
export function lastPatchOf(version: string): string | null {
  const v = parseKafkaVersion(version);
  const line = v && KAFKA_LINES.find(([l]) => l === `${v.major}.${v.minor}`);
  return line && line[1] !== null ? `${line[0]}.${line[1]}` : null;
}
