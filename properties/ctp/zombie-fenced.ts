import type { AppState } from '../../model/ctp/state.js';
import { zombieFenced } from '../kafka/zombie-fenced.js';
import { invariantMeanings, type Invariant } from '../invariant.js';

/**
 * `zombie-fenced` for consumer applications: model/kafka's epoch rule (nothing from an epoch older
 * than its transaction's takes effect) and KIP-447's generation rule: no offset commit sent by an
 * instance that was not a member of the group's current generation takes effect (with one
 * transactional.id per instance, the generation is what fences a zombie).
 */
export const ctpZombieFenced: Invariant<AppState> = {
  name: 'zombie-fenced',
  meaning: invariantMeanings['zombie-fenced'],
  when: 'every-step',
  check(s) {
    const byEpoch = zombieFenced.check(s);
    if (byEpoch !== null) return byEpoch;
    const z = s.group.staleCommits[0];
    if (!z) return null;
    const who = s.apps.find((i) => i.id === z.instance);
    const name = who ? `i${who.slot}#${who.incarnation}` : `instance ${z.instance}`;
    return `offset ${z.offset} of in-${z.partition} committed by ${name} of generation ${z.generation}, sent when the group was at generation ${z.generation + 1} or later (it had left the group)`;
  },
};
