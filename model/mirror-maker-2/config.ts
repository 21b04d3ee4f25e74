/** The `--set` keys of `mirror-maker-2` and its typed config. */
import { bool, type ConfigOf, int, oneOf, withDefault } from '../core/keys.js';
import { kafkaKeys } from '../kafka/keys.js';
import { release } from '../kafka/releases.js';

/** The keys of `mirror-maker-2`, by field. */
export const mirrorMaker2Keys = {
  kafkaVersion: kafkaKeys.kafkaVersion,
  failover: oneOf('failover', ['planned', 'unplanned'], {
    default: 'planned',
    meaning:
      'how the consumer group moves to the target cluster: planned (the safe default), replication drains, a ' +
      'checkpoint of the final offsets is emitted and read, then the group switches; unplanned, the source ' +
      'cluster is lost at any moment (a fault) and the group starts from its last translated offset',
  }),
  offsetLagMax: int('offset.lag.max', {
    default: 100,
    min: 1,
    max: 10_000,
    meaning:
      'how far the replicated offset may run past the last offset sync before MirrorSourceTask emits another ' +
      '(3.5+: downstream - (last sync downstream + 1) >= offset.lag.max; before: drift from a 1:1 extrapolation)',
  }),
  syncGroupOffsets: bool('sync.group.offsets.enabled', {
    default: false,
    meaning:
      "the checkpoint task writes the translated offsets into the target cluster's group while it has no " +
      'members (KIP-545, 2.7+); the failed-over group then starts there instead of from ' +
      'RemoteClusterUtils.translateOffsets',
  }),
  sourceTransactionRecords: int('source.transaction.records', {
    default: 0,
    min: 0,
    max: 50,
    meaning:
      '0: the source topic is written by a plain producer; N: in transactions of N records, each COMMIT marker ' +
      'taking an offset (the gaps that MirrorMaker 2 does not copy)',
  }),
  inputRecords: withDefault(kafkaKeys.inputRecords, 6),
  // MirrorSourceConfig.sourceConsumerConfig (2.4 - 4.1) sets enable.auto.commit=false and auto.offset.reset=earliest
  // and nothing else: the consumer's own default isolation.level stays (ConsumerConfig, read_uncommitted).
  sourceIsolation: oneOf('source.consumer.isolation.level', ['read_uncommitted', 'read_committed'], {
    default: 'read_uncommitted',
    meaning:
      "MirrorSourceTask's consumer on the source cluster (also `consumer.` or, in a MirrorMaker 2 file, " +
      '`A.consumer.`): read_uncommitted copies the records of aborted source transactions to the target',
  }),
  // KIP-618 (Connect 3.3); MirrorSourceConnector.exactlyOnceSupport and dedicated MirrorMaker 2 clusters: 3.5
  // (KAFKA-14021). DistributedConfig's default is disabled.
  exactlyOnceSource: oneOf('exactly.once.source.support', ['disabled', 'enabled'], {
    default: 'disabled',
    meaning:
      "enabled: the worker's transactional producer commits the task's records and its source offsets in one " +
      'transaction, and a new task generation fences the older one (fenceZombieSourceTasks); disabled: ' +
      'offsets are flushed apart from the records, every offset.flush.interval.ms',
  }),
  sourceAborts: int('faults.source-aborts', {
    default: 0,
    min: 0,
    max: 3,
    meaning:
      'most source transactions aborted (needs source.transaction.records > 0): an ABORT marker in place of the ' +
      'COMMIT, before any reader reached the transaction',
  }),
  taskRestarts: int('faults.task-restarts', {
    default: 0,
    min: 0,
    max: 3,
    meaning:
      'most crashes of MirrorSourceTask: the next generation starts from the source offsets committed for it, ' +
      'with fresh offset-sync state',
  }),
  zombieTasks: int('faults.zombie-tasks', {
    default: 0,
    min: 0,
    max: 2,
    meaning:
      'most new task generations started while the older one still runs (a worker cut off from the group): ' +
      'the zombie copies on from where it was until fenced',
  }),
} as const;

/** The typed config of `mirror-maker-2`. */
export type MirrorMaker2Config = ConfigOf<typeof mirrorMaker2Keys>;

/** Offset translation before KAFKA-14666 / KAFKA-12468 (2.4.0-3.4.0): linear extrapolation from the latest sync. */
export function oldTranslation(c: MirrorMaker2Config): boolean {
  return !release(c.kafkaVersion).mm2SyncStoreTranslation;
}

/** KAFKA-15906 (3.7+): the last replicated record without a sync gets one at each task commit (offset flush). */
export function delayedSyncs(c: MirrorMaker2Config): boolean {
  return release(c.kafkaVersion).mm2DelayedSyncs;
}

/** Whether records and source offsets go in one transaction (KIP-618, exactly.once.source.support=enabled). */
export function exactlyOnceSource(c: MirrorMaker2Config): boolean {
  return c.exactlyOnceSource === 'enabled';
}

/** Whether a new task generation can start from the committed source offsets: only then are they tracked. */
export function taskFaults(c: MirrorMaker2Config): boolean {
  return c.taskRestarts > 0 || c.zombieTasks > 0;
}

/** One line naming what the release does not have, or null. Pure. */
export function checkMirrorMaker2(c: MirrorMaker2Config): string | null {
  if (c.sourceAborts > 0 && c.sourceTransactionRecords === 0)
    return (
      `faults.source-aborts=${c.sourceAborts} needs a transactional source: source.transaction.records=0 accepts ` +
      'faults.source-aborts=0'
    );
  if (exactlyOnceSource(c) && !release(c.kafkaVersion).mm2ExactlyOnceSource)
    return (
      `exactly.once.source.support=enabled needs kafka.version 3.5 or later (KIP-618, KAFKA-14021); ` +
      `kafka.version=${c.kafkaVersion} accepts exactly.once.source.support=disabled`
    );
  if (c.syncGroupOffsets && !release(c.kafkaVersion).mm2SyncGroupOffsets)
    return (
      `sync.group.offsets.enabled=true needs kafka.version 2.7 or later (KIP-545); kafka.version=${c.kafkaVersion} ` +
      'accepts sync.group.offsets.enabled=false'
    );
  return null;
}
