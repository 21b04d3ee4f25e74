/**
 * Requests a client sent that are held in the network (`faults.network`): the client timed out on them
 * (request.timeout.ms) and went on, a retry or an abort; the stuck copy lands later, when a model's `Deliver`
 * picks it, and is answered to nobody. Every Kafka model that delays requests keeps them in this form and lands
 * them through `deliverLate`, so a late request meets the same broker rules in each.
 */
import type { Ctx } from './cluster.js';
import { txnOffsetCommit } from './groups.js';
import type { ProduceRequest } from './produce-request.js';
import { arrive, expectedEpoch, type Producer } from './producer.js';
import type { ErrorCode, Marker, Origin } from './records.js';
import { addToTxn, endTxn, initProducerId } from './transactions.js';

/** A request delayed in the network: it lands when a `Deliver` action picks it. */
export type Request =
  | {
      readonly type: 'Produce';
      readonly id: number;
      readonly instance: number;
      readonly txn: number;
      readonly req: ProduceRequest;
    }
  | {
      readonly type: 'EndTxn';
      readonly id: number;
      readonly instance: number;
      readonly txn: number;
      readonly producerId: number;
      readonly epoch: number;
      readonly result: Marker;
      readonly origin: Origin;
    }
  | {
      readonly type: 'AddPartitionsToTxn';
      readonly id: number;
      readonly instance: number;
      readonly txn: number;
      readonly producerId: number;
      readonly epoch: number;
      readonly partition: number;
    }
  | {
      readonly type: 'TxnOffsetCommit';
      readonly id: number;
      readonly instance: number;
      readonly txn: number;
      readonly group: number;
      readonly offsets: readonly { readonly partition: number; readonly offset: number }[];
      readonly producerId: number;
      readonly epoch: number;
      /** The group generation it carries (KIP-447), or -1: the group id only. */
      readonly generation: number;
      readonly origin: Origin;
    }
  | {
      readonly type: 'AddOffsetsToTxn';
      readonly id: number;
      readonly instance: number;
      readonly txn: number;
      readonly producerId: number;
      readonly epoch: number;
      readonly group: number;
    }
  | {
      readonly type: 'InitProducerId';
      readonly id: number;
      readonly instance: number;
      readonly txn: number;
      /** KIP-360's producer id and epoch the client names (2.5+, after an abortable error), or null: none. */
      readonly expected: { readonly producerId: number; readonly epoch: number } | null;
    };

/** The AddPartitionsToTxn `producer` of instance `instance` sends for `partition`, under its producer id and epoch. */
export function addPartitionsRequest(id: number, instance: number, producer: Producer, partition: number): Request {
  const { txn, producerId, epoch } = producer;
  return { type: 'AddPartitionsToTxn', id, instance, txn, producerId, epoch, partition };
}

/** The AddOffsetsToTxn `producer` of instance `instance` sends for `group`, under its producer id and epoch. */
export function addOffsetsRequest(id: number, instance: number, producer: Producer, group: number): Request {
  const { txn, producerId, epoch } = producer;
  return { type: 'AddOffsetsToTxn', id, instance, txn, producerId, epoch, group };
}

/** The EndTxn(`result`) `producer` of instance `instance` sends, under its producer id and epoch. */
export function endTxnRequest(
  id: number,
  instance: number,
  producer: Producer,
  result: Marker,
  origin: Origin,
): Request {
  const { txn, producerId, epoch } = producer;
  return { type: 'EndTxn', id, instance, txn, producerId, epoch, result, origin };
}

/** The TxnOffsetCommit of `offsets` to `group` `producer` of instance `instance` sends in its open transaction. */
export function txnOffsetCommitRequest(
  id: number,
  instance: number,
  producer: Producer,
  group: number,
  offsets: readonly { readonly partition: number; readonly offset: number }[],
  generation: number,
): Request {
  const { txn, producerId, epoch } = producer;
  return {
    type: 'TxnOffsetCommit',
    id,
    instance,
    txn,
    group,
    offsets: offsets.map((o) => ({ partition: o.partition, offset: o.offset })),
    producerId,
    epoch,
    generation,
    origin: { instance, txn: producer.transaction?.no ?? null },
  };
}

/** The InitProducerId `producer` of instance `instance` sends now (`initTransactions` names its epoch the same way). */
export function initProducerIdRequest(id: number, instance: number, producer: Producer): Request {
  return { type: 'InitProducerId', id, instance, txn: producer.txn, expected: expectedEpoch(producer) };
}

/** The step event of a request left in the network. */
export interface DelayedEvent {
  readonly type: 'delayed';
  readonly request: number;
  readonly what: string;
}

/**
 * Request `req` lands now, its answer lost: a Produce meets its leader (verification included: KIP-890 part 1
 * from 3.6, ReplicaManager.appendRecords), checked and appended in one step since nobody waits for it; an EndTxn
 * AddPartitionsToTxn or AddOffsetsToTxn meets the coordinator with the producer id and epoch it was sent with
 * (TransactionCoordinator.handleEndTransaction, handleAddPartitionsToTransaction), an InitProducerId with the
 * epoch it named (handleInitProducerId: a KIP-360 bump already made answers as to a retry); a TxnOffsetCommit meets
 * the group coordinator. A refusal is recorded as an event.
 */
export function deliverLate(x: Ctx, req: Request): void {
  const late = (error: ErrorCode, what: string): void => {
    x.events.push({ type: 'rejected', by: 'coordinator', error, request: `${what} late` });
  };
  switch (req.type) {
    case 'Produce':
      arrive(x, req.txn, req.req, req.id, false);
      return;
    case 'EndTxn': {
      const r = endTxn(x, req.txn, req.producerId, req.epoch, req.result);
      if ('error' in r) late(r.error, `EndTxn(${req.result})`);
      return;
    }
    case 'AddPartitionsToTxn': {
      const err = addToTxn(x, req.txn, req.producerId, req.epoch, req.partition);
      if (err) late(err, `AddPartitionsToTxn(${x.k.partitions[req.partition]?.name ?? `partition ${req.partition}`})`);
      return;
    }
    case 'AddOffsetsToTxn': {
      // TransactionCoordinator.handleAddPartitionsToTransaction with the group's __consumer_offsets partition: after
      // the marker, at the same epoch (transaction.version=1), it starts a transaction of its own.
      const err = addToTxn(x, req.txn, req.producerId, req.epoch, { group: req.group });
      if (err) late(err, 'AddOffsetsToTxn');
      return;
    }
    case 'InitProducerId': {
      const r = initProducerId(x, req.txn, req.expected);
      if ('error' in r) late(r.error, `InitProducerId(${x.k.txns[req.txn]?.transactionalId ?? `txn ${req.txn}`})`);
      return;
    }
    case 'TxnOffsetCommit':
      // Before 3.7 the group coordinator takes it whatever the transaction's state (GroupCoordinator
      // .handleTxnCommitOffsets): after the marker it stays pending until this producer's next marker there.
      for (const o of req.offsets) {
        // Marked late (a ghost) where faults.late-requests is on; faults.network alone keeps its state spaces.
        const late = x.k.rules.lateRequests;
        const err = txnOffsetCommit(x, req.group, { ...req, partition: o.partition, offset: o.offset, late });
        if (err) {
          x.events.push({
            type: 'rejected',
            by: 'group coordinator',
            error: err,
            request: `TxnOffsetCommit(in-${o.partition} -> ${o.offset}) late`,
          });
          return;
        }
      }
      return;
  }
}

/** Whether a produce of producer `producerId` to `partition` is held in `network` (it may still land). Pure. */
export function producesTo(network: readonly Request[], partition: number, producerId: number): boolean {
  for (const r of network)
    if (r.type === 'Produce' && r.req.partition === partition && r.req.producerId === producerId) return true;
  return false;
}
