/**
 * The clock every decision taken on elapsed time reads: a search's `--max-seconds`, the portfolio's budget and the
 * share of it its pass takes, the question whether to hand a search to workers, a minimization's deadline, progress
 * reports. The real one by default; a test hands in one that moves a fixed amount at every reading, so that what it
 * asserts (states, traces, verdicts) is the same on a quiet machine and a busy one.
 */

/** Milliseconds on some fixed origin: only differences between two readings of one clock mean anything. */
export interface Clock {
  now(): number;
  /**
   * A clock that moves `tick` ms at every reading (`ticking`): a worker thread given one starts its own such clock
   * instead of reading the real one (`sent-deadline.ts`). Absent: the real clock.
   */
  readonly tick?: number | undefined;
}

/** The real clock: `performance.now()`. */
export const realClock: Clock = { now: () => performance.now() };

/**
 * A reading of the real clock as milliseconds since the epoch, the origin every thread shares (each thread's
 * `performance.now()` counts from its own start, `performance.timeOrigin`), and back.
 */
export const realToEpoch = (reading: number): number => performance.timeOrigin + reading;
export const epochToReal = (epochMs: number): number => epochMs - performance.timeOrigin;

/** A clock that moves `tick` ms at every reading, from 0: the same readings on every machine. */
export function ticking(tick: number): Clock {
  let t = 0;
  return {
    now: () => {
      t += tick;
      return t;
    },
    tick,
  };
}

/** The clock of `opts` (the real one when it names none). */
export function clockOf(opts: { readonly clock?: Clock | undefined }): Clock {
  return opts.clock ?? realClock;
}
