/**
 * The versioned JSON trace (contract: `eoscheck-trace`, version 1): a model, its resolved config,
 * the seed and path that found it, and the steps. Encoding and decoding round-trip; decoding
 * validates and returns a one-line error instead of throwing.
 */
import type { Phase, TraceStep } from '../check/types/trace.js';
import type { ConfigValue } from '../model/core/keys.js';
import type { AnyAction } from '../model/core/model.js';
import { errorMessage } from '../util/errors.js';

/** A resolved config by real key name, as a trace or report holds it. */
export type ConfigRecord = Readonly<Record<string, ConfigValue>>;

/** A saved trace. */
export interface Trace<A extends AnyAction = AnyAction> {
  readonly format: 'eoscheck-trace';
  readonly version: 1;
  readonly model: string;
  readonly scenario: string | null;
  readonly config: ConfigRecord;
  readonly seed: number | null;
  readonly path: string | null;
  readonly steps: readonly TraceStep<A>[];
}

/** Builds a trace value. Pure. */
export function makeTrace<A extends AnyAction>(
  model: string,
  scenario: string | null,
  config: ConfigRecord,
  seed: number | null,
  path: string | null,
  steps: readonly TraceStep<A>[],
): Trace<A> {
  return {
    format: 'eoscheck-trace',
    version: 1,
    model,
    scenario,
    config: { ...config },
    seed,
    path,
    steps: steps.map((s) => ({ action: { ...s.action }, phase: s.phase })),
  };
}

/** The trace as pretty JSON text. Pure. */
export function encodeTrace(t: Trace): string {
  return `${JSON.stringify(t, null, 2)}\n`;
}

const phases: readonly Phase[] = ['explore', 'drain', 'script'];

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isPrimitive(x: unknown): x is ConfigValue {
  return typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean';
}

/** An object of primitive fields: a config record, or (with a string `type`) an action. */
function isPrimitives(x: unknown): x is Record<string, ConfigValue> {
  return isRecord(x) && Object.values(x).every(isPrimitive);
}

function isAction(x: unknown): x is AnyAction & Record<string, ConfigValue> {
  return isPrimitives(x) && typeof x['type'] === 'string';
}

function isPhase(x: unknown): x is Phase {
  return phases.some((p) => p === x);
}

/**
 * Parses and validates trace text: the envelope, the config values, each step's action (an object
 * with a string `type` and primitive fields) and phase. Model names and config keys are checked
 * by the caller against the catalog.
 */
export function decodeTrace(text: string): { ok: true; trace: Trace } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON (${errorMessage(e)})` };
  }
  if (!isRecord(raw)) return { ok: false, error: 'not a JSON object' };
  if (raw['format'] !== 'eoscheck-trace')
    return { ok: false, error: `"format" is ${JSON.stringify(raw['format'])}, expected "eoscheck-trace"` };
  if (raw['version'] !== 1)
    return { ok: false, error: `"version" is ${JSON.stringify(raw['version'])}, this eoscheck reads version 1` };
  const model = raw['model'];
  if (typeof model !== 'string') return { ok: false, error: '"model" must be a string' };
  const scenario = raw['scenario'] ?? null;
  if (scenario !== null && typeof scenario !== 'string')
    return { ok: false, error: '"scenario" must be a string or null' };
  const config = raw['config'];
  if (!isPrimitives(config)) return { ok: false, error: '"config" must be an object of strings, numbers and booleans' };
  const seed = raw['seed'] ?? null;
  if (seed !== null && !(typeof seed === 'number' && Number.isInteger(seed)))
    return { ok: false, error: '"seed" must be an integer or null' };
  const path = raw['path'] ?? null;
  if (path !== null && typeof path !== 'string') return { ok: false, error: '"path" must be a string or null' };
  const steps = raw['steps'];
  if (!Array.isArray(steps)) return { ok: false, error: '"steps" must be an array' };
  const out: TraceStep[] = [];
  for (let i = 0; i < steps.length; i++) {
    const st: unknown = steps[i];
    if (!isRecord(st) || !isRecord(st['action'])) return { ok: false, error: `steps[${i}] needs an "action" object` };
    const action = st['action'];
    if (!isAction(action)) return { ok: false, error: `steps[${i}].action needs a string "type" and primitive fields` };
    const phase = st['phase'] ?? 'explore';
    if (!isPhase(phase))
      return { ok: false, error: `steps[${i}].phase is ${JSON.stringify(phase)}, accepted ${phases.join('|')}` };
    out.push({ action, phase });
  }
  return { ok: true, trace: { format: 'eoscheck-trace', version: 1, model, scenario, config, seed, path, steps: out } };
}
