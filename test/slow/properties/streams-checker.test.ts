/**
 * Every direction of the processing guarantees for kafka-streams, with pinned seeds and small exhaustive bounds:
 * at_least_once over-counts and duplicates, EOS v1 and v2 hold with crashes, a zombie and task
 * migration, and EOS v2 without generation fencing lets a zombie commit (EOS v1, fenced per task by
 * its transactional.id, does not need it).
 */
import { describe, expect, test } from 'vitest';
import { kafkaStreamsEntry } from '../../../catalog/apps.js';
import { streamsKeys } from '../../../model/streams/config.js';
import { renderText } from '../../../traces/render/text.js';
import { cfg, check, exhaustive, explored, random } from '../../helpers/check.js';
import { HANGING_ROWS, HOLDS_ROWS, stateLossByRelease } from '../../helpers/streams-state-loss.js';

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

// faults.producer-state-loss by release: why a zombie, and what each release does, in
// test/helpers/streams-state-loss.ts; 2.5 (hanging) and 3.6 (holds) here, the other releases in the slow suite.
describe('faults.producer-state-loss by release (exhaustive, depth 16)', () => {
  stateLossByRelease(
    HANGING_ROWS.filter((r) => r.fast),
    HOLDS_ROWS.filter((r) => r.fast),
  );
});
