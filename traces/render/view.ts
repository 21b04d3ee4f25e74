/**
 * A trace as the data of a visual timeline, for every model: the lanes (the renderer's, then those the
 * steps reach), each step's call with the lane that takes it and the lane it reaches, its events on
 * their lanes, its clock when the state has one, its violations, and after every step each Kafka
 * partition's log (offsets, markers, LSO, high watermark, and what read_committed and read_uncommitted
 * return) with the output topics' views. Log entries are kept once, in a table, and a step's log is a
 * list of runs of entry ids, so a long trace stays small. Pure: data out, rendering elsewhere.
 */
import type { Report } from '../../catalog/entry.js';
import type { TraceStep } from '../../check/types/trace.js';
import type { ConfigValue } from '../../model/core/keys.js';
import type { AnyAction, Model } from '../../model/core/model.js';
import { readPartition } from '../../model/kafka/read.js';
import type { LogEntry, Partition } from '../../model/kafka/records.js';
import type { Violation } from '../../properties/invariant.js';
import { ranges } from '../../properties/view.js';
import { type Visibility, visibility } from '../kafka/log-table.js';
import type { EventLine, Renderer } from './renderer.js';

/** `[a, b]`: the values a, a + 1, ..., b in this order (`ranges` of properties/view makes them in any order). */
export type Run = readonly [number, number];

/** One log entry, as the viewer shows it. */
export interface ViewEntry {
  readonly offset: number;
  readonly kind: 'data' | 'control';
  /** `v3` for a data record, `COMMIT` / `ABORT` for a marker. */
  readonly record: string;
  /** -1 for a plain producer. */
  readonly producerId: number;
  readonly epoch: number;
}

/** A partition after a step. */
export interface ViewPartition {
  readonly name: string;
  readonly lso: number;
  readonly highWatermark: number;
  /** The log as runs `[first entry id, count]` of the entry table. */
  readonly log: readonly (readonly [number, number])[];
  /**
   * read_committed per offset, as runs `[from, to, what]`: `yes`, `no (open)`, `no (aborted)`, `no (past LSO)`,
   * `marker`.
   */
  readonly committed: readonly (readonly [number, number, string])[];
  /** Offsets a read_uncommitted reader returns, as runs `[from, to]`. */
  readonly uncommitted: readonly (readonly [number, number])[];
}

/** One step (index 0: the initial state). */
export interface ViewStep {
  readonly call: string | null;
  /** A fault (a crash, a pause, a delayed request), which the fault-free drain never takes. */
  readonly fault: boolean;
  readonly phase: string | null;
  readonly from: string | null;
  readonly to: string | null;
  readonly events: readonly EventLine[];
  /** The state's clock in ms, when the model keeps one. */
  readonly clockMs: number | null;
  readonly violations: readonly { readonly invariant: string; readonly message: string }[];
  readonly partitions: readonly ViewPartition[];
  /** Partitions this step changed (wrote to, or moved the LSO or high watermark of). */
  readonly touched: readonly string[];
  /**
   * Each output topic's values at both isolation levels, in read order, as runs `[first, last]` of consecutive
   * values.
   */
  readonly outputs: Readonly<
    Record<string, { readonly read_committed: readonly Run[]; readonly read_uncommitted: readonly Run[] }>
  >;
}

/** The whole view. */
export interface TraceView {
  readonly title: string;
  readonly model: string;
  readonly scenario: string | null;
  /** Keys that differ from the model's defaults. */
  readonly config: Readonly<Record<string, ConfigValue>>;
  readonly lanes: readonly string[];
  readonly entries: readonly ViewEntry[];
  readonly steps: readonly ViewStep[];
  readonly violations: readonly Violation[];
  readonly summary: readonly string[];
}

/** What the view is built from. */
export interface ViewSource<S, A extends AnyAction> {
  readonly model: Model<S, A>;
  readonly render: Renderer<S, A>;
  readonly report: Report<S>;
}

/** The clock of a state that has one (`now`), else null. */
function clockOf(s: unknown): number | null {
  return typeof s === 'object' && s !== null && 'now' in s && typeof s.now === 'number' ? s.now : null;
}

/** A growing table of distinct log entries (by identity: frozen states share unchanged entries). */
class Entries {
  readonly list: ViewEntry[] = [];
  private readonly ids = new Map<LogEntry, number>();
  id(e: LogEntry): number {
    let id = this.ids.get(e);
    if (id === undefined) {
      id = this.list.length;
      this.ids.set(e, id);
      this.list.push({
        offset: e.offset,
        kind: e.kind,
        record: e.kind === 'data' ? `v${e.value}` : e.marker,
        producerId: e.producerId,
        epoch: e.epoch,
      });
    }
    return id;
  }
}

/** A partition's view, memoized by identity (an unchanged partition is the same object in the next state). */
function partitionView(p: Partition, entries: Entries, memo: WeakMap<Partition, ViewPartition>): ViewPartition {
  const known = memo.get(p);
  if (known) return known;
  const ids = p.log.map((e) => entries.id(e));
  const log: [number, number][] = ranges(ids).map(([a, b]) => [a, b - a + 1]);
  const vis = visibility(p);
  const committed: [number, number, string][] = [];
  p.log.forEach((e, i) => {
    const what: Visibility | 'marker' = vis[i] ?? 'marker';
    const last = committed[committed.length - 1];
    if (last && last[2] === what && last[1] === e.offset - 1) last[1] = e.offset;
    else committed.push([e.offset, e.offset, what]);
  });
  const view: ViewPartition = {
    name: p.name,
    lso: p.lastStableOffset,
    highWatermark: p.highWatermark,
    log,
    committed,
    uncommitted: ranges(readPartition(p, 'read_uncommitted').map((e) => e.offset)),
  };
  memo.set(p, view);
  return view;
}

/** The view of a trace; `states[i + 1]` follows `steps[i]`. Pure. */
export function traceView<S, A extends AnyAction>(
  src: ViewSource<S, A>,
  head: {
    readonly title: string;
    readonly scenario: string | null;
    readonly config: Readonly<Record<string, ConfigValue>>;
  },
  states: readonly S[],
  steps: readonly TraceStep<A>[],
  violations: readonly Violation[],
): TraceView {
  const { model, render: r, report } = src;
  const entries = new Entries();
  const memo = new WeakMap<Partition, ViewPartition>();
  const lanes: string[] = [];
  const lane = (name: string | null | undefined): void => {
    if (name === null || name === undefined || lanes.includes(name)) return;
    // A later incarnation (`app-0#2`) goes beside the earlier ones (`app-0#1`).
    const family = name.includes('#') ? name.slice(0, name.indexOf('#') + 1) : null;
    const after = family === null ? -1 : lanes.findLastIndex((l) => l.startsWith(family));
    if (after >= 0) lanes.splice(after + 1, 0, name);
    else lanes.push(name);
  };
  const first = states[0];
  for (const name of first === undefined ? [] : (r.lanes?.(first) ?? [])) lane(name);
  const at = (i: number): ViewStep['violations'] =>
    violations.filter((v) => v.step === i).map((v) => ({ invariant: v.invariant, message: v.message }));
  const outputs = (s: S): ViewStep['outputs'] =>
    Object.fromEntries(
      Object.entries(report.outputs(s)).map(([topic, v]) => [
        topic,
        { read_committed: ranges(v.read_committed.values), read_uncommitted: ranges(v.read_uncommitted.values) },
      ]),
    );
  const parts = (s: S): ViewPartition[] => (r.partitions?.(s) ?? []).map((p) => partitionView(p, entries, memo));
  const out: ViewStep[] = [];
  if (first !== undefined)
    out.push({
      call: null,
      fault: false,
      phase: null,
      from: null,
      to: null,
      events: [],
      clockMs: clockOf(first),
      violations: at(-1),
      partitions: parts(first),
      touched: [],
      outputs: outputs(first),
    });
  for (let i = 0; i < steps.length; i++) {
    const before = states[i];
    const after = states[i + 1];
    if (before === undefined || after === undefined) break;
    const st = steps[i]!;
    const { from, to } = model.lanes(before, st.action);
    const events = r.events(after, before);
    lane(from);
    lane(to);
    for (const e of events) lane(e.lane);
    const ps = parts(after);
    const prev = out[out.length - 1]?.partitions ?? [];
    out.push({
      call: model.describe(before, st.action),
      fault: model.isFault(st.action),
      phase: st.phase,
      from,
      to: to ?? null,
      events,
      clockMs: clockOf(after),
      violations: at(i),
      partitions: ps,
      touched: ps.filter((p) => !prev.includes(p)).map((p) => p.name),
      outputs: outputs(after),
    });
  }
  const last = states[Math.min(steps.length, states.length - 1)];
  // A clock that never moves (kafka-txn's, without timeouts) says nothing: the axis is then the step alone.
  const moves = out.some((st) => st.clockMs !== out[0]?.clockMs);
  return {
    title: head.title,
    model: model.name,
    scenario: head.scenario,
    config: head.config,
    lanes,
    entries: entries.list,
    steps: moves ? out : out.map((st) => ({ ...st, clockMs: null })),
    violations,
    summary: last === undefined ? [] : r.summary(last),
  };
}
