/** How a `mirror-maker-2` trace reads: the step's events on their lanes, and the end state. */
import type { MirrorMaker2Action } from '../../model/mirror-maker-2/actions.js';
import { isAborted, type MirrorMaker2State } from '../../model/mirror-maker-2/state.js';
import type { Renderer } from '../render/renderer.js';

const list = (xs: readonly number[]): string => (xs.length > 0 ? xs.map((v) => `v${v}`).join(', ') : '(none)');

/** The renderer of `mirror-maker-2`. */
export const mirrorMaker2Renderer: Renderer<MirrorMaker2State, MirrorMaker2Action> = {
  events: (after) => after.events,
  summary(s) {
    const cp = s.checkpoint;
    return [
      '-- end state --',
      `source topic (${s.sourceAlive ? 'alive' : 'lost'}): ` +
        s.source.map((v, o) => (v !== 0 ? `v${v}` : isAborted(s, o - 1) ? 'ABORT' : 'COMMIT')).join(', '),
      `source.topic on the target: ${list(s.target)}`,
      `offset syncs: ${s.syncs.map((x) => `${x.u}->${x.d}`).join(', ') || '(none)'}; ` +
        `checkpoint: ${cp ? `${cp.u}->${cp.d}` : '(none)'}`,
      `group on the ${s.group.cluster} at offset ${s.group.position}; processed: ${list(s.processed)}`,
    ];
  },
  lanes: () => ['source', 'mirror-maker-2', 'checkpoint', 'target', 'group'],
};
