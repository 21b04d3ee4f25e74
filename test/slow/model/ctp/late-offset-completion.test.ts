/**
 * KAFKA-17507 (`faults.late-offset-completion`) searched: on 3.8 a breadth-first search meets the early completion of
 * the next transaction's offsets at 12 steps, in consume-transform-produce and in kafka-streams under
 * exactly_once_v2; from 3.9 (3.9.1) the fault changes nothing, state for state, and every guarantee holds.
 * The exact trace is in test/model/ctp/late-offset-completion.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry, kafkaStreamsEntry } from '../../../../catalog/apps.js';
import { ctpKeys } from '../../../../model/ctp/config.js';
import { streamsKeys } from '../../../../model/streams/config.js';
import { cfg, check, exhaustive, only } from '../../../helpers/check.js';

const ctp = (...pairs: string[]) => cfg(ctpKeys, 'faults.late-offset-completion=true', ...pairs);

describe('a late offset completion, searched', () => {
  test('3.8 searched exhaustively: offsets-atomic at 12 steps', () => {
    const atomic = check(only(ctpEntry, 'offsets-atomic'), ctp('kafka.version=3.8'), exhaustive(12));
    expect(atomic.violations.map((v) => v.invariant)).toEqual(['offsets-atomic']);
    expect(atomic.trace?.length).toBe(12);
  });

  test.each(['3.9', '4.0', '4.1'])('%s answers the marker after the completion: the fault changes nothing', (v) => {
    const r = check(ctpEntry, ctp(`kafka.version=${v}`), exhaustive(12));
    expect(r.violations).toEqual([]);
    const off = check(ctpEntry, cfg(ctpKeys, `kafka.version=${v}`), exhaustive(12));
    expect(r.distinct).toBe(off.distinct);
  });

  test('off on 3.8: the same search holds', () => {
    expect(check(ctpEntry, cfg(ctpKeys, 'kafka.version=3.8'), exhaustive(12)).violations).toEqual([]);
  });

  test('kafka-streams under exactly_once_v2 on 3.8: the same early completion, at 15 steps', () => {
    const streams = (...pairs: string[]) =>
      cfg(streamsKeys, 'processing.guarantee=exactly_once_v2', 'kafka.version=3.8', ...pairs);
    const on = check(
      only(kafkaStreamsEntry, 'offsets-atomic'),
      streams('faults.late-offset-completion=true'),
      exhaustive(15),
    );
    expect(on.violations.map((v) => v.invariant)).toEqual(['offsets-atomic']);
    expect(on.trace?.length).toBe(15);
    expect(check(only(kafkaStreamsEntry, 'offsets-atomic'), streams(), exhaustive(15)).violations).toEqual([]);
  });
});
