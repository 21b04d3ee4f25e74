/**
 * A Flink job no file gives execution.checkpointing.interval runs as Flink runs it: no checkpoints
 * (checkpointing.enabled=false) and, with no restart strategy set, no restarts (restart-strategy.type=none). An
 * exactly-once Kafka sink then commits only at the end of a bounded input (a SQL source table's
 * scan.bounded.mode), at-least-once and none repeat what a resubmitted job reads again; an interval given with
 * --set makes it a checkpointing job again.
 */
import { describe, expect, test } from 'vitest';
import { cli } from '../cli/harness.js';

interface Answer {
  exit: number;
  model: string;
  violations: { invariant: string }[];
  trace: { steps: { action: { type: string } }[] };
  settings: { key: string; value: string; source: string; why: string }[];
  notes: string[];
}

const f = (name: string): string => `test/fixtures/verify/no-checkpoints/${name}`;

async function verify(...args: string[]): Promise<{ code: number; answer: Answer; text: string }> {
  const r = await cli('verify', ...args, '--json');
  return { code: r.code, answer: JSON.parse(r.stdout) as Answer, text: r.stdout };
}

const setting = (a: Answer, key: string) => a.settings.find((s) => s.key === key);

describe('verify a Flink job without a checkpoint interval', () => {
  test('exactly-once, unbounded: its transaction is never committed, and the coordinator aborts it', async () => {
    const { code, answer } = await verify(f('exactly-once-unbounded.sql'));
    expect(code).toBe(1);
    expect(answer.violations.map((v) => v.invariant)).toEqual(['no-loss', 'no-hanging-transaction']);
    expect(answer.trace.steps.some((s) => s.action.type === 'EndOfInput')).toBe(false);
    expect(setting(answer, 'checkpointing.enabled')).toMatchObject({ value: 'false', source: 'real default' });
    expect(setting(answer, 'restart-strategy.type')).toMatchObject({ value: 'none', source: 'real default' });
    expect(setting(answer, 'scan.bounded.mode')).toMatchObject({ value: 'unbounded', source: 'real default' });
    expect(setting(answer, 'execution.checkpointing.interval')).toMatchObject({ source: 'unread' });
    expect(answer.notes).toContain(
      "no file sets execution.checkpointing.interval: Flink takes no checkpoints (the job's code may enable them: " +
        'enableCheckpointing, or --set execution.checkpointing.interval=MS)',
    );
  });

  test('exactly-once, unbounded, with an interval given: a checkpointing job, and every guarantee holds', async () => {
    const { code, answer } = await verify(
      f('exactly-once-unbounded.sql'),
      '--set',
      'execution.checkpointing.interval=2000',
    );
    expect(code).toBe(0);
    expect(answer.violations).toEqual([]);
    expect(setting(answer, 'checkpointing.enabled')).toMatchObject({ value: 'true' });
    expect(answer.notes.some((n) => n.startsWith('no file sets execution.checkpointing.interval'))).toBe(false);
  });

  test('exactly-once, bounded: the end of input commits, unless the one transaction outlives its timeout', async () => {
    const { code, answer } = await verify(f('exactly-once-bounded.sql'));
    expect(code).toBe(1);
    expect(setting(answer, 'scan.bounded.mode')).toMatchObject({ value: 'specific-offsets', source: 'file' });
    expect(answer.violations.map((v) => v.invariant)).toEqual(['no-loss', 'no-hanging-transaction']);
    // The shortest loss: the input ends 610 s in, past the 600 s transaction.timeout.ms; the coordinator aborts the
    // transaction the end of input pre-committed, and its commit fails.
    const actions = answer.trace.steps.map((s) => s.action.type);
    expect(actions.length).toBe(17);
    expect(actions[13]).toBe('EndOfInput');
  });

  test('at-least-once, bounded: a resubmitted job reads from earliest-offset again and repeats records', async () => {
    const { code, answer } = await verify(f('at-least-once-bounded.sql'));
    expect(code).toBe(1);
    expect(answer.violations.map((v) => v.invariant)).toEqual(['no-duplicates']);
  });

  test('none, unbounded: the same repeat', async () => {
    const { code, answer } = await verify(f('none-unbounded.sql'));
    expect(code).toBe(1);
    expect(answer.violations.map((v) => v.invariant)).toEqual(['no-duplicates']);
  });
});
