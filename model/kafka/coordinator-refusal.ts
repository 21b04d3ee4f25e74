/**
 * A transaction coordinator that cannot answer now refuses a request without a change, and the
 * client sends it again: while it loads its `__transaction_state` partition after a move
 * (COORDINATOR_LOAD_IN_PROGRESS, model/kafka/txn-log-load.ts) and while that partition's ISR is
 * below transaction.state.log.min.isr (COORDINATOR_NOT_AVAILABLE, model/kafka/txn-log-isr.ts). A
 * refused step is not taken: its state would be the one it started from. The coordinator's rules
 * call `refuse` where they would need it; `answeredTable` leaves such steps out of a model's table.
 */
import { produce } from 'immer';
import type { ActionSpec, AnyAction, SharedPass } from '../core/model.js';
import type { Cluster } from './cluster.js';

/** Thrown by a coordinator rule that cannot answer now: the step that asked is not taken. */
class Refused extends Error {}

/** Thrown at the end of a probe that got its answer, so the probe's draft is dropped unfinished. */
class Answered extends Error {}

const refused = new Refused('refused by the transaction coordinator');
const answered = new Answered('answered');

/** The coordinator cannot answer the request being taken (only ever reached inside a probe). */
export function refuse(): never {
  throw refused;
}

/** Whether the coordinator refuses some requests now: it is loading, or its log's ISR is too small. Pure. */
export function coordinatorRefuses(k: Cluster): boolean {
  return k.coordinator.loading === true || k.coordinator.txnLog === 'shrunk';
}

/**
 * Whether action `a`, which `spec` emits at `s`, is taken while the coordinator refuses some requests: its
 * effect is tried on a draft dropped afterwards, and it is left out when the coordinator refuses it. Pure.
 */
function answeredNow<S, A extends AnyAction>(s: S, spec: ActionSpec<S, A>, a: A): boolean {
  try {
    produce(s, (d) => {
      spec.effect(d, a);
      throw answered;
    });
  } catch (e) {
    if (e === refused) return false;
    if (e === answered) return true;
    throw e;
  }
  return true;
}

/**
 * `table` whose entries leave out, while the coordinator refuses some requests, every action whose effect
 * it refuses; as before otherwise, so a run where it always answers is unchanged.
 */
export function answeredTable<S, T extends object>(table: T, cluster: (s: S) => Cluster): T {
  const specs = table as Record<string, ActionSpec<S, AnyAction>>;
  // A pass shared by several entries is filtered once, as one pass, so the entries still share it.
  const passes = new Map<SharedPass<S, AnyAction>, SharedPass<S, AnyAction>>();
  const answeredPass = (pass: SharedPass<S, AnyAction>): SharedPass<S, AnyAction> => {
    let p = passes.get(pass);
    if (p === undefined) {
      p = {
        list(s, emit) {
          if (!coordinatorRefuses(cluster(s))) pass.list(s, emit);
          else
            pass.list(s, (a) => {
              if (answeredNow(s, specs[a.type]!, a)) emit(a);
            });
        },
      };
      passes.set(pass, p);
    }
    return p;
  };
  const out: Record<string, ActionSpec<S, AnyAction>> = {};
  for (const [type, spec] of Object.entries(specs)) {
    out[type] = {
      ...spec,
      enabled(s, emit) {
        if (!coordinatorRefuses(cluster(s))) spec.enabled(s, emit);
        else
          spec.enabled(s, (a) => {
            if (answeredNow(s, spec, a)) emit(a);
          });
      },
      ...(spec.listedBy ? { listedBy: answeredPass(spec.listedBy) } : {}),
    };
  }
  return out as unknown as T;
}
