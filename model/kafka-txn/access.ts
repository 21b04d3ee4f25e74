/**
 * What each `kafka-txn` action reads and changes of the state where it is enabled (`ActionSpec.access`), for the
 * search's sleep sets: two actions that neither change a part the other reads or changes are independent there.
 * The parts are coarse where the rules share state (the partition logs with their parked produces and replicas
 * are one part, the consumer group another) and fine where they do not (each instance, each transactional.id's
 * entry at the coordinator). A part an action might touch is named: naming too much only makes it independent of
 * less. Checked against the model's own steps on reached states (`test/helpers/sleep.ts`): two actions called
 * independent commute and leave each other enabled.
 */
import type { Access } from '../core/model.js';
import { EXHAUSTED_EPOCH } from '../kafka/keys.js';
import { type KafkaTxnState, latestInstance } from './state.js';

/** The parts of a `kafka-txn` state, one number each (an instance's and a transactional.id's are ranges). */
export const Part = {
  /** `now`: read by the coordinator (a transaction's start, its timeout) and moved by Tick. */
  clock: 0,
  /** The requests held in the network and the request ids (`nextRequest`: every produce draws one). */
  network: 1,
  /** Ghost: what clients were told of their transactions' ends. */
  outcomes: 2,
  /** The fault budgets. */
  crashes: 3,
  pauses: 4,
  /** Which instances exist (a restart or a replacement appends one; the supervisor and a zombie's guard read it). */
  instances: 5,
  /** The coordinator's next producer id (a first InitProducerId, or a rotation at an exhausted epoch draws one). */
  producerIds: 6,
  /** The coordinator's own epoch, moves and stale markers (only its failover, which names every part, changes them). */
  coordinator: 7,
  /** The partition logs, their producer states and verification guards, the parked produces and the replicas. */
  logs: 8,
  /** The consumer group: its committed offsets and its log. */
  group: 9,
  /** The log cleaner's passes so far. */
  cleanings: 10,
} as const;

/** The part of transactional.id `txn`'s entry at the coordinator. */
const TXN = 100;
/** The part of instance `id`: its client, its producer, its position. */
const INSTANCE = 1000;

/** The instance `id` itself. */
export function own(at: Access, id: number): void {
  at.write(INSTANCE + id);
}

/** The transactional.id index instance `id` uses (its app's), or -1 (a plain producer, or none). */
function txnOf(s: KafkaTxnState, id: number): number {
  for (const i of s.instances) if (i.id === id) return i.producer.txn;
  return -1;
}

/**
 * A request transactional.id `txn`'s entry answers: the entry changes, the clock is read (a transaction's start),
 * and, where the entry may draw a producer id (none yet, or an epoch at its end: KIP-890's rotation), the next one.
 */
export function atCoordinator(s: KafkaTxnState, at: Access, txn: number): void {
  at.read(Part.clock);
  at.read(Part.coordinator);
  const t = s.kafka.txns[txn];
  if (t === undefined) {
    // No entry of its own (a plain producer asks none): every entry, to be safe.
    for (let k = 0; k < s.kafka.txns.length; k++) at.write(TXN + k);
    at.write(Part.producerIds);
    return;
  }
  at.write(TXN + txn);
  if (t.producerId < 0 || t.epoch >= EXHAUSTED_EPOCH - 1) at.write(Part.producerIds);
}

/** A call of instance `id` to its transactional.id's coordinator entry. */
export function asksCoordinator(s: KafkaTxnState, at: Access, id: number): void {
  own(at, id);
  atCoordinator(s, at, txnOf(s, id));
}

/** A produce (or its retry): the instance, its coordinator entry (a partition added or verified), the logs, an id. */
export function produces(s: KafkaTxnState, at: Access, id: number): void {
  asksCoordinator(s, at, id);
  at.write(Part.logs);
  at.write(Part.network);
}

/** A transaction's end from the client: the instance, its coordinator entry, what the client was told. */
export function ends(s: KafkaTxnState, at: Access, id: number): void {
  asksCoordinator(s, at, id);
  at.write(Part.outcomes);
}

/** The coordinator's work on transactional.id `txn` (a marker, an expiry): its entry, the logs, the group. */
export function marks(s: KafkaTxnState, at: Access, txn: number): void {
  atCoordinator(s, at, txn);
  at.write(Part.logs);
  at.write(Part.group);
}

/** A request held in the network lands: the list, its transactional.id's entry, the logs (a produce), the group. */
export function delivers(s: KafkaTxnState, at: Access, request: number): void {
  at.write(Part.network);
  const r = s.network.find((x) => x.id === request);
  atCoordinator(s, at, r === undefined ? -1 : r.txn);
  if (r === undefined || r.type === 'Produce') at.write(Part.logs);
  // A TxnOffsetCommit lands at the group coordinator; an InitProducerId may draw a producer id or fence and abort.
  if (r === undefined || r.type === 'TxnOffsetCommit') at.write(Part.group);
}

/**
 * Tick: the clock moves to the earliest deadline of every open transaction, or to a marker's delete horizon while
 * the log cleaner has a pass left (`horizons`: then it reads the logs too).
 */
export function ticks(s: KafkaTxnState, at: Access, horizons: boolean): void {
  for (let k = 0; k < s.kafka.txns.length; k++) at.read(TXN + k);
  if (horizons) {
    at.read(Part.logs);
    at.read(Part.cleanings);
  }
  at.write(Part.clock);
}

/**
 * The replicas' work and faults (a follower's fetch, an ISR shrink, a broker's crash or restart): the logs with
 * their replicas and parked produces, and the clock where it is used (a fetch reads it: when a follower caught up;
 * a shrink moves it: it waits for replica.lag.time.max.ms; a broker's crash or restart does neither).
 */
export function replicates(at: Access, clock: 'read' | 'write' | null): void {
  at.write(Part.logs);
  if (clock === 'read') at.read(Part.clock);
  else if (clock === 'write') at.write(Part.clock);
}

/** A new instance (a restart, or a zombie's replacement): the list, the committed offset it starts at. */
export function starts(at: Access): void {
  at.write(Part.instances);
  at.read(Part.group);
}

/** The latest instance of app `app`, which the supervisor's and a zombie's guards read. */
export function readsLatest(s: KafkaTxnState, at: Access, app: number): void {
  at.read(Part.instances);
  const last = latestInstance(s, app);
  if (last) at.read(INSTANCE + last.id);
}
