/**
 * One pipeline checked: its configuration read (`verify/verify.ts`), the model checked at it, and again at
 * each value application code could give a key no file holds; the answer as plain data, its JSON report and
 * its text. A pipeline that cannot be checked answers exit 2 with why, and the others go on.
 */
import type { Entry, Listed } from '../../catalog/entry.js';
import { checkEach, type EachResult, type Plan, planText } from '../../check/explore/each.js';
import { defaultRecord } from '../../model/core/config.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { meaningOf } from '../../properties/invariant.js';
import type { CodeCombination, CodeDependent, FileRole, GuaranteeAnswer, PipelineAnswer } from '../../verify/answer.js';
import { producerMode } from '../../verify/kafka-rules.js';
import type { Part } from '../../verify/parts.js';
import { type Placed, pipeline } from '../../verify/pipeline.js';
import { releaseAssumed, type Verified, verifyConfig } from '../../verify/verify.js';
import { modelConfig, setArgs } from '../common.js';
import { boundText, reproduceArgs } from '../format/search.js';
import { cutOf, failedText, verifyReport, verifyText } from '../format/verify.js';
import { type Io, isUsageError, UsageError } from '../io.js';
import type { Meter } from '../progress.js';
import { planWithProgress } from '../progress.js';
import { VERSION } from '../version.js';
import { decisive } from './decisive.js';

/** One pipeline's answer in every rendering. */
export interface Evaluated {
  readonly answer: PipelineAnswer;
  readonly report: Record<string, unknown>;
  readonly text: string;
}

/** What every pipeline of one run shares. */
export interface Run {
  readonly set: readonly (readonly [string, string])[];
  readonly plan: (defaultDepth: number) => Plan;
  readonly quiet: boolean;
  readonly io: Io;
  readonly meter: Meter;
  readonly models: (name: string) => Listed | undefined;
}

const fileRoles = (parts: readonly (Part | Placed)[]): FileRole[] =>
  parts.map((p) => ({
    path: p.file,
    role: 'role' in p ? p.role : p.kind,
    detail: p.detail,
    ...(p.why ? { why: p.why } : {}),
  }));

/** A pipeline that answers exit 2, with why. */
export function failed(name: string, error: string, parts: readonly (Part | Placed)[] = []): Evaluated {
  const answer: PipelineAnswer = {
    pipeline: name,
    exit: 2,
    error,
    model: null,
    files: fileRoles(parts),
    guarantees: [],
    dependsOnCode: [],
    combinations: [],
    bound: '',
  };
  const ignored = parts.flatMap((p) =>
    p.kind === 'ignored' ? [{ file: p.file, part: p.detail, why: p.why ?? 'not modelled' }] : [],
  );
  return {
    answer,
    report: {
      tool: 'eoscheck',
      version: VERSION,
      kind: 'verify',
      verb: 'verify',
      pipeline: name,
      exit: 2,
      error,
      files: answer.files,
      ignored,
    },
    text: failedText(name, error, parts),
  };
}

/**
 * `configure()`, with a refusal that depends on the release saying so when no file named it (or which file named the
 * connector release), and a model's refusal of a value a file wrote placed at its file and line.
 */
function configured<T>(v: Verified, configure: () => T): T {
  try {
    return configure();
  } catch (err) {
    if (!isUsageError(err)) throw err;
    const assumed = v.unstated.find((a) => a.key === 'kafka.version');
    if (assumed?.kind === 'condition' && err.message.includes('kafka.version'))
      throw new UsageError(`${err.message}${releaseAssumed(assumed.value)}`);
    const w = v.winners.find((x) => err.message.startsWith(`${x.key}=`) && x.where !== '--set');
    // A refusal by the connector release a build file names says which file named it.
    const c = v.winners.find((x) => x.key === 'connector.version' && x.where !== '--set');
    const named = c !== undefined && err.message.includes('connector.version') ? ` (${c.where}: ${c.why})` : '';
    throw new UsageError(`${w === undefined ? '' : `${w.where}: `}${err.message}${named}`);
  }
}

/** Whether a check found a guarantee violated. */
function violatedOf<S, A extends AnyAction>(r: EachResult<S, A>): boolean {
  return r.verdicts.some((x) => x.status === 'violated');
}

/** The guarantees a check found violated. */
function violatedIn<S, A extends AnyAction>(r: EachResult<S, A>): string[] {
  return r.verdicts.flatMap((x) => (x.status === 'violated' ? [x.invariant] : []));
}

/**
 * The check at every combination of the values code could give the keys it decides (the real defaults are the main
 * check), each value bringing the keys it needs where no file sets them (checkpointing on: an interval); per key, a
 * value holds only where it holds with every value of the others, so no verdict rests on what the code might set.
 */
function crossed<S, A extends AnyAction>(
  v: Verified,
  check: (pairs: readonly (readonly [string, string])[], label: string) => EachResult<S, A>,
  main: EachResult<S, A>,
): { dependsOnCode: CodeDependent[]; combinations: CodeCombination[] } {
  const code = v.unstated.flatMap((u) => (u.kind === 'code' ? [u] : []));
  let combos: Record<string, string>[] = [{}];
  for (const u of code) combos = combos.flatMap((c) => u.values.map((x) => ({ ...c, [u.key]: x })));
  const checked = combos.map((values): CodeCombination => {
    const defaults = code.every((u) => values[u.key] === u.realDefault);
    const brought = code.flatMap((u) => u.with?.[values[u.key]!] ?? []);
    const given = new Map<string, string>([...Object.entries(values), ...brought]);
    const pairs = [...v.pairs.filter(([k]) => !given.has(k)), ...given];
    const label = Object.entries(values)
      .map(([k, x]) => `${k}=${x}`)
      .join(', ');
    const violated = violatedIn(defaults ? main : check(pairs, label));
    return { values, verdict: violated.length > 0 ? 'violated' : 'holds', violated };
  });
  const dependsOnCode = code.map((u): CodeDependent => {
    const verdicts: Record<string, 'holds' | 'violated'> = {};
    for (const x of u.values)
      verdicts[x] = checked.every((c) => c.values[u.key] !== x || c.verdict === 'holds') ? 'holds' : 'violated';
    return { key: u.key, realDefault: u.realDefault, ...(u.baseline ? { baseline: u.baseline } : {}), verdicts };
  });
  return { dependsOnCode, combinations: code.length > 1 ? checked : [] };
}

/**
 * The check again at exponential-delay's longest restart delay, where the pipeline has one (verify/backoff.ts): the
 * answer is the run that violates more (the first run on a tie), the other's verdict said in a note.
 */
function longest<R extends { r: EachResult<S, A> }, S, A extends AnyAction>(
  v: Verified,
  first: R,
  run: (pairs: readonly (readonly [string, string])[], label: string) => R,
  model: string,
): { main: R; v: Verified } {
  const slow = v.longestRestart;
  if (slow === undefined) return { main: first, v };
  const pairs = [...v.pairs.filter(([k]) => k !== 'restart.delay.ms'), ['restart.delay.ms', String(slow.ms)] as const];
  const second = run(pairs, `verify ${model} at restart.delay.ms=${slow.ms}`);
  const a = violatedIn(first.r);
  const b = violatedIn(second.r);
  const slower = b.length > a.length;
  const at = (violated: readonly string[]): string =>
    violated.length === 0 ? 'every guarantee holds' : `${violated.join(', ')} violated`;
  const note = slower
    ? `restart.delay.ms=${slow.ms}: ${slow.why}: the answer is this one's (at its first delay ${at(a)})`
    : `restart.delay.ms=${slow.ms}: ${slow.why}: there too ${at(b)}`;
  const main = slower ? second : first;
  return {
    main,
    v: {
      ...v,
      pairs: slower ? pairs : v.pairs,
      notes: [...v.notes, note],
    },
  };
}

/** The model checked at one pipeline's configuration (and at each value code could give a key). */
function checked<S, A extends AnyAction, K extends Keys>(
  name: string,
  e: Entry<S, A, K>,
  verified: Verified,
  run: Run,
): Evaluated {
  const plan = run.plan(e.model.defaultDepth);
  const first =
    1 + e.model.enabled(e.model.init(configured(verified, () => modelConfig(e.model, verified.pairs)).config)).length;
  if (plan.exhaustive !== null && plan.exhaustive.maxStates < first)
    throw new UsageError(
      `bad value '${plan.exhaustive.maxStates}' for --max-states: the initial state of ${e.model.name} and its ` +
        `successors are ${first} states, so the search would check nothing past them; accepted ${first} to 100000000`,
    );
  const once = (pairs: readonly (readonly [string, string])[], label: string) => {
    const config = configured(verified, () => modelConfig(e.model, pairs));
    const r = checkEach(
      { model: e.model, invariants: e.invariants },
      e.model.init(config.config),
      planWithProgress(plan, run.io, run.meter, label),
    );
    run.meter.stop();
    return { config, r };
  };
  const quick = once(verified.pairs, `verify ${e.model.name}`);
  const { main, v } = longest(verified, quick, (pairs, label) => once(pairs, label), e.model.name);

  const { dependsOnCode, combinations } = crossed(
    v,
    (pairs, label) => once(pairs, `verify ${e.model.name} at ${label}`).r,
    main.r,
  );
  const safe = defaultRecord(e.model.keys);
  const reproduce = `npx eoscheck check ${e.model.name}${setArgs(e.model.keys, main.config.record)}`;
  const guarantees: GuaranteeAnswer[] = main.r.verdicts.map((x) => ({
    invariant: x.invariant,
    meaning: meaningOf(e.invariants, x.invariant),
    verdict: x.status,
    message:
      x.status === 'violated'
        ? x.message
        : x.status === 'unknown'
          ? `not decided: every check stopped at ${x.maskedBy} first`
          : null,
    decidedBy: x.status === 'violated' ? decisive(x.invariant, v.winners, safe) : [],
    reproduce: x.status === 'violated' ? `${reproduce} ${reproduceArgs(x.outcome)}` : null,
  }));
  const answer: PipelineAnswer = {
    pipeline: name,
    exit: violatedOf(main.r) ? 1 : 0,
    error: null,
    model: e.model.name,
    files: fileRoles(v.parts),
    guarantees,
    dependsOnCode,
    combinations,
    bound: boundOf(plan, main.r),
  };
  return {
    answer,
    report: {
      ...verifyReport(e, main.config, v, plan, main.r),
      pipeline: name,
      exit: answer.exit,
      bound: answer.bound,
      dependsOnCode,
      ...(combinations.length > 0 ? { combinations } : {}),
    },
    text: verifyText(e, main.config, v, plan, main.r, run.quiet, name, dependsOnCode, combinations),
  };
}

/** What the search covered: the plan, or how far a state or time bound let it go. */
function boundOf<S, A extends AnyAction>(plan: Plan, r: EachResult<S, A>): string {
  const cut = cutOf(r);
  return cut === null ? planText(plan) : `no violation in the first ${cut.distinct} states: ${boundText(cut)}`;
}

/** One pipeline's parts answered: placed, configured and checked, or exit 2 with why. */
export function evaluate(name: string, parts: readonly Part[], run: Run): Evaluated {
  const made = pipeline(parts);
  if (!made.ok) return failed(name, made.error, parts);
  if (made.value.kind === 'nothing') {
    // A producer Kafka refuses to start is said as Kafka says it, before there being nothing to check.
    for (const p of made.value.parts) {
      if (p.kind !== 'producer' && p.kind !== 'app') continue;
      const mode = producerMode(new Map(p.settings.map((s) => [s.key, s])));
      if (!mode.ok) return failed(name, `${p.file}: Kafka's producer refuses this configuration: ${mode.error}`, parts);
    }
    return failed(name, `nothing to check: ${made.value.found}`, made.value.parts);
  }
  const pipe = made.value.pipeline;
  const listed = run.models(pipe.model);
  if (listed === undefined)
    return failed(name, `verify picked model ${pipe.model}, which this catalog lacks`, pipe.parts);
  const v = verifyConfig(pipe, run.set, (model) => run.models(model)!.open((e) => e.model.keys));
  if (!v.ok) return failed(name, v.error, pipe.parts);
  try {
    return listed.open((e) => checked(name, e, v.value, run));
  } catch (err) {
    if (!isUsageError(err)) throw err;
    return failed(name, err.message, pipe.parts);
  }
}
