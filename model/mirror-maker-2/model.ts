/** The `mirror-maker-2` model: two clusters, MirrorMaker 2's source and checkpoint tasks, a group failing over. */
import { compile } from '../core/model.js';
import { mirrorMaker2Actions } from './actions.js';
import { checkMirrorMaker2, mirrorMaker2Keys } from './config.js';
import { drain } from './drain.js';
import { mirrorMaker2Codec } from './schema.js';
import { initialState, type MirrorMaker2State } from './state.js';

/** The parts of a state that identify it (the source topic is static: only whether it is alive). */
function identity(s: MirrorMaker2State): readonly unknown[] {
  return [
    s.sourceAlive,
    s.target,
    s.mirrored,
    s.aborted,
    s.flushed,
    s.restarts,
    s.zombies,
    s.zombie,
    s.sync,
    s.syncs,
    s.storeRead,
    s.store,
    s.checkpoint,
    s.checkpointLag,
    s.targetGroupOffset,
    s.group,
    s.processed,
  ];
}

/** The `mirror-maker-2` model. */
export const mirrorMaker2Model = compile({
  name: 'mirror-maker-2',
  summary:
    'a consumer group failing over between two clusters through MirrorMaker 2: offset syncs every ' +
    'offset.lag.max, checkpoints, translation by release',
  keys: mirrorMaker2Keys,
  validate: checkMirrorMaker2,
  init: initialState,
  actions: mirrorMaker2Actions,
  drain,
  identity,
  defaultDepth: 12,
  // Its rules push to a state's events and never read them; so do the Kafka slice's.
  eventsUnread: true,
  fast: { encode: mirrorMaker2Codec.encode, decode: mirrorMaker2Codec.decode, copy: mirrorMaker2Codec.copy },
});
