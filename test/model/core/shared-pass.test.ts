/**
 * A shared pass (`ActionSpec.listedBy`): tags whose actions one pass over the state lists. `enabled` runs the pass
 * once per state and gives each tag its actions in table order, the list each tag's own `enabled` gives.
 */
import { describe, expect, test } from 'vitest';
import { compile, type SharedPass } from '../../../model/core/model.js';
import { lampsActions, lampsDef } from '../../toy/lamps.js';

describe('a pass shared by two tags', () => {
  let passes = 0;
  type Lamps = Parameters<(typeof lampsActions)['Switch']['enabled']>[0];
  type LampAction = Parameters<(typeof lampsActions)['Switch']['effect']>[1] | { type: 'Surge'; lamp: number };
  // Surges first, then switches: the pass's order is not the table's.
  const pass: SharedPass<Lamps, LampAction> = {
    list(s, emit) {
      passes += 1;
      lampsActions.Surge.enabled(s, emit);
      lampsActions.Switch.enabled(s, emit);
    },
  };
  const shared = compile({
    ...lampsDef,
    actions: {
      Switch: { ...lampsActions.Switch, listedBy: pass },
      Surge: { ...lampsActions.Surge, listedBy: pass },
    },
  });
  const lit = shared.init({ lamps: 3, surges: true, fuse: true });
  const s = shared.step(shared.step(lit, { type: 'Switch', lamp: 0 }), { type: 'Switch', lamp: 2 });

  test("enabled lists each tag's actions in table order, from one pass", () => {
    passes = 0;
    expect(shared.enabled(s)).toEqual([
      { type: 'Switch', lamp: 0 },
      { type: 'Switch', lamp: 1 },
      { type: 'Switch', lamp: 2 },
      { type: 'Surge', lamp: 0 },
      { type: 'Surge', lamp: 2 },
    ]);
    expect(passes).toBe(1);
  });

  test("the same list as each tag's own enabled, and as the model without the pass", () => {
    const plain = compile(lampsDef);
    expect(shared.enabled(s)).toEqual(plain.enabled(s));
    expect([...shared.enabledOf(s, 'Switch'), ...shared.enabledOf(s, 'Surge')]).toEqual(plain.enabled(s));
  });
});
