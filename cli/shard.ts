/**
 * `--shard i/n`, or `--shard auto` for a job engine that starts the shards itself: the count from
 * `EOSCHECK_SHARDS`, the index from `JOB_COMPLETION_INDEX` (0-based, set by a Kubernetes Indexed
 * Job for each pod) or else `EOSCHECK_SHARD` (1-based, as in `i/n`; a CI matrix sets it).
 */
import type { Shard } from '../check/types/options.js';
import type { Parsed } from './args.js';
import { type Io, UsageError } from './io.js';

const SHARDS = 'EOSCHECK_SHARDS';
const K8S_INDEX = 'JOB_COMPLETION_INDEX';
const INDEX = 'EOSCHECK_SHARD';

/** Shard `index` of `count`, or a UsageError naming `what` and the accepted form. */
function shard(index: number, count: number, what: string, accepted: string): Shard {
  if (!Number.isInteger(index) || !Number.isInteger(count) || count < 1 || count > 10_000 || index < 1 || index > count)
    throw new UsageError(`bad ${what}: accepted ${accepted}`);
  return { index, count };
}

/** The shard the environment names (`--shard auto`). */
function fromEnv(env: Readonly<Record<string, string | undefined>>): Shard {
  const count = env[SHARDS];
  if (count === undefined || !/^\d+$/.test(count))
    throw new UsageError(
      `--shard auto needs ${SHARDS} (the number of shards, e.g. a Kubernetes Indexed Job's spec.completions): ` +
        `it is ${count === undefined ? 'not set' : `'${count}'`}`,
    );
  const k8s = env[K8S_INDEX];
  const own = env[INDEX];
  if (k8s !== undefined) {
    if (!/^\d+$/.test(k8s))
      throw new UsageError(`bad ${K8S_INDEX} '${k8s}' for --shard auto: accepted 0 to ${count} - 1`);
    return shard(Number(k8s) + 1, Number(count), `${K8S_INDEX} '${k8s}' for --shard auto`, `0 to ${Number(count) - 1}`);
  }
  if (own === undefined || !/^\d+$/.test(own))
    throw new UsageError(
      `--shard auto needs ${K8S_INDEX} (0-based, set by a Kubernetes Indexed Job) or ${INDEX} (1-based): ` +
        `${own === undefined ? 'neither is set' : `${INDEX} is '${own}'`}`,
    );
  return shard(Number(own), Number(count), `${INDEX} '${own}' for --shard auto`, `1 to ${count}`);
}

/** `--shard i/n` or `--shard auto`, or undefined. */
export function shardOption(v: Parsed['values'], io: Io): Shard | undefined {
  const raw = v['shard'];
  if (raw === undefined) return undefined;
  if (raw === 'auto') return fromEnv(io.env ?? process.env);
  const m = /^(\d+)\/(\d+)$/.exec(String(raw));
  return shard(
    Number(m?.[1]),
    Number(m?.[2]),
    `value '${String(raw)}' for --shard`,
    'i/n with 1 <= i <= n, e.g. --shard 2/4, or auto ' +
      '(from JOB_COMPLETION_INDEX or EOSCHECK_SHARD, and EOSCHECK_SHARDS)',
  );
}
