/**
 * A Docker Compose file's parts, each service told by what it runs: a Flink JobManager by its command
 * (`jobmanager`, `standalone-job`) or its `FLINK_PROPERTIES`, a Flink TaskManager or SQL client by
 * theirs, a Kafka broker by the broker settings in its environment (node.id, process.roles, listeners,
 * zookeeper.connect, ...); the image's name breaks a tie (a service with no command and no telling
 * environment) and the part says so. Every other service is listed as not modelled. A Kafka image's tag
 * names the cluster's release; a flink-connector-kafka jar a service mounts (`volumes`), the connector's. Pure.
 */
import { type ComposeService, kafkaEnvKey, readCompose } from './files/compose.js';
import { jarsIn } from './files/connector-release.js';
import { readLegacyFlinkConf } from './files/flink-yaml.js';
import { readImageRelease } from './files/images.js';
import { ignoredPart, type Part, part } from './parts.js';

/** Broker settings only a broker's environment holds. */
const BROKER_IDENTITY = [
  'node.id',
  'broker.id',
  'process.roles',
  'zookeeper.connect',
  'advertised.listeners',
  'controller.quorum.voters',
  'controller.quorum.bootstrap.servers',
  'log.dirs',
];

/** A Kafka broker's image (apache/kafka, apache/kafka-native, bitnami/kafka, confluentinc/cp-kafka or cp-server). */
const KAFKA_IMAGE = /(^|\/)(kafka|kafka-native|cp-kafka|cp-server)(:|@|$)/;

/** A Flink image (flink, apache/flink, and images built on them whose name says flink). */
const FLINK_IMAGE = /flink/i;

/** The broker settings of a service's environment, as the image's start script writes them. */
function brokerSettings(s: ComposeService) {
  const bitnami = s.env.some((e) => e.key.startsWith('KAFKA_CFG_')) || /bitnami\//.test(s.image);
  return s.env.flatMap((e) => {
    const key = kafkaEnvKey(bitnami ? 'bitnami/kafka' : s.image, e.key);
    return key === null ? [] : [{ ...e, key }];
  });
}

/** What a service is: its kind, and how that was told. */
type Service =
  | { readonly kind: 'jobmanager' | 'flink-other'; readonly by: string }
  | { readonly kind: 'broker'; readonly by: string }
  | { readonly kind: 'other' };

function serviceKind(s: ComposeService): Service {
  const command = s.command.toLowerCase();
  if (/\b(jobmanager|standalone-job)\b/.test(command))
    return { kind: 'jobmanager', by: `its command (${s.command.trim()})` };
  if (/\b(taskmanager|sql-client|sql-gateway)\b/.test(command))
    return { kind: 'flink-other', by: `its command (${s.command.trim()})` };
  if (s.env.some((e) => e.key === 'FLINK_PROPERTIES'))
    return FLINK_IMAGE.test(s.image) || s.ports.some((p) => /(^|:)8081$/.test(p))
      ? { kind: 'jobmanager', by: 'its FLINK_PROPERTIES' }
      : { kind: 'flink-other', by: 'its FLINK_PROPERTIES' };
  const broker = brokerSettings(s).find((x) => BROKER_IDENTITY.includes(x.key));
  if (broker) return { kind: 'broker', by: `its environment (${broker.key}, line ${broker.line})` };
  // A Kafka image that runs a command or entrypoint of its own (kafka-topics, a script) is a client, not a broker.
  if (KAFKA_IMAGE.test(s.image) && s.command.trim() === '' && s.entrypoint.trim() === '')
    return { kind: 'broker', by: `its image's name (${s.image}): nothing else tells` };
  return { kind: 'other' };
}

/** The Flink release an image's tag names, for the answer. */
function flinkRelease(image: string): Pick<Part, 'release'> {
  const r = readImageRelease(image);
  return r.system === 'flink' && r.version !== null
    ? { release: { system: 'flink', version: r.version, how: r.how } }
    : {};
}

/** The parts of a Compose file, or null when the text is not one. Pure. */
export function composeParts(file: string, text: string): Part[] | null {
  const services = readCompose(text);
  if (services === null) return null;
  const kinds = services.map((s) => ({ s, k: serviceKind(s) }));
  const managers = kinds.filter((x) => x.k.kind === 'jobmanager');
  const out: Part[] = [];
  for (const { s, k } of kinds) {
    const image = s.image === '' ? 'no image' : s.image;
    if (k.kind === 'jobmanager' && s === managers[0]!.s) {
      const props = s.env.find((e) => e.key === 'FLINK_PROPERTIES');
      const f = readLegacyFlinkConf(props?.value ?? '');
      const at = (line: number): number => (props?.line ?? 0) + line - 1;
      out.push({
        ...part(
          file,
          'flink-job',
          `service ${s.name} (${props ? 'FLINK_PROPERTIES' : 'no FLINK_PROPERTIES: the image defaults'})`,
          f.settings.map((x) => ({ ...x, line: at(x.line) })),
        ),
        skipped: f.skipped.map((x) => ({ ...x, line: at(x.line) })),
        why: `a Flink JobManager by ${k.by}`,
        ...flinkRelease(s.image),
      });
    } else if (k.kind === 'jobmanager' || k.kind === 'flink-other')
      out.push(
        ignoredPart(
          file,
          `service ${s.name} (${image})`,
          `a Flink process by ${k.by}: the job's configuration is its JobManager's ` +
            `(service ${managers[0]?.s.name ?? 'none'})`,
        ),
      );
    else if (k.kind === 'broker') {
      const r = readImageRelease(s.image);
      out.push({
        ...part(file, 'broker', `service ${s.name} (${image})`, brokerSettings(s)),
        why: `a Kafka broker by ${k.by}${r.version === null ? `; its release: ${r.how}` : ''}`,
        ...(r.system === 'kafka' && r.version !== null
          ? { release: { system: 'kafka' as const, version: r.version, how: r.how } }
          : {}),
      });
    } else out.push(ignoredPart(file, `service ${s.name} (${image})`, 'neither a Flink JobManager nor a Kafka broker'));
    const jars = s.volumes.flatMap((v) => jarsIn(v.value, v.line));
    if (jars.length > 0) out.push(part(file, 'connector', `service ${s.name} volumes`, jars));
  }
  return out;
}
