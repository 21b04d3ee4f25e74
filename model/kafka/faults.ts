/**
 * The process faults of a client application's instances, shared by the models that run such
 * instances (kafka-txn's apps, the consumer applications): `Crash` (the process dies), `Pause`
 * (it stops mid-flight, a replacement starts: a zombie in waiting) and `Resume` (the paused one
 * goes on as if nothing happened). Each model says which instance may suffer which and what it does.
 */
import type { Draft } from 'immer';
import type { ActionSpec } from '../core/model.js';
import type { InstanceCall } from './actions.js';

/** An application process fault. */
export type ProcessFault = InstanceCall<'Crash' | 'Pause' | 'Resume'>;

/** How a model's instances suffer the process faults. */
export interface Processes<S, I extends { readonly id: number }> {
  /** The instances in creation order. */
  instances(s: S): readonly I[];
  /** `app-0#2`: the instance's name in a trace. */
  name(s: S, id: number): string;
  canCrash(s: S, i: I): boolean;
  canPause(s: S, i: I): boolean;
  canResume(s: S, i: I): boolean;
  crash(d: Draft<S>, id: number): void;
  pause(d: Draft<S>, id: number): void;
  resume(d: Draft<S>, id: number): void;
}

/** The table entries of `Crash`, `Pause` and `Resume` over `p`. */
export function processFaults<S, I extends { readonly id: number }>(
  p: Processes<S, I>,
): {
  readonly Crash: ActionSpec<S, InstanceCall<'Crash'>>;
  readonly Pause: ActionSpec<S, InstanceCall<'Pause'>>;
  readonly Resume: ActionSpec<S, InstanceCall<'Resume'>>;
} {
  const fault = <T extends ProcessFault['type']>(
    type: T,
    may: (s: S, i: I) => boolean,
    effect: (d: Draft<S>, id: number) => void,
  ): ActionSpec<S, InstanceCall<T>> => ({
    fault: true,
    enabled(s, emit) {
      // `{ type, instance }` is the variant of `type`; TypeScript does not narrow a union by a generic tag.
      for (const i of p.instances(s)) if (may(s, i)) emit({ type, instance: i.id } as InstanceCall<T>);
    },
    effect: (d, a) => effect(d, a.instance),
    describe: (s, a) => `fault.${type}(${p.name(s, a.instance)})`,
    lanes: (s, a) => ({ from: p.name(s, a.instance) }),
  });
  return {
    Crash: fault('Crash', p.canCrash, p.crash),
    Pause: fault('Pause', p.canPause, p.pause),
    Resume: fault('Resume', p.canResume, p.resume),
  };
}
