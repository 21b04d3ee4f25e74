/**
 * The contract's JSON report, built as plain data from a result; printing is the caller's job.
 */
import type { LogRow, TopicViews } from '../catalog/entry.js';
import type { Violation } from '../properties/invariant.js';
import type { ConfigRecord, Trace } from '../traces/trace.js';
import { VERSION } from './version.js';

/** Statistics of the work done. */
export interface Stats {
  readonly runs: number;
  readonly steps: number;
  readonly distinctStates: number | null;
  readonly elapsedMs: number;
  readonly statesPerSecond: number;
}

/** The report object (contract keys first, extensions after). */
export interface Report {
  readonly tool: 'eoscheck';
  readonly version: string;
  readonly kind: 'check' | 'run' | 'replay';
  readonly model: string;
  readonly scenario: string | null;
  readonly config: ConfigRecord;
  readonly status: 'ok' | 'violation';
  readonly violations: readonly Violation[];
  readonly trace: Trace | null;
  readonly outputs: Record<string, TopicViews>;
  readonly logs: Record<string, LogRow[]>;
  readonly stats: Stats;
  readonly [extension: string]: unknown;
}

/** The parts of a report besides the envelope. */
export interface ReportParts {
  readonly kind: Report['kind'];
  readonly model: string;
  readonly scenario: string | null;
  readonly config: ConfigRecord;
  readonly violations: readonly Violation[];
  readonly trace: Trace | null;
  readonly outputs: Record<string, TopicViews>;
  readonly logs: Record<string, LogRow[]>;
  readonly stats: Stats;
}

/** Builds a report. Pure. */
export function makeReport(p: ReportParts, extra: Record<string, unknown> = {}): Report {
  return {
    tool: 'eoscheck',
    version: VERSION,
    kind: p.kind,
    model: p.model,
    scenario: p.scenario,
    config: p.config,
    status: p.violations.length > 0 ? 'violation' : 'ok',
    violations: p.violations,
    trace: p.trace,
    outputs: p.outputs,
    logs: p.logs,
    stats: p.stats,
    ...extra,
  };
}

/** Rate per second, rounded, 0 for no time. Pure. */
export function perSecond(count: number, ms: number): number {
  return ms > 0 ? Math.round((count * 1000) / ms) : 0;
}
