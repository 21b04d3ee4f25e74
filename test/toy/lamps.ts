/**
 * A second toy, for partial-order reduction: a row of `lamps` lamps, each with its own switch and
 * surges and the shared rule of lamp.ts (a surge burns a lit lamp unless the fuse trips). Lamps
 * never touch each other, so any two actions on two lamps commute: the reduction explores one
 * order of them where the full search explores every interleaving.
 */
import { type Entry, noReport } from '../../catalog/entry.js';
import { bool, type ConfigOf, int } from '../../model/core/keys.js';
import { type ActionTable, compile, type ModelDef } from '../../model/core/model.js';
import type { Renderer } from '../../traces/render/renderer.js';

const keys = {
  lamps: int('lamps', { default: 3, min: 1, max: 6, meaning: 'lamps in the row' }),
  surges: bool('faults.surge', { default: false, meaning: 'a power surge may hit a lit lamp' }),
  fuse: bool('safeguard.fuse', { default: true, meaning: 'a fuse trips on a surge: the lamp goes dark' }),
} as const;

interface Row {
  readonly config: ConfigOf<typeof keys>;
  readonly lit: readonly boolean[];
  readonly burnt: readonly boolean[];
  readonly surged: readonly boolean[];
  readonly events: readonly string[];
}

type RowAction = { readonly type: 'Switch'; readonly lamp: number } | { readonly type: 'Surge'; readonly lamp: number };

/** Resources: per lamp i, whether it is lit, burnt, surged. The invariant reads `burnt` only. */
const lit = (i: number) => 3 * i;
const burnt = (i: number) => 3 * i + 1;
const surged = (i: number) => 3 * i + 2;

const eachLamp = (s: Row, emit: (i: number) => void) => {
  for (let i = 0; i < s.config.lamps; i++) emit(i);
};

/** The row's action table (exported so a test can break a declaration). */
export const lampsActions = {
  Switch: {
    enabled: (s, emit) => eachLamp(s, (i) => void (!s.burnt[i] && emit({ type: 'Switch', lamp: i }))),
    effect(d, a) {
      d.lit[a.lamp] = !d.lit[a.lamp];
      d.events.push(`lamp ${a.lamp} ${d.lit[a.lamp] ? 'on' : 'off'}`);
    },
    describe: (s, a) => `switch${a.lamp}.Flip(${s.lit[a.lamp] ? 'off' : 'on'})`,
    lanes: (_s, a) => ({ from: `switch${a.lamp}`, to: `lamp${a.lamp}` }),
    footprint(_s, a, fp) {
      fp.guard(burnt(a.lamp));
      fp.read(lit(a.lamp));
      fp.write(lit(a.lamp));
    },
    every: (s, emit) => eachLamp(s, (i) => emit({ type: 'Switch', lamp: i })),
  },
  Surge: {
    fault: true,
    enabled: (s, emit) =>
      eachLamp(s, (i) => void (s.config.surges && s.lit[i] && !s.surged[i] && emit({ type: 'Surge', lamp: i }))),
    effect(d, a) {
      d.surged[a.lamp] = true;
      if (d.config.fuse) d.lit[a.lamp] = false;
      else d.burnt[a.lamp] = true;
      d.events.push(`lamp ${a.lamp}: ${d.config.fuse ? 'the fuse trips' : 'burns out'}`);
    },
    describe: (_s, a) => `fault.Surge(lamp${a.lamp})`,
    lanes: (_s, a) => ({ from: 'mains', to: `lamp${a.lamp}` }),
    footprint(_s, a, fp) {
      fp.guard(lit(a.lamp));
      fp.guard(surged(a.lamp));
      for (const r of [surged(a.lamp), lit(a.lamp), burnt(a.lamp)]) fp.write(r);
    },
    every: (s, emit) => void (s.config.surges && eachLamp(s, (i) => emit({ type: 'Surge', lamp: i }))),
  },
} satisfies ActionTable<Row, RowAction>;

/** The row's model as written: its drain switches off the first lit lamp that still works. */
export const lampsDef: ModelDef<Row, RowAction, typeof keys> = {
  name: 'lamps',
  summary: 'a toy: a row of lamps, each with a switch, surges and a fuse',
  keys,
  init: (config) => {
    const off = () => Array.from({ length: config.lamps }, () => false);
    return { config, lit: off(), burnt: off(), surged: off(), events: [] };
  },
  actions: lampsActions,
  drain: (s) => {
    const i = s.lit.findIndex((on, k) => on && !s.burnt[k]);
    return i < 0 ? null : { type: 'Switch', lamp: i };
  },
  identity: (s) => [s.lit, s.burnt, s.surged],
  // lamps-work reads `burnt`; the drain only switches off, so its verdict is lamps-work's too.
  observed: (s, emit) => eachLamp(s, (i) => emit(burnt(i))),
  defaultDepth: 40,
};

/** The row's model. */
export const lampsModel = compile(lampsDef);

const render: Renderer<Row, RowAction> = {
  events: (after) => after.events.map((text) => ({ lane: 'lamps', text })),
  summary: (s) => [
    '-- end state --',
    s.lit.map((on, i) => `lamp${i} ${s.burnt[i] ? 'burnt' : on ? 'lit' : 'dark'}`).join(', '),
  ],
};

/** The row's entry. */
export const lampsEntry: Entry<Row, RowAction, typeof keys> = {
  model: lampsModel,
  invariants: [
    {
      name: 'lamps-work',
      meaning: 'no lamp ever burns out',
      when: 'every-step',
      check: (s: Row) => {
        const i = s.burnt.indexOf(true);
        return i < 0 ? null : `lamp${i} burnt out`;
      },
    },
  ],
  report: noReport,
  render,
  scenarios: [],
};
