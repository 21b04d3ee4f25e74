/**
 * Traces kept in test/fixtures/traces as they were found: counterexamples the model once reported that Kafka
 * rules out, replayed by the tests of the fix. Not in traces/saved, whose traces must still break an invariant.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyAction } from '../../model/core/model.js';
import { decodeTrace, type Trace } from '../../traces/trace.js';

/** The kept trace `name` (its file without `.json`). Throws when it does not decode. */
export function keptTrace(name: string): Trace {
  const d = decodeTrace(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'traces', `${name}.json`), 'utf8'));
  if (!d.ok) throw new Error(d.error);
  return d.trace;
}

/** A kept trace's config as `key=value` pairs and its actions. */
export function keptSteps<A extends AnyAction>(name: string): { keys: string[]; actions: A[] } {
  const t = keptTrace(name);
  return {
    keys: Object.entries(t.config).map(([k, v]) => `${k}=${String(v)}`),
    actions: t.steps.map((s) => s.action as A),
  };
}
