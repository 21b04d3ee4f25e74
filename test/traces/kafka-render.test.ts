/**
 * The two renderings of a `kafka-txn` trace, on traces built by stepping the real model. Expected
 * strings are derived from the model's rules (comments say why), not pasted from the output.
 */
import { describe, expect, test } from 'vitest';
import { defaults, type ConfigValue } from '../../model/config.js';
import { enabled, initialState, kafkaTxnConfig, kafkaTxnKeys, step, type KafkaAction, type KafkaState } from '../../model/kafka/index.js';
import { sameAction } from '../../model/model.js';
import { violations as judge, type Violation } from '../../properties/invariant.js';
import { kafkaInvariants } from '../../properties/kafka/index.js';
import type { TraceStep } from '../../properties/run.js';
import { describeAction, describeEvents } from '../../traces/kafka/describe.js';
import { renderKafkaMermaid } from '../../traces/kafka/mermaid.js';
import { renderKafkaText } from '../../traces/kafka/text.js';

interface Run {
  readonly states: KafkaState[];
  readonly steps: TraceStep<KafkaAction>[];
  readonly violations: Violation[];
}

/** Steps `actions` from the initial state of the defaults plus `set`, each checked to be enabled first; judges every-step invariants. */
function run(set: Record<string, ConfigValue>, actions: readonly KafkaAction[]): Run {
  const config = kafkaTxnConfig({ ...defaults(kafkaTxnKeys), ...set });
  const states = [initialState(config)];
  const steps: TraceStep<KafkaAction>[] = [];
  const violations: Violation[] = [];
  for (const a of actions) {
    const s = states[states.length - 1]!;
    if (!enabled(s).some((e) => sameAction(e, a))) throw new Error(`step ${steps.length + 1}: ${JSON.stringify(a)} is not enabled`);
    const next = step(s, a);
    states.push(next);
    steps.push({ action: a, phase: 'script' });
    violations.push(...judge(kafkaInvariants, next, 'every-step', steps.length - 1));
  }
  return { states, steps, violations };
}

/** The lines of `text` from the one starting with `from` up to (not including) the one starting with `to`. */
function block(text: string, from: string, to: string): string[] {
  const lines = text.split('\n');
  const a = lines.findIndex((l) => l.startsWith(from));
  const b = lines.findIndex((l, i) => i > a && l.startsWith(to));
  expect(a, `no line starting with ${from}`).toBeGreaterThanOrEqual(0);
  return lines.slice(a, b < 0 ? undefined : b);
}

const app1 = 1;
const init: KafkaAction = { type: 'InitProducerId', instance: app1 };
const begin: KafkaAction = { type: 'BeginTxn', instance: app1 };
const produce: KafkaAction = { type: 'Produce', instance: app1, partition: 0 };
const markers: KafkaAction = { type: 'WriteTxnMarkers', app: 0 };

// One app copying 5 inputs to one partition: a committed transaction of v1..v3 with its offsets,
// then an aborted one of v4, v5. transaction.version=2: the epoch is bumped at every EndTxn.
const commitThenAbort = run({ producers: 1, partitions: 1, 'input.records': 5 }, [
  init, begin, produce, produce, produce, { type: 'SendOffsets', instance: app1 }, { type: 'CommitTxn', instance: app1 }, markers,
  begin, produce, produce, { type: 'AbortTxn', instance: app1 }, markers,
]);

describe('renderKafkaText: commit then abort', () => {
  const text = renderKafkaText(commitThenAbort.states, commitThenAbort.steps, commitThenAbort.violations);
  const lines = text.split('\n');

  test('a fault-free trace violates nothing', () => {
    expect(commitThenAbort.violations).toEqual([]);
    expect(text).not.toContain('VIOLATED');
  });

  test('numbered call lines, 1-based, derived from the state before the step', () => {
    // value = app * input.records + position + 1; seq = the instance's next sequence on out-0.
    for (const l of [
      '1. app-0#1.InitProducerId()',
      '2. app-0#1.BeginTxn()',
      '3. app-0#1.Produce(out-0, v1, pid=1, epoch=0, seq=0)',
      '5. app-0#1.Produce(out-0, v3, pid=1, epoch=0, seq=2)',
      '6. app-0#1.SendOffsets(in-0 -> 3)',
      '7. app-0#1.CommitTxn()',
      '8. coordinator.WriteTxnMarkers(app-0: COMMIT)',
      // The commit bumped the epoch to 1, so the second transaction restarts at seq 0.
      '10. app-0#1.Produce(out-0, v4, pid=1, epoch=1, seq=0)',
      '12. app-0#1.AbortTxn()',
      '13. coordinator.WriteTxnMarkers(app-0: ABORT)',
    ]) expect(lines).toContain(l);
  });

  test('the first InitProducerId bumps the epoch from -1 to 0 and the instance is ready', () => {
    expect(block(text, '1. ', '2. ')).toEqual(['1. app-0#1.InitProducerId()', '   coordinator app-0: producer id 1, epoch 0', '   app-0#1: ready']);
  });

  test('the first write starts the transaction at the coordinator (KIP-890 verification) and is not yet readable', () => {
    expect(block(text, '3. ', '4. ')).toEqual([
      '3. app-0#1.Produce(out-0, v1, pid=1, epoch=0, seq=0)',
      '   coordinator app-0: Empty -> Ongoing (epoch 0)',
      '   coordinator app-0: out-0 added to the transaction',
      '   out-0: appended offset 0',
      '   out-0 (LSO 0, high watermark 1):',
      '     offset | producer | epoch | record | read_committed',
      '     0      | 1        | 0     | v1     | no (open)',
    ]);
  });

  test('the commit: PrepareCommit with the epoch bump, then markers with the new epoch make v1..v3 readable', () => {
    expect(block(text, '6. ', '7. ')).toEqual([
      '6. app-0#1.SendOffsets(in-0 -> 3)',
      '   coordinator app-0: __consumer_offsets added to the transaction',
      '   __consumer_offsets: in-0 -> 3 pending',
    ]);
    expect(block(text, '7. ', '8. ')).toEqual([
      '7. app-0#1.CommitTxn()',
      '   coordinator app-0: Ongoing -> PrepareCommit (epoch 0)',
      '   coordinator app-0: epoch bumped to 1',
      '   app-0#1: ready',
    ]);
    expect(block(text, '8. ', '9. ')).toEqual([
      '8. coordinator.WriteTxnMarkers(app-0: COMMIT)',
      '   out-0: COMMIT marker at offset 3 (epoch 1)',
      '   __consumer_offsets: in-0 -> 3 committed',
      '   __consumer_offsets: COMMIT marker',
      '   coordinator app-0: PrepareCommit -> CompleteCommit (epoch 1)',
      '   out-0 (LSO 4, high watermark 4):',
      '     offset | producer | epoch | record | read_committed',
      '     0      | 1        | 0     | v1     | yes',
      '     1      | 1        | 0     | v2     | yes',
      '     2      | 1        | 0     | v3     | yes',
      '     3      | 1        | 1     | COMMIT',
    ]);
  });

  test('an open transaction holds the LSO; the abort marker makes its records never readable', () => {
    expect(block(text, '11. ', '12. ')).toContain('     5      | 1        | 1     | v5     | no (open)');
    expect(block(text, '11. ', '12. ')).toContain('   out-0 (LSO 4, high watermark 6):');
    expect(block(text, '13. ', '-- end state --')).toEqual([
      '13. coordinator.WriteTxnMarkers(app-0: ABORT)',
      '   out-0: ABORT marker at offset 6 (epoch 2)',
      '   coordinator app-0: PrepareAbort -> CompleteAbort (epoch 2)',
      '   out-0 (LSO 7, high watermark 7):',
      '     offset | producer | epoch | record | read_committed',
      '     0      | 1        | 0     | v1     | yes',
      '     1      | 1        | 0     | v2     | yes',
      '     2      | 1        | 0     | v3     | yes',
      '     3      | 1        | 1     | COMMIT',
      '     4      | 1        | 1     | v4     | no (aborted)',
      '     5      | 1        | 1     | v5     | no (aborted)',
      '     6      | 1        | 2     | ABORT',
    ]);
  });

  test('steps that write no partition print no log table', () => {
    expect(block(text, '12. ', '13. ')).toEqual(['12. app-0#1.AbortTxn()', '   coordinator app-0: Ongoing -> PrepareAbort (epoch 1)', '   coordinator app-0: epoch bumped to 2', '   app-0#1: ready']);
  });

  test('the summary: read_committed skips the aborted v4, v5 and the markers; read_uncommitted has every data record', () => {
    expect(block(text, '-- end state --', '\u0000')).toEqual([
      '-- end state --',
      'out-0: LSO 7, high watermark 7',
      '   read_committed:   v1, v2, v3',
      '   read_uncommitted: v1, v2, v3, v4, v5',
      '__consumer_offsets: committed in-0 -> 3',
      '',
    ]);
  });

  test('colour only on request', () => {
    expect(text).not.toMatch(/\u001b\[/);
    const colored = renderKafkaText(commitThenAbort.states, commitThenAbort.steps, commitThenAbort.violations, { color: true });
    expect(colored).toMatch(/\u001b\[/);
    expect(colored.replace(/\u001b\[[0-9;]*m/g, '')).toBe(text);
  });

  test('violations go under their step, those of the initial state before step 1, and the drain has a heading', () => {
    const steps = commitThenAbort.steps.map((s, i) => (i >= 12 ? { ...s, phase: 'drain' as const } : s));
    const vs: Violation[] = [
      { invariant: 'lso-bound', message: 'made up for the initial state', step: -1 },
      { invariant: 'zombie-fenced', message: 'made up for step 2', step: 1 },
    ];
    const t = renderKafkaText(commitThenAbort.states, steps, vs).split('\n');
    expect(t.slice(0, 3)).toEqual(['-- initial state --', '   !! VIOLATED lso-bound: made up for the initial state', '1. app-0#1.InitProducerId()']);
    expect(t.slice(t.indexOf('2. app-0#1.BeginTxn()'), t.indexOf('2. app-0#1.BeginTxn()') + 4)).toEqual([
      '2. app-0#1.BeginTxn()',
      '   app-0#1: in a transaction',
      '   !! VIOLATED zombie-fenced: made up for step 2',
      '3. app-0#1.Produce(out-0, v1, pid=1, epoch=0, seq=0)',
    ]);
    expect(t[t.indexOf('13. coordinator.WriteTxnMarkers(app-0: ABORT)') - 1]).toBe('-- final drain (fault-free) --');
    expect(t.filter((l) => l.startsWith('-- final drain'))).toHaveLength(1);
  });
});

describe('renderKafkaMermaid: commit then abort', () => {
  const m = renderKafkaMermaid(commitThenAbort.states, commitThenAbort.steps, commitThenAbort.violations);
  const lines = m.split('\n');

  test('participants: the instance, coordinator, partition, offsets; no network', () => {
    expect(lines.slice(0, 5)).toEqual([
      'sequenceDiagram',
      '  participant I1 as app-0 instance 1',
      '  participant TC as coordinator',
      '  participant P0 as out-0',
      '  participant CO as __consumer_offsets',
    ]);
    expect(m).not.toContain('NET');
  });

  test('calls, replies and markers, numbered like the text timeline', () => {
    for (const l of [
      '  I1->>TC: 1. InitProducerId',
      '  TC-->>I1: pid 1, epoch 0',
      '  Note over I1: 2. BeginTxn',
      '  I1->>P0: 5. Produce v3 (epoch 0, seq 2)',
      '  P0-->>I1: appended at offset 2',
      '  I1->>TC: 6. SendOffsets in-0 -> 3',
      '  Note over CO: in-0 -> 3 pending',
      '  Note over TC: Ongoing -> PrepareCommit',
      '  Note over TC: 8. WriteTxnMarkers app-0 COMMIT',
      '  TC->>P0: COMMIT marker at offset 3 (epoch 1)',
      '  TC->>CO: COMMIT marker',
      '  TC->>P0: ABORT marker at offset 6 (epoch 2)',
    ]) expect(lines).toContain(l);
    // The call comes before what it caused.
    expect(lines.indexOf('  Note over TC: 8. WriteTxnMarkers app-0 COMMIT')).toBeLessThan(lines.indexOf('  TC->>P0: COMMIT marker at offset 3 (epoch 1)'));
  });

  test('message text never holds what mermaid reads as a statement end or comment', () => {
    for (const l of lines.slice(1)) {
      expect(l).not.toContain(';');
      expect(l).not.toContain('#');
      // One separator colon at most, after the arrow target or note placement.
      expect(l.split(':').length).toBeLessThanOrEqual(2);
    }
  });

  test('violations as notes after their step', () => {
    const vs: Violation[] = [{ invariant: 'zombie-fenced', message: 'made up; with # and : in it', step: 1 }];
    const ls = renderKafkaMermaid(commitThenAbort.states, commitThenAbort.steps, vs).split('\n');
    expect(ls[ls.indexOf('  Note over I1: 2. BeginTxn') + 1]).toBe('  Note over I1,CO: VIOLATED zombie-fenced');
  });
});

// A zombie: instance 1 pauses mid-transaction, its replacement fences it, and it resumes.
const zombie = run({ producers: 1, partitions: 1 }, [
  init, begin, produce,
  { type: 'Pause', instance: 1 },
  // The replacement's InitProducerId finds app-0 Ongoing: fence (epoch 1), abort, retry later.
  { type: 'InitProducerId', instance: 2 },
  markers,
  { type: 'InitProducerId', instance: 2 },
  { type: 'Resume', instance: 1 },
  produce,
]);

describe('a fenced zombie', () => {
  const text = renderKafkaText(zombie.states, zombie.steps, zombie.violations);
  const m = renderKafkaMermaid(zombie.states, zombie.steps, zombie.violations).split('\n');

  test('text: the pause, the fence, and the rejected write of the stale epoch', () => {
    expect(zombie.violations).toEqual([]);
    expect(block(text, '4. ', '5. ')).toEqual(['4. fault.Pause(app-0#1)', '   app-0#1: paused (a replacement starts)', '   app-0#2: started']);
    expect(block(text, '5. ', '6. ')).toEqual([
      '5. app-0#2.InitProducerId()',
      '   coordinator app-0: Ongoing -> PrepareEpochFence (epoch 0)',
      '   coordinator app-0: epoch bumped to 1',
      '   coordinator app-0: PrepareEpochFence -> PrepareAbort (epoch 1)',
      '   rejected by coordinator: CONCURRENT_TRANSACTIONS (InitProducerId)',
    ]);
    expect(block(text, '7. ', '8. ')).toEqual(['7. app-0#2.InitProducerId()', '   coordinator app-0: epoch bumped to 2', '   coordinator app-0: CompleteAbort -> Empty (epoch 2)', '   app-0#2: ready']);
    expect(block(text, '8. ', '9. ')).toEqual(['8. fault.Resume(app-0#1)', '   app-0#1: resumed']);
    // The zombie still holds epoch 0 and sequence 1; the leader's verification asks the
    // coordinator, whose epoch is 2, and the refusal is recorded once.
    expect(block(text, '9. ', '-- end state --')).toEqual([
      '9. app-0#1.Produce(out-0, v2, pid=1, epoch=0, seq=1)',
      '   rejected by coordinator: PRODUCER_FENCED (AddPartitionsToTxn(out-0, verify))',
      '   app-0#1: fenced',
    ]);
  });

  test('mermaid: both instances, the fence notes and the rejection arrows', () => {
    expect(m.slice(1, 3)).toEqual(['  participant I1 as app-0 instance 1', '  participant I2 as app-0 instance 2']);
    for (const l of [
      '  Note over I1: 4. pause',
      '  Note over I2: started',
      '  I2->>TC: 5. InitProducerId',
      '  Note over TC: Ongoing -> PrepareEpochFence',
      '  TC--xI2: CONCURRENT_TRANSACTIONS (InitProducerId)',
      '  Note over I1: 8. resume',
      '  I1->>P0: 9. Produce v2 (epoch 0, seq 1)',
      '  TC--xP0: PRODUCER_FENCED (AddPartitionsToTxn(out-0, verify))',
      '  P0--xI1: PRODUCER_FENCED',
      '  Note over I1: fenced',
    ]) expect(m).toContain(l);
    expect(m.some((l) => l.includes(';') || l.includes('#'))).toBe(false);
  });
});

describe('a zombie without epoch fencing (safeguard.epoch-fencing=false)', () => {
  // The replacement's InitProducerId bumps the epoch but leaves the transaction open and shared;
  // the zombie's v2 (epoch 0) lands, and the replacement's commit (transaction epoch 1) commits it.
  const r = run({ producers: 1, partitions: 1, 'safeguard.epoch-fencing': false }, [
    init, begin, produce,
    { type: 'Pause', instance: 1 },
    { type: 'InitProducerId', instance: 2 },
    { type: 'Resume', instance: 1 },
    produce,
    { type: 'BeginTxn', instance: 2 },
    { type: 'Produce', instance: 2, partition: 0 },
    { type: 'SendOffsets', instance: 2 },
    { type: 'CommitTxn', instance: 2 },
    markers,
  ]);

  test('the real zombie-fenced violation is printed under the marker step and noted in mermaid', () => {
    const zf = r.violations.filter((v) => v.invariant === 'zombie-fenced');
    expect(zf[0]).toEqual({ invariant: 'zombie-fenced', message: 'out-0 offset 0: v1 written with stale epoch 0 is committed by the transaction of epoch 1', step: 11 });
    const text = renderKafkaText(r.states, r.steps, r.violations);
    const b = block(text, '12. ', '   out-0 (');
    expect(b[0]).toBe('12. coordinator.WriteTxnMarkers(app-0: COMMIT)');
    expect(b).toContain('   !! VIOLATED zombie-fenced: out-0 offset 0: v1 written with stale epoch 0 is committed by the transaction of epoch 1');
    expect(block(text, '7. ', '8. ')[0]).toBe('7. app-0#1.Produce(out-0, v2, pid=1, epoch=0, seq=1)');
    expect(block(text, '7. ', '8. ')).toContain('     1      | 1        | 0     | v2     | no (open)');
    const m = renderKafkaMermaid(r.states, r.steps, r.violations).split('\n');
    expect(m).toContain('  Note over I1,CO: VIOLATED zombie-fenced');
    expect(m.indexOf('  Note over I1,CO: VIOLATED zombie-fenced')).toBeGreaterThan(m.indexOf('  TC->>P0: COMMIT marker at offset 3 (epoch 2)'));
  });
});

describe('describeAction / describeEvents on the network, the clock and a plain producer', () => {
  test('a delayed produce, its delivery, the clock to the transaction deadline, the expiry', () => {
    const r = run({ producers: 1, partitions: 1, 'faults.network': true }, [
      init, begin, { type: 'ProduceDelayed', instance: 1, partition: 0 }, { type: 'Deliver', request: 1 }, { type: 'Tick' }, { type: 'ExpireTxn', app: 0 },
    ]);
    const call = (i: number): string => describeAction(r.states[i]!, r.steps[i]!.action);
    expect(call(2)).toBe('app-0#1.ProduceDelayed(out-0, v1, pid=1, epoch=0, seq=0) (request delayed in the network)');
    expect(describeEvents(r.states[3]!)).toEqual(['request #1 delayed in the network: Produce(v1)']);
    expect(call(3)).toBe('network.Deliver(#1 Produce(out-0, v1, epoch=0, seq=0))');
    // Verification on delivery starts the transaction at now = 0, so its deadline is 60000 ms.
    expect(describeEvents(r.states[4]!)).toEqual(['coordinator app-0: Empty -> Ongoing (epoch 0)', 'coordinator app-0: out-0 added to the transaction', 'out-0: appended offset 0']);
    expect(call(4)).toBe('clock.Tick(-> 60000 ms)');
    expect(describeEvents(r.states[5]!)).toEqual(['clock: 60000 ms']);
    expect(call(5)).toBe('coordinator.ExpireTxn(app-0)');
    expect(describeEvents(r.states[6]!)).toEqual(['coordinator app-0: Ongoing -> PrepareAbort (epoch 0)', 'coordinator app-0: epoch bumped to 1']);
    const m = renderKafkaMermaid(r.states, r.steps, r.violations).split('\n');
    expect(m).toContain('  participant NET as network');
    expect(m).toContain('  I1->>NET: 3. Produce v1 (epoch 0, seq 0) to out-0, delayed');
    expect(m).toContain('  NET->>P0: 4. deliver request 1, Produce v1 (epoch 0, seq 0)');
    expect(m).toContain('  Note over TC: 5. clock 60000 ms');
  });

  test('a plain producer has no pid, epoch or sequence; its offsets commit at once', () => {
    const r = run({ producers: 1, partitions: 1, 'enable.idempotence': false }, [produce, { type: 'CommitOffsets', instance: 1 }, { type: 'Crash', instance: 1 }, { type: 'Restart', app: 0 }]);
    expect(describeAction(r.states[0]!, r.steps[0]!.action)).toBe('app-0#1.Produce(out-0, v1)');
    expect(describeAction(r.states[1]!, r.steps[1]!.action)).toBe('app-0#1.CommitOffsets(in-0 -> 1)');
    expect(describeEvents(r.states[2]!)).toEqual(['__consumer_offsets: in-0 -> 1 committed']);
    expect(describeAction(r.states[2]!, r.steps[2]!.action)).toBe('fault.Crash(app-0#1)');
    expect(describeEvents(r.states[3]!)).toEqual(['app-0#1: crashed']);
    expect(describeAction(r.states[3]!, r.steps[3]!.action)).toBe('supervisor.Restart(app-0)');
    expect(describeEvents(r.states[4]!)).toEqual(['app-0#2: started']);
    const text = renderKafkaText(r.states, r.steps, r.violations);
    // A plain record is readable at read_committed at once (below the LSO, no transaction).
    expect(text).toContain('     0      | -        | -     | v1     | yes');
    const m = renderKafkaMermaid(r.states, r.steps, r.violations).split('\n');
    expect(m).toContain('  I1->>P0: 1. Produce v1');
    expect(m).toContain('  Note over I1: 3. crash');
    expect(m).toContain('  Note over I2: 4. supervisor restarts app-0');
  });
});
