/**
 * `verify`'s reading of a set of configuration files: the parts of each file, the pipeline they make
 * and its model, every model key each part sets or inherits, what is ignored and what is assumed, and
 * the real systems' refusals that need more than one file (a transaction timeout above the broker's
 * transaction.max.timeout.ms) or a key no file sets (a Flink job without checkpoints). The check itself
 * is the caller's. Pure: texts in, a configuration out.
 */

import { defaultRecord, keyList } from '../model/core/config.js';
import type { ConfigValue, Key, Keys } from '../model/core/keys.js';
import { UNBOUNDED_ATTEMPTS } from '../model/flink/config.js';
import { isKafkaVersion, type KafkaVersion } from '../model/kafka/releases.js';
import { type Claim, claims, type FileKey } from './claims.js';
import type { Read } from './files/entry.js';
import {
  BROKER_MAX_TXN_TIMEOUT_MS,
  INVALID_TRANSACTION_TIMEOUT,
  KAFKA_SINK_TXN_TIMEOUT_MS,
  kafkaInt,
  streamsGuaranteeRefusal,
} from './kafka-rules.js';
import { type Part, readParts } from './parts.js';
import { type Pipeline, type Placed, pipeline } from './pipeline.js';
import { type Assumed, resolveClaims } from './resolve.js';

/** A file's name and text. */
export interface FileText {
  readonly path: string;
  readonly text: string;
}

/** What the files configure. */
export interface Verified {
  readonly model: Pipeline['model'];
  readonly parts: readonly Placed[];
  /** `key=value` pairs for the model, files and --set resolved. */
  readonly pairs: readonly (readonly [string, string])[];
  /** Where each model key's value came from. */
  readonly winners: readonly Claim[];
  /** Keys read for what they decide, not model keys themselves (transactional.id, acks, a table's connector). */
  readonly used: readonly FileKey[];
  readonly ignored: readonly FileKey[];
  readonly assumed: readonly Assumed[];
  readonly notes: readonly string[];
}

/** The model keys that only transactions read. */
const TRANSACTION_KEYS = ['transaction.timeout.ms', 'transactions.abort.timed.out.transaction.cleanup.interval.ms'];

/** Whether the pipeline runs Kafka transactions at this configuration. */
function transactional(model: Pipeline['model'], value: (k: string) => string | undefined): boolean {
  switch (model) {
    case 'kafka-txn':
      return value('enable.idempotence') !== 'false';
    case 'consume-transform-produce':
      return value('commit.strategy') === 'transactional';
    case 'kafka-streams':
      return value('processing.guarantee') !== 'at_least_once';
    case 'flink-kafka':
      return value('sink.delivery-guarantee') === 'exactly-once';
  }
}

/** The broker's transaction.max.timeout.ms: a broker file's, else the broker default. */
function brokerMax(parts: readonly Placed[]): Read<{ ms: number; where: string }> {
  for (const p of parts) {
    if (p.role !== 'broker') continue;
    const s = p.settings.find((x) => x.key === 'transaction.max.timeout.ms');
    if (!s) continue;
    const n = kafkaInt(s.key, s.value);
    if (!n.ok) return { ok: false, error: `${p.file}:${s.line}: ${n.error}` };
    return { ok: true, value: { ms: n.value, where: `${p.file}:${s.line}` } };
  }
  return { ok: true, value: { ms: BROKER_MAX_TXN_TIMEOUT_MS, where: 'the broker default: no broker file sets it' } };
}

/**
 * The Flink KafkaSink's transaction.timeout.ms when no file gives the sink's producer properties (a DataStream job
 * sets them in code): `KafkaSinkBuilder` puts 1 hour unless the job sets another, and a broker refuses an
 * InitProducerId above its transaction.max.timeout.ms (INVALID_TRANSACTION_TIMEOUT, 15 minutes by default), so a
 * job that starts runs with at most that: assumed the largest of the two the broker accepts.
 */
function sinkTimeoutInCode(max: { ms: number; where: string }): Assumed {
  const value = Math.min(KAFKA_SINK_TXN_TIMEOUT_MS, max.ms);
  const refused =
    max.ms < KAFKA_SINK_TXN_TIMEOUT_MS
      ? `, which a broker at transaction.max.timeout.ms=${max.ms} (${max.where}) refuses ` +
        '(INVALID_TRANSACTION_TIMEOUT): a job that starts sets at most that in its code, and eoscheck assumes ' +
        'the largest'
      : '';
  return {
    key: 'transaction.timeout.ms',
    value,
    realDefault:
      `Flink's KafkaSink sets 1 hour unless the job's code sets it (no file here holds the sink's properties)` +
      `${refused}; give your job's value with --set transaction.timeout.ms=MS`,
  };
}

/** What a refusal that depends on the Kafka release adds when no file or --set named the release. */
export function releaseAssumed(version: string): string {
  return ` (no file names the release: kafka.version=${version} is assumed; give yours with --set kafka.version=X.Y)`;
}

/**
 * The refusal of processing.guarantee as the Streams file spells it (exactly_once_beta or exactly_once_v2, read as
 * one model value) at the resolved release, saying so when no file or --set named the release; null when accepted.
 */
function streamsGuaranteeName(
  parts: readonly Placed[],
  winners: readonly Claim[],
  version: KafkaVersion,
): string | null {
  const winner = winners.find((w) => w.key === 'processing.guarantee');
  if (winner === undefined || winner.where === '--set') return null;
  for (const p of parts) {
    const written = p.role === 'Streams application' ? p.settings.find((s) => s.key === 'processing.guarantee') : null;
    const refused = written ? streamsGuaranteeRefusal(written.value.trim(), version) : null;
    if (!written || refused === null) continue;
    const named = winners.some((w) => w.key === 'kafka.version');
    return `${p.file}:${written.line}: ${refused}${named ? '' : releaseAssumed(version)}`;
  }
  return null;
}

/** Reads the files (and --set pairs) into the model's configuration, or the one-line refusal. Pure. */
export function verifyConfig(
  files: readonly FileText[],
  set: readonly (readonly [string, string])[],
  keysOf: (model: Pipeline['model']) => Keys,
): Read<Verified> {
  const parts: Part[] = [];
  for (const f of files) {
    const r = readParts(f.path, f.text);
    if (!r.ok) return r;
    parts.push(...r.value);
  }
  const pipe = pipeline(parts);
  if (!pipe.ok) return pipe;
  const { model } = pipe.value;
  const modelKeys = keysOf(model);
  const keys = new Map<string, Key>(keyList(modelKeys).map((k) => [k.name, k]));
  const defaults: Readonly<Record<string, ConfigValue>> = defaultRecord(modelKeys);
  const c = claims(pipe.value, keys, defaults);
  if (c.error !== null) return { ok: false, error: c.error };
  const r = resolveClaims(c.claims, set, keys, defaults);
  if (!r.ok) return r;
  const value = (k: string): string | undefined =>
    r.value.winners.find((w) => w.key === k)?.text ?? String(defaults[k] ?? '');
  const txn = transactional(model, value);
  // Without transactions their timeouts decide nothing: a default left in place is neither inherited nor assumed.
  const unused = (k: { key: string }, inherited: boolean) => !txn && inherited && TRANSACTION_KEYS.includes(k.key);
  const winners = r.value.winners.filter((w) => !unused(w, w.how === 'inherited'));
  const notes = [...c.notes, ...r.value.overridden];
  const pairs: (readonly [string, string])[] = winners.map((w) => [w.key, w.text] as const);
  let assumed = r.value.assumed.filter((a) => !unused(a, true));
  if (model === 'flink-kafka' && !winners.some((w) => w.key === 'execution.checkpointing.interval'))
    return {
      ok: false,
      error:
        'no file sets execution.checkpointing.interval: Flink then takes no checkpoints, so a Kafka sink commits no ' +
        'transaction and a restarted job reads from its startup offsets again; eoscheck models a checkpointing job: ' +
        "set it (config.yaml: execution.checkpointing.interval: 20 s; SQL: SET 'execution.checkpointing.interval' = " +
        "'20 s';) or give --set execution.checkpointing.interval=MS",
    };
  const strategy = value('restart-strategy.type');
  const givesUp =
    strategy !== 'exponential-delay' ||
    value('restart-strategy.exponential-delay.attempts-before-reset-backoff') !== String(UNBOUNDED_ATTEMPTS);
  if (model === 'flink-kafka' && givesUp && !winners.some((w) => w.key === 'resubmit.delay.ms'))
    notes.push(
      `restart-strategy.type=${strategy} can give up on the job, which then FAILS: eoscheck assumes its operator ` +
        `resubmits it ${value('resubmit.delay.ms')} ms later (--set resubmit.delay.ms=MS), from its latest ` +
        'checkpoint only where execution.checkpointing.externalized-checkpoint-retention kept it',
    );
  const version = value('kafka.version');
  if (model === 'kafka-streams' && isKafkaVersion(version)) {
    const refused = streamsGuaranteeName(pipe.value.parts, winners, version);
    if (refused !== null) return { ok: false, error: refused };
  }
  if (txn) {
    const max = brokerMax(pipe.value.parts);
    if (!max.ok) return max;
    const t = winners.find((w) => w.key === 'transaction.timeout.ms');
    if (t && Number(t.text) > max.value.ms)
      return {
        ok: false,
        error:
          `${t.where}: transaction.timeout.ms=${t.text}${t.how === 'inherited' ? ` (${t.why})` : ''} is above ` +
          `transaction.max.timeout.ms=${max.value.ms} (${max.value.where}), and the broker refuses InitProducerId: ` +
          INVALID_TRANSACTION_TIMEOUT,
      };
    if (model === 'flink-kafka' && t === undefined) {
      // No file holds the sink's producer properties (a DataStream job sets them in its code): its timeout
      // is assumed, as the largest a job that starts can have, not the model's default.
      const code = sinkTimeoutInCode(max.value);
      assumed = assumed.map((a) => (a.key === code.key ? code : a));
      pairs.push([code.key, String(code.value)]);
    }
  }
  return {
    ok: true,
    value: {
      model,
      parts: pipe.value.parts,
      pairs,
      winners,
      used: c.used,
      ignored: c.ignored,
      assumed,
      notes,
    },
  };
}
