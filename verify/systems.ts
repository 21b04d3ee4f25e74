/**
 * What eoscheck knows of the real systems' configuration names: the keys that tell a producer's file
 * from a consumer's, a Streams application's or a broker's, and the keys each client reads. The lists
 * hold the keys that identify a file and those the contract names; a key of another client in a file
 * (a consumer key in a producer file) is reported as ignored, as the real client ignores it.
 */

/** A Kafka client or server whose `.properties` eoscheck reads. */
export type KafkaSystem = 'producer' | 'consumer' | 'streams' | 'broker';

/** The Kafka systems, in listing order. */
export const kafkaSystems: readonly KafkaSystem[] = ['producer', 'consumer', 'streams', 'broker'];

/** Keys every Kafka client reads (connection, security, metadata). */
const clientCommon = [
  'bootstrap.servers',
  'client.id',
  'client.dns.lookup',
  'security.protocol',
  'request.timeout.ms',
  'retry.backoff.ms',
  'retry.backoff.max.ms',
  'reconnect.backoff.ms',
  'reconnect.backoff.max.ms',
  'connections.max.idle.ms',
  'metadata.max.age.ms',
  'receive.buffer.bytes',
  'send.buffer.bytes',
  'socket.connection.setup.timeout.ms',
  'socket.connection.setup.timeout.max.ms',
  'metric.reporters',
  'metrics.num.samples',
  'metrics.sample.window.ms',
  'metrics.recording.level',
  'auto.include.jmx.reporter',
  'interceptor.classes',
  'config.providers',
];

/** Keys of each system, for telling files apart and for mapping (prefixes: `sasl.`, `ssl.` are everyone's). */
export const systemKeys: Readonly<Record<KafkaSystem, readonly string[]>> = {
  producer: [
    'acks',
    'enable.idempotence',
    'transactional.id',
    'transaction.timeout.ms',
    'transaction.two.phase.commit.enable',
    'retries',
    'max.in.flight.requests.per.connection',
    'delivery.timeout.ms',
    'linger.ms',
    'batch.size',
    'buffer.memory',
    'compression.type',
    'compression.gzip.level',
    'compression.lz4.level',
    'compression.zstd.level',
    'key.serializer',
    'value.serializer',
    'max.block.ms',
    'max.request.size',
    'partitioner.class',
    'partitioner.ignore.keys',
    'partitioner.adaptive.partitioning.enable',
    'partitioner.availability.timeout.ms',
    'metadata.max.idle.ms',
    'enable.metrics.push',
  ],
  consumer: [
    'group.id',
    'group.instance.id',
    'group.protocol',
    'group.remote.assignor',
    'isolation.level',
    'enable.auto.commit',
    'auto.commit.interval.ms',
    'auto.offset.reset',
    'max.poll.records',
    'max.poll.interval.ms',
    'session.timeout.ms',
    'heartbeat.interval.ms',
    'partition.assignment.strategy',
    'key.deserializer',
    'value.deserializer',
    'fetch.min.bytes',
    'fetch.max.bytes',
    'fetch.max.wait.ms',
    'max.partition.fetch.bytes',
    'check.crcs',
    'exclude.internal.topics',
    'allow.auto.create.topics',
    'client.rack',
    'default.api.timeout.ms',
  ],
  streams: [
    'application.id',
    'processing.guarantee',
    'num.stream.threads',
    'state.dir',
    'commit.interval.ms',
    'default.key.serde',
    'default.value.serde',
    'default.deserialization.exception.handler',
    'default.production.exception.handler',
    'num.standby.replicas',
    'replication.factor',
    'topology.optimization',
    'statestore.cache.max.bytes',
    'cache.max.bytes.buffering',
    'application.server',
    'max.task.idle.ms',
    'task.timeout.ms',
    'upgrade.from',
  ],
  broker: [
    'broker.id',
    'node.id',
    'process.roles',
    'controller.quorum.voters',
    'controller.quorum.bootstrap.servers',
    'controller.listener.names',
    'listeners',
    'advertised.listeners',
    'log.dirs',
    'log.dir',
    'zookeeper.connect',
    'num.partitions',
    'default.replication.factor',
    'min.insync.replicas',
    'unclean.leader.election.enable',
    'offsets.topic.replication.factor',
    'transaction.state.log.replication.factor',
    'transaction.state.log.min.isr',
    'transaction.max.timeout.ms',
    'transactional.id.expiration.ms',
    'producer.id.expiration.ms',
    'transaction.partition.verification.enable',
    'transaction.abort.timed.out.transaction.cleanup.interval.ms',
    'log.retention.hours',
    'log.retention.ms',
    'auto.create.topics.enable',
  ],
};

/** Whether `key` is read by every Kafka client. Pure. */
export function isClientCommon(key: string): boolean {
  return clientCommon.includes(key) || key.startsWith('sasl.') || key.startsWith('ssl.');
}

/** The Kafka systems that read `key`, in listing order. Pure. */
export function systemsOf(key: string): KafkaSystem[] {
  return kafkaSystems.filter((s) => systemKeys[s].includes(key));
}

/** Whether a key is any Kafka system's (a Flink config holding it is not passing it to Kafka). Pure. */
export function isKafkaKey(key: string): boolean {
  return isClientCommon(key) || systemsOf(key).length > 0;
}

/** Kafka Streams passes these prefixes on to its clients (`producer.transaction.timeout.ms`). */
export const streamsClientPrefixes = [
  'producer.',
  'consumer.',
  'main.consumer.',
  'restore.consumer.',
  'global.consumer.',
  'admin.',
] as const;

/** A Streams application's client key without its prefix (`producer.transaction.timeout.ms`: the producer's). */
export function withoutStreamsPrefix(key: string): string {
  const prefix = streamsClientPrefixes.find((p) => key.startsWith(p));
  return prefix === undefined ? key : key.slice(prefix.length);
}

/**
 * eoscheck's own keys: the model's size, faults and safeguards, not names of the real systems. A
 * configuration file never sets them (they are `--set` keys).
 */
export function isOwnKey(name: string): boolean {
  return (
    name.startsWith('safeguard.') ||
    name.startsWith('faults.') ||
    [
      'producers',
      'partitions',
      'input.records',
      'input.partitions',
      'input.interval.ms',
      'instances',
      'commit.strategy',
      'commit.every',
      'sink',
      'jobs',
      'job.inputs',
      'job.source',
      'restart.delay.ms',
      'resubmit.delay.ms',
      'kafka.version',
      'transaction.version',
    ].includes(name)
  );
}
