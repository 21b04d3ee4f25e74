/**
 * The shared Kafka checks are written for speed (they run after every step of every drain): a fates
 * list reused from call to call, no list of the records read, a transaction's first fate kept in
 * reused parallel lists, repeats found pairwise. This test holds them to plain reference versions,
 * written the obvious way (a new list of fates, the records a reader returns, Maps), on states reached
 * by seeded random walks of every Kafka model, with safeguards off so that each check has violations to
 * agree on (their messages compared word for word), not only passes.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry, kafkaStreamsEntry } from '../../../catalog/apps.js';
import type { Entry } from '../../../catalog/entry.js';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import type { Keys } from '../../../model/core/keys.js';
import type { AnyAction } from '../../../model/core/model.js';
import { type AppState, appName, OUT } from '../../../model/ctp/state.js';
import type { Cluster } from '../../../model/kafka/cluster.js';
import type { IsolationLevel } from '../../../model/kafka/keys.js';
import { decidedFates, fates, firstOpenOffsetFromLog, readTopic } from '../../../model/kafka/read.js';
import type { DataEntry, Marker, Partition } from '../../../model/kafka/records.js';
import { committedValues, judgedName, readJudged } from '../../../properties/apps/outputs.js';
import { violations } from '../../../properties/invariant.js';
import {
  abortedRead,
  duplicateRead,
  lsoOutOfBounds,
  splitFate,
  staleEpochEffect,
  staleGenerationEffect,
  type Told,
} from '../../../properties/kafka/checks.js';
import { judgeLogs } from '../../../properties/kafka/log-pass.js';
import { firstRepeat } from '../../../properties/view.js';
import { cfg } from '../../helpers/check.js';

/** What a reader at `level` returns from `p`, the plain way. */
function readRef(p: Partition, level: IsolationLevel): DataEntry[] {
  const f = fates(p);
  return p.log.filter(
    (e): e is DataEntry =>
      e.kind === 'data' &&
      (level === 'read_uncommitted'
        ? e.offset < p.highWatermark
        : e.offset < p.lastStableOffset && (f[e.offset] === 'plain' || f[e.offset] === 'COMMIT')),
  );
}

function abortedRef(partitions: readonly Partition[], level: IsolationLevel): string | null {
  for (const p of partitions) {
    const f = fates(p);
    const e = readRef(p, level).find((x) => f[x.offset] === 'ABORT');
    if (!e) continue;
    return `a ${level} reader returns v${e.value} at ${p.name} offset ${e.offset}, a record of an aborted transaction`;
  }
  return null;
}

function repeatRef(values: readonly number[], offsets: readonly number[]) {
  const seen = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    const first = seen.get(values[i]!);
    if (first !== undefined) return { value: values[i]!, first, second: offsets[i]! };
    seen.set(values[i]!, offsets[i]!);
  }
  return null;
}

function openRef(p: Partition): number | null {
  const f = fates(p);
  return p.log.find((e) => e.kind === 'data' && e.transactional && f[e.offset] === null)?.offset ?? null;
}

function splitRef(k: Cluster, told: readonly Told[], name: (i: number) => string): string | null {
  const word = (m: Marker) => (m === 'COMMIT' ? 'committed' : 'aborted');
  const seen = new Map<string, { fate: Marker; said: string }>();
  for (const o of told) seen.set(`${o.instance}/${o.txn}`, { fate: o.result, said: `the client was told ${o.result}` });
  const judge = (instance: number, txn: number | null, fate: Marker, said: string): string | null => {
    if (txn === null) return null;
    const prev = seen.get(`${instance}/${txn}`);
    if (!prev) seen.set(`${instance}/${txn}`, { fate, said });
    else if (prev.fate !== fate) return `transaction ${txn} of ${name(instance)}: ${said}, but ${prev.said}`;
    return null;
  };
  for (const p of k.partitions) {
    const f = fates(p);
    for (const e of p.log) {
      const fate = f[e.offset];
      if (e.kind !== 'data' || (fate !== 'COMMIT' && fate !== 'ABORT')) continue;
      const bad = judge(
        e.origin.instance,
        e.origin.txn,
        fate,
        `v${e.value} at ${p.name} offset ${e.offset} is ${word(fate)}`,
      );
      if (bad) return bad;
    }
  }
  for (const g of k.groups)
    for (const o of g.fates) {
      const bad = judge(
        o.origin.instance,
        o.origin.txn,
        o.fate,
        `its offset commit of input ${o.input} is ${word(o.fate)}`,
      );
      if (bad) return bad;
    }
  return null;
}

/** A seeded walk's states (a linear congruential generator picks among the enabled actions). */
function* walks<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  pairs: string[],
  runs: number,
  steps: number,
) {
  let seed = 12345;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 8;
  };
  for (let r = 0; r < runs; r++) {
    let s = e.model.init(cfg(e.model.keys, ...pairs));
    yield s;
    for (let i = 0; i < steps; i++) {
      const acts = e.model.enabled(s);
      if (acts.length === 0) break;
      s = e.model.step(s, acts[next() % acts.length]!);
      yield s;
    }
  }
}

/** The parts of a Kafka-speaking state the checks read. */
interface Kafkaish {
  readonly kafka: Cluster;
  readonly outcomes?: readonly Told[] | undefined;
}

/** Violations found per check, over every case: each must be above zero for the comparison to mean something. */
const found = { aborted: 0, split: 0, repeat: 0, open: 0, zombie: 0, pass: [0, 0, 0, 0, 0] };

function compare(s: Kafkaish): void {
  const k = s.kafka;
  const told = (Array.isArray(s.outcomes) ? s.outcomes : []).filter((o: Told) => o.result !== undefined);
  const name = (i: number) => `instance ${i}`;
  for (const level of ['read_committed', 'read_uncommitted'] as const) {
    const a = abortedRead(k.partitions, level);
    expect(a).toBe(abortedRef(k.partitions, level));
    if (a) found.aborted++;
    const r = readTopic(k.partitions, level);
    const ref = k.partitions.flatMap((p) => readRef(p, level));
    expect(r.values).toEqual(ref.map((e) => e.value));
    expect(r.offsets).toEqual(ref.map((e) => e.offset));
    const rep = firstRepeat(r.values, r.offsets);
    expect(rep).toEqual(repeatRef(r.values, r.offsets));
    if (rep) found.repeat++;
    // The one-pass judgement gives each check's own message, in the order of LOG_CHECKS.
    const alone = [
      staleEpochEffect(k),
      splitFate(k, told, name),
      abortedRead(k.partitions, level),
      duplicateRead(r.values, r.offsets, level, ''),
      lsoOutOfBounds(k.partitions),
    ];
    const out: (string | null)[] = ['stale', 'stale', 'stale', 'stale', 'stale'];
    judgeLogs(k, told, name, level, out);
    expect(out).toEqual(alone);
    alone.forEach((m, i) => {
      if (m !== null) found.pass[i]!++;
    });
    if (alone[0] !== null) found.zombie++;
  }
  const split = splitFate(k, told, name);
  expect(split).toBe(splitRef(k, told, name));
  if (split) found.split++;
  for (const p of k.partitions) {
    // The fates are indexed by offset and a reused list holds entries past the log's end: offsets are indexes.
    expect(p.log.every((e, i) => e.offset === i)).toBe(true);
    const o = firstOpenOffsetFromLog(p);
    expect(o).toBe(openRef(p));
    if (o !== null) found.open++;
  }
  lsoOutOfBounds(k.partitions);
}

const cases: [Entry<never, AnyAction, Keys>, string[]][] = [
  [kafkaTxnEntry, []],
  [kafkaTxnEntry, ['isolation.level=read_uncommitted', 'faults.crashes=2']],
  [kafkaTxnEntry, ['safeguard.epoch-fencing=false', 'faults.zombies=true']],
  [kafkaTxnEntry, ['enable.idempotence=false', 'faults.network=true']],
  [kafkaTxnEntry, ['replication.factor=2', 'acks=1', 'faults.broker=1', 'unclean.leader.election.enable=true']],
  [ctpEntry, ['safeguard.require-stable-offsets=false']],
  [ctpEntry, ['safeguard.generation-fencing=false', 'faults.zombies=true']],
  [kafkaStreamsEntry, []],
  [flinkKafkaEntry, []],
  [flinkKafkaEntry, ['isolation.level=read_uncommitted']],
] as never;

describe('the shared Kafka checks agree with their plain reference versions', () => {
  for (const [e, pairs] of cases)
    test(`${e.model.name} ${pairs.join(' ') || 'defaults'}`, () => {
      let n = 0;
      for (const s of walks(e, pairs, 40, 60)) {
        compare(s as unknown as Kafkaish);
        n++;
      }
      expect(n).toBeGreaterThan(400);
    });

  test('each check met violations to agree on, and a long view takes the Map path', () => {
    expect(found.aborted).toBeGreaterThan(0);
    expect(found.split).toBeGreaterThan(0);
    expect(found.repeat).toBeGreaterThan(0);
    expect(found.open).toBeGreaterThan(0);
    expect(found.zombie).toBeGreaterThan(0);
    // The one pass met violations of zombie-fenced, txn-atomicity, no-aborted-read and no-duplicates (no
    // configuration here breaks the LSO).
    expect(found.pass.slice(0, 4).every((n) => n > 0)).toBe(true);
    const values = Array.from({ length: 40 }, (_, i) => i + 1);
    const offsets = values.map((v) => v * 2);
    expect(firstRepeat(values, offsets)).toBeNull();
    expect(firstRepeat([...values, 7, 3], [...offsets, 100, 101])).toEqual({ value: 7, first: 14, second: 100 });
    expect(firstRepeat([5, 6, 5, 6], [0, 1, 2, 3])).toEqual({ value: 5, first: 0, second: 2 });
  });
});

/** The consumer applications' five log checks as they were written one by one, before their one pass. */
function appChecksAlone(s: AppState): Record<string, string | null> {
  const level = s.config.isolationLevel;
  const name = (id: number) => appName(s, id);
  const r = readJudged(s, level);
  return {
    'zombie-fenced': staleEpochEffect(s.kafka) ?? (s.config.txnIdPerTask ? null : staleGenerationEffect(s.kafka, name)),
    'txn-atomicity': splitFate(s.kafka, s.outcomes, name),
    'no-aborted-read': abortedRead([s.kafka.partitions[OUT]!], level),
    'no-duplicates': duplicateRead(
      r.values,
      r.offsets,
      level,
      `in ${judgedName(s)} `,
      s.config.sink === 'kafka' ? 'offsets' : 'entries',
    ),
    'lso-bound': lsoOutOfBounds(s.kafka.partitions),
  };
}

/** The input values with a committed (or plain) record in `out`, markers already decided counted: the plain way. */
function committedRef(s: AppState, decided: boolean): number[] {
  const p = s.kafka.partitions[OUT]!;
  const f = decided ? decidedFates(s.kafka, OUT) : fates(p);
  const out = new Set<number>();
  for (const e of p.log)
    if (e.kind === 'data' && (f[e.offset] === 'COMMIT' || f[e.offset] === 'plain')) out.add(e.value);
  return [...out].sort((a, b) => a - b);
}

/** The values `committedValues` marks, in order. */
function marked(s: AppState): number[] {
  const done = committedValues(s);
  const out: number[] = [];
  for (let v = 0; v < done.length; v++) if (done[v] === 1) out.push(v);
  return out;
}

describe('the consumer applications judge their log checks in one pass, with the messages of the checks alone', () => {
  const appCases: [Entry<never, AnyAction, Keys>, string[]][] = [
    [ctpEntry, []],
    [ctpEntry, ['safeguard.require-stable-offsets=false']],
    [ctpEntry, ['safeguard.generation-fencing=false', 'faults.zombies=true']],
    [ctpEntry, ['commit.strategy=process-then-commit', 'sink=upsert', 'faults.crashes=2']],
    [ctpEntry, ['commit.strategy=process-then-commit', 'sink=side-effect', 'faults.crashes=2']],
    [ctpEntry, ['isolation.level=read_uncommitted', 'faults.crashes=2']],
    [kafkaStreamsEntry, []],
    [kafkaStreamsEntry, ['processing.guarantee=exactly_once']],
    [kafkaStreamsEntry, ['safeguard.require-stable-offsets=false']],
  ] as never;
  const seen: Record<string, number> = {};
  /** States with committed output, and states where a decided marker not yet written counts. */
  const committed = { some: 0, decided: 0 };
  for (const [e, pairs] of appCases)
    test(`${e.model.name} ${pairs.join(' ') || 'defaults'}`, () => {
      const invariants = (e.invariants as readonly { name: string; when: string }[]).filter((i) =>
        ['zombie-fenced', 'txn-atomicity', 'no-aborted-read', 'no-duplicates', 'lso-bound'].includes(i.name),
      );
      expect(invariants).toHaveLength(5);
      for (const s of walks(e, pairs, 40, 60)) {
        const alone = appChecksAlone(s as unknown as AppState);
        const judged: Record<string, string | null> = {};
        for (const n of Object.keys(alone)) judged[n] = null;
        for (const v of violations(invariants as never, s, 'every-step', 0)) judged[v.invariant] = v.message;
        expect(judged).toEqual(alone);
        for (const [n, m] of Object.entries(alone)) if (m !== null) seen[n] = (seen[n] ?? 0) + 1;
        // offsets-atomic's committed values, kept in a reused list, against a new list of decided fates and a Set.
        const st = s as unknown as AppState;
        const ref = committedRef(st, true);
        expect(marked(st)).toEqual(ref);
        if (ref.length > 0) committed.some++;
        if (ref.join() !== committedRef(st, false).join()) committed.decided++;
      }
    });
  test('the walks met violations of the checks to agree on', () => {
    // (No walk here splits a transaction's fate or breaks the LSO: those agree on passes only.)
    expect(Object.keys(seen).sort()).toEqual(['no-aborted-read', 'no-duplicates', 'zombie-fenced']);
    expect(committed.some).toBeGreaterThan(100);
    expect(committed.decided).toBeGreaterThan(0);
  });
});
