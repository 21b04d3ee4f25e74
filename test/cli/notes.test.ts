/**
 * A setting Flink accepts and ignores is checked as Flink runs it, and the report says so in a note line (AT_LEAST_ONCE
 * with unaligned checkpoints: StreamJobGraphGenerator warns and switches them off).
 */
import { expect, test } from 'vitest';
import { cli } from './harness.js';

const atLeastOnce = ['--set', 'execution.checkpointing.mode=AT_LEAST_ONCE', '--set', 'input.records=2'];
const check = ['check', 'flink-kafka', '--exhaustive', '--depth', '10', '--quiet'];

test('AT_LEAST_ONCE with unaligned checkpoints: exit 0, the note, the verdict of AT_LEAST_ONCE alone', async () => {
  const unaligned = ['--set', 'execution.checkpointing.unaligned.enabled=true'];
  const on = await cli(...check.slice(0, -1), ...atLeastOnce, ...unaligned);
  expect(on.code).toBe(0);
  expect(on.stdout).toContain(
    '  note: execution.checkpointing.unaligned.enabled=true with execution.checkpointing.mode=AT_LEAST_ONCE: Flink ' +
      'warns "Unaligned checkpoints can only be used with checkpointing mode EXACTLY_ONCE" and switches them off ' +
      "(StreamJobGraphGenerator): checked as Flink runs it, AT_LEAST_ONCE's barrier tracking without channel state\n",
  );
  const off = await cli(...check, ...atLeastOnce);
  const first = (t: string): string => t.split('\n')[0]!;
  expect(first(on.stdout)).toBe(first(off.stdout));
  expect(off.stdout).not.toContain('note:');
});
