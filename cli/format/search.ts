/**
 * How a search reads, per explorer: what it set out to do, what it covered, why it stopped, how it
 * found a counterexample, and the command that reproduces that counterexample exactly. Pure.
 */

import type { CheckOptions } from '../../check/explore/options.js';
import { MINIMIZE_STEPS } from '../../check/run/minimize.js';
import type {
  Cut,
  ExhaustiveOutcome,
  MemberSummary,
  Outcome,
  ReductionStats,
  SwarmOutcome,
} from '../../check/types/outcome.js';
import type { AnyAction } from '../../model/core/model.js';
import { seconds } from '../common.js';

/** What was asked, one line (`workers`: the threads the outcome says it ran on). */
export function describeSearch(opts: CheckOptions, workers = 1): string {
  switch (opts.mode) {
    case 'random':
      return (
        `random: ${opts.runs} runs of up to ${opts.maxSteps} steps, campaign seed ${opts.seed}` +
        `${opts.shard ? `, shard ${opts.shard.index}/${opts.shard.count}` : ''}` +
        `${opts.path ? `, path ${opts.path}` : ''}`
      );
    case 'exhaustive':
      return opts.member
        ? `exhaustive: swarm verification member ${opts.member.index}/${opts.member.count}, depth-first to depth ` +
            `${opts.depth} in its own order over a hash-compacted table, at most ${opts.maxStates} states` +
            `${opts.maxSeconds ? ` or ${opts.maxSeconds} s` : ''}`
        : `exhaustive: breadth-first to depth ${opts.depth}, at most ${opts.maxStates} states` +
            `${opts.maxSeconds ? ` or ${opts.maxSeconds} s` : ''}`;
    case 'swarm':
      return (
        `swarm: ${opts.runs === Number.MAX_SAFE_INTEGER ? 'runs' : `up to ${opts.runs} runs`} of up to ` +
        `${opts.maxSteps} steps (some twice as long)${opts.maxSeconds ? ` within ${opts.maxSeconds} s` : ''}, ` +
        `campaign seed ${opts.seed}, each run with its own fault kinds and weights` +
        `${opts.shard ? `, shard ${opts.shard.index}/${opts.shard.count}` : ''}` +
        `${opts.path ? `, path ${opts.path}` : ''}`
      );
    case 'portfolio':
      return workers > 1
        ? `portfolio within ${opts.maxSeconds} s, campaign seed ${opts.seed}: a breadth-first pass and, on a ` +
            `second thread beside it, swarm runs of up to ${opts.maxSteps} steps`
        : `portfolio within ${opts.maxSeconds} s, campaign seed ${opts.seed}: a breadth-first pass ` +
            `(${Math.round(opts.exhaustiveShare * 100)}% of the time), then swarm runs of up to ${opts.maxSteps} steps`;
  }
}

/** Why an exhaustive search ended, one line. */
export function boundText<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>): string {
  if (o.member) return memberBoundText(o, o.member);
  if (typeof o.por !== 'string' && o.bound !== null) return reducedBoundText(o, o.por);
  switch (o.bound) {
    case null:
      return `the reachable state space is exhausted (deepest level ${o.depthCompleted})`;
    case 'depth':
      return `stopped by --depth ${o.depth}: every state up to depth ${o.depthCompleted} explored, deeper ones not`;
    case 'max-states':
      return (
        `stopped by --max-states ${o.maxStates}: levels up to depth ${o.depthCompleted} complete, ` +
        `depth ${o.depthCompleted + 1} partly`
      );
    case 'max-seconds':
      return `stopped by --max-seconds ${o.maxSeconds ?? '?'}: levels up to depth ${o.depthCompleted} complete`;
    case 'stopped':
      return `stopped when the swarm beside it found a violation: levels up to depth ${o.depthCompleted} complete`;
  }
}

/**
 * Why a search with partial-order reduction ended before its reduced graph did, one line: its levels
 * are not the full graph's, so it proves no depth (`ReductionStats.depth`).
 */
function reducedBoundText<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>, r: ReductionStats): string {
  const by =
    o.bound === 'depth'
      ? `--depth ${o.depth}`
      : o.bound === 'max-states'
        ? `--max-states ${o.maxStates}`
        : o.bound === 'max-seconds'
          ? `--max-seconds ${o.maxSeconds ?? '?'}`
          : 'the swarm beside it';
  return (
    `stopped by ${by} after ${r.depth} levels of the reduced graph: no depth is proved (a state ${r.depth} ` +
    `steps away may lie deeper there; the reduction proves its verdict once its search ends, --por off ` +
    `proves each depth)`
  );
}

/** Why a swarm verification member ended, one line: a member cut short covered only part of its bound. */
function memberBoundText<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>, m: MemberSummary): string {
  const order =
    m.order === 'model' ? "the model's order" : m.order === 'reversed' ? 'reversed order' : 'shuffled order';
  switch (o.bound) {
    case null:
      return `member ${m.index}/${m.count} (${order}): the reachable state space is exhausted (deepest ${m.deepest})`;
    case 'depth':
      return `member ${m.index}/${m.count} (${order}): every state within --depth ${o.depth} visited, deeper ones not`;
    case 'max-states':
    case 'max-seconds':
      return (
        `member ${m.index}/${m.count} (${order}): stopped by --${o.bound} ` +
        `${o.bound === 'max-states' ? o.maxStates : (o.maxSeconds ?? '?')}` +
        ` after ${o.distinct} states: part of the space within --depth ${o.depth}, as its order reached it ` +
        '(the other members reach other parts)'
      );
    case 'stopped':
      return `member ${m.index}/${m.count} (${order}): stopped by its caller after ${o.distinct} states`;
  }
}

/** Why a swarm campaign ended (`passDone`: beside a pass that exhausted the reachable space). */
function swarmEnd<S, A extends AnyAction>(o: SwarmOutcome<S, A>, passDone = false): string {
  if (o.runs >= o.maxRuns) return `all ${o.maxRuns} runs done`;
  if (passDone) return 'stopped when the pass beside it exhausted the reachable state space';
  return `stopped by the time budget (${o.maxSeconds === null ? '?' : o.maxSeconds.toFixed(1)} s)`;
}

/** `1234 runs (5678 steps)`, `360 distinct states (429 transitions)`, or both for the portfolio. */
export function exploredText<S, A extends AnyAction>(o: Outcome<S, A>): string {
  switch (o.mode) {
    case 'random':
      return `${o.runs} runs (${o.steps} steps)`;
    case 'swarm':
      return `${o.runs} swarm runs (${o.steps} steps)`;
    case 'exhaustive':
      return `${o.distinct} distinct states (${o.generated} transitions)`;
    case 'portfolio':
      return `${exploredText(o.exhaustive)}${o.swarm ? ` and ${exploredText(o.swarm)}` : ''}`;
  }
}

/** The lines under an ok verdict that say what each part covered and why it stopped. */
export function coveredLines<S, A extends AnyAction>(o: Outcome<S, A>): string[] {
  switch (o.mode) {
    case 'random':
      return [];
    case 'swarm':
      return [`  ${swarmEnd(o)}`];
    case 'exhaustive':
      return [`  ${boundText(o)}`, `  ${fingerprintText(o)}`, ...drainLines(o), ...sleepLines(o), ...porLines(o)];
    case 'portfolio':
      return [
        `  exhaustive pass: ${exploredText(o.exhaustive)} in ${seconds(o.exhaustive.elapsedMs)}; ` +
          (o.exhaustive.bound === 'max-seconds'
            ? `every state to depth ${o.exhaustive.depthCompleted} explored ` +
              `(${o.workers > 1 ? 'the time' : 'its share of the time'} ran out)`
            : boundText(o.exhaustive)),
        o.swarm
          ? `  swarm${o.workers > 1 ? ' (beside the pass)' : ''}: ${o.swarm.runs} runs (${o.swarm.steps} steps) ` +
            `in ${seconds(o.swarm.elapsedMs)}; ${swarmEnd(o.swarm, o.exhaustive.bound === null)}`
          : '  swarm: not run (the pass exhausted the reachable state space: every reachable state holds)',
        `  ${fingerprintText(o.exhaustive)}`,
        ...drainLines(o.exhaustive),
        ...sleepLines(o.exhaustive),
      ];
  }
}

/** What the sleep sets spared, when asked (`--sleep-sets on`). */
function sleepLines<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>): string[] {
  if (o.sleepSets === 'off') return [];
  if (o.sleepSets === 'undeclared')
    return [
      '  sleep sets: not declared by this model (no action says what it reads and changes): every transition taken',
    ];
  return [
    `  sleep sets: ${o.sleepSets.skipped} transitions not taken, counted in the coverage (each reaches a state that ` +
      'commuted steps reach at the same depth: every level holds the same states; --sleep-sets off takes them all)',
  ];
}

/** What partial-order reduction did, when asked. */
function porLines<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>): string[] {
  if (o.por === 'off') return [];
  if (o.por === 'undeclared')
    return ['  partial-order reduction: not declared by this model (no footprints): every state expanded in full'];
  return [
    `  partial-order reduction: ${o.por.reduced} states expanded with a persistent set, ${o.por.slept} ` +
      `transitions skipped by sleep sets, ${o.por.reexpanded} states expanded again (a smaller sleep set)`,
  ];
}

/**
 * What judging the states took: the steps of their fault-free drains (`SearchCore.drainSteps`); no line when
 * none was taken (a model without a drain, as two-phase-commit).
 */
function drainLines<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>): string[] {
  if (o.drainSteps === 0) return [];
  const each = o.distinct === 0 ? 0 : o.drainSteps / o.distinct;
  return [
    `  drains: ${o.drainSteps} steps judged the states, ${each.toFixed(1)} a state (a drain runs to quiescence ` +
      `or to a state an earlier drain passed)`,
  ];
}

/** The fingerprint line of an exhaustive search. */
function fingerprintText<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>): string {
  if (o.member)
    return (
      `hash compaction: 48 bits a state, salt ${o.member.salt >>> 0}, probability of an omitted state ` +
      `${o.member.omissionProbability.toExponential(1)} (an omission misses, never invents, a violation); ` +
      `${o.bytesPerState.toFixed(1)} bytes a state; ${o.member.reexpanded} states explored again from closer`
    );
  return (
    `fingerprints: 64-bit, collision probability ${o.collisionProbability.toExponential(1)} ` +
    `(optimistic, as TLC states it); ${o.bytesPerState.toFixed(1)} bytes a state; ` +
    `symmetry ${o.symmetry ? 'on' : 'off'}; ${threadsText(o)}`
  );
}

/** The threads a search ran on: workers, or one search thread and its judges. */
function threadsText<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>): string {
  const j = o.judges;
  if (j === null) return `${o.workers} worker${o.workers === 1 ? '' : 's'}`;
  const them = j.threads === 1 ? 'a judge thread' : `${j.threads} judge threads`;
  return `${o.workers} threads: the search and ${them} (its verdicts back for ${j.judged} states)`;
}

/** How the counterexample was found, one line (`total` steps, `drained` of them drain). */
export function foundText<S, A extends AnyAction>(o: Outcome<S, A>, total: number, drained: number): string {
  const steps = `${total} steps (${total - drained} explored + ${drained} drain)`;
  switch (o.mode) {
    case 'random':
      return o.failure
        ? `in run ${o.failure.run} (${o.failure.run + 1} runs; that run's seed ${o.failure.seed}); ` +
            `shrunk from ${o.failure.originalLength} to ${steps}${cutText(o.failure.cut)}`
        : '';
    case 'swarm': {
      const f = o.failure;
      if (!f) return '';
      const faults = f.profile.faults.length > 0 ? `faults on: ${f.profile.faults.join(', ')}` : 'no faults';
      return (
        `in swarm run ${f.run} (${o.runs} runs; ${faults}${f.profile.guided ? '; rarely taken actions favoured' : ''}` +
        `${f.profile.maxSteps !== o.maxSteps ? `; up to ${f.profile.maxSteps} steps` : ''}); ` +
        `shrunk from ${f.originalLength} to ${steps}${cutText(f.cut)}`
      );
    }
    case 'exhaustive': {
      if (o.member)
        return (
          `by swarm verification member ${o.member.index}/${o.member.count} among ${o.distinct} states, ` +
          `depth-first; minimized from ${o.member.originalLength ?? '?'} to ${steps}${cutText(o.cut)}`
        );
      const depth = o.depthCompleted;
      const unproved = `the fewest among traces starting up to depth ${depth} (the search for a shorter one stopped)`;
      return (
        `among ${o.distinct} distinct states${firstMet(o)}; ${steps}, ` +
        (o.shortest
          ? 'the fewest possible'
          : o.minimizedFrom === null
            ? unproved
            : `minimized from the ${o.minimizedFrom} steps of ${unproved}`) +
        cutText(o.cut)
      );
    }
    case 'portfolio':
      return o.foundBy === 'swarm' && o.swarm
        ? `by the swarm ${o.workers > 1 ? 'beside' : 'after'} the breadth-first pass (${exploredText(o.exhaustive)}, ` +
            `every state to depth ${o.exhaustive.depthCompleted} holds), ${foundText(o.swarm, total, drained)}`
        : `by the breadth-first pass, ${foundText(o.exhaustive, total, drained)}`;
  }
}

/**
 * What cut the counterexample's minimization short, as a phrase, or nothing: the time bound's cut depends on the
 * machine's speed, so the `Reproduce:` line, which runs without it, may give a shorter trace.
 */
function cutText(cut: Cut): string {
  if (cut === null) return '';
  return cut === 'time'
    ? '; its minimization stopped at the time bound (Reproduce, without that bound, may give a shorter trace)'
    : `; its minimization stopped after ${MINIMIZE_STEPS.toLocaleString('en-US')} replayed steps`;
}

/** When the search met its first counterexample (the rest of its time looked for a shorter one), or nothing. */
function firstMet<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>): string {
  return o.foundMs === null ? '' : ` (first met after ${seconds(o.foundMs)})`;
}

/** The options after `check <model> --set ... --invariant ...` that reproduce the counterexample exactly. */
export function reproduceArgs<S, A extends AnyAction>(o: Outcome<S, A>): string {
  switch (o.mode) {
    case 'random':
      return `--seed ${o.failure?.seed ?? ''} --path ${o.failure?.path ?? ''} --max-steps ${o.maxSteps}`;
    case 'swarm':
      return (
        `--swarm --seed ${o.campaignSeed} --path ${o.failure?.path ?? ''} --max-steps ${o.maxSteps}` +
        `${o.shard ? ` --shard ${o.shard.index}/${o.shard.count}` : ''}`
      );
    case 'exhaustive':
      return (
        `--exhaustive --depth ${o.depth} --max-states ${o.maxStates}` +
        `${o.member ? ` --shard ${o.member.index}/${o.member.count}` : ''}`
      );
    case 'portfolio': {
      if (o.foundBy === 'swarm' && o.swarm) return reproduceArgs(o.swarm);
      // The pass went past no depth bound of its own: a breadth-first search to the depth of the trace's start
      // state meets the same first counterexample and goes on the same way. A minimized trace starts elsewhere: the
      // pass completed the level where it met the one it minimized, so a search to the depth it completed meets it.
      const explored = o.found?.trace.filter((s) => s.phase === 'explore').length ?? 0;
      const depth = o.exhaustive.minimizedFrom === null ? explored : o.exhaustive.depthCompleted;
      return `--exhaustive --depth ${depth} --max-states ${o.exhaustive.maxStates}`;
    }
  }
}

/** The seed and replay path a trace records for its counterexample (what `--seed` and `--path` take), or null. */
export function replayOf<S, A extends AnyAction>(o: Outcome<S, A>): { seed: number; path: string } | null {
  switch (o.mode) {
    case 'random':
      return o.failure && { seed: o.failure.seed, path: o.failure.path };
    case 'swarm':
      return o.failure && { seed: o.campaignSeed, path: o.failure.path };
    case 'exhaustive':
      return null;
    case 'portfolio':
      return o.foundBy === 'swarm' && o.swarm ? replayOf(o.swarm) : null;
  }
}
