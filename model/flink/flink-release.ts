/**
 * The Flink releases `flink.version` names, and what changed between them that the model steps differently (read in
 * apache/flink's release branches). Pure.
 */
import type { ConnectorVersion } from './connector.js';

/** `flink.version`: a line from 1.17 (the oldest the modelled connectors run on) to 2.2, with a patch or not. */
export const FLINK_VERSION_PATTERN = /^(?:1\.(?:17|18|19|20)|2\.[012])(?:\.(?:0|[1-9]\d*))?$/;

/** What `flink.version` accepts, for its errors and its listing. */
export const ACCEPTED_FLINK_RELEASES = 'a Flink release from 1.17 to 2.2, as X.Y (its latest patch release) or X.Y.Z';

/** A release as numbers; `patch` is Infinity for `X.Y`, which means the line's latest patch release. */
export interface FlinkRelease {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** The numbers of an accepted `flink.version`. Pure. */
export function flinkRelease(v: string): FlinkRelease {
  const [major = 0, minor = 0, patch] = v.split('.').map(Number);
  return { major, minor, patch: patch ?? Number.POSITIVE_INFINITY };
}

/**
 * The Flink release each connector release's build names (the `flink.version` of its pom at the release tag: v3.0.0
 * 1.17.0, v3.1.0 1.17.0, 3.2.0 1.18.0, v3.3.0 1.19.1, v3.4.0 1.20.0, v4.0.0 2.0.0, v5.0.0 2.1.0): `flink.version`'s
 * default when only `connector.version` is given.
 */
export function builtAgainst(connector: ConnectorVersion): string {
  switch (connector) {
    case '3.0':
    case '3.1':
      return '1.17.0';
    case '3.2':
      return '1.18.0';
    case '3.3':
      return '1.19.1';
    case '3.4':
      return '1.20.0';
    case '4.0':
      return '2.0.0';
    case '5.0':
      return '2.1.0';
  }
}

/**
 * How the CommitterOperator retries a committable its committer answered with retryLater. FLINK-36455 (1.19.2,
 * 1.20.1, 2.0.0) retries it at once, in checkpoint order; every earlier release from 1.15 leaves it pending and
 * retries it from a timer or the next notification. Pure.
 */
export function commitRetryOf(r: FlinkRelease): 'synchronous' | 'later' {
  if (r.major >= 2) return 'synchronous';
  if (r.minor === 19) return r.patch >= 2 ? 'synchronous' : 'later';
  if (r.minor === 20) return r.patch >= 1 ? 'synchronous' : 'later';
  return 'later';
}

/**
 * The newest connector release published for a Flink release line (Maven's `X.Y.Z-F.G` artifacts: 3.1.0-1.17,
 * 3.2.0-1.18, 3.3.0-1.19, 3.4.0-1.20, 4.0.0-2.0, 5.0.0-2.1 and 5.0.0-2.2). Pure.
 */
export function newestConnectorFor(r: FlinkRelease): ConnectorVersion {
  if (r.major >= 2) return r.minor >= 1 ? '5.0' : '4.0';
  if (r.minor >= 20) return '3.4';
  if (r.minor === 19) return '3.3';
  if (r.minor === 18) return '3.2';
  return '3.1';
}
