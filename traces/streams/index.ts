/**
 * The `kafka-streams` trace renderings: the consumer-application ones (the count store, the
 * changelog partition and restores show in their notes and summary).
 */
import type { AppAction } from '../../model/ctp/actions.js';
import type { AppState } from '../../model/ctp/state.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { renderCtpMermaid } from '../ctp/mermaid.js';
import { renderCtpText } from '../ctp/text.js';

/** Text timeline of a kafka-streams trace. Pure. */
export function renderStreamsText(states: readonly AppState[], steps: readonly TraceStep<AppAction>[], violations: readonly Violation[], opts: { color?: boolean } = {}): string {
  return renderCtpText(states, steps, violations, opts);
}

/** Mermaid sequence diagram of a kafka-streams trace. Pure. */
export function renderStreamsMermaid(states: readonly AppState[], steps: readonly TraceStep<AppAction>[], violations: readonly Violation[]): string {
  return renderCtpMermaid(states, steps, violations);
}
