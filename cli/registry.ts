/**
 * The models and scenarios the command line knows, each model with its subject (invariants,
 * outputs, logs) and its two renderers. Types are erased here, at the edge, behind closures.
 */
import type { AnyAction } from '../model/model.js';
import type { Violation } from '../properties/invariant.js';
import { kafkaTxnSubject } from '../properties/kafka/subject.js';
import type { TraceStep } from '../properties/run.js';
import type { Subject } from '../properties/subject.js';
import { scenarios, type Scenario } from '../scenarios/index.js';
import { renderKafkaMermaid } from '../traces/kafka/mermaid.js';
import { renderKafkaText } from '../traces/kafka/text.js';
import { twoPhaseCommitSubject } from '../properties/two-phase-commit/subject.js';
import { ctpSubject } from '../properties/ctp/subject.js';
import { flinkKafkaSubject } from '../properties/flink/subject.js';
import { renderFlinkMermaid } from '../traces/flink/mermaid.js';
import { renderFlinkText } from '../traces/flink/text.js';
import { kafkaStreamsSubject } from '../properties/streams/subject.js';
import { renderCtpMermaid } from '../traces/ctp/mermaid.js';
import { renderCtpText } from '../traces/ctp/text.js';
import { renderStreamsMermaid, renderStreamsText } from '../traces/streams/index.js';
import { renderTwoPhaseMermaid, renderTwoPhaseText } from '../traces/two-phase-commit/index.js';

/** A model as the command line sees it. */
export interface ModelEntry {
  readonly subject: Subject<unknown, AnyAction>;
  renderText(states: readonly unknown[], steps: readonly TraceStep[], violations: readonly Violation[], color: boolean): string;
  renderMermaid(states: readonly unknown[], steps: readonly TraceStep[], violations: readonly Violation[]): string;
}

function entry<S, A extends AnyAction>(
  subject: Subject<S, A>,
  text: (states: readonly S[], steps: readonly TraceStep<A>[], violations: readonly Violation[], opts?: { color?: boolean }) => string,
  mermaid: (states: readonly S[], steps: readonly TraceStep<A>[], violations: readonly Violation[]) => string,
): ModelEntry {
  return {
    subject: subject as unknown as Subject<unknown, AnyAction>,
    renderText: (states, steps, violations, color) => text(states as readonly S[], steps as readonly TraceStep<A>[], violations, { color }),
    renderMermaid: (states, steps, violations) => mermaid(states as readonly S[], steps as readonly TraceStep<A>[], violations),
  };
}

/** Models by name, in listing order. */
export const models: ReadonlyMap<string, ModelEntry> = new Map([
  ['kafka-txn', entry(kafkaTxnSubject, renderKafkaText, renderKafkaMermaid)],
  ['consume-transform-produce', entry(ctpSubject, renderCtpText, renderCtpMermaid)],
  ['kafka-streams', entry(kafkaStreamsSubject, renderStreamsText, renderStreamsMermaid)],
  ['flink-kafka', entry(flinkKafkaSubject, renderFlinkText, renderFlinkMermaid)],
  ['two-phase-commit', entry(twoPhaseCommitSubject, renderTwoPhaseText, renderTwoPhaseMermaid)],
]);

/** Scenarios by name, in listing order. */
export const scenarioMap: ReadonlyMap<string, Scenario> = new Map(scenarios.map((s) => [s.name, s]));
