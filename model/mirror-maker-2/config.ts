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

/** One line naming what the release does not have, or null. Pure. */
export function checkMirrorMaker2(c: MirrorMaker2Config): string | null {
  if (c.syncGroupOffsets && !release(c.kafkaVersion).mm2SyncGroupOffsets)
    return (
      `sync.group.offsets.enabled=true needs kafka.version 2.7 or later (KIP-545); kafka.version=${c.kafkaVersion} ` +
      'accepts sync.group.offsets.enabled=false'
    );
  return null;
}
