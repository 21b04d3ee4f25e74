/**
 * Every direction of the processing guarantees for kafka-streams, with pinned seeds and small exhaustive bounds:
 * at_least_once over-counts and duplicates, EOS v1 and v2 hold with crashes, a zombie and task
 * migration, and EOS v2 without generation fencing lets a zombie commit (EOS v1, fenced per task by
 * its transactional.id, does not need it).
 */
import { describe, expect, test } from 'vitest';
import { kafkaStreamsEntry } from '../../catalog/apps.js';
import { streamsKeys } from '../../model/streams/config.js';
import { renderText } from '../../traces/render/text.js';
import { cfg, check, exhaustive, explored, random } from '../helpers/check.js';

const streams = (...pairs: string[]) => cfg(streamsKeys, ...pairs);
/** EOS v1 at the newest release that still has it. */
const V1 = 'processing.guarantee=exactly_once kafka.version=3.9';

describe('random exploration (pinned seeds)', () => {
  test('seed 11: at_least_once: the restored count store over-counts (state-exactly-once) or output repeats', () => {
    const r = check(kafkaStreamsEntry, streams('processing.guarantee=at_least_once'), random(300, 11));
    expect(['state-exactly-once', 'no-duplicates']).toContain(r.violations[0]!.invariant);
    // Join, list the changelog end, restore, fetch, process, crash; the restart's join and restore.
    expect(r.trace!.length).toBeLessThanOrEqual(14);
    expect(renderText(kafkaStreamsEntry.model, kafkaStreamsEntry.render, r.states!, r.trace!, r.violations)).toMatch(
      /count store restored to \d/,
    );
  });
  test('seed 2: at_least_once without zombies fails too (a crash alone is enough)', () => {
    // Seed 11 needs 2,470 runs, as the restore takes two steps of its own; seed 2 finds it in run 43.
    const r = check(
      kafkaStreamsEntry,
      streams('processing.guarantee=at_least_once', 'faults.zombies=false'),
      random(300, 2),
    );
    expect(r.status).toBe('violation');
  });
  // exactly_once (EOS v1) exists until 3.9 (removed in 4.0, KAFKA-16331): its runs name kafka.version=3.9.
  for (const g of [V1, 'processing.guarantee=exactly_once_v2']) {
    test(`seed 11: ${g} holds with crashes, a zombie and task migration`, () => {
      const r = check(kafkaStreamsEntry, streams(...g.split(' '), 'faults.crashes=2'), random(200, 11));
      expect(r.violations).toEqual([]);
      expect(r.steps).toBeGreaterThan(2000);
    });
  }
  test('seed 11: exactly_once_v2 with generation-fencing=false fails: the zombie thread commits', () => {
    const r = check(kafkaStreamsEntry, streams('safeguard.generation-fencing=false'), random(300, 11));
    expect(r.violations[0]!.invariant).toBe('zombie-fenced');
  });
  // EOS v1 fences a task's previous owner by the epoch of the task's transactional.id alone (3.x sends the group id
  // only with the offsets, KAFKA-12574; 2.6-2.8 the full metadata), so it does not need generation fencing.
  for (const version of ['3.9', '2.7'])
    test(`seed 11: exactly_once (v1, kafka.version=${version}) with generation-fencing=false holds`, () => {
      const r = check(
        kafkaStreamsEntry,
        streams('processing.guarantee=exactly_once', `kafka.version=${version}`, 'safeguard.generation-fencing=false'),
        random(300, 11),
      );
      expect(r.violations).toEqual([]);
      expect(r.coverage['Pause']).toBeGreaterThan(0);
      expect(r.steps).toBeGreaterThan(2000);
    });
  test('seed 11: exactly_once (v1) without epoch fencing fails: the task producer zombie is not fenced', () => {
    const r = check(kafkaStreamsEntry, streams(...V1.split(' '), 'safeguard.epoch-fencing=false'), random(300, 11));
    expect(r.status).toBe('violation');
  });
});

describe('exhaustive search (one instance, depth 8)', () => {
  const ex = exhaustive(8, 50_000);
  test('at_least_once: shortest counterexample join, restore, fetch, process, crash', () => {
    const r = check(kafkaStreamsEntry, streams('processing.guarantee=at_least_once', 'instances=1'), ex);
    expect(r.violations[0]!.invariant).toBe('state-exactly-once');
    expect(explored(r.trace)).toEqual(['Join', 'InitializeTask', 'RestoreStore', 'FetchOffset', 'Process', 'Crash']);
  });
  for (const g of [V1, 'processing.guarantee=exactly_once_v2']) {
    test(`${g}: the whole bounded space holds`, () => {
      const r = check(kafkaStreamsEntry, streams(...g.split(' '), 'instances=1'), ex);
      expect(r.violations).toEqual([]);
      expect(r.distinct).toBeGreaterThan(50);
    });
  }
});

// faults.producer-state-loss (no crash, a zombie, exhaustive to depth 16). The zombie is paused inside its
// transaction; its transaction is aborted (EOS v1: the new owner of task 0_0 initialises its transactional.id and
// fences it; EOS v2: the coordinator times it out), the ABORT marker reaches changelog-0, and a day later (a week
// before 3.4) the leader there expires producer 1; the zombie resumes and writes v2 there with the old epoch. 2.4
// answers UNKNOWN_PRODUCER_ID; 2.5-3.5 accept a producer they have no state for (KAFKA-8710) and open a transaction
// no coordinator knows: nothing ever ends it (KAFKA-12671, the hanging transaction); 3.6+ verify the write with the
// coordinator first (KIP-890), which fences it. Why a zombie: this once ran one live instance, no zombie, and the loss
// came right after the marker, while the instance was inside its transaction; a live member writes again long before
// its leader could have gone a day without a word from it (ProducerStateManager.isProducerExpired).
describe('faults.producer-state-loss by release (exhaustive, depth 16)', () => {
  const lost = (version: string, g: string) =>
    streams(
      `processing.guarantee=${g}`,
      `kafka.version=${version}`,
      'faults.producer-state-loss=true',
      'faults.crashes=0',
    );
  const ex = exhaustive(16, 400_000);
  for (const [version, g, tail, length] of [
    ['2.5', 'exactly_once', ['Pause', 'InitProducerId', 'WriteTxnMarker', 'LoseProducerState', 'Resume'], 19],
    ['2.7', 'exactly_once', ['Pause', 'InitProducerId', 'WriteTxnMarker', 'LoseProducerState', 'Resume'], 20],
    ['3.5', 'exactly_once_v2', ['Tick', 'ExpireTxn', 'WriteTxnMarker', 'Pause', 'LoseProducerState', 'Resume'], 22],
  ] as const)
    test(`${version}, ${g}: the zombie's write after its producer expired opens a transaction nothing ends`, () => {
      const r = check(kafkaStreamsEntry, lost(version, g), ex);
      expect(r.violations.map((v) => v.invariant)).toContain('no-hanging-transaction');
      const calls = explored(r.trace);
      expect(calls.slice(calls.indexOf(tail[0]))).toEqual(tail);
      // The fewest steps among the traces the search compared before its bound for a shorter one.
      expect([r.trace!.length, r.shortest]).toEqual([length, false]);
    });
  for (const [version, g] of [
    ['2.4', 'exactly_once'],
    ['3.6', 'exactly_once'],
    ['3.9', 'exactly_once_v2'],
    ['4.1', 'exactly_once_v2'],
  ] as const)
    test(`${version}, ${g}: the whole bounded space holds`, () => {
      const r = check(kafkaStreamsEntry, lost(version, g), ex);
      expect(r.violations).toEqual([]);
      expect(r.bound).toBe('depth');
      expect(r.coverage['LoseProducerState']).toBeGreaterThan(0);
    });
});
