/**
 * A time bound as a worker thread is sent it: data, as a message carries (a `Clock` is code). The thread reads a
 * clock of the kind the sender reads. On the real clock the bound is a time every thread reads alike, in ms since
 * the epoch. On a ticking clock (`ticking`, tests) the thread starts one of its own, moving the sender's tick at
 * each of its own readings, and the bound is `ms` past its first: where the thread stops is a function of how
 * often it reads, so of its work, the same on every run however the threads are scheduled.
 */
import { type Clock, epochToReal, realClock, realToEpoch, ticking } from './clock.js';

export type SentDeadline =
  | { readonly kind: 'real'; readonly epochMs: number }
  | { readonly kind: 'ticking'; readonly tick: number; readonly ms: number };

/** `ms` from now on `clock`, to send to a thread (a clock that does not tick is the real one). */
export function sendDeadline(clock: Clock, ms: number): SentDeadline {
  if (clock.tick !== undefined) return { kind: 'ticking', tick: clock.tick, ms };
  return { kind: 'real', epochMs: realToEpoch(realClock.now()) + ms };
}

/** A bound as the thread that was sent it reads it: its clock, and the reading past which the bound is reached. */
export interface ThreadDeadline {
  readonly clock: Clock;
  readonly at: number;
}

/** The thread's clock for `d`, and `d` on it (a ticking clock is read once here: the bound is `ms` past that). */
export function receiveDeadline(d: SentDeadline): ThreadDeadline {
  switch (d.kind) {
    case 'real':
      return { clock: realClock, at: epochToReal(d.epochMs) };
    case 'ticking': {
      const clock = ticking(d.tick);
      return { clock, at: clock.now() + d.ms };
    }
  }
}
