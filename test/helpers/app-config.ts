/** Test helper: resolved configs of the application models from `key=value` pairs (throws on a bad one). */
import { resolveConfig, type Config, type ConfigKey } from '../../model/config.js';
import { ctpKeys } from '../../model/ctp/config.js';
import { streamsKeys } from '../../model/streams/config.js';

function resolve(keys: readonly ConfigKey[], what: string, pairs: string[]): Config {
  const r = resolveConfig(keys, pairs.map((p) => p.split('=') as [string, string]), what);
  if (!r.ok) throw new Error(r.error);
  return r.config;
}

/** A consume-transform-produce config. */
export function ctpCfg(...pairs: string[]): Config {
  return resolve(ctpKeys, 'consume-transform-produce', pairs);
}

/** A kafka-streams config. */
export function streamsCfg(...pairs: string[]): Config {
  return resolve(streamsKeys, 'kafka-streams', pairs);
}
