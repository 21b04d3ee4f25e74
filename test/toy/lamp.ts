/**
 * A toy model, to show what adding a model takes: this one file (state, keys, action table,
 * drain, invariants, renderer, catalog entry) and one registration in a catalog. A lamp can be
 * switched; a power surge (a fault) burns it unless a fuse (the safeguard) trips first.
 */
import { type Entry, noReport } from '../../catalog/entry.js';
import { bool, type ConfigOf } from '../../model/core/keys.js';
import { type ActionTable, compile } from '../../model/core/model.js';
import type { Renderer } from '../../traces/render/renderer.js';

const keys = {
  surges: bool('faults.surge', { default: false, meaning: 'a power surge may hit the lit lamp' }),
  fuse: bool('safeguard.fuse', {
    default: true,
    meaning: 'a fuse trips on a surge: the lamp goes dark instead of burning',
  }),
} as const;

interface Lamp {
  readonly config: ConfigOf<typeof keys>;
  readonly lit: boolean;
  readonly burnt: boolean;
  readonly surged: boolean;
  readonly events: readonly string[];
}

type LampAction = { readonly type: 'Switch' } | { readonly type: 'Surge' };

/** Partial-order reduction's resources: the lamp's three fields. The invariant reads BURNT only. */
const LIT = 0;
const BURNT = 1;
const SURGED = 2;

const actions = {
  Switch: {
    enabled: (s, emit) => void (!s.burnt && emit({ type: 'Switch' })),
    effect(d) {
      d.lit = !d.lit;
      d.events.push(d.lit ? 'light on' : 'light off');
    },
    describe: (s) => `switch.Flip(${s.lit ? 'off' : 'on'})`,
    lanes: () => ({ from: 'switch', to: 'lamp' }),
    footprint(_s, _a, fp) {
      fp.guard(BURNT);
      fp.read(LIT);
      fp.write(LIT);
    },
    every: (_s, emit) => emit({ type: 'Switch' }),
  },
  Surge: {
    fault: true,
    enabled: (s, emit) => void (s.config.surges && s.lit && !s.surged && emit({ type: 'Surge' })),
    effect(d) {
      d.surged = true;
      if (d.config.fuse) {
        d.lit = false;
        d.events.push('the fuse trips: dark');
      } else {
        d.burnt = true;
        d.events.push('the lamp burns out');
      }
    },
    describe: () => 'fault.Surge()',
    lanes: () => ({ from: 'mains', to: 'lamp' }),
    footprint(_s, _a, fp) {
      fp.guard(LIT);
      fp.guard(SURGED);
      for (const r of [SURGED, LIT, BURNT]) fp.write(r);
    },
    every: (s, emit) => void (s.config.surges && emit({ type: 'Surge' })),
  },
} satisfies ActionTable<Lamp, LampAction>;

const model = compile<Lamp, LampAction, typeof keys>({
  name: 'lamp',
  summary: 'a toy: a lamp, a switch, a surge and a fuse',
  keys,
  init: (config) => ({ config, lit: false, burnt: false, surged: false, events: [] }),
  actions,
  // The fault-free drain switches the lamp off.
  drain: (s) => (s.lit && !s.burnt ? { type: 'Switch' } : null),
  identity: (s) => [s.lit, s.burnt, s.surged],
  // lamp-works reads BURNT; the drain only switches off, so its verdict is lamp-works' too.
  observed: (_s, emit) => emit(BURNT),
});

const render: Renderer<Lamp, LampAction> = {
  events: (after) => after.events.map((text) => ({ lane: 'lamp', text })),
  summary: (s) => ['-- end state --', `lamp ${s.burnt ? 'burnt' : s.lit ? 'lit' : 'dark'}`],
};

/** The lamp's catalog entry. */
export const lampEntry: Entry<Lamp, LampAction, typeof keys> = {
  model,
  invariants: [
    {
      name: 'lamp-works',
      meaning: 'the lamp never burns out',
      when: 'every-step',
      check: (s: Lamp) => (s.burnt ? 'the lamp burnt out' : null),
    },
  ],
  report: noReport,
  render,
  scenarios: [],
};
