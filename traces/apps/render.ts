/**
 * How a consumer-application trace reads (`consume-transform-produce`, `kafka-streams`): the
 * instances' events beside the Kafka rules', the log of each partition a step wrote to, and an end
 * state with the reads of each partition, the sink, the group and the count stores.
 */
import type { AppAction } from '../../model/ctp/actions.js';
import { type AppState, appName, GROUP } from '../../model/ctp/state.js';
import { readPartition } from '../../model/kafka/read.js';
import { kafkaEventLine, touchedPartitions } from '../kafka/events.js';
import { partitionBlock } from '../kafka/log-table.js';
import type { EventLine, Renderer } from '../render/renderer.js';
import { INDENT } from '../render/text.js';

function events(after: AppState): EventLine[] {
  const name = (id: number): string => appName(after, id);
  return after.events.map((e): EventLine => {
    switch (e.type) {
      case 'fetched':
        return {
          lane: name(e.instance),
          text: `${name(e.instance)}: committed offset of in-${e.partition} is ${e.offset}`,
        };
      case 'restoring':
        return {
          lane: name(e.instance),
          text: `${name(e.instance)}: task 0_0 restoring its count store from changelog-0 up to end offset ${e.end}`,
        };
      case 'restored':
        return {
          lane: name(e.instance),
          text: `${name(e.instance)}: count store restored to ${e.count} from ${e.records} changelog records`,
        };
      case 'sink':
        return {
          lane: `${after.config.sink} sink`,
          text:
            `sink: v${e.value} ` +
            (e.effect === 'called'
              ? 'side effect called'
              : e.effect === 'inserted'
                ? 'upserted (new key)'
                : 'upserted (key already there, no change)'),
        };
      case 'life':
        return { lane: name(e.instance), text: `${name(e.instance)}: ${e.status}` };
      case 'clock':
        return { lane: 'clock', text: `clock: ${e.now} ms` };
      case 'delayed':
        return { lane: 'network', text: `request #${e.request} delayed in the network: ${e.what}` };
      default:
        return kafkaEventLine(after.kafka, e, name);
    }
  });
}

function summary(last: AppState): string[] {
  const out = ['-- end state --'];
  for (const p of last.kafka.partitions) {
    const vs = (level: 'read_committed' | 'read_uncommitted'): string =>
      readPartition(p, level)
        .map((e) => `v${e.value}`)
        .join(', ') || '(none)';
    out.push(`${p.name}: LSO ${p.lastStableOffset}, high watermark ${p.highWatermark}`);
    out.push(`${INDENT}read_committed:   ${vs('read_committed')}`);
    out.push(`${INDENT}read_uncommitted: ${vs('read_uncommitted')}`);
  }
  if (last.config.sink === 'upsert')
    out.push(`sink (upsert table): ${last.sink.table.map((v) => `v${v}`).join(', ') || '(empty)'}`);
  if (last.config.sink === 'side-effect')
    out.push(`sink (side-effect calls): ${last.sink.calls.map((v) => `v${v}`).join(', ') || '(none)'}`);
  const g = last.kafka.groups[GROUP]!;
  out.push(`__consumer_offsets: committed ${g.committed.map((o, p) => `in-${p} -> ${o.offset}`).join(', ')}`);
  out.push(
    `group: generation ${g.generation}, ` +
      `${g.owners.map((m, p) => `in-${p} -> ${m === null ? 'nobody' : appName(last, m)}`).join(', ')}`,
  );
  for (const i of last.apps) if (i.store !== null) out.push(`${appName(last, i.id)}: count store ${i.store}`);
  return out;
}

/** The renderer of both application models. */
export const appRenderer: Renderer<AppState, AppAction> = {
  events,
  blocks: (after) =>
    touchedPartitions(after.events).flatMap((p) => {
      const part = after.kafka.partitions[p];
      return part ? partitionBlock(part) : [];
    }),
  summary,
  lanes: (first) => [
    ...first.apps.map((i) => appName(first, i.id)),
    'group coordinator',
    'coordinator',
    ...first.kafka.partitions.map((p) => p.name),
    '__consumer_offsets',
    ...(first.config.network ? ['network'] : []),
  ],
  partitions: (s) => s.kafka.partitions,
};
