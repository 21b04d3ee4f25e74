/**
 * How a `kafka-txn` trace reads: the apps' and the network's events beside the Kafka rules', the
 * log of each partition a step wrote to, and an end state with what each isolation level reads.
 */
import { readPartition } from '../../model/kafka/read.js';
import type { Partition } from '../../model/kafka/records.js';
import type { KafkaTxnAction } from '../../model/kafka-txn/actions.js';
import { GROUP, inputName, instanceName, type KafkaTxnState } from '../../model/kafka-txn/state.js';
import { kafkaEventLine, touchedPartitions } from '../kafka/events.js';
import { partitionBlock } from '../kafka/log-table.js';
import type { EventLine, Renderer } from '../render/renderer.js';
import { INDENT } from '../render/text.js';

/** Words for a client status as recorded in a `client` event. Pure. */
export function statusWords(status: string): string {
  switch (status) {
    case 'in-txn':
      return 'in a transaction';
    case 'failed':
      return 'failed (fatal error, needs a restart)';
    case 'paused':
      return 'paused (a replacement starts)';
    default:
      return status;
  }
}

/** `v1, v2, v3`, or `(none)`. */
function values(p: Partition, level: 'read_committed' | 'read_uncommitted'): string {
  const vs = readPartition(p, level).map((e) => `v${e.value}`);
  return vs.length === 0 ? '(none)' : vs.join(', ');
}

function events(after: KafkaTxnState): EventLine[] {
  return after.events.map((e): EventLine => {
    switch (e.type) {
      case 'client':
        return {
          lane: instanceName(after, e.instance),
          text: `${instanceName(after, e.instance)}: ${statusWords(e.status)}`,
        };
      case 'delayed':
        return { lane: 'network', text: `request #${e.request} delayed in the network: ${e.what}` };
      case 'clock':
        return { lane: 'clock', text: `clock: ${e.now} ms` };
      default:
        return kafkaEventLine(after.kafka, e, (id) => instanceName(after, id));
    }
  });
}

/** The renderer of `kafka-txn`. */
export const kafkaTxnRenderer: Renderer<KafkaTxnState, KafkaTxnAction> = {
  events,
  blocks: (after) =>
    touchedPartitions(after.events).flatMap((p) => {
      const part = after.kafka.partitions[p];
      return part ? partitionBlock(part) : [];
    }),
  summary(last) {
    const out = ['-- end state --'];
    for (const p of last.kafka.partitions) {
      out.push(`${p.name}: LSO ${p.lastStableOffset}, high watermark ${p.highWatermark}`);
      out.push(`${INDENT}read_committed:   ${values(p, 'read_committed')}`);
      out.push(`${INDENT}read_uncommitted: ${values(p, 'read_uncommitted')}`);
    }
    const committed = last.kafka.groups[GROUP]!.committed.map((o, app) => `${inputName(app)} -> ${o.offset}`);
    out.push(`__consumer_offsets: committed ${committed.join(', ')}`);
    return out;
  },
  lanes: (first) => [
    ...first.instances.map((i) => instanceName(first, i.id)),
    'coordinator',
    ...first.kafka.partitions.map((p) => p.name),
    '__consumer_offsets',
  ],
  partitions: (s) => s.kafka.partitions,
};
