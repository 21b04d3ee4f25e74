/** The report's view of Kafka partitions: every partition's log as rows. Pure. */
import type { LogRow } from '../../catalog/entry.js';
import type { Partition } from '../../model/kafka/records.js';

/** Rows of every partition's log, as the report's `logs` shows them. Pure. */
export function logRows(partitions: readonly Partition[]): Record<string, LogRow[]> {
  const out: Record<string, LogRow[]> = {};
  for (const p of partitions) {
    out[p.name] = p.log.map((e) =>
      e.kind === 'data'
        ? { offset: e.offset, kind: 'data', marker: null, value: e.value, producerId: e.producerId, epoch: e.epoch }
        : {
            offset: e.offset,
            kind: 'control',
            marker: e.marker,
            value: null,
            producerId: e.producerId,
            epoch: e.epoch,
          },
    );
  }
  return out;
}
