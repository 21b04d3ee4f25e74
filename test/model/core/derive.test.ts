/**
 * A key whose default is derived names the release key it follows (`derive.follows`), which `verify` prints for an
 * unset key ("the real default follows connector.version"): that key is declared before it in the same model, and
 * the derivation reads it.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../catalog/index.js';
import { defaultRecord, keyList } from '../../../model/core/config.js';
import type { ConfigValue } from '../../../model/core/keys.js';

/** `model key follows release-key, reads ...` for every derived key of every model, in listing order. */
function derived(): string[] {
  const out: string[] = [];
  for (const listed of catalog.models)
    listed.open((e) => {
      const keys = keyList(e.model.keys);
      const defaults = defaultRecord(e.model.keys);
      keys.forEach((k, i) => {
        if (k.derive === undefined) return;
        const earlier = new Set(keys.slice(0, i).map((b) => b.name));
        const read: string[] = [];
        k.derive.value((name): ConfigValue | undefined => {
          read.push(name);
          return earlier.has(name) ? defaults[name] : undefined;
        });
        expect(earlier.has(k.derive.follows), `${e.model.name} ${k.name} follows ${k.derive.follows}`).toBe(true);
        out.push(`${e.model.name} ${k.name} follows ${k.derive.follows}, reads ${[...new Set(read)].join(', ')}`);
      });
    });
  return out;
}

describe('derived defaults', () => {
  it('name the release key they follow, declared before them and read by the derivation', () => {
    expect(derived()).toEqual([
      'kafka-txn transaction.version follows kafka.version, reads client, kafka.version',
      'kafka-txn transaction.partition.verification.enable follows kafka.version, reads kafka.version',
      'kafka-txn eligible.leader.replicas.version follows kafka.version, reads kafka.version',
      'consume-transform-produce transaction.version follows kafka.version, reads client, kafka.version',
      'consume-transform-produce transaction.partition.verification.enable follows kafka.version, reads kafka.version',
      'consume-transform-produce session.timeout.ms follows kafka.version, reads kafka.version',
      'kafka-streams transaction.version follows kafka.version, reads client, kafka.version',
      'kafka-streams transaction.partition.verification.enable follows kafka.version, reads kafka.version',
      'kafka-streams transaction.timeout.ms follows kafka.version, reads kafka.version',
      'flink-kafka flink.version follows connector.version, reads connector.version',
      'flink-kafka transaction.version follows kafka.version, reads client, kafka.version',
      'flink-kafka transaction.partition.verification.enable follows kafka.version, reads kafka.version',
      'flink-kafka safeguard.propagate-send-errors follows connector.version, reads connector.version',
      'flink-kafka flink.commit-retry follows flink.version, reads flink.version',
      'flink-kafka sink.committer.retries follows flink.version, reads flink.version',
    ]);
  });
});
