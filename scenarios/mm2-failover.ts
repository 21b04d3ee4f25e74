/**
 * `mm2-failover` (seed 001's field case): MirrorMaker 2 copies `messages` records, emitting an
 * offset sync every `offset.lag.max`; the group processes them on the source (all but
 * `group.behind`) and commits; the checkpoint task translates its offset. Unplanned: the source
 * cluster is lost right after that checkpoint, and the group resumes on the target from the
 * translation, conservative since 3.5 (KAFKA-14666: the records after the last sync are processed
 * again, at most offset.lag.max for a store that has read every sync). Planned: the drain waits for
 * the final sync and checkpoint before the switch. With `syncs.stale` the checkpoint task's store
 * has read only the first sync when it translates: the old extrapolation (before 3.4.1) then counts
 * the source's transaction markers as records and skips replicated records the group never processed.
 */
import { bool, int } from '../model/core/keys.js';
import type { MirrorMaker2Action } from '../model/mirror-maker-2/actions.js';
import type { mirrorMaker2Keys } from '../model/mirror-maker-2/config.js';
import { scenario } from './scenario.js';

const keys = {
  messages: int('messages', { default: 30, min: 1, max: 500, meaning: 'records of the source topic (values 1..)' }),
  groupBehind: int('group.behind', {
    default: 0,
    min: 0,
    max: 500,
    meaning: 'records the group has not processed yet when its offset is checkpointed (a lagging consumer)',
  }),
  syncsStale: bool('syncs.stale', {
    default: false,
    meaning:
      "the checkpoint task's OffsetSyncStore has read only the first offset sync when it translates (its " +
      'consumer of mm2-offset-syncs lags)',
  }),
};

export const mm2Failover = scenario<MirrorMaker2Action, typeof mirrorMaker2Keys, typeof keys>({
  name: 'mm2-failover',
  seed: '001',
  summary:
    'a consumer group fails over through MirrorMaker 2: duplicates up to offset.lag.max for an unplanned loss of ' +
    'the source (3.5+), none for a planned switch; the older translation skips records past transaction markers',
  keys,
  fixed: (sc) => ({ 'input.records': sc.messages }),
  defaults: { 'offset.lag.max': 10 },
  script(sc, model) {
    const out: MirrorMaker2Action[] = [{ type: 'Mirror' }];
    if (sc.syncsStale) out.push({ type: 'ReadSyncs' });
    for (let r = 1; r < sc.messages; r++) out.push({ type: 'Mirror' });
    for (let r = 0; r < sc.messages - Math.min(sc.groupBehind, sc.messages); r++) out.push({ type: 'Consume' });
    out.push({ type: 'CommitOffsets' });
    if (!sc.syncsStale) out.push({ type: 'ReadSyncs' });
    out.push({ type: 'Checkpoint' }, { type: 'SyncGroupOffsets' });
    if (model.failover === 'unplanned') out.push({ type: 'SourceClusterLost' });
    return out;
  },
});
