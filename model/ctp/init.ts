import { freeze } from 'immer';
import { emptyGroup } from '../groups/state.js';
import { appInstanceId, isTxnApp, txnIdName, type AppInstance, type AppState } from './state.js';
import type { AppConfig } from './config.js';

/** A fresh, unjoined instance of slot `slot`. Pure. */
export function newAppInstance(c: AppConfig, slot: number, incarnation: number): AppInstance {
  const id = appInstanceId(c, slot, incarnation);
  const txnl = isTxnApp(c);
  return {
    id,
    slot,
    incarnation,
    life: 'unjoined',
    paused: false,
    generation: -1,
    owned: [],
    positions: Array.from({ length: c.inputPartitions }, () => null),
    committed: Array.from({ length: c.inputPartitions }, () => 0),
    ahead: null,
    // EOS v1 creates a producer per task once it owns one; a plain idempotent producer gets a
    // fresh producer id per process (100 + instance id), no InitProducerId of a transactional.id.
    producer: txnl ? (c.txnIdPerTask ? 'none' : 'new') : 'ready',
    producerId: txnl ? -1 : c.enableIdempotence ? 100 + id : -1,
    epoch: txnl ? -1 : 0,
    sequences: Array.from({ length: c.partitions }, () => 0),
    txn: null,
    txnCount: 0,
    store: null,
    restoreEnd: null,
    lastAutoCommitMs: 0,
  };
}

/** The initial state: empty partitions, coordinators empty, one unjoined instance per slot. Frozen, pure. */
export function appInitialState(c: AppConfig): AppState {
  const names = c.stateful ? ['out-0', 'changelog-0'] : ['out-0'];
  const s: AppState = {
    config: c,
    now: 0,
    partitions: names.map((name) => ({ name, log: [], producers: [], highWatermark: 0, lastStableOffset: 0 })),
    offsets: {
      committed: Array.from({ length: c.inputPartitions }, () => ({ offset: 0, producerId: -1, epoch: -1, txnEpoch: null, origin: null })),
      pending: [],
      producerEpochs: [],
      fates: [],
    },
    txns: Array.from({ length: c.producers }, (_, k) => ({ transactionalId: txnIdName(c, k), producerId: k + 1, epoch: -1, state: 'Empty' as const, partitions: [], offsets: false, startMs: null, pending: null })),
    instances: [],
    network: [],
    nextRequest: 1,
    faults: { crashes: 0, pauses: 0 },
    outcomes: [],
    events: [],
    group: emptyGroup(c.inputPartitions),
    apps: Array.from({ length: c.instances }, (_, k) => newAppInstance(c, k, 1)),
    sink: { table: [], calls: [] },
    lost: 0,
    notes: [],
  };
  return freeze(s, true);
}
