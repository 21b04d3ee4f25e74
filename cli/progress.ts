/**
 * Progress of long work on stderr: nothing for the first second (a quick check prints no noise), then a
 * bar on a terminal (cli-progress, redrawn in place and cleared at the end) or a plain line every few
 * seconds when stderr is a file or a pipe; nothing at all with --quiet or --json. Time comes from the
 * io's clock, so tests drive it.
 */
import cliProgress from 'cli-progress';
import type { Plan } from '../check/explore/each.js';
import type { CheckOptions, ExhaustiveOptions } from '../check/explore/options.js';
import type { PortfolioProgress, Progress, RandomOptions } from '../check/types/options.js';
import { now } from './common.js';
import type { Io } from './io.js';

/** Where a piece of work stands. */
export interface Status {
  /** What is running: `exhaustive`, `random`, `matrix row 2/6`. */
  readonly label: string;
  /** Done out of total, for the bar (depth of the depth bound, runs of the runs). */
  readonly done: number;
  readonly total: number;
  /** The figures: `depth 6, 12,335 states, 9,948 states/s`. */
  readonly figures: string;
  /** Time left in ms (against --max-seconds, or the rate so far), when known. */
  readonly leftMs: number | null;
}

/** Shows a piece of work's progress. */
export interface Meter {
  update(s: Status): void;
  /** Clears the bar; the next update starts a new display. */
  stop(): void;
}

/** Work shorter than this shows no progress. */
export const QUIET_MS = 1000;

/** Plain lines (stderr not a terminal) come at most this often. */
export const LINE_EVERY_MS = 5000;

/** A meter that shows nothing. */
export const silent: Meter = { update: () => {}, stop: () => {} };

/** `1,234,567`. Pure. */
export function grouped(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** `42 s left`, `3 min 5 s left`, or ''. Pure. */
export function leftText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s left` : `${s} s left`;
}

/** The plain line of a status. Pure. */
export function statusLine(s: Status): string {
  const left = leftText(s.leftMs);
  return `eoscheck: ${s.label}: ${s.figures}${left ? `, ${left}` : ''}`;
}

/** The meter for `io`: off when `enabled` is false (--quiet, --json), a bar on a terminal, plain lines otherwise. */
export function meter(io: Io, enabled: boolean): Meter {
  if (!enabled) return silent;
  return io.isTTY ? barMeter(io) : lineMeter(io);
}

function lineMeter(io: Io): Meter {
  let start: number | null = null;
  let last = Number.NEGATIVE_INFINITY;
  return {
    update(s) {
      const t = now(io);
      start ??= t;
      if (t - start < QUIET_MS || t - last < LINE_EVERY_MS) return;
      last = t;
      io.stderr(`${statusLine(s)}\n`);
    },
    stop() {
      start = null;
      last = Number.NEGATIVE_INFINITY;
    },
  };
}

function barMeter(io: Io): Meter {
  let start: number | null = null;
  let bar: cliProgress.SingleBar | null = null;
  // cli-progress writes through a stream; this one is the io's stderr, a terminal of the usual width.
  const stream = { isTTY: true, columns: process.stderr.columns ?? 100, write: (text: string) => io.stderr(text) };
  return {
    update(s) {
      const t = now(io);
      start ??= t;
      if (t - start < QUIET_MS) return;
      const payload = { label: s.label, figures: s.figures, left: leftText(s.leftMs) };
      const total = Math.max(1, s.total);
      if (bar === null) {
        bar = new cliProgress.SingleBar(
          {
            // cli-progress's option type names NodeJS.WritableStream; it calls only write and reads isTTY and columns.
            stream: stream as unknown as NodeJS.WritableStream,
            format: '{bar} {percentage}% | {label}: {figures} | {left}',
            hideCursor: true,
            clearOnComplete: true,
            gracefulExit: false,
            barsize: 24,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, Math.min(s.done, total), payload);
      } else {
        bar.setTotal(total);
        bar.update(Math.min(s.done, total), payload);
      }
    },
    stop() {
      bar?.stop();
      bar = null;
      start = null;
    },
  };
}

/**
 * The `onProgress` of an exhaustive search: depth against the depth bound, states, rate, time left of --max-seconds.
 */
export function exhaustiveProgress(
  m: Meter,
  depthBound: number,
  maxSeconds: number | undefined,
  label = 'exhaustive',
): (p: Progress) => void {
  return (p) =>
    m.update({
      label,
      done: p.depth,
      total: depthBound,
      figures:
        `depth ${p.depth} of ${depthBound}, ${grouped(p.distinct)} states, ` +
        `${grouped(p.elapsedMs > 0 ? (p.distinct * 1000) / p.elapsedMs : 0)} states/s`,
      leftMs: maxSeconds === undefined ? null : maxSeconds * 1000 - p.elapsedMs,
    });
}

/** The `onProgress` of a random campaign of `total` runs: runs, steps, rate, time left at the rate so far. */
export function randomProgress(
  io: Io,
  m: Meter,
  total: number,
  label = 'random',
): (runs: number, steps: number) => void {
  const t0 = now(io);
  return (runs, steps) => {
    const ms = now(io) - t0;
    m.update({
      label,
      done: runs,
      total,
      figures:
        `run ${grouped(runs)} of ${grouped(total)}, ${grouped(steps)} steps, ` +
        `${grouped(ms > 0 ? (steps * 1000) / ms : 0)} steps/s`,
      leftMs: runs > 0 ? (ms / runs) * (total - runs) : null,
    });
  };
}

/** `opts` reporting to `m` (nothing changes for a silent meter). */
export function withProgress(opts: ExhaustiveOptions, io: Io, m: Meter, label?: string): ExhaustiveOptions;
export function withProgress(opts: RandomOptions, io: Io, m: Meter, label?: string): RandomOptions;
export function withProgress(opts: CheckOptions, io: Io, m: Meter, label?: string): CheckOptions;
export function withProgress(opts: CheckOptions, io: Io, m: Meter, label?: string): CheckOptions {
  if (m === silent) return opts;
  switch (opts.mode) {
    case 'random':
      return { ...opts, onProgress: randomProgress(io, m, opts.runs, label) };
    case 'exhaustive':
      return { ...opts, onProgress: exhaustiveProgress(m, opts.depth, opts.maxSeconds, label) };
    case 'swarm':
      return { ...opts, onProgress: swarmProgress(io, m, opts.maxSeconds, label) };
    case 'portfolio':
      return { ...opts, onProgress: portfolioProgress(m, opts.maxSeconds, label) };
  }
}

/**
 * The `onProgress` of the default check: the time of its budget spent, the pass's depth and states (its bound
 * is the time), and the swarm's runs and steps once it runs (after the pass on one thread, beside it on two).
 */
function portfolioProgress(m: Meter, maxSeconds: number, label = 'portfolio'): (p: PortfolioProgress) => void {
  const budget = maxSeconds * 1000;
  return ({ pass, swarm, elapsedMs }) => {
    const parts = [
      pass ? `pass depth ${pass.depth}, ${grouped(pass.distinct)} states` : 'pass starting',
      ...(swarm ? [`swarm run ${grouped(swarm.runs)}, ${grouped(swarm.steps)} steps`] : []),
    ];
    m.update({ label, done: elapsedMs, total: budget, figures: parts.join('; '), leftMs: budget - elapsedMs });
  };
}

/** The `onProgress` of swarm runs (runs until the time budget): runs, steps, rate, time left of the budget. */
function swarmProgress(
  io: Io,
  m: Meter,
  maxSeconds: number | undefined,
  label = 'swarm',
): (runs: number, steps: number) => void {
  const t0 = now(io);
  return (runs, steps) => {
    const ms = now(io) - t0;
    const budget = maxSeconds === undefined ? null : maxSeconds * 1000;
    m.update({
      label,
      done: budget === null ? runs : ms,
      total: budget ?? runs,
      figures: `run ${grouped(runs)}, ${grouped(steps)} steps, ${grouped(ms > 0 ? (steps * 1000) / ms : 0)} steps/s`,
      leftMs: budget === null ? null : budget - ms,
    });
  };
}

/** Every check of `plan` reporting to `m`, labelled. */
export function planWithProgress(plan: Plan, io: Io, m: Meter, label: string): Plan {
  return {
    exhaustive: plan.exhaustive && withProgress(plan.exhaustive, io, m, `${label}, exhaustive`),
    random: plan.random && withProgress(plan.random, io, m, `${label}, random`),
  };
}
