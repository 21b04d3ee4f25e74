/**
 * A Kafka Streams group caught mid rolling upgrade from `processing.guarantee=exactly_once` (EOS v1) to
 * `exactly_once_v2` (or mid the reverse downgrade): some instances bounced onto EOS v2, the others not yet.
 *
 * The upgrade guide (docs/streams/upgrade-guide.html, 2.6 to 3.9) switches a running EOS application with one rolling
 * bounce from exactly_once to exactly_once_v2 (exactly_once_beta in 2.6-2.8), brokers 2.5 or newer; a downgrade is
 * the reverse bounce. Meanwhile task 0_0 moves between EOS v1 members (a producer for the task, transactional.id
 * `<application.id>-0_0`, fencing the previous owner by InitProducerId) and EOS v2 members (a producer per thread,
 * fenced by the group generation on TxnOffsetCommit, KIP-447): the transactional.ids never meet, so across the two
 * kinds only the generation fences. EOS v1 sends the generation in 2.6-2.8 only (the full consumer group metadata,
 * which is why 2.6 came first in KIP-447's upgrade path); from 3.0 its StreamsProducer.commitTransaction sends the
 * group id alone (KAFKA-12574), so an EOS v1 zombie whose task went to an EOS v2 member is fenced by nothing.
 *
 * The model holds the group at one point of the bounce: the first `upgrade.instances-on-v2` slots on EOS v2, every
 * restart of a slot keeping its kind. A bounced instance is a member leaving and one of the other kind joining, which
 * the crashes, the zombie and the restarts already make: every way task 0_0 moves between the kinds (a crashed or
 * stalled owner of one kind, a new owner of the other) is in the search. `upgrade.from` plays no part: it names the
 * rebalance metadata version of an older release (StreamsConfig.UPGRADE_FROM_DOC), not the guarantee.
 */
import { int } from '../core/keys.js';
import { release } from '../kafka/releases.js';

/** `upgrade.instances-on-v2`. */
export const instancesOnV2Key = int('upgrade.instances-on-v2', {
  default: 0,
  min: 0,
  max: 3,
  meaning:
    'with processing.guarantee=exactly_once: a rolling upgrade to exactly_once_v2 (or the reverse downgrade) caught ' +
    'midway, the first this many instances already on exactly_once_v2 (a producer per thread), the rest still on ' +
    'exactly_once (a producer per task); 0: no upgrade under way',
});

/** What the mixed group needs. The fields of the streams config it reads. */
interface UpgradeFields {
  readonly kafkaVersion: Parameters<typeof release>[0];
  readonly guarantee: string;
  readonly instances: number;
  readonly instancesOnV2: number;
}

/**
 * A mixed group needs both guarantees in the release (EOS v2 from 2.6, KIP-447; EOS v1 until 3.9, KAFKA-16331,
 * refused by the guarantee's own check), exactly_once as the guarantee upgraded from, and no more instances on v2
 * than instances. One line naming the bad setting, or null. Pure.
 */
export function checkUpgrade(c: UpgradeFields): string | null {
  const n = c.instancesOnV2;
  if (n === 0) return null;
  if (c.guarantee !== 'exactly_once')
    return (
      `upgrade.instances-on-v2=${n} is a rolling upgrade from processing.guarantee=exactly_once; ` +
      `processing.guarantee=${c.guarantee} accepts upgrade.instances-on-v2=0`
    );
  if (n > c.instances)
    return `upgrade.instances-on-v2=${n} is more than instances=${c.instances}; accepts 0..${c.instances}`;
  if (!release(c.kafkaVersion).streamsEosV2)
    return (
      `upgrade.instances-on-v2=${n} needs exactly_once_v2, from kafka.version 2.6 (exactly_once_beta, KIP-447); ` +
      `kafka.version=${c.kafkaVersion} accepts upgrade.instances-on-v2=0`
    );
  return null;
}

/** The slots on EOS v2 mid upgrade, or undefined outside one. Pure. */
export function eosV2Slots(c: UpgradeFields): number | undefined {
  return c.guarantee === 'exactly_once' && c.instancesOnV2 > 0 ? c.instancesOnV2 : undefined;
}
