/** Test helper: a resolved kafka-txn config from `key=value` pairs (throws on a bad one). */
import { resolveConfig, type Config } from '../../model/config.js';
import { kafkaTxnKeys } from '../../model/kafka/index.js';

export function kafkaConfig(...pairs: string[]): Config {
  const r = resolveConfig(kafkaTxnKeys, pairs.map((p) => p.split('=') as [string, string]), 'kafka-txn');
  if (!r.ok) throw new Error(r.error);
  return r.config;
}
