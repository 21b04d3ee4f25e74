import type { AppState } from '../../model/ctp/state.js';
import { invariantMeanings, type Invariant } from '../invariant.js';

/**
 * `state-exactly-once`: the instance that owns task 0_0 in the group's current generation counts
 * each input up to its position exactly once: its count store equals its input position, from the
 * moment it has restored the store and fetched the committed offset, and after every record since.
 *
 * Only the owner the group coordinator knows is judged. A zombie (an instance removed from the
 * group that still believes it owns the task) may restore and count whatever it likes: nothing it
 * does can take effect while the generation and epoch fencing hold, and when a safeguard is off
 * what it does take effect shows as `zombie-fenced`, `no-duplicates` or a wrong count restored by
 * the next owner. Real Kafka Streams restores the store before it fetches offsets
 * (StreamTask.completeRestoration) and, under EOS, only once its read_committed restore consumer
 * reached the changelog's log end offset (StoreChangelogReader, KAFKA-10167): a transaction left
 * open below that end, by a zombie say, holds the restore back until it is committed or aborted.
 */
export const stateExactlyOnce: Invariant<AppState> = {
  name: 'state-exactly-once',
  meaning: invariantMeanings['state-exactly-once'],
  when: 'every-step',
  check(s) {
    const owner = s.group.owners[0];
    const i = owner === null || owner === undefined ? undefined : s.apps.find((x) => x.id === owner);
    const pos = i?.positions[0];
    if (!i || i.store === null || pos === null || pos === undefined || i.generation !== s.group.generation) return null;
    if (i.store === pos) return null;
    return `i${i.slot}#${i.incarnation}, owner of task 0_0 in generation ${s.group.generation}: the count store holds ${i.store} at input position ${pos} of in-0 (it should count inputs 1..${pos} once: ${pos})`;
  },
};
