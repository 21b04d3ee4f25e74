/**
 * The `flink-kafka` renderings: a numbered timeline with folded routine runs, and a mermaid diagram with the job's
 * participants.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../catalog/flink-kafka.js';
import { checkpointAlignment } from '../../scenarios/checkpoint-alignment.js';
import { renderMermaid } from '../../traces/render/mermaid.js';
import { renderText } from '../../traces/render/text.js';
import { check, exhaustive, only } from '../helpers/check.js';
import { playFlink } from '../scenarios/flink-helpers.js';

const { model, render } = flinkKafkaEntry;
const linger = check(
  only(flinkKafkaEntry, 'no-hanging-transaction'),
  [
    'safeguard.abort-lingering-transactions=false',
    'faults.jobmanager=1',
    'high-availability.type=none',
    'faults.crashes=0',
    'input.records=2',
  ],
  exhaustive(60, 12000),
);

describe('flink-kafka text rendering', () => {
  test('a counterexample reads as a numbered timeline with its violation and the end state', () => {
    const text = renderText(model, render, linger.states!, linger.trace!, linger.violations);
    expect(text).toContain('1. t=0 ms sink.InitProducerId(flink-0-1)');
    expect(text).toContain('fault.JobManagerFail(no HA)');
    expect(text).toContain('-- final drain (fault-free) --');
    expect(text).toContain('coordinator.ExpireTxn(flink-0-3)');
    expect(text).toMatch(/!! VIOLATED no-hanging-transaction: out-0: the transaction of flink-0-3 from offset 0 was /);
    expect(text).toContain(
      'coordinator: flink-0-1 CompleteCommit (epoch 2), flink-0-2 Empty (epoch 1), flink-0-3 CompleteAbort (epoch 1)',
    );
    expect(renderText(model, render, linger.states!, linger.trace!, linger.violations)).toBe(text);
  });
  test('routine data-path runs fold into one line; barriers, snapshots and the restore are shown', () => {
    const ex = playFlink(checkpointAlignment, ['execution.checkpointing.mode', 'AT_LEAST_ONCE']);
    const text = renderText(model, render, ex.states, ex.steps, ex.violations);
    expect(text).toContain('barrier 1 from in-0');
    expect(text).toContain('snapshot of checkpoint 1: count 8, 1 committable(s)');
    expect(text).toContain('restored checkpoint 1: offsets in-0=2, in-1=4, count 8');
    expect(text).toContain('!! VIOLATED state-exactly-once');
    expect(text).toMatch(/^\d+-\d+\. t=/m);
  });
});

describe('flink-kafka mermaid rendering (generic: lanes from the action table and the events)', () => {
  test(
    'participants JobManager, TaskManager, coordinator, partitions first; numbered calls; ' +
      'violation notes over every lane',
    () => {
      const m = renderMermaid(model, render, linger.states!, linger.trace!, linger.violations);
      const lines = m.split('\n');
      expect(lines[0]).toBe('sequenceDiagram');
      // Participant ids are generated: look them up by name.
      const participants = lines.flatMap((l) => {
        const p = /^ {2}participant (\S+) as (.+)$/.exec(l);
        return p ? [[p[2]!, p[1]!] as const] : [];
      });
      expect(participants.slice(0, 4).map(([name]) => name)).toEqual([
        'JobManager',
        'TaskManager',
        'coordinator',
        'out-0',
      ]);
      const id = new Map(participants);
      expect(m).toContain(`  ${id.get('TaskManager')}->>${id.get('coordinator')}: 1. sink.InitProducerId(flink-0-1)`);
      expect(m).toContain(
        `  Note over ${id.get('JobManager')},${participants.at(-1)![1]}: VIOLATED no-hanging-transaction`,
      );
      expect(m).not.toMatch(/: .*[#;]/);
    },
  );
});
