/**
 * The two renderings of a `kafka-txn` trace (the generic text and mermaid renderers with
 * kafka-txn's renderer), on traces built by stepping the real model. Expected strings are derived
 * from the model's rules (comments say why), not pasted from the output. The mermaid diagram is
 * generic (lanes from the action table), so its tests check structure: which lane a call or an
 * event is on, arrows to the lane a call reaches, refusals back to the caller, numbering and order.
 */
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../model/kafka-txn/actions.js';
import { kafkaTxnKeys } from '../../model/kafka-txn/config.js';
import type { KafkaTxnState } from '../../model/kafka-txn/state.js';
import type { Violation } from '../../properties/invariant.js';
import { renderMermaid, safe } from '../../traces/render/mermaid.js';
import { renderText } from '../../traces/render/text.js';
import { cfg, type Scripted, scripted } from '../helpers/check.js';

const { model, render } = kafkaTxnEntry;
type Run = Scripted<KafkaTxnState, KafkaTxnAction>;

/**
 * Steps `actions` from the initial state of the defaults plus `pairs`, each checked to be enabled first; judges
 * every-step invariants.
 */
function run(pairs: readonly string[], actions: readonly KafkaTxnAction[]): Run {
  return scripted(kafkaTxnEntry, cfg(kafkaTxnKeys, ...pairs), actions);
}

const text = (r: Run, violations: readonly Violation[] = r.violations, color = false): string =>
  renderText(model, render, r.states, r.steps, violations, color);
const mermaid = (r: Run, violations: readonly Violation[] = r.violations): string =>
  renderMermaid(model, render, r.states, r.steps, violations);

/** The call of step `i` (0-based) as the timeline shows it, from the state before it. */
const call = (r: Run, i: number): string => model.describe(r.states[i]!, r.steps[i]!.action);
/** The event lines of step `i` (0-based). */
const eventsOf = (r: Run, i: number): string[] => render.events(r.states[i + 1]!, r.states[i]!).map((e) => e.text);

/** The lines of `text` from the one starting with `from` up to (not including) the one starting with `to`. */
function block(t: string, from: string, to: string): string[] {
  const lines = t.split('\n');
  const a = lines.findIndex((l) => l.startsWith(from));
  const b = lines.findIndex((l, i) => i > a && l.startsWith(to));
  expect(a, `no line starting with ${from}`).toBeGreaterThanOrEqual(0);
  return lines.slice(a, b < 0 ? undefined : b);
}

/**
 * A mermaid diagram read back: its participants (lane names in order) and the lines to expect for
 * an arrow, a note and a refusal between lanes named as the renderer names them.
 */
function diagram(m: string) {
  const lines = m.split('\n');
  const ids = new Map<string, string>();
  for (const l of lines) {
    const p = /^ {2}participant (\S+) as (.*)$/.exec(l);
    if (p) ids.set(p[2]!, p[1]!);
  }
  const id = (lane: string): string => {
    const v = ids.get(safe(lane));
    if (v === undefined) throw new Error(`no participant ${lane} in:\n${m}`);
    return v;
  };
  const participants = [...ids.keys()];
  return {
    lines,
    participants,
    arrow: (from: string, to: string, msg: string) => `  ${id(from)}->>${id(to)}: ${safe(msg)}`,
    note: (over: string, msg: string) => `  Note over ${id(over)}: ${safe(msg)}`,
    refusal: (by: string, to: string, msg: string) => `  ${id(by)}--x${id(to)}: ${safe(msg)}`,
    violated: (v: Violation) =>
      `  Note over ${ids.get(participants[0]!)},${ids.get(participants.at(-1)!)}: ` +
      `VIOLATED ${v.invariant}, ${safe(v.message)}`,
  };
}

const app1 = 1;
const init: KafkaTxnAction = { type: 'InitProducerId', instance: app1 };
const begin: KafkaTxnAction = { type: 'BeginTxn', instance: app1 };
const produce: KafkaTxnAction = { type: 'Produce', instance: app1, partition: 0 };
// The leader's append of a produce parked for the coordinator's check (KIP-890).
const append: KafkaTxnAction = { type: 'Append', instance: app1 };
const markerOut0: KafkaTxnAction = { type: 'WriteTxnMarker', txn: 0, partition: 0 };
const markerOffsets: KafkaTxnAction = { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' };

// One app copying 5 inputs to one partition: a committed transaction of v1..v3 with its offsets,
// then an aborted one of v4, v5. transaction.version=2: the epoch is bumped at every EndTxn, the
// first write of each transaction waits at the leader for its add, and TxnOffsetCommit adds the
// offsets partition.
const commitThenAbort = run(
  ['producers=1', 'partitions=1', 'input.records=5'],
  [
    init,
    begin,
    produce,
    append,
    produce,
    produce,
    { type: 'TxnOffsetCommit', instance: app1 },
    { type: 'CommitTxn', instance: app1 },
    markerOut0,
    markerOffsets,
    begin,
    produce,
    append,
    produce,
    { type: 'AbortTxn', instance: app1 },
    markerOut0,
  ],
);

describe('text: commit then abort', () => {
  const t = text(commitThenAbort);
  const lines = t.split('\n');

  test('a fault-free trace violates nothing', () => {
    expect(commitThenAbort.violations).toEqual([]);
    expect(t).not.toContain('VIOLATED');
  });

  test('numbered call lines, 1-based, derived from the state before the step', () => {
    // value = app * input.records + position + 1; seq = the instance's next sequence on out-0.
    for (const l of [
      '1. app-0#1.InitProducerId()',
      '2. app-0#1.BeginTxn()',
      '3. app-0#1.Produce(out-0, v1, pid=1, epoch=0, seq=0)',
      '4. out-0.Append(v1 of app-0#1, verified)',
      '6. app-0#1.Produce(out-0, v3, pid=1, epoch=0, seq=2)',
      '7. app-0#1.TxnOffsetCommit(in-0 -> 3)',
      '8. app-0#1.CommitTxn()',
      '9. coordinator.WriteTxnMarker(app-0: COMMIT -> out-0)',
      '10. coordinator.WriteTxnMarker(app-0: COMMIT -> __consumer_offsets)',
      // The commit bumped the epoch to 1, so the second transaction restarts at seq 0.
      '12. app-0#1.Produce(out-0, v4, pid=1, epoch=1, seq=0)',
      '15. app-0#1.AbortTxn()',
      '16. coordinator.WriteTxnMarker(app-0: ABORT -> out-0)',
    ])
      expect(lines).toContain(l);
  });

  test('the first InitProducerId bumps the epoch from -1 to 0 and the instance is ready', () => {
    expect(block(t, '1. ', '2. ')).toEqual([
      '1. app-0#1.InitProducerId()',
      '   coordinator app-0: producer id 1, epoch 0',
      '   app-0#1: ready',
    ]);
  });

  test(
    'the first write starts the transaction at the coordinator (KIP-890: the leader adds the partition), waits ' +
      'at the leader, is appended in its own step and is not yet readable',
    () => {
      expect(block(t, '3. ', '4. ')).toEqual([
        '3. app-0#1.Produce(out-0, v1, pid=1, epoch=0, seq=0)',
        '   coordinator app-0: Empty -> Ongoing (epoch 0)',
        '   coordinator app-0: out-0 added to the transaction',
        '   out-0: the coordinator added it to the transaction of app-0 (the write appends under a verification guard)',
      ]);
      expect(block(t, '4. ', '5. ')).toEqual([
        '4. out-0.Append(v1 of app-0#1, verified)',
        '   out-0: appended offset 0',
        '   out-0 (LSO 0, high watermark 1):',
        '     offset | producer | epoch | record | read_committed',
        '     0      | 1        | 0     | v1     | no (open)',
      ]);
      // The next write of the transaction goes straight in.
      expect(block(t, '5. ', '6. ').slice(0, 2)).toEqual([
        '5. app-0#1.Produce(out-0, v2, pid=1, epoch=0, seq=1)',
        '   out-0: appended offset 1',
      ]);
    },
  );

  test(
    'the commit: PrepareCommit with the epoch bump, then a marker per target; the one to out-0 makes v1..v3 ' +
      'readable, the one to __consumer_offsets commits the offset and completes',
    () => {
      expect(block(t, '7. ', '8. ')).toEqual([
        '7. app-0#1.TxnOffsetCommit(in-0 -> 3)',
        '   coordinator app-0: __consumer_offsets added to the transaction',
        '   __consumer_offsets: in-0 -> 3 pending',
      ]);
      expect(block(t, '8. ', '9. ')).toEqual([
        '8. app-0#1.CommitTxn()',
        '   coordinator app-0: epoch bumped to 1',
        '   coordinator app-0: Ongoing -> PrepareCommit (epoch 1)',
        '   app-0#1: ready',
      ]);
      expect(block(t, '9. ', '10. ')).toEqual([
        '9. coordinator.WriteTxnMarker(app-0: COMMIT -> out-0)',
        '   out-0: COMMIT marker at offset 3 (epoch 1)',
        '   out-0 (LSO 4, high watermark 4):',
        '     offset | producer | epoch | record | read_committed',
        '     0      | 1        | 0     | v1     | yes',
        '     1      | 1        | 0     | v2     | yes',
        '     2      | 1        | 0     | v3     | yes',
        '     3      | 1        | 1     | COMMIT',
      ]);
      expect(block(t, '10. ', '11. ')).toEqual([
        '10. coordinator.WriteTxnMarker(app-0: COMMIT -> __consumer_offsets)',
        '   __consumer_offsets: in-0 -> 3 committed',
        '   __consumer_offsets: COMMIT marker',
        '   coordinator app-0: PrepareCommit -> CompleteCommit (epoch 1)',
      ]);
    },
  );

  test('an open transaction holds the LSO; the abort marker makes its records never readable', () => {
    expect(block(t, '14. ', '15. ')).toContain('     5      | 1        | 1     | v5     | no (open)');
    expect(block(t, '14. ', '15. ')).toContain('   out-0 (LSO 4, high watermark 6):');
    expect(block(t, '16. ', '-- end state --')).toEqual([
      '16. coordinator.WriteTxnMarker(app-0: ABORT -> out-0)',
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
    expect(block(t, '15. ', '16. ')).toEqual([
      '15. app-0#1.AbortTxn()',
      '   coordinator app-0: epoch bumped to 2',
      '   coordinator app-0: Ongoing -> PrepareAbort (epoch 2)',
      '   app-0#1: ready',
    ]);
    expect(block(t, '3. ', '4. ').some((l) => l.includes('high watermark'))).toBe(false);
  });

  test(
    'the summary: read_committed skips the aborted v4, ' + 'v5 and the markers; read_uncommitted has every data record',
    () => {
      expect(block(t, '-- end state --', '\u0000')).toEqual([
        '-- end state --',
        'out-0: LSO 7, high watermark 7',
        '   read_committed:   v1, v2, v3',
        '   read_uncommitted: v1, v2, v3, v4, v5',
        '__consumer_offsets: committed in-0 -> 3',
        '',
      ]);
    },
  );

  test('colour only on request', () => {
    expect(t).not.toContain('\u001b[');
    const colored = text(commitThenAbort, commitThenAbort.violations, true);
    expect(colored).toContain('\u001b[');
    expect(stripVTControlCharacters(colored)).toBe(t);
  });

  test('violations go under their step, those of the initial state before step 1, and the drain has a heading', () => {
    const steps = commitThenAbort.steps.map((s, i) => (i >= 15 ? { ...s, phase: 'drain' as const } : s));
    const vs: Violation[] = [
      { invariant: 'lso-bound', message: 'made up for the initial state', step: -1 },
      { invariant: 'zombie-fenced', message: 'made up for step 2', step: 1 },
    ];
    const tl = renderText(model, render, commitThenAbort.states, steps, vs).split('\n');
    expect(tl.slice(0, 3)).toEqual([
      '-- initial state --',
      '   !! VIOLATED lso-bound: made up for the initial state',
      '1. app-0#1.InitProducerId()',
    ]);
    expect(tl.slice(tl.indexOf('2. app-0#1.BeginTxn()'), tl.indexOf('2. app-0#1.BeginTxn()') + 4)).toEqual([
      '2. app-0#1.BeginTxn()',
      '   app-0#1: in a transaction',
      '   !! VIOLATED zombie-fenced: made up for step 2',
      '3. app-0#1.Produce(out-0, v1, pid=1, epoch=0, seq=0)',
    ]);
    expect(tl[tl.indexOf('16. coordinator.WriteTxnMarker(app-0: ABORT -> out-0)') - 1]).toBe(
      '-- final drain (fault-free) --',
    );
    expect(tl.filter((l) => l.startsWith('-- final drain'))).toHaveLength(1);
  });
});

describe('mermaid: commit then abort', () => {
  const m = mermaid(commitThenAbort);
  const d = diagram(m);

  test('participants: the instance, coordinator, partition, offsets; no network', () => {
    expect(d.lines[0]).toBe('sequenceDiagram');
    expect(d.participants).toEqual([safe('app-0#1'), 'coordinator', 'out-0', '__consumer_offsets']);
    expect(d.participants).not.toContain('network');
  });

  test(
    'calls as arrows to the lane they reach (or notes over their own), events over their lanes, ' +
      'numbered like the text timeline',
    () => {
      for (const l of [
        d.arrow('app-0#1', 'coordinator', '1. app-0#1.InitProducerId()'),
        d.note('coordinator', 'coordinator app-0: producer id 1, epoch 0'),
        d.note('app-0#1', '2. app-0#1.BeginTxn()'),
        d.arrow('app-0#1', 'out-0', '3. app-0#1.Produce(out-0, v1, pid=1, epoch=0, seq=0)'),
        // The leader's append answers the caller.
        d.arrow('out-0', 'app-0#1', '4. out-0.Append(v1 of app-0#1, verified)'),
        d.arrow('app-0#1', 'out-0', '6. app-0#1.Produce(out-0, v3, pid=1, epoch=0, seq=2)'),
        d.note('out-0', 'out-0: appended offset 2'),
        d.arrow('app-0#1', '__consumer_offsets', '7. app-0#1.TxnOffsetCommit(in-0 -> 3)'),
        d.note('__consumer_offsets', '__consumer_offsets: in-0 -> 3 pending'),
        d.note('coordinator', 'coordinator app-0: Ongoing -> PrepareCommit (epoch 1)'),
        d.arrow('coordinator', 'out-0', '9. coordinator.WriteTxnMarker(app-0: COMMIT -> out-0)'),
        d.note('out-0', 'out-0: COMMIT marker at offset 3 (epoch 1)'),
        d.arrow(
          'coordinator',
          '__consumer_offsets',
          '10. coordinator.WriteTxnMarker(app-0: COMMIT -> __consumer_offsets)',
        ),
        d.note('__consumer_offsets', '__consumer_offsets: COMMIT marker'),
        d.note('out-0', 'out-0: ABORT marker at offset 6 (epoch 2)'),
      ])
        expect(d.lines).toContain(l);
      // The call comes before what it caused.
      expect(
        d.lines.indexOf(d.arrow('coordinator', 'out-0', '9. coordinator.WriteTxnMarker(app-0: COMMIT -> out-0)')),
      ).toBeLessThan(d.lines.indexOf(d.note('out-0', 'out-0: COMMIT marker at offset 3 (epoch 1)')));
      // Every step is numbered once, in order.
      const numbers = d.lines
        .map((l) => /: (\d+)\. /.exec(l)?.[1])
        .filter((n) => n !== undefined)
        .map(Number);
      expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    },
  );

  test('message text never holds what mermaid reads as a statement end or comment', () => {
    for (const l of d.lines.slice(1)) {
      expect(l).not.toContain(';');
      expect(l).not.toContain('#');
      // One separator colon at most, after the arrow target or note placement.
      expect(l.split(':').length).toBeLessThanOrEqual(2);
    }
  });

  test('violations as notes after their step', () => {
    const vs: Violation[] = [{ invariant: 'zombie-fenced', message: 'made up; with # and : in it', step: 1 }];
    const ls = mermaid(commitThenAbort, vs).split('\n');
    expect(ls[ls.indexOf(d.note('app-0#1', 'app-0#1: in a transaction')) + 1]).toBe(d.violated(vs[0]!));
    expect(ls.indexOf(d.note('app-0#1', '2. app-0#1.BeginTxn()'))).toBeLessThan(ls.indexOf(d.violated(vs[0]!)));
    expect(ls.filter((l) => l.includes('VIOLATED'))).toEqual([d.violated(vs[0]!)]);
    expect(ls.find((l) => l.includes('VIOLATED'))).toMatch(/: VIOLATED zombie-fenced, made up, with no\. and - in it$/);
  });
});

// A zombie: instance 1 pauses mid-transaction, its replacement fences it, and it resumes.
const zombie = run(
  ['producers=1', 'partitions=1'],
  [
    init,
    begin,
    produce,
    append,
    { type: 'Pause', instance: 1 },
    // The replacement's InitProducerId finds app-0 Ongoing: fence (epoch 1), abort, retry later.
    { type: 'InitProducerId', instance: 2 },
    markerOut0,
    { type: 'InitProducerId', instance: 2 },
    { type: 'Resume', instance: 1 },
    produce,
    { type: 'AbortTxn', instance: 1 },
  ],
);

describe('a fenced zombie', () => {
  const t = text(zombie);
  const d = diagram(mermaid(zombie));

  test('text: the pause, the fence, the refused write of the stale epoch and the fenced abort', () => {
    expect(zombie.violations).toEqual([]);
    expect(block(t, '5. ', '6. ')).toEqual([
      '5. fault.Pause(app-0#1)',
      '   app-0#1: paused (a replacement starts)',
      '   app-0#2: started',
    ]);
    expect(block(t, '6. ', '7. ')).toEqual([
      '6. app-0#2.InitProducerId()',
      '   coordinator app-0: Ongoing -> PrepareEpochFence (epoch 0)',
      '   coordinator app-0: epoch bumped to 1',
      '   coordinator app-0: PrepareEpochFence -> PrepareAbort (epoch 1)',
      '   rejected by coordinator: CONCURRENT_TRANSACTIONS (InitProducerId(app-0))',
    ]);
    expect(block(t, '8. ', '9. ')).toEqual([
      '8. app-0#2.InitProducerId()',
      '   coordinator app-0: epoch bumped to 2',
      '   coordinator app-0: CompleteAbort -> Empty (epoch 2)',
      '   app-0#2: ready',
    ]);
    expect(block(t, '9. ', '10. ')).toEqual(['9. fault.Resume(app-0#1)', '   app-0#1: resumed']);
    // The zombie still holds epoch 0 and sequence 1. The abort marker closed its transaction on
    // out-0, so the leader asks the coordinator (epoch 2) to add the partition: PRODUCER_FENCED,
    // which the produce answer carries as INVALID_PRODUCER_EPOCH, abortable at a 2.7+ client.
    expect(block(t, '10. ', '11. ')).toEqual([
      '10. app-0#1.Produce(out-0, v2, pid=1, epoch=0, seq=1)',
      '   rejected by out-0: INVALID_PRODUCER_EPOCH (Produce(v2) after AddPartitionsToTxn(out-0, verify))',
    ]);
    // Its abort carries epoch 0: fenced for good.
    expect(block(t, '11. ', '-- end state --')).toEqual([
      '11. app-0#1.AbortTxn()',
      '   rejected by coordinator: PRODUCER_FENCED (EndTxn(ABORT))',
      '   app-0#1: fenced',
    ]);
  });

  test('mermaid: both instances, the fence notes and the rejection arrows back to the caller', () => {
    expect(d.participants.filter((p) => p.startsWith('app-0'))).toEqual([safe('app-0#1'), safe('app-0#2')]);
    for (const l of [
      d.note('app-0#1', '5. fault.Pause(app-0#1)'),
      d.note('app-0#2', 'app-0#2: started'),
      d.arrow('app-0#2', 'coordinator', '6. app-0#2.InitProducerId()'),
      d.note('coordinator', 'coordinator app-0: Ongoing -> PrepareEpochFence (epoch 0)'),
      d.refusal('coordinator', 'app-0#2', 'rejected by coordinator: CONCURRENT_TRANSACTIONS (InitProducerId(app-0))'),
      d.note('app-0#1', '9. fault.Resume(app-0#1)'),
      d.arrow('app-0#1', 'out-0', '10. app-0#1.Produce(out-0, v2, pid=1, epoch=0, seq=1)'),
      d.refusal(
        'out-0',
        'app-0#1',
        'rejected by out-0: INVALID_PRODUCER_EPOCH (Produce(v2) after AddPartitionsToTxn(out-0, verify))',
      ),
      d.arrow('app-0#1', 'coordinator', '11. app-0#1.AbortTxn()'),
      d.refusal('coordinator', 'app-0#1', 'rejected by coordinator: PRODUCER_FENCED (EndTxn(ABORT))'),
      d.note('app-0#1', 'app-0#1: fenced'),
    ])
      expect(d.lines).toContain(l);
    // One rejection, one arrow.
    expect(d.lines.filter((l) => l.includes('INVALID_PRODUCER_EPOCH'))).toHaveLength(1);
    expect(d.lines.filter((l) => l.includes('PRODUCER_FENCED'))).toHaveLength(1);
    expect(d.lines.some((l) => l.includes(';') || l.includes('#'))).toBe(false);
  });
});

describe('a zombie without epoch fencing (safeguard.epoch-fencing=false)', () => {
  // The replacement's InitProducerId bumps the epoch but leaves the transaction open and shared;
  // the zombie's v2 (epoch 0) lands, and the replacement's commit (transaction epoch 1) commits it.
  const r = run(
    ['producers=1', 'partitions=1', 'safeguard.epoch-fencing=false'],
    [
      init,
      begin,
      produce,
      append,
      { type: 'Pause', instance: 1 },
      { type: 'InitProducerId', instance: 2 },
      { type: 'Resume', instance: 1 },
      produce,
      { type: 'BeginTxn', instance: 2 },
      { type: 'Produce', instance: 2, partition: 0 },
      { type: 'Append', instance: 2 },
      { type: 'TxnOffsetCommit', instance: 2 },
      { type: 'CommitTxn', instance: 2 },
      markerOut0,
      markerOffsets,
    ],
  );

  test('the real zombie-fenced violation is printed under the marker step and noted in mermaid', () => {
    const zf = r.violations.filter((v) => v.invariant === 'zombie-fenced');
    expect(zf[0]).toEqual({
      invariant: 'zombie-fenced',
      message: 'out-0 offset 0: v1 written with stale epoch 0 is committed by the transaction of epoch 1',
      step: 13,
    });
    const t = text(r);
    const b = block(t, '14. ', '   out-0 (');
    expect(b[0]).toBe('14. coordinator.WriteTxnMarker(app-0: COMMIT -> out-0)');
    expect(b).toContain(
      '   !! VIOLATED zombie-fenced: out-0 offset 0: v1 written with stale epoch 0 is committed by the ' +
        'transaction of epoch 1',
    );
    expect(block(t, '8. ', '9. ')[0]).toBe('8. app-0#1.Produce(out-0, v2, pid=1, epoch=0, seq=1)');
    expect(block(t, '8. ', '9. ')).toContain('     1      | 1        | 0     | v2     | no (open)');
    const d = diagram(mermaid(r));
    expect(d.lines).toContain(d.violated(zf[0]!));
    expect(d.lines.indexOf(d.violated(zf[0]!))).toBeGreaterThan(
      d.lines.indexOf(d.note('out-0', 'out-0: COMMIT marker at offset 3 (epoch 2)')),
    );
  });
});

describe('calls and events on the network, the clock and a plain producer', () => {
  test('a delayed produce, its delivery, the clock to the transaction deadline, the expiry', () => {
    const r = run(
      ['producers=1', 'partitions=1', 'faults.network=true'],
      [
        init,
        begin,
        { type: 'ProduceDelayed', instance: 1, partition: 0 },
        { type: 'Deliver', request: 1 },
        { type: 'Tick' },
        { type: 'ExpireTxn', txn: 0 },
      ],
    );
    expect(call(r, 2)).toBe(
      'app-0#1.ProduceDelayed(out-0, v1, pid=1, epoch=0, seq=0) (request delayed in the network)',
    );
    expect(eventsOf(r, 2)).toEqual(['request #1 delayed in the network: Produce(v1)']);
    expect(call(r, 3)).toBe('network.Deliver(#1 Produce(out-0, v1, epoch=0, seq=0))');
    // The leader's add on delivery starts the transaction at now = 0, so its deadline is 60000 ms. A late
    // copy is checked and appended in the one step (nobody waits for it).
    expect(eventsOf(r, 3)).toEqual([
      'coordinator app-0: Empty -> Ongoing (epoch 0)',
      'coordinator app-0: out-0 added to the transaction',
      'out-0: the coordinator added it to the transaction of app-0 (the write appends under a verification guard)',
      'out-0: appended offset 0',
    ]);
    expect(call(r, 4)).toBe('clock.Tick(-> 60000 ms)');
    expect(eventsOf(r, 4)).toEqual(['clock: 60000 ms']);
    expect(call(r, 5)).toBe('coordinator.ExpireTxn(app-0)');
    // transaction.version=2: the timeout abort is a version-2 end, one bump (KAFKA-19367).
    expect(eventsOf(r, 5)).toEqual([
      'coordinator app-0: epoch bumped to 1',
      'coordinator app-0: Ongoing -> PrepareAbort (epoch 1)',
    ]);
    const d = diagram(mermaid(r));
    expect(d.participants).toContain('network');
    expect(d.lines).toContain(
      d.arrow(
        'app-0#1',
        'network',
        '3. app-0#1.ProduceDelayed(out-0, v1, pid=1, epoch=0, seq=0) (request delayed in the network)',
      ),
    );
    expect(d.lines).toContain(d.arrow('network', 'out-0', '4. network.Deliver(#1 Produce(out-0, v1, epoch=0, seq=0))'));
    expect(d.lines).toContain(d.note('clock', '5. clock.Tick(-> 60000 ms)'));
  });

  test('a plain producer has no pid, epoch or sequence; its offsets commit at once', () => {
    const r = run(
      ['producers=1', 'partitions=1', 'enable.idempotence=false'],
      [produce, { type: 'CommitOffsets', instance: 1 }, { type: 'Crash', instance: 1 }, { type: 'Restart', app: 0 }],
    );
    expect(call(r, 0)).toBe('app-0#1.Produce(out-0, v1)');
    expect(call(r, 1)).toBe('app-0#1.CommitOffsets(in-0 -> 1)');
    expect(eventsOf(r, 1)).toEqual(['__consumer_offsets: in-0 -> 1 committed']);
    expect(call(r, 2)).toBe('fault.Crash(app-0#1)');
    expect(eventsOf(r, 2)).toEqual(['app-0#1: crashed']);
    expect(call(r, 3)).toBe('supervisor.Restart(app-0)');
    expect(eventsOf(r, 3)).toEqual(['app-0#2: started']);
    // A plain record is readable at read_committed at once (below the LSO, no transaction).
    expect(text(r)).toContain('     0      | -        | -     | v1     | yes');
    const d = diagram(mermaid(r));
    expect(d.lines).toContain(d.arrow('app-0#1', 'out-0', '1. app-0#1.Produce(out-0, v1)'));
    expect(d.lines).toContain(d.note('app-0#1', '3. fault.Crash(app-0#1)'));
    expect(d.lines).toContain(d.note('supervisor', '4. supervisor.Restart(app-0)'));
    expect(d.lines).toContain(d.note('app-0#2', 'app-0#2: started'));
  });
});
