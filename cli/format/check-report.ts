/**
 * The JSON report of a check: the contract's keys, then what each explorer adds (the random or
 * swarm campaign's failing run, the exhaustive search's bounds and fingerprints, the portfolio's
 * parts and which found). Pure.
 */
import type { Entry } from '../../catalog/entry.js';
import type { ExhaustiveOutcome, Outcome, PortfolioOutcome, SwarmOutcome } from '../../check/types/outcome.js';
import type { Resolved } from '../../model/core/config.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { setArgs } from '../common.js';
import { makeReport, perSecond, type Report } from '../report.js';
import { outcomeTrace } from './check.js';
import { replayOf, reproduceArgs } from './search.js';

/** The exhaustive part of an outcome (the search, or the portfolio's pass), or null. */
function exhaustivePart<S, A extends AnyAction>(o: Outcome<S, A>): ExhaustiveOutcome<S, A> | null {
  return o.mode === 'exhaustive' ? o : o.mode === 'portfolio' ? o.exhaustive : null;
}

/** The runs part of an outcome (a random or swarm campaign, or the portfolio's swarm), or null. */
function runsPart<S, A extends AnyAction>(o: Outcome<S, A>) {
  return o.mode === 'random' || o.mode === 'swarm' ? o : o.mode === 'portfolio' ? o.swarm : null;
}

/** A swarm campaign's summary in the portfolio's report. */
function swarmSummary<S, A extends AnyAction>(s: SwarmOutcome<S, A>) {
  return {
    status: s.status,
    runs: s.runs,
    steps: s.steps,
    elapsedMs: Math.round(s.elapsedMs),
    failingRun: s.failure?.run ?? null,
    path: s.failure?.path ?? null,
    profile: s.failure?.profile ?? null,
  };
}

/** The portfolio's own section: the budget, each part's work, which found, the command that reproduces it. */
function portfolioSection<S, A extends AnyAction>(o: PortfolioOutcome<S, A>, reproduce: string | null) {
  const x = o.exhaustive;
  return {
    maxSeconds: o.maxSeconds,
    campaignSeed: o.campaignSeed,
    foundBy: o.foundBy,
    exhaustive: {
      status: x.status,
      distinct: x.distinct,
      generated: x.generated,
      depthCompleted: x.depthCompleted,
      bound: x.bound,
      elapsedMs: Math.round(x.elapsedMs),
      foundMs: x.foundMs === null ? null : Math.round(x.foundMs),
      shortest: x.found ? x.shortest : null,
      minimizedFrom: x.found ? x.minimizedFrom : null,
    },
    swarm: o.swarm ? swarmSummary(o.swarm) : null,
    reproduce,
  };
}

/** The JSON report of a check. Pure. */
export function checkReport<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  config: Resolved<K>,
  o: Outcome<S, A>,
): Report {
  const last = o.found?.states.at(-1);
  const runs = runsPart(o);
  const ex = exhaustivePart(o);
  const replay = replayOf(o);
  const reproduce = o.found
    ? `npx eoscheck check ${e.model.name}${setArgs(e.model.keys, config.record)}` +
      `${o.invariants.length === e.invariants.length ? '' : o.invariants.map((n) => ` --invariant ${n}`).join('')} ` +
      reproduceArgs(o)
    : null;
  const byPass = o.found !== null && ex !== null && !(o.mode === 'portfolio' && o.foundBy === 'swarm');
  const campaignSeed = o.mode === 'portfolio' ? o.campaignSeed : runs ? runs.campaignSeed : null;
  return makeReport(
    {
      kind: 'check',
      model: e.model.name,
      scenario: null,
      config: config.record,
      violations: o.found?.violations ?? [],
      trace: outcomeTrace(e, config, o),
      outputs: last === undefined ? {} : e.report.outputs(last),
      logs: last === undefined ? {} : e.report.logs(last),
      stats: {
        runs: (runs?.runs ?? 0) + (ex ? 1 : 0),
        steps: (runs?.steps ?? 0) + (ex?.generated ?? 0),
        distinctStates: ex ? ex.distinct : null,
        elapsedMs: Math.round(o.elapsedMs),
        statesPerSecond: perSecond(ex ? ex.distinct : (runs?.steps ?? 0), o.elapsedMs),
      },
    },
    {
      mode: o.mode,
      invariants: o.invariants,
      campaignSeed,
      shard: runs
        ? runs.shard
        : o.mode === 'exhaustive' && o.member
          ? { index: o.member.index, count: o.member.count }
          : null,
      member: o.mode === 'exhaustive' && o.member ? { ...o.member, depth: o.depth, maxStates: o.maxStates } : null,
      failingRun: runs?.failure?.run ?? null,
      seed: replay ? replay.seed : o.mode === 'exhaustive' ? null : campaignSeed,
      path: replay?.path ?? null,
      bound: ex ? ex.bound : null,
      depthCompleted: ex ? ex.depthCompleted : null,
      symmetry: ex ? ex.symmetry : false,
      workers: o.workers,
      bytesPerState: ex ? ex.bytesPerState : null,
      drainSteps: ex ? ex.drainSteps : null,
      judges: ex ? ex.judges : null,
      por: ex ? ex.por : null,
      sleepSets: ex ? ex.sleepSets : null,
      collisionProbability: ex ? ex.collisionProbability : null,
      coverage: o.coverage,
      // A random run's length before shrinking, or that of the trace a search met before it was minimized; what cut
      // the minimization short (`steps`: its budget of replayed steps; `time`: the check's time bound), or null.
      shrunk: o.found
        ? {
            from: runs?.failure?.originalLength ?? (byPass ? ex.minimizedFrom : null),
            to: o.found.trace.length,
            cut: byPass ? ex.cut : (runs?.failure?.cut ?? null),
          }
        : null,
      shortest: byPass ? ex.shortest : null,
      // The breadth-first search found it this many ms after its start; the rest looked for a shorter trace.
      foundMs: byPass && ex.foundMs !== null ? Math.round(ex.foundMs) : null,
      ...(o.mode === 'swarm' ? { profile: o.failure?.profile ?? null } : {}),
      ...(o.mode === 'portfolio' ? { portfolio: portfolioSection(o, reproduce) } : {}),
      reproduce,
    },
  );
}
