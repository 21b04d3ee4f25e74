/**
 * What a model tells the generic renderers beyond its action table: how each event of a step reads
 * and whose lane it is on, the blocks shown under a step (a partition's log), the end-state
 * summary, and optionally a clock stamp and a folding of routine runs. Everything else (the calls,
 * who takes them, whom they reach) comes from the action table.
 */
import type { AnyAction } from '../../model/core/model.js';
import type { Partition } from '../../model/kafka/records.js';

/** One event of a step, as a line and a lane. */
export interface EventLine {
  readonly text: string;
  /** The participant the event happens at (`coordinator`, `out-0`, `app-0#1`). */
  readonly lane: string;
  /** A refusal: shown in warning colour, and in a sequence diagram as an arrow back to the caller. */
  readonly refused?: boolean;
}

/** A run of routine steps (ticks, reads, sends) folded into one line when long enough. */
export interface Fold<S, A extends AnyAction> {
  /** Whether the step that produced `after` is routine. */
  routine(after: S, action: A): boolean;
  /** The line of a folded run: `before` the run, `afters` the states it produced. */
  line(before: S, afters: readonly S[]): string;
}

/** A model's renderer. Pure functions. */
export interface Renderer<S, A extends AnyAction> {
  /** The events of the step that led from `before` to `after`, in order. */
  events(after: S, before: S): readonly EventLine[];
  /** Lines under a step, after its violations (the log of each partition it wrote to). Unindented. */
  blocks?(after: S): readonly string[];
  /** A stamp before the step's call (`t=20.0 s`), for models whose clock is worth showing. */
  stamp?(after: S): string;
  readonly fold?: Fold<S, A>;
  /** The end state in a few lines. */
  summary(last: S): readonly string[];
  /** Lanes a sequence diagram lists first, in this order (the rest follow in order of appearance). */
  lanes?(first: S): readonly string[];
  /** The Kafka partitions of a state, for views that show every log at every step (the HTML viewer). */
  partitions?(s: S): readonly Partition[];
}
