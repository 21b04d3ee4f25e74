/**
 * The events of the Kafka rules as lines, for every Kafka-speaking model's renderer: what a
 * partition, the transaction coordinator and the group coordinator did in a step. Pure.
 */

import { match } from 'ts-pattern';
import type { Cluster, KafkaEvent } from '../../model/kafka/cluster.js';
import type { EventLine } from '../render/renderer.js';

/** The name of partition `p` of the cluster. */
function partName(k: Cluster, p: number): string {
  return k.partitions[p]?.name ?? `partition ${p}`;
}

/** `in-3 -> 5 committed (generation 2)`: an offset of the group's input partition. */
function offsetText(e: Extract<KafkaEvent, { type: 'offset' }>): string {
  const gen = e.generation >= 0 ? ` (generation ${e.generation}${e.stale ? ', from an old generation' : ''})` : '';
  const how = e.how === 'superseded' ? `committed, but a later commit record of in-${e.partition} holds` : e.how;
  return `__consumer_offsets: in-${e.partition} -> ${e.offset} ${how}${gen}`;
}

/** What a cleaner pass changed, in words. */
function cleanedText(e: Extract<KafkaEvent, { type: 'cleaned' }>): string {
  const offsets = (xs: readonly number[]): string => `offset${xs.length > 1 ? 's' : ''} ${xs.join(', ')}`;
  const parts = [
    ...(e.removed.length > 0 ? [`removed ${offsets(e.removed)}`] : []),
    ...(e.unindexed.length > 0
      ? [
          `kept aborted ${offsets(e.unindexed)} out of the transaction index (read_committed returns ` +
            `${e.unindexed.length > 1 ? 'them' : 'it'})`,
        ]
      : []),
    ...e.horizons.map(([o, h]) => `marker at offset ${o} kept until ${h} ms (delete.retention.ms)`),
  ];
  return parts.length > 0 ? parts.join('; ') : 'nothing to change';
}

/**
 * One Kafka event as a line. `member(id)` names a group member (an instance id) the way the model
 * names it. Pure.
 */
export function kafkaEventLine(k: Cluster, e: KafkaEvent, member: (id: number) => string): EventLine {
  return match<KafkaEvent, EventLine>(e)
    .with({ type: 'appended' }, (e) => ({
      lane: partName(k, e.partition),
      text: `${partName(k, e.partition)}: appended offset ${e.offset}`,
    }))
    .with({ type: 'marker' }, (e) =>
      e.partition === 'offsets'
        ? { lane: '__consumer_offsets', text: `__consumer_offsets: ${e.marker} marker` }
        : {
            lane: partName(k, e.partition),
            text: `${partName(k, e.partition)}: ${e.marker} marker at offset ${e.offset ?? '?'} (epoch ${e.epoch})`,
          },
    )
    .with({ type: 'duplicate' }, (e) => ({
      lane: partName(k, e.partition),
      text:
        `${partName(k, e.partition)}: duplicate of sequence ${e.sequence} acknowledged (already at offset ` +
        `${e.offset}), not appended`,
    }))
    .with({ type: 'rejected' }, (e) => ({
      lane: e.by,
      text: `rejected by ${e.by}: ${e.error} (${e.request})`,
      refused: true,
    }))
    .with({ type: 'txn-state' }, (e) => ({
      lane: 'coordinator',
      text: `coordinator ${e.txn}: ${e.from} -> ${e.to} (epoch ${e.epoch})`,
    }))
    .with({ type: 'epoch' }, (e) => ({
      lane: 'coordinator',
      text:
        `coordinator ${e.txn}: ` +
        `${e.fresh ? `producer id ${e.producerId}, epoch ${e.epoch}` : `epoch bumped to ${e.epoch}`}`,
    }))
    .with({ type: 'verified' }, (e) => ({
      lane: partName(k, e.partition),
      text:
        `${partName(k, e.partition)}: the coordinator ${e.added ? 'added it to' : 'verified it in'} the ` +
        `transaction of ${e.txn} (the write appends under a verification guard)`,
    }))
    .with({ type: 'marker-acked' }, (e) => ({
      lane: 'coordinator',
      text:
        `coordinator ${e.txn}: the acknowledgement of the marker to ` +
        `${e.partition === 'offsets' ? '__consumer_offsets' : partName(k, e.partition)} ` +
        'was lost; it will be sent again',
    }))
    .with({ type: 'coordinator-moved' }, (e) => ({
      lane: 'coordinator',
      text: `coordinator: __transaction_state moved, coordinator epoch ${e.epoch}; loading it`,
    }))
    .with({ type: 'coordinator-loaded' }, (e) => ({
      lane: 'coordinator',
      text:
        `coordinator: __transaction_state loaded at coordinator epoch ${e.epoch}` +
        `${e.resent.length > 0 ? `; markers re-sent for ${e.resent.join(', ')}` : ''}`,
    }))
    .with({ type: 'forgotten' }, (e) => ({
      lane: e.partition === null ? 'coordinator' : partName(k, e.partition),
      text: e.what,
    }))
    .with({ type: 'added' }, (e) => ({
      lane: 'coordinator',
      text:
        `coordinator ${e.txn}: ${e.partition === 'offsets' ? '__consumer_offsets' : partName(k, e.partition)} ` +
        `added to the transaction`,
    }))
    .with({ type: 'offset' }, (e) => ({ lane: '__consumer_offsets', text: offsetText(e) }))
    .with({ type: 'rebalance' }, (e) => ({
      lane: 'group coordinator',
      text:
        `group: ${e.reason}, ${e.epochs ? 'group epoch' : 'rebalance to generation'} ${e.generation}: ` +
        `${e.owners.map((m, p) => `in-${p} -> ${m === null ? 'nobody' : member(m)}`).join(', ')}`,
    }))
    .with({ type: 'truncated' }, (e) => ({
      lane: partName(k, e.partition),
      text: `${partName(k, e.partition)}: broker ${e.broker} truncated its replica to offset ${e.offset}`,
    }))
    .with({ type: 'cleaned' }, (e) => ({
      lane: partName(k, e.partition),
      text:
        `${partName(k, e.partition)}: ${e.broker === undefined ? 'the cleaner' : `broker ${e.broker}'s cleaner`} ` +
        `cleaned below offset ${e.bound}: ${cleanedText(e)}`,
    }))
    .with({ type: 'recovered' }, (e) => ({
      lane: partName(k, e.partition),
      text:
        `${partName(k, e.partition)}: broker ${e.broker} lost power; its replica recovered to offset ${e.offset} ` +
        '(its last flush)',
    }))
    .with({ type: 'isr' }, (e) => ({
      lane: partName(k, e.partition),
      text: `${partName(k, e.partition)}: ISR [${e.isr.join(', ')}] (${e.reason})`,
    }))
    .with({ type: 'leader' }, (e) => ({
      lane: 'controller',
      text:
        `controller: broker ${e.broker} leads ${partName(k, e.partition)} at epoch ${e.epoch} ` + `(${e.how} election)`,
    }))
    .with({ type: 'broker' }, (e) => ({
      lane: 'controller',
      text: `controller: broker ${e.broker} ${e.up ? 'restarted' : 'crashed'}`,
    }))
    .exhaustive();
}

/** The partitions a step wrote to (appended, a marker, a duplicate acknowledged), ascending. Pure. */
export function touchedPartitions(events: readonly { readonly type: string }[]): number[] {
  const out = new Set<number>();
  for (const e of events) {
    if (
      (e.type === 'appended' || e.type === 'marker' || e.type === 'duplicate' || e.type === 'cleaned') &&
      'partition' in e &&
      typeof e.partition === 'number'
    )
      out.add(e.partition);
  }
  return [...out].sort((a, b) => a - b);
}
