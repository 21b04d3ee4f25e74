/**
 * A Kafka Streams application whose code names a processing guarantee Kafka 4.0 removed (`StreamsConfig.EXACTLY_ONCE`
 * and `EXACTLY_ONCE_BETA`, deprecated in 3.0 by KIP-732, gone from StreamsConfig in 4.0): the code runs on a client
 * older than 4.0, so where no file names the Kafka release it is answered on the latest release that accepts it, and
 * a 4.x release a file names is refused with both named. Pure.
 */
import { parseKafkaVersion } from '../model/kafka/versions.js';
import type { Pipeline } from './pipeline.js';

/** The latest Kafka release whose StreamsConfig still has EXACTLY_ONCE and EXACTLY_ONCE_BETA. */
export const LAST_WITH_EOS_V1 = '3.9';

/** Where the code names a removed guarantee: its file, line and words (`StreamsConfig.EXACTLY_ONCE, line 7`). */
export interface RemovedGuarantee {
  readonly file: string;
  readonly line: number;
  /** The constant as written, or the literal as a value (`processing.guarantee "exactly_once"`). */
  readonly named: string;
}

/**
 * The first processing.guarantee a Streams application's code or file sets to a value Kafka 4.0 removed (an
 * application that runs with it runs a client older than 4.0: a 4.x one refuses it); null if none.
 */
export function removedGuarantee(pipe: Pipeline): RemovedGuarantee | null {
  for (const p of pipe.parts) {
    if (p.role !== 'Streams application') continue;
    const s = p.settings.find(
      (x) => x.key === 'processing.guarantee' && (x.value === 'exactly_once' || x.value === 'exactly_once_beta'),
    );
    if (s !== undefined && !s.computed)
      return { file: p.file, line: s.line, named: s.namedValue ?? `processing.guarantee "${s.value}"` };
  }
  return null;
}

/** The condition the verdict is stated under where no file names the release. */
export function removedGuaranteeCondition(r: RemovedGuarantee): string {
  return (
    `on Kafka ${LAST_WITH_EOS_V1}, the latest release that still accepts it: ${r.named}, line ${r.line}, exists ` +
    'only before Kafka 4.0'
  );
}

/**
 * The refusal where the release named (`version`, from `where`) is 4.0 or later: the code would not compile (a
 * constant) or start (a literal) there; null on an older release.
 */
export function removedGuaranteeRefusal(r: RemovedGuarantee, version: string, where: string): string | null {
  const v = parseKafkaVersion(version);
  if (v === null || v.major < 4) return null;
  return (
    `${r.file}:${r.line}: ${r.named} exists only before Kafka 4.0 (deprecated in 3.0 by KIP-732, removed in 4.0), ` +
    `but kafka.version=${version} (${where}): use ` +
    (r.named.startsWith('StreamsConfig.') ? 'StreamsConfig.EXACTLY_ONCE_V2' : 'processing.guarantee=exactly_once_v2') +
    ', or give the release the application runs with --set kafka.version=X.Y'
  );
}
