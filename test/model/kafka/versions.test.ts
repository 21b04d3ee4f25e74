/** Kafka release numbers: which texts `kafka.version` accepts, and how they order. */
import { describe, expect, test } from 'vitest';
import { kafkaKeys } from '../../../model/kafka/keys.js';
import {
  atOrAfter,
  isKafkaVersion,
  KAFKA_VERSION_PATTERN,
  lastPatchOf,
  parseKafkaVersion,
} from '../../../model/kafka/versions.js';

/** Every Apache Kafka release from 2.4.0 to 4.1.0. */
const REAL = [
  ...['2.4.0', '2.4.1', '2.5.0', '2.5.1', '2.6.0', '2.6.1', '2.6.2', '2.6.3', '2.7.0', '2.7.1', '2.7.2'],
  ...['2.8.0', '2.8.1', '2.8.2', '3.0.0', '3.0.1', '3.0.2', '3.1.0', '3.1.1', '3.1.2'],
  ...['3.2.0', '3.2.1', '3.2.2', '3.2.3', '3.3.0', '3.3.1', '3.3.2', '3.4.0', '3.4.1'],
  ...['3.5.0', '3.5.1', '3.5.2', '3.6.0', '3.6.1', '3.6.2', '3.7.0', '3.7.1', '3.7.2', '3.8.0', '3.8.1'],
  ...['3.9.0', '3.9.1', '4.0.0', '4.0.1', '4.1.0'],
];
/** Patches the lines that may still get one (3.9 and 4.x) are taken at before they are known. */
const LATER = ['3.9.2', '4.0.2', '4.1.1', '4.1.12'];
const LINES = [...new Set(REAL.map((v) => v.split('.').slice(0, 2).join('.')))];
const NOT = [
  ...['2.3', '2.3.1', '2.9', '3.10', '4.2', '5.0', 'x', ''],
  ...['3', '3.', '3.6.', '3.6.1.1', '03.6', '3.06', '3.9.01'],
];
const PAST_THE_LAST = ['2.4.2', '2.6.4', '3.4.2', '3.6.3', '3.8.2'];

describe('kafka.version accepts every release from 2.4 to 4.1', () => {
  test.each([...LINES, ...REAL, ...LATER])('%s', (v) => {
    expect([isKafkaVersion(v), KAFKA_VERSION_PATTERN.test(v)]).toEqual([true, true]);
  });

  test.each([...NOT, ...PAST_THE_LAST])('not %j', (v) => {
    expect([isKafkaVersion(v), KAFKA_VERSION_PATTERN.test(v)]).toEqual([false, false]);
  });

  test('the key checks with the same pattern and says so in one line', () => {
    expect(kafkaKeys.kafkaVersion.pattern).toBe(KAFKA_VERSION_PATTERN);
    expect(kafkaKeys.kafkaVersion.accepted).toBe('every release from 2.4 to 4.1, as X.Y or X.Y.Z');
  });
});

describe('order', () => {
  test('X.Y is its latest patch: after every X.Y.Z, before the next line', () => {
    const n = (v: string) => parseKafkaVersion(v)!;
    expect(atOrAfter(n('3.4'), n('3.4.1'))).toBe(true);
    expect(atOrAfter(n('3.4.1'), n('3.4'))).toBe(false);
    expect(atOrAfter(n('3.5.0'), n('3.4'))).toBe(true);
    expect(atOrAfter(n('2.8.2'), n('3.0.0'))).toBe(false);
    expect(atOrAfter(n('4.0.1'), n('4.0.0'))).toBe(true);
  });

  test("a finished line's last patch; none for a line that may get more", () => {
    expect(['2.6', '3.4', '3.4.0', '3.8', '3.9', '4.1'].map(lastPatchOf)).toEqual([
      '2.6.3',
      '3.4.1',
      '3.4.1',
      '3.8.1',
      null,
      null,
    ]);
  });
});
