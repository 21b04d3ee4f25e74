/** The count store of task 0_0 as the invariants see it. Pure. */
import { CHANGELOG, type AppState } from '../ctp/state.js';
import { readPartition } from '../kafka/read.js';

/** The count a restore would read now: the last changelog value at the restore's isolation level. */
export function changelogCount(s: AppState, level: 'read_committed' | 'read_uncommitted'): number {
  const records = readPartition(s.partitions[CHANGELOG]!, level);
  return records.length === 0 ? 0 : records[records.length - 1]!.value;
}
