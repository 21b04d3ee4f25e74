/** The `flink-kafka` renderings: a numbered timeline with folded routine runs, and a mermaid diagram with the participants. */
import { describe, expect, test } from 'vitest';
import { checkModel } from '../../properties/check.js';
import { flinkKafkaSubject } from '../../properties/flink/subject.js';
import { renderFlinkMermaid, renderFlinkText } from '../../traces/flink/index.js';
import { flinkCfg } from '../model/flink/helpers.js';
import { playFlink } from '../scenarios/flink-helpers.js';
import { checkpointAlignment } from '../../scenarios/checkpoint-alignment.js';

const linger = checkModel(flinkKafkaSubject, flinkCfg('safeguard.abort-lingering-transactions=false', 'input.records=2'), { mode: 'exhaustive', depth: 60, maxStates: 12000 });

describe('renderFlinkText', () => {
  test('a counterexample reads as a numbered timeline with its violation and the end state', () => {
    const text = renderFlinkText(linger.states!, linger.trace!, linger.violations);
    expect(text).toContain('1. t=0 ms sink.InitProducerId(flink-0-1)');
    expect(text).toContain('fault.Crash(TaskManager)');
    expect(text).toContain('-- final drain (fault-free) --');
    expect(text).toMatch(/!! VIOLATED no-hanging-transaction: out-0: the transaction of flink-0-2/);
    expect(text).toContain('coordinator: flink-0-1 CompleteCommit (epoch 2), flink-0-2 Ongoing (epoch 0)');
    expect(renderFlinkText(linger.states!, linger.trace!, linger.violations)).toBe(text);
  });
  test('routine data-path runs fold into one line; barriers, snapshots and the restore are shown', () => {
    const ex = playFlink(checkpointAlignment, ['execution.checkpointing.mode', 'AT_LEAST_ONCE']);
    const text = renderFlinkText(ex.states, ex.steps, ex.violations);
    expect(text).toContain('barrier 1 from in-0');
    expect(text).toContain('snapshot of checkpoint 1: count 8, 1 committable(s)');
    expect(text).toContain('restored checkpoint 1: offsets in-0=2, in-1=4, count 8');
    expect(text).toContain('!! VIOLATED state-exactly-once');
    expect(text).toMatch(/^\d+-\d+\. t=/m);
  });
});

describe('renderFlinkMermaid', () => {
  test('participants JobManager, TaskManager, coordinator, partitions; numbered calls; violation notes', () => {
    const m = renderFlinkMermaid(linger.states!, linger.trace!, linger.violations);
    expect(m.split('\n').slice(0, 5)).toEqual([
      'sequenceDiagram',
      '  participant JM as JobManager',
      '  participant TM as TaskManager (source, count, sink)',
      '  participant TC as coordinator',
      '  participant P0 as out-0',
    ]);
    expect(m).toContain('  TM->>TC: 1. sink.InitProducerId(flink-0-1)');
    expect(m).toContain('Note over JM,P0: VIOLATED no-hanging-transaction');
    expect(m).not.toMatch(/: .*[#;]/);
  });
});
