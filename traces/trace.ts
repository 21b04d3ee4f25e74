/**
 * The versioned JSON trace (contract: `eoscheck-trace`, version 1): a model, its resolved config,
 * the seed and path that found it, and the steps. Encoding and decoding round-trip; decoding
 * validates and returns a one-line error instead of throwing.
 */
import type { Config, ConfigValue } from '../model/config.js';
import type { AnyAction } from '../model/model.js';
import type { Phase, TraceStep } from '../properties/run.js';

/** A saved trace. */
export interface Trace<A extends AnyAction = AnyAction> {
  readonly format: 'eoscheck-trace';
  readonly version: 1;
  readonly model: string;
  readonly scenario: string | null;
  readonly config: Config;
  readonly seed: number | null;
  readonly path: string | null;
  readonly steps: readonly TraceStep<A>[];
}

/** Builds a trace value. Pure. */
export function makeTrace<A extends AnyAction>(model: string, scenario: string | null, config: Config, seed: number | null, path: string | null, steps: readonly TraceStep<A>[]): Trace<A> {
  return { format: 'eoscheck-trace', version: 1, model, scenario, config: { ...config }, seed, path, steps: steps.map((s) => ({ action: { ...s.action }, phase: s.phase })) };
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

/**
 * Parses and validates trace text: the envelope, the config values, each step's action (an object
 * with a string `type` and primitive fields) and phase. Model names and config keys are checked
 * by the caller against the registry.
 */
export function decodeTrace(text: string): { ok: true; trace: Trace } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON (${(e as Error).message})` };
  }
  if (!isRecord(raw)) return { ok: false, error: 'not a JSON object' };
  if (raw['format'] !== 'eoscheck-trace') return { ok: false, error: `"format" is ${JSON.stringify(raw['format'])}, expected "eoscheck-trace"` };
  if (raw['version'] !== 1) return { ok: false, error: `"version" is ${JSON.stringify(raw['version'])}, this eoscheck reads version 1` };
  if (typeof raw['model'] !== 'string') return { ok: false, error: '"model" must be a string' };
  const scenario = raw['scenario'] ?? null;
  if (scenario !== null && typeof scenario !== 'string') return { ok: false, error: '"scenario" must be a string or null' };
  const config = raw['config'];
  if (!isRecord(config) || !Object.values(config).every(isPrimitive)) return { ok: false, error: '"config" must be an object of strings, numbers and booleans' };
  const seed = raw['seed'] ?? null;
  if (seed !== null && !Number.isInteger(seed)) return { ok: false, error: '"seed" must be an integer or null' };
  const path = raw['path'] ?? null;
  if (path !== null && typeof path !== 'string') return { ok: false, error: '"path" must be a string or null' };
  const steps = raw['steps'];
  if (!Array.isArray(steps)) return { ok: false, error: '"steps" must be an array' };
  const out: TraceStep[] = [];
  for (let i = 0; i < steps.length; i++) {
    const st: unknown = steps[i];
    if (!isRecord(st) || !isRecord(st['action'])) return { ok: false, error: `steps[${i}] needs an "action" object` };
    const action = st['action'];
    if (typeof action['type'] !== 'string' || !Object.values(action).every(isPrimitive)) return { ok: false, error: `steps[${i}].action needs a string "type" and primitive fields` };
    const phase = st['phase'] ?? 'explore';
    if (!phases.includes(phase as Phase)) return { ok: false, error: `steps[${i}].phase is ${JSON.stringify(phase)}, accepted ${phases.join('|')}` };
    out.push({ action: action as unknown as AnyAction, phase: phase as Phase });
  }
  return { ok: true, trace: { format: 'eoscheck-trace', version: 1, model: raw['model'], scenario, config: config as Config, seed: seed as number | null, path: path as string | null, steps: out } };
}
