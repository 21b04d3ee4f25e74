/**
 * The Kafka Streams client release a Streams application's build names (its kafka-streams dependency). What
 * processing.guarantee values an application accepts is its client's rule (StreamsConfig), not the broker's: a 3.9
 * client starts with exactly_once on a 4.x cluster, a 4.0 client refuses it on any. So where a build names the
 * client, that rule is judged at the client's release; `kafka.version`, one release for the cluster and its
 * clients, is never taken from it. Pure.
 */
import { isKafkaVersion, type KafkaVersion } from '../model/kafka/releases.js';
import { versionsOf } from './files/build-artifacts.js';
import type { Pipeline } from './pipeline.js';

/** The Streams client's release and where a build names it, in words. */
export interface StreamsClient {
  readonly version: KafkaVersion;
  readonly where: string;
}

/**
 * The one kafka-streams release the builds here name, as kafka.version takes it; null when none names one, when
 * they name two, or when it is a release eoscheck does not model (then the rule is judged at kafka.version).
 */
export function streamsClient(pipe: Pipeline): StreamsClient | null {
  if (pipe.model !== 'kafka-streams') return null;
  const named = pipe.parts.flatMap((p) =>
    (p.kafkaArtifacts ?? []).filter((a) => a.key === 'kafka-streams').map((a) => ({ file: p.file, ...a })),
  );
  const versions = versionsOf(named);
  const only = versions[0];
  if (versions.length !== 1 || only === undefined || !isKafkaVersion(only.value)) return null;
  const file = named.find((a) => a.line === only.line && a.value === only.value)!.file;
  return { version: only.value, where: `${file}:${only.line}: kafka-streams ${only.value}, the application's client` };
}
