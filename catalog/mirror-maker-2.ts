/** The `mirror-maker-2` entry: model, invariants, report, renderer, scenarios. */
import type { MirrorMaker2Action } from '../model/mirror-maker-2/actions.js';
import type { mirrorMaker2Keys } from '../model/mirror-maker-2/config.js';
import { mirrorMaker2Model } from '../model/mirror-maker-2/model.js';
import type { MirrorMaker2State } from '../model/mirror-maker-2/state.js';
import { mirrorMaker2Invariants, mirrorMaker2Report } from '../properties/mirror-maker-2/index.js';
import { mm2Failover } from '../scenarios/mm2-failover.js';
import { mirrorMaker2Renderer } from '../traces/mirror-maker-2/render.js';
import type { Entry } from './entry.js';

/** The `mirror-maker-2` entry. */
export const mirrorMaker2Entry: Entry<MirrorMaker2State, MirrorMaker2Action, typeof mirrorMaker2Keys> = {
  model: mirrorMaker2Model,
  invariants: mirrorMaker2Invariants,
  report: mirrorMaker2Report,
  render: mirrorMaker2Renderer,
  scenarios: [mm2Failover],
};
