/**
 * Symmetry of `kafka-txn`: the apps (transactional.ids with their input partitions) are
 * interchangeable once everything named after an app is renamed with it — its producer id, its
 * instances' ids, its input values, its committed offsets and its coordinator entry. The canonical
 * encoding is the least encoding over every renaming of the apps (at most 3! = 6). Arrays whose
 * order is an accident of history but not of meaning (the leader's producer table, pending
 * offsets, the stale markers, the instance list, the verification guards) are put in a fixed order
 * first. Renaming commutes with stepping (`renamings.ts`, tested on walked states): a renamed state has
 * the renamed actions and successors. The drain finishes apps in index order, so two members of an orbit
 * drain differently: to the same verdict on every walked state tested, but not always in as many steps,
 * so a search with the reduction does not claim its counterexample is the fewest steps.
 */
import type { Draft } from 'immer';
import type { Words } from '../core/model.js';
import { cloneState } from '../core/plain.js';
import { WordBuffer } from '../core/words.js';
import { clusterIdentity, type StaleMarker } from '../kafka/cluster.js';
import { kafkaTxnCodec } from './schema.js';
import { GROUP, instanceId, type KafkaTxnState, producerIdsMove, transactionalId } from './state.js';

type D = Draft<KafkaTxnState>;

/** Every permutation of 0..n-1 (n <= 3 here). */
function permutations(n: number): number[][] {
  if (n <= 1) return [[0]];
  const out: number[][] = [];
  for (const p of permutations(n - 1))
    for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out;
}

/** Every renaming of 1, 2 and 3 apps. */
export const PERMS = [1, 2, 3].map(permutations);

/** The names a renaming of the apps gives: an app's, an input value's, an instance's, a producer id's. */
export interface Names {
  app(a: number): number;
  value(v: number): number;
  instance(id: number): number;
  producerId(p: number): number;
}

/** The names renaming app a to pi[a] gives in states of `s`'s config. */
export function names(s: KafkaTxnState, pi: readonly number[]): Names {
  const P = s.config.producers;
  const N = s.config.inputRecords;
  const app = (a: number): number => pi[a]!;
  return {
    app,
    value: (v) => app(Math.floor((v - 1) / N)) * N + ((v - 1) % N) + 1,
    instance: (id) => instanceId(s.config, app((id - 1) % P), Math.floor((id - 1) / P) + 1),
    producerId: (p) => (p > 0 ? app(p - 1) + 1 : p),
  };
}

/**
 * Whether the apps of `s` can be renamed: producer ids handed out during the run are not named after an
 * app, so no renaming keeps them apart; replicas and acknowledged writes are not renamed either (replicated
 * runs are searched without the reduction), nor is the transactions' metadata a follower of __transaction_state
 * kept when it fell behind (faults.txn-log-unclean-election).
 */
export function renames(s: KafkaTxnState): boolean {
  return !producerIdsMove(s.config) && !s.kafka.replication && s.config.txnLogUncleanElection === 0;
}

/**
 * The state with app a renamed pi[a], in canonical array orders (the orders `inCanonicalOrder` checks: a
 * new sort here goes there too). Pure (returns a new object).
 */
export function renameApps(s: KafkaTxnState, pi: readonly number[]): KafkaTxnState {
  // A fresh deep copy (the static config and rules shared, never renamed), so writable: renamed in place, then
  // handed out as the state it now is.
  const d = cloneState(s) as D;
  const { app, value, instance: inst, producerId: pid } = names(s, pi);
  for (const i of d.instances) {
    i.id = inst(i.id);
    i.app = app(i.app);
    i.producer.producerId = pid(i.producer.producerId);
    if (i.producer.txn >= 0) i.producer.txn = app(i.producer.txn);
    for (const u of i.unacked) u.value = value(u.value);
    for (const f of i.inflight ?? []) {
      f.req.producerId = pid(f.req.producerId);
      f.req.value = value(f.req.value);
      f.req.origin.instance = inst(f.req.origin.instance);
    }
  }
  d.instances.sort((a, b) => a.id - b.id);
  for (const p of d.kafka.partitions) {
    for (const e of p.log) {
      e.producerId = pid(e.producerId);
      if (e.kind === 'data') {
        e.value = value(e.value);
        e.origin.instance = inst(e.origin.instance);
      }
    }
    for (const e of p.producers) e.producerId = pid(e.producerId);
    p.producers.sort((a, b) => a.producerId - b.producerId);
    for (const g of p.guards) g.producerId = pid(g.producerId);
    p.guards.sort((a, b) => a.producerId - b.producerId);
  }
  const g = d.kafka.groups[GROUP]!;
  const committed = g.committed.slice();
  g.committed.forEach((c, a) => {
    committed[app(a)] = {
      ...c,
      producerId: pid(c.producerId),
      origin: c.origin ? { ...c.origin, instance: inst(c.origin.instance) } : null,
    };
  });
  g.committed = committed;
  for (const po of g.pending) {
    po.partition = app(po.partition);
    po.producerId = pid(po.producerId);
    po.origin.instance = inst(po.origin.instance);
  }
  g.pending.sort((a, b) => a.partition - b.partition);
  for (const e of g.producerEpochs) e.producerId = pid(e.producerId);
  g.producerEpochs.sort((a, b) => a.producerId - b.producerId);
  for (const f of g.fates) {
    f.input = app(f.input);
    f.origin.instance = inst(f.origin.instance);
  }
  const txns = d.kafka.txns.slice();
  d.kafka.txns.forEach((t, a) => {
    const pending = t.pending && { ...t.pending, producerId: pid(t.pending.producerId) };
    txns[app(a)] = { ...t, transactionalId: transactionalId(app(a)), producerId: pid(t.producerId), pending };
  });
  d.kafka.txns = txns;
  for (const m of d.kafka.coordinator.staleMarkers) m.producerId = pid(m.producerId);
  // Made in the order of the apps' entries at a coordinator move, and arriving in any order: no meaning.
  d.kafka.coordinator.staleMarkers.sort(staleMarkerOrder);
  for (const q of d.kafka.parked) {
    q.req.producerId = pid(q.req.producerId);
    q.req.value = value(q.req.value);
    q.req.origin.instance = inst(q.req.origin.instance);
  }
  for (const r of d.network) {
    r.instance = inst(r.instance);
    // -1: a plain or idempotent producer's request, of no transactional.id.
    if (r.txn >= 0) r.txn = app(r.txn);
    switch (r.type) {
      case 'Produce':
        r.req.producerId = pid(r.req.producerId);
        r.req.value = value(r.req.value);
        r.req.origin.instance = inst(r.req.origin.instance);
        break;
      case 'EndTxn':
        r.producerId = pid(r.producerId);
        r.origin.instance = inst(r.origin.instance);
        break;
      case 'AddPartitionsToTxn':
      case 'AddOffsetsToTxn':
        r.producerId = pid(r.producerId);
        break;
      case 'TxnOffsetCommit':
        r.producerId = pid(r.producerId);
        r.origin.instance = inst(r.origin.instance);
        for (const o of r.offsets) o.partition = app(o.partition);
        break;
      case 'InitProducerId':
        if (r.expected) r.expected.producerId = pid(r.expected.producerId);
        break;
    }
  }
  for (const oc of d.outcomes) oc.instance = inst(oc.instance);
  return d as KafkaTxnState;
}

/** The parts of a state that identify it: everything but the static config and the last step's events. */
export function identity(s: KafkaTxnState): readonly unknown[] {
  return [s.now, ...clusterIdentity(s.kafka), s.instances, s.network, s.nextRequest, s.faults, s.outcomes];
}

function isIdentity(pi: readonly number[]): boolean {
  for (let a = 0; a < pi.length; a++) if (pi[a] !== a) return false;
  return true;
}

/** A total order of stale markers by every field (equal ones are interchangeable). */
export function staleMarkerOrder(a: StaleMarker, b: StaleMarker): number {
  return (
    a.partition - b.partition ||
    a.producerId - b.producerId ||
    a.epoch - b.epoch ||
    a.marker.localeCompare(b.marker) ||
    a.coordinatorEpoch - b.coordinatorEpoch ||
    a.txnEpoch - b.txnEpoch ||
    (a.endedBy ?? -1) - (b.endedBy ?? -1)
  );
}

/** Whether `xs` is in ascending order of `key` (ties kept in their order, as a stable sort keeps them). */
function ascending<T>(xs: readonly T[], key: (x: T) => number): boolean {
  for (let i = 1; i < xs.length; i++) if (key(xs[i - 1]!) > key(xs[i]!)) return false;
  return true;
}

/** Whether every array `renameApps` sorts is already in its canonical order (then the identity renames nothing). */
function inCanonicalOrder(s: KafkaTxnState): boolean {
  const g = s.kafka.groups[GROUP]!;
  return (
    ascending(s.instances, (i) => i.id) &&
    s.kafka.partitions.every(
      (p) => ascending(p.producers, (e) => e.producerId) && ascending(p.guards, (g) => g.producerId),
    ) &&
    ascending(g.pending, (po) => po.partition) &&
    ascending(g.producerEpochs, (e) => e.producerId) &&
    s.kafka.coordinator.staleMarkers.every((m, i, all) => i === 0 || staleMarkerOrder(all[i - 1]!, m) <= 0)
  );
}

const best = new WordBuffer();
const trial = new WordBuffer();

/** The least encoding over every renaming of the apps. */
export function encodeSymmetric(s: KafkaTxnState, out: Words): void {
  if (!renames(s)) {
    kafkaTxnCodec.encode(s, out);
    return;
  }
  best.reset();
  let first = true;
  for (const pi of PERMS[s.config.producers - 1]!) {
    trial.reset();
    // Renaming by the identity only puts the arrays in canonical order: a state already in it is its own renaming.
    const renamed = isIdentity(pi) && inCanonicalOrder(s) ? s : renameApps(s, pi);
    kafkaTxnCodec.encode(renamed, trial);
    if (first || trial.lessThan(best)) {
      best.copyFrom(trial);
      first = false;
    }
  }
  for (let i = 0; i < best.length; i++) out.push(best.words[i]!);
}
