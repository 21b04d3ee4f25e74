/**
 * `verify`'s reading of one pipeline: every model key each part sets or inherits, how each key no file
 * sets is held (the real default, a value the code decides, or a condition: `unstated.ts`), what is
 * ignored, and the real systems' refusals that need more than one file (a transaction timeout above the
 * broker's transaction.max.timeout.ms). A Flink job no file gives a checkpoint interval runs without
 * checkpoints, as Flink does. The check itself is the caller's. Pure: parts in, a configuration out.
 */

import { defaultRecord, keyList } from '../model/core/config.js';
import type { ConfigValue, Key, Keys } from '../model/core/keys.js';
import { UNBOUNDED_ATTEMPTS } from '../model/flink/config.js';
import { type Area, describeRelease, isKafkaVersion, type KafkaVersion } from '../model/kafka/releases.js';
import { type LongestRestart, longestRestart } from './backoff.js';
import { type Claim, claims, type FileKey } from './claims.js';
import { connectorRefusal, describeConnector } from './connector.js';
import type { Read } from './files/entry.js';
import { CUSTOM_SOURCE } from './files/job-code.js';
import {
  BROKER_MAX_TXN_TIMEOUT_MS,
  INVALID_TRANSACTION_TIMEOUT,
  kafkaInt,
  streamsGuaranteeRefusal,
} from './kafka-rules.js';
import { type FileText, readParts } from './parts-read.js';
import { type Pipeline, type Placed, pipeline } from './pipeline.js';
import { resolveClaims } from './resolve.js';
import { defaultRestart } from './restart-default.js';
import { type StreamsClient, streamsClient } from './streams-client.js';
import { removedGuarantee, removedGuaranteeRefusal } from './streams-code.js';
import {
  CHECKPOINTS_BY_CODE,
  type Context,
  checkpointsInCode,
  NO_CHECKPOINTS,
  NO_CHECKPOINTS_IN_CODE,
  UNSTATED,
  type Unstated,
  withoutCheckpoints,
} from './unstated.js';

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
  /** How each key no file sets is held: the real default, a value code decides, or a condition. */
  readonly unstated: readonly Unstated[];
  readonly notes: readonly string[];
  /** The releases the pipeline runs and the rules each gets, in words. */
  readonly releases: readonly string[];
  /**
   * exponential-delay's longest restart delay, where it is longer than `restart.delay.ms`: the job is checked at it
   * too and the weaker answer is the verdict (verify/backoff.ts).
   */
  readonly longestRestart?: LongestRestart;
}

/** The parts of a release's rules each model reads, for the answer's note of which rules a release gets. */
const AREAS_OF: Readonly<Record<Pipeline['model'], readonly Area[]>> = {
  'kafka-txn': ['transactions', 'replication', 'log cleaner'],
  'consume-transform-produce': ['transactions', 'consumer groups'],
  'kafka-streams': ['transactions', 'consumer groups', 'Kafka Streams'],
  'flink-kafka': ['transactions'],
};

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
  client: StreamsClient | null,
): string | null {
  const winner = winners.find((w) => w.key === 'processing.guarantee');
  if (winner === undefined || winner.where === '--set') return null;
  for (const p of parts) {
    const written = p.role === 'Streams application' ? p.settings.find((s) => s.key === 'processing.guarantee') : null;
    const refused = written ? streamsGuaranteeRefusal(written.value.trim(), client?.version ?? version) : null;
    if (!written || refused === null) continue;
    // The values accepted are the client's: the release its build names, where one does.
    if (client !== null) {
      const named = refused.replace(`kafka.version=${client.version}`, `kafka-streams ${client.version}`);
      return `${p.file}:${written.line}: ${named} (${client.where})`;
    }
    const named = winners.some((w) => w.key === 'kafka.version');
    return `${p.file}:${written.line}: ${refused}${named ? '' : releaseAssumed(version)}`;
  }
  return null;
}

/** The topics a pipeline writes, where a file names them. */
function outputs(pipe: Pipeline): string[] {
  return pipe.parts.flatMap((p) => (p.role === 'Kafka sink table' && p.topic !== null ? [p.topic] : []));
}

/**
 * The refusal of --set checkpointing.enabled=true where nothing gives the job's interval: Flink has no default
 * (CheckpointConfig: execution.checkpointing.interval unset is checkpointing off), so any interval checked would be
 * eoscheck's, not the job's; null otherwise.
 */
function checkpointingWithoutInterval(model: Pipeline['model'], winners: readonly Claim[]): string | null {
  const on = winners.find((w) => w.key === 'checkpointing.enabled');
  if (model !== 'flink-kafka' || on?.where !== '--set' || on.text.trim().toLowerCase() !== 'true') return null;
  if (winners.some((w) => w.key === 'execution.checkpointing.interval')) return null;
  return (
    `--set checkpointing.enabled=${on.text} names no checkpoint interval: no file sets ` +
    "execution.checkpointing.interval and Flink has no default; give the job's with " +
    '--set execution.checkpointing.interval=MS'
  );
}

/** Reads one pipeline's parts (and --set pairs) into the model's configuration, or the one-line refusal. Pure. */
export function verifyConfig(
  pipe: Pipeline,
  set: readonly (readonly [string, string])[],
  keysOf: (model: Pipeline['model']) => Keys,
): Read<Verified> {
  const { model } = pipe;
  const modelKeys = keysOf(model);
  const keys = new Map<string, Key>(keyList(modelKeys).map((k) => [k.name, k]));
  const defaults: Readonly<Record<string, ConfigValue>> = defaultRecord(modelKeys);
  const c = claims(pipe, keys, defaults, set);
  if (c.error !== null) return { ok: false, error: c.error };
  const r = resolveClaims(c.claims, set);
  if (!r.ok) return r;
  const refusedCheckpointing = checkpointingWithoutInterval(model, r.value.winners);
  if (refusedCheckpointing !== null) return { ok: false, error: refusedCheckpointing };
  const refusedConnector = connectorRefusal(r.value.winners);
  if (refusedConnector !== null) return { ok: false, error: refusedConnector };
  const max = brokerMax(pipe.parts);
  if (!max.ok) return max;
  const stated = new Set(r.value.winners.map((w) => w.key));
  const unstated: Unstated[] = [];
  const held = (u: Unstated): string => (u.kind === 'code' ? u.realDefault : u.value);
  // A key's value as a file gives it, or as an earlier unstated key is held (keys come in declaration order).
  const given = (k: string): string | undefined => {
    const u = unstated.find((x) => x.key === k);
    return r.value.winners.find((w) => w.key === k)?.text ?? (u === undefined ? undefined : held(u));
  };
  const setKeys = new Set(set.map(([k]) => k));
  const context: Context = {
    pipeline: pipe,
    brokerMax: max.value,
    outputs: outputs(pipe),
    stated,
    given,
    defaults,
    setKeys,
  };
  for (const [name, key] of keys) {
    if (stated.has(name) || key.realDefault === undefined) continue;
    const policy = UNSTATED[name];
    if (policy === undefined)
      return { ok: false, error: `verify cannot tell how ${name} runs when no file sets it (${key.realDefault})` };
    const u = policy(context);
    if (u !== null) unstated.push(u);
  }
  // A SourceFunction of the job's own, or a SQL table of another connector, may or may not rewind to a checkpoint:
  // the verdict is for one that does.
  const custom = pipe.parts.flatMap((p) => [
    ...p.settings.filter((s) => s.key === CUSTOM_SOURCE).map((s) => `addSource(${s.value}) at ${p.file}:${s.line}`),
    ...(p.sourceTable === undefined
      ? []
      : [`'${p.sourceTable.connector}' table \`${p.sourceTable.name}\` at ${p.file}:${p.sourceTable.line}`]),
  ]);
  if (model === 'flink-kafka' && custom.length > 0 && !stated.has('job.source'))
    unstated.push({
      kind: 'condition',
      key: 'job.source',
      value: 'kafka',
      condition: `for a source that rewinds to its checkpoint (the job's ${custom.join(', ')} is not read)`,
      give: 'how the source restores with --set job.source=kafka (it rewinds) or job.source=socket (it cannot)',
    });
  const noCheckpoints = withoutCheckpoints(context);
  // Without checkpoints and with no restart strategy configured, Flink does not restart the job
  // (RestartBackoffTimeStrategyFactoryLoader.getDefaultRestartStrategyFactory: NoRestartBackoffTimeStrategy unless
  // checkpointing is enabled, Flink 1.13 to 2.x), whether no interval is set or --set turns checkpointing off.
  const offByGiven = r.value.winners.some((w) => w.key === 'checkpointing.enabled' && w.text.trim() === 'false');
  // Checked first as run without checkpoints where the code enables them only under a condition.
  const offByCode = unstated.some((u) => u.key === 'checkpointing.enabled' && held(u) === 'false');
  if (model === 'flink-kafka' && (noCheckpoints || offByGiven || offByCode) && !stated.has('restart-strategy.type'))
    unstated.push({
      kind: 'real',
      key: 'restart-strategy.type',
      value: 'none',
      why:
        "Flink's default for a job without checkpoints (RestartBackoffTimeStrategyFactoryLoader: no restart strategy " +
        'configured and checkpointing disabled)',
    });
  else if (model === 'flink-kafka' && !stated.has('restart-strategy.type'))
    // A checkpointing job's default strategy is the release's; from 1.19 it is the model's own default.
    for (const [key, value] of defaultRestart(given('flink.version')).pairs)
      if (!stated.has(key) && !(key === 'restart-strategy.type' && value === 'exponential-delay'))
        unstated.push({ kind: 'real', key, value, why: defaultRestart(given('flink.version')).why });
  const value = (k: string): string => given(k) ?? String(defaults[k] ?? '');
  // A value the code could set that runs transactions keeps the transaction keys it would read.
  const txn =
    transactional(model, value) ||
    unstated.some(
      (u) => u.kind === 'code' && u.values.some((v) => transactional(model, (k) => (k === u.key ? v : value(k)))),
    );
  // Without transactions their timeouts decide nothing: a default left in place is neither inherited nor assumed.
  const unused = (k: { key: string }, inherited: boolean) => !txn && inherited && TRANSACTION_KEYS.includes(k.key);
  const winners = r.value.winners.filter((w) => !unused(w, w.how === 'inherited'));
  const kept = unstated.filter((u) => !unused(u, u.kind !== 'condition'));
  const notes = [...c.notes, ...r.value.overridden];
  const pairs: (readonly [string, string])[] = [
    ...winners.map((w) => [w.key, w.text] as const),
    ...kept.map((u) => [u.key, held(u)] as const),
  ];
  if (noCheckpoints)
    notes.push(
      checkpointsInCode(context)
        ? CHECKPOINTS_BY_CODE
        : pipe.parts.some((p) => p.role === 'Flink job code')
          ? NO_CHECKPOINTS_IN_CODE
          : NO_CHECKPOINTS,
    );
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
  const removed = model === 'kafka-streams' ? removedGuarantee(pipe) : null;
  const release = winners.find((w) => w.key === 'kafka.version');
  const client = streamsClient(pipe);
  // A guarantee's name is the client's to accept: the Streams release a build names, else kafka.version's.
  const against =
    client !== null
      ? { text: client.version, from: client.where }
      : release === undefined
        ? null
        : {
            text: release.text,
            from: release.where === '--set' ? 'given with --set' : `${release.where}: ${release.why}`,
          };
  if (removed !== null && against !== null) {
    const refused = removedGuaranteeRefusal(removed, against.text, against.from);
    if (refused !== null)
      return {
        ok: false,
        error:
          client === null
            ? refused
            : refused
                .replace(`kafka.version=${client.version}`, `kafka-streams ${client.version}`)
                .replace(', or give the release the application runs with --set kafka.version=X.Y', ''),
      };
  }
  if (model === 'kafka-streams' && version !== undefined && isKafkaVersion(version)) {
    const refused = streamsGuaranteeName(pipe.parts, winners, version, client);
    if (refused !== null) return { ok: false, error: refused };
  }
  if (txn) {
    const t = winners.find((w) => w.key === 'transaction.timeout.ms');
    if (t && Number(t.text) > max.value.ms)
      return {
        ok: false,
        error:
          `${t.where}: transaction.timeout.ms=${t.text}${t.how === 'inherited' ? ` (${t.why})` : ''} is above ` +
          `transaction.max.timeout.ms=${max.value.ms} (${max.value.where}), and the broker refuses InitProducerId: ` +
          INVALID_TRANSACTION_TIMEOUT,
      };
  }
  const kafka = value('kafka.version');
  const connectorWinner = winners.find((w) => w.key === 'connector.version');
  const connector =
    model === 'flink-kafka'
      ? describeConnector(
          value('connector.version') ?? '',
          connectorWinner === undefined
            ? 'assumed: no file names it'
            : connectorWinner.where === '--set'
              ? 'given with --set'
              : `${connectorWinner.where}: ${connectorWinner.why}`,
        )
      : null;
  const releases = [
    ...(kafka !== undefined && isKafkaVersion(kafka) ? [`Kafka ${describeRelease(kafka, AREAS_OF[model])}`] : []),
    ...(connector === null ? [] : [connector]),
    ...pipe.parts.flatMap((p) =>
      p.release?.system === 'flink' ? [`Flink ${p.release.version} (${p.release.how})`] : [],
    ),
  ];
  // A job restarted by exponential-delay may wait far longer than its first delay once it failed often in a row.
  const checkpointed = !(noCheckpoints || offByGiven || offByCode) && value('checkpointing.enabled') !== 'false';
  const longest =
    model === 'flink-kafka' && checkpointed && strategy === 'exponential-delay' && !setKeys.has('restart.delay.ms')
      ? longestRestart(pipe.parts, Number(value('restart.delay.ms')), stated.has('restart-strategy.type'))
      : null;
  return {
    ok: true,
    value: {
      ...(longest === null ? {} : { longestRestart: longest }),
      model,
      parts: pipe.parts,
      pairs,
      winners,
      used: c.used,
      ignored: c.ignored,
      unstated: kept,
      notes,
      releases,
    },
  };
}

export type { FileText };

/** The files (one pipeline) read, placed and configured: `verifyConfig` from texts, or the one-line refusal. Pure. */
export function verifyFiles(
  files: readonly FileText[],
  set: readonly (readonly [string, string])[],
  keysOf: (model: Pipeline['model']) => Keys,
): Read<Verified> {
  const read = readParts(files);
  if (!read.ok) return read;
  const made = pipeline(read.value.parts);
  if (!made.ok) return made;
  if (made.value.kind === 'nothing') return { ok: false, error: `nothing to check: ${made.value.found}` };
  return verifyConfig(made.value.pipeline, set, keysOf);
}
