/**
 * A level of the one-thread breadth-first search whose new states judge threads judge (`judges.ts`): the
 * search admits each new state, then judges it here or sends it to a judge, and the verdicts are settled in
 * the order admitted (`verdicts.ts`). Where one thread stops at a state (a counterexample nothing deeper can
 * beat, `Levels.judged`), the search learns it later, having admitted and expanded more: it then reports
 * what one thread reports, its distinct states, transitions and coverage as of that state.
 */
import type { AnyAction } from '../../../model/core/model.js';
import { WordBuffer } from '../../../model/core/words.js';
import type { Frontier } from '../frontier/frontier.js';
import type { Levels } from '../frontier/levels.js';
import { PENDING, Verdicts } from '../frontier/verdicts.js';
import type { SearchCore } from '../search/search-core.js';
import type { Judges } from './judges.js';

export class JudgedLevel<S, A extends AnyAction> {
  private readonly verdicts = new Verdicts();
  private readonly set = (place: number, k: number): void => this.verdicts.set(place, k);
  /** The state's own words, under symmetry (the fingerprinted words are its orbit's). */
  private readonly own = new WordBuffer();
  private level: Frontier<S> | null = null;
  private next: Frontier<S> | null = null;
  private depth = 0;
  /** The last place that may still be out, when the search judges the states still out itself. */
  private last = -1;
  private readonly steal = (): boolean => {
    const v = this.verdicts;
    while (this.last >= 0 && !v.pending(this.last)) this.last -= 1;
    if (this.last < 0) return false;
    const { core } = this;
    const next = this.next!;
    // The level keeps every new state in the order admitted: the place's state, a copy when decoded from words.
    const t = next.state(this.last);
    core.fingerprint(t);
    v.set(this.last, core.judge(t, core.fp.hi, core.fp.lo, next.packed));
    return true;
  };

  constructor(
    private readonly core: SearchCore<S, A>,
    private readonly levels: Levels,
    private readonly judges: Judges,
  ) {
    core.shareDrainMemo(judges.adopt(core.drainMemoSize, (add) => core.forEachDrainMemo(add)));
  }

  /**
   * The search expands `level`, admitting states at `depth` into `next`. The shared drain memo moves to a bigger
   * table first if the level is expected to fill it: its new states as many times more than the level's as the level
   * has more than the one before, each adding as many memo entries as the states so far. A judge still at a state
   * of the level before may write to the old table while it is copied: that only loses entries (`shared-memo.ts`: a
   * slot is copied once both its words are written).
   */
  begin(level: Frontier<S>, next: Frontier<S>, depth: number): void {
    const { core } = this;
    const before = this.levels.sizeAt(depth - 2);
    if (before > 0) {
      const perState = this.judges.memo.size / Math.max(1, core.seen.size);
      const memo = this.judges.grow(perState * level.length * (level.length / before));
      if (memo) core.shareDrainMemo(memo);
    }
    this.verdicts.reset(core.seen.size);
    this.level = level;
    this.next = next;
    this.depth = depth;
  }

  /**
   * `t` (number `id`, the fingerprint last taken, a successor of the level's k-th state) was admitted: judged here
   * (`mine`: the level keeps its words, so the drain may step it in place), or sent, or passed without a judge
   * (`along` a passing drain). True when the search stops here, as one thread would have.
   */
  admitted(t: S, id: number, k: number, along: boolean, mine: boolean): boolean {
    const { core, judges } = this;
    const { hi, lo } = core.fp;
    if (along) this.verdicts.add(id, -1, k);
    else if (judges.takes(this.level!.length - k - 1)) {
      const place = this.verdicts.add(id, PENDING, k);
      judges.send(place, hi, lo, this.wordsOf(t));
      return false;
    } else this.verdicts.add(id, core.judge(t, hi, lo, mine), k);
    return this.settle(k);
  }

  private wordsOf(t: S): WordBuffer {
    const words = this.core.ownWords;
    if (words !== null) return words;
    this.own.reset();
    this.core.checked.model.fast.encode(t, this.own);
    return this.own;
  }

  /** The level's k-th state is expanded: the verdicts back so far are settled. True when the search stops. */
  expanded(k: number): boolean {
    this.judges.poll(this.set);
    return this.settle(k);
  }

  /**
   * The search would stop here, the level's k-th state expanded, on a bound (`Levels.late`): true when a verdict
   * still out stops it before, as one thread would have stopped (the bound then did not stop it).
   */
  stoppedBefore(k: number): boolean {
    if (!this.stopped(k)) return false;
    this.levels.bound = null;
    return true;
  }

  /**
   * Every verdict of the level so far settled (those still out judged here), the level's k-th state the last
   * expanded: true when the search stops at one of them.
   */
  stopped(k: number): boolean {
    this.last = this.verdicts.count - 1;
    this.judges.all(this.set, this.steal);
    return this.settle(k);
  }

  /** Per new state of the level, 1 when its drain passed (every verdict settled). */
  get passed(): number[] {
    return this.verdicts.passed;
  }

  /**
   * Settles the verdicts back; at a stop, takes back what the search counted past it, from the expansion of the
   * level's states after the stopping state's parent up to its k-th.
   */
  private settle(k: number): boolean {
    const place = this.verdicts.settle(this.levels, this.depth);
    if (place < 0) return false;
    const { core } = this;
    const level = this.level!;
    for (let x = this.verdicts.fromOf(place) + 1; x <= k; x++) {
      const acts = core.checked.model.enabled(level.state(x));
      for (const a of acts) core.coverage[a.type] = core.coverage[a.type]! - 1;
      core.generated -= acts.length;
    }
    core.counted = this.verdicts.distinctAt(place);
    return true;
  }
}
