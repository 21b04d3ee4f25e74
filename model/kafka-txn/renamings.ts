/**
 * The renamings of `kafka-txn`'s apps as states and as actions: what makes the symmetric encoding
 * (`symmetry.ts`) sound is that stepping commutes with renaming, the same actions renamed enabled in
 * the renamed state and leading to the renamed successors. The test of that property needs actions
 * renamed too (`test/slow/model/kafka-txn/symmetry.test.ts`): it found the verification guards and the
 * stale markers' order that `renameApps` once missed. An action is renamed as the state is: an instance
 * id names its app (`instanceId`), a coordinator entry is indexed by its app, a producer id is its app's
 * plus one; output partitions and request ids keep their names, a stale marker its place in the sorted list.
 */
import { cloneState } from '../core/plain.js';
import type { KafkaTxnAction } from './actions.js';
import type { KafkaTxnState } from './state.js';
import { type Names, names, PERMS, renameApps, renames, staleMarkerOrder } from './symmetry.js';

type A = KafkaTxnAction;
/** How an action of `s` is renamed by `pi` (`n`: the names it gives). */
type Renamer<T extends A> = (a: T, n: Names, s: KafkaTxnState, pi: readonly number[]) => T;

const instance = <T extends A & { readonly instance: number }>(a: T, n: Names): T => ({
  ...a,
  instance: n.instance(a.instance),
});
const txn = <T extends A & { readonly txn: number }>(a: T, n: Names): T => ({ ...a, txn: n.app(a.txn) });
const same = <T extends A>(a: T): T => a;

/** Per action tag, its renaming (a table keyed by every tag: a new action kind must say how it renames). */
const byType: { readonly [T in A['type']]: Renamer<Extract<A, { readonly type: T }>> } = {
  InitProducerId: instance,
  BeginTxn: instance,
  CommitTxn: instance,
  AbortTxn: instance,
  Produce: instance,
  ProduceDelayed: instance,
  AddPartitionsDelayed: instance,
  ProduceInFlight: instance,
  Land: instance,
  ExpireInFlight: instance,
  BumpEpoch: instance,
  Retry: instance,
  AddOffsetsToTxn: instance,
  TxnOffsetCommit: instance,
  CommitTxnDelayed: instance,
  CommitTimedOut: instance,
  AbortTxnDelayed: instance,
  CommitOffsets: instance,
  InitProducerIdDelayed: instance,
  InitProducerIdLost: instance,
  AddOffsetsDelayed: instance,
  TxnOffsetCommitDelayed: instance,
  Append: instance,
  AckProduce: instance,
  Crash: instance,
  Pause: instance,
  Resume: instance,
  Restart: (a, n) => ({ ...a, app: n.app(a.app) }),
  Deliver: same,
  Tick: same,
  // The output partitions are not renamed.
  Clean: same,
  WriteTxnMarker: txn,
  ExpireTxn: txn,
  MarkerAckLost: txn,
  ExpireTransactionalId: txn,
  CoordinatorFailover: same,
  CoordinatorLoaded: same,
  TxnLogIsrShrink: same,
  TxnLogIsrExpand: same,
  TxnLogFollowerBehind: same,
  TxnLogUncleanElection: same,
  // Its index in the renamed state's list, which `renameApps` sorts.
  StaleMarker: (a, n, s, pi) => {
    const m = s.kafka.coordinator.staleMarkers[a.marker]!;
    const renamed = { ...m, producerId: n.producerId(m.producerId) };
    const sorted = renameApps(s, pi).kafka.coordinator.staleMarkers;
    return { ...a, marker: sorted.findIndex((x) => staleMarkerOrder(x, renamed) === 0) };
  },
  LoseProducerState: (a, n) => ({ ...a, producerId: n.producerId(a.producerId) }),
  // Replicated runs are searched without the symmetry (`renames` is false for them): nothing to rename.
  Fetch: same,
  ShrinkIsr: same,
  BrokerCrash: same,
  BrokerRestart: same,
};

/** Every renaming of the apps where the symmetry applies (`renames`), else the identity alone. */
const perms = (s: KafkaTxnState): readonly (readonly number[])[] =>
  renames(s) ? PERMS[s.config.producers - 1]! : [[...Array(s.config.producers).keys()]];

/** The renamings of `s`, numbered 0..count(s)-1: `state(s, k)` is `s` renamed, `action(a, k, s)` its action `a`. */
export const renamings = {
  count: (s: KafkaTxnState): number => perms(s).length,
  // Where the apps cannot be renamed, a copy: `renameApps` would misname producer ids handed out during the run.
  state: (s: KafkaTxnState, k: number): KafkaTxnState => (renames(s) ? renameApps(s, perms(s)[k]!) : cloneState(s)),
  // The table's entry for a.type takes actions of that tag: TypeScript cannot correlate the two, hence the widening.
  action: (a: A, k: number, s: KafkaTxnState): A => {
    if (!renames(s)) return a;
    const pi = perms(s)[k]!;
    return (byType[a.type] as Renamer<A>)(a, names(s, pi), s, pi);
  },
};
