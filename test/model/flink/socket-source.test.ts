/**
 * `job.source=socket`: a socket source (socketTextStream) has no position in the checkpoint, so a restored job reads
 * on from what arrives now, and the records the failed attempt had not committed are gone. Both ways: the default
 * KafkaSource rewinds to the checkpoint's offsets and loses nothing.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry as e } from '../../../catalog/flink-kafka.js';
import { check, exhaustive, explored, only } from '../../helpers/check.js';

describe('job.source=socket, both ways', () => {
  test('socket: a crash before the first checkpoint loses the inputs that arrived (no-loss, 10 steps)', () => {
    const r = check(only(e, 'no-loss'), ['job.source=socket'], exhaustive(24));
    expect(r.status).toBe('violation');
    expect(explored(r.trace)).toEqual(['AbortLingering', 'InitSink', 'Tick', 'Tick', 'Crash']);
    expect(r.trace).toHaveLength(10);
    expect(r.violations.map((v) => v.message)).toEqual(['input 1-3 never reached out at read_committed (3 missing)']);
  });
  test('kafka (the default): the restored offsets replay them, no-loss holds to the same depth', () => {
    const r = check(only(e, 'no-loss'), [], exhaustive(24));
    expect(r.status).toBe('ok');
  });
  test('socket without a failure (no crash, no JobManager failure): nothing is lost', () => {
    const r = check(only(e, 'no-loss'), ['job.source=socket', 'faults.crashes=0'], exhaustive(24));
    expect(r.status).toBe('ok');
  });
});
