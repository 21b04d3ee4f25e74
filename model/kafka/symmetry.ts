/**
 * Symmetry of `kafka-txn`: the apps (transactional.ids with their input partitions) are
 * interchangeable once everything named after an app is renamed with it — its producer id, its
 * instances' ids, its input values, its committed offsets and its coordinator entry. The canonical
 * encoding is the least encoding over every renaming of the apps (at most 3! = 6). Arrays whose
 * order is an accident of history but not of meaning (the leader's producer table, pending
 * offsets, the instance list) are put in a fixed order first. The drain finishes apps in index
 * order, so a renamed state drains in another order; the verdicts are tested to agree.
 */
import type { Draft } from 'immer';
import { clonePlain, encodePlain } from '../engine/plain.js';
import type { Words } from '../model.js';
import { WordBuffer } from '../engine/words.js';
import { instanceId, transactionalId, type KafkaState } from './state.js';

type D = Draft<KafkaState>;

/** Every permutation of 0..n-1 (n <= 3 here). */
function permutations(n: number): number[][] {
  if (n <= 1) return [[0]];
  const out: number[][] = [];
  for (const p of permutations(n - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out;
}

const PERMS = [1, 2, 3].map(permutations);

/** The state with app a renamed pi[a], in canonical array orders. Pure (returns a new object). */
export function renameApps(s: KafkaState, pi: readonly number[]): KafkaState {
  const d = clonePlain(s) as D;
  const P = s.config.producers;
  const N = s.config.inputRecords;
  const app = (a: number) => pi[a]!;
  const value = (v: number) => app(Math.floor((v - 1) / N)) * N + ((v - 1) % N) + 1;
  const inst = (id: number) => instanceId(s.config, app((id - 1) % P), Math.floor((id - 1) / P) + 1);
  const pid = (p: number) => (p > 0 ? app(p - 1) + 1 : p);
  for (const i of d.instances) {
    i.id = inst(i.id);
    i.app = app(i.app);
    i.producerId = pid(i.producerId);
    for (const u of i.unacked) u.value = value(u.value);
  }
  d.instances.sort((a, b) => a.id - b.id);
  for (const p of d.partitions) {
    for (const e of p.log) {
      e.producerId = pid(e.producerId);
      if (e.kind === 'data') {
        e.value = value(e.value);
        e.origin.instance = inst(e.origin.instance);
      }
    }
    for (const e of p.producers) e.producerId = pid(e.producerId);
    p.producers.sort((a, b) => a.producerId - b.producerId);
  }
  const o = d.offsets;
  const committed = o.committed.slice();
  o.committed.forEach((c, a) => {
    committed[app(a)] = { ...c, producerId: pid(c.producerId), origin: c.origin ? { ...c.origin, instance: inst(c.origin.instance) } : null };
  });
  o.committed = committed;
  for (const po of o.pending) {
    po.input = app(po.input);
    po.producerId = pid(po.producerId);
    po.origin.instance = inst(po.origin.instance);
  }
  o.pending.sort((a, b) => a.input - b.input);
  for (const e of o.producerEpochs) e.producerId = pid(e.producerId);
  o.producerEpochs.sort((a, b) => a.producerId - b.producerId);
  for (const f of o.fates) {
    f.input = app(f.input);
    f.origin.instance = inst(f.origin.instance);
  }
  const txns = d.txns.slice();
  d.txns.forEach((t, a) => {
    txns[app(a)] = { ...t, transactionalId: transactionalId(app(a)), producerId: pid(t.producerId) };
  });
  d.txns = txns;
  for (const r of d.network) {
    r.instance = inst(r.instance);
    r.app = app(r.app);
    r.producerId = pid(r.producerId);
    r.origin.instance = inst(r.origin.instance);
    if (r.type === 'Produce') r.value = value(r.value);
  }
  for (const oc of d.outcomes) oc.instance = inst(oc.instance);
  return d as KafkaState;
}

/** The identity fields of a state, as `kafkaStateKey` covers them, into `out`. */
export function encodeKafka(s: KafkaState, out: Words): void {
  encodePlain(s.now, out);
  encodePlain(s.partitions, out);
  encodePlain(s.offsets, out);
  encodePlain(s.txns, out);
  encodePlain(s.instances, out);
  encodePlain(s.network, out);
  encodePlain(s.nextRequest, out);
  encodePlain(s.faults, out);
  encodePlain(s.outcomes, out);
}

const best = new WordBuffer();
const trial = new WordBuffer();

/** The least encoding over every renaming of the apps. */
export function encodeKafkaSymmetric(s: KafkaState, out: Words): void {
  best.reset();
  let first = true;
  for (const pi of PERMS[s.config.producers - 1]!) {
    trial.reset();
    encodeKafka(renameApps(s, pi), trial);
    if (first || trial.lessThan(best)) {
      best.copyFrom(trial);
      first = false;
    }
  }
  for (let i = 0; i < best.length; i++) out.push(best.words[i]!);
}
