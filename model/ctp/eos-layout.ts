/**
 * Which transactional producer an application instance uses, by its slot: one per instance (consume-transform-produce,
 * Streams exactly_once_v2), task 0_0's (Streams exactly_once, EOS v1), or, in a Kafka Streams group caught mid
 * rolling upgrade from exactly_once to exactly_once_v2 (`upgrade.instances-on-v2`), either one per slot.
 *
 * Kafka Streams 2.6-3.9 (ActiveTaskCreator): under exactly_once each task gets a producer of its own, transactional.id
 * `<application.id>-<taskId>`, created when the task is assigned; under exactly_once_v2 (exactly_once_beta until 2.8)
 * each stream thread has one, `<application.id>-<processId>-<threadIdx>`. Mid upgrade the group holds both kinds of
 * member and task 0_0 moves between them: the transactional.ids are then task 0_0's (index 0) followed by one thread
 * id per slot (index 1 + slot), each used only by the slots of its kind. Pure.
 */
import type { AppSettings } from './config.js';

/** Whether the instance of slot `slot` runs EOS v1: a producer for task 0_0, created once it owns the task. */
export function perTaskProducer(c: AppSettings, slot: number): boolean {
  return c.eosV2Slots === undefined ? c.txnIdPerTask : slot >= c.eosV2Slots;
}

/** Index of the transactional.id slot `slot`'s producer uses. */
export function txnSlot(c: AppSettings, slot: number): number {
  if (c.eosV2Slots === undefined) return c.txnIdPerTask ? 0 : slot;
  return perTaskProducer(c, slot) ? 0 : 1 + slot;
}

/** transactional.id of transactional.id index `k`. */
export function txnIdName(c: AppSettings, k: number): string {
  if (c.app === 'ctp') return `ctp-${k}`;
  if (c.eosV2Slots !== undefined) return k === 0 ? 'streams-app-0_0' : `streams-app-thread-${k - 1}`;
  return c.txnIdPerTask ? `streams-app-0_${k}` : `streams-app-thread-${k}`;
}

/**
 * Whether slot `slot`'s offsets carry the consumer's generation (KIP-447): EOS v2 always sends the full group
 * metadata; Streams EOS v1 only in 2.6-2.8 (StreamsProducer.commitTransaction sends the group id alone from 3.0,
 * KAFKA-12574), which `offsetsCarryGeneration` holds mid upgrade.
 */
export function carriesGeneration(c: AppSettings, slot: number): boolean {
  return c.offsetsCarryGeneration || (c.eosV2Slots !== undefined && !perTaskProducer(c, slot));
}

/** Whether a new start of slot `slot` draws a new transactional.id (EOS v2 before 2.8: a random process id). */
export function freshIdPerStart(c: AppSettings, slot: number): boolean {
  return c.freshTransactionalIdPerStart && !perTaskProducer(c, slot);
}
