/**
 * What a search with a judge thread rests on (`check/engine/parallel/judges.ts`, `verdicts.ts`): a state's verdict is
 * a function of the state alone, whichever thread judges it and whatever that thread's drain memo holds. On the
 * read_uncommitted rows, whose judge rows were suspected of depending on the threads' schedule, every state to the
 * row's depth but the initial one is judged three ways: by one core that judged every state before it (its memo of
 * passing and failing drains full of them), by a core that judged nothing before, and by one that judged nothing
 * before, decoded from its words as a judge thread takes it and drained in place. The three verdicts agree.
 */
import { expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { SearchCore } from '../../check/engine/search/search-core.js';
import { WordBuffer } from '../../model/core/words.js';
import { resolved } from '../helpers/check.js';

const rows = [
  { model: 'kafka-txn', depth: 8, states: 7540, failing: 3404 },
  { model: 'consume-transform-produce', depth: 8, states: 2456, failing: 534 },
  { model: 'kafka-streams', depth: 8, states: 2126, failing: 250 },
  { model: 'flink-kafka', depth: 24, states: 14_378, failing: 2701 },
];

for (const r of rows) {
  test(`${r.model} isolation.level=read_uncommitted to depth ${r.depth}: one verdict a state`, () => {
    catalog.get(r.model)!.open((e) => {
      const config = resolved(e.model.keys, 'isolation.level=read_uncommitted');
      const c = { model: e.model, invariants: e.invariants };
      const initial = e.model.init(config.config);
      const decode = e.model.fast.decode!;
      const warm = new SearchCore(c, { symmetry: false, maxStates: 1_000_000 });
      const cold = () => new SearchCore(c, { symmetry: false, maxStates: 1 });
      const words = new WordBuffer();
      const seen = new Set<string>();
      const differ: string[] = [];
      let failing = 0;
      let level = [initial];
      for (let depth = 1; depth <= r.depth && level.length > 0; depth++) {
        const next: typeof level = [];
        for (const s of level) {
          for (const a of e.model.enabled(s)) {
            const t = e.model.step(s, a);
            warm.fingerprint(t);
            const { hi, lo } = warm.fp;
            if (seen.has(`${hi}:${lo}`)) continue;
            seen.add(`${hi}:${lo}`);
            words.reset();
            e.model.fast.encode(t, words);
            const decoded = decode(words.words.slice(0, words.length), 0, initial);
            const k = [warm.judge(t, hi, lo), cold().judge(t, hi, lo), cold().judge(decoded, hi, lo, true)];
            if (k[0] !== k[1] || k[0] !== k[2]) differ.push(`depth ${depth} ${JSON.stringify(a)}: ${k.join(' ')}`);
            if (k[0]! >= 0) failing += 1;
            next.push(t);
          }
        }
        level = next;
      }
      // The rows are unsafe: many states fail, so the warm core's memo keeps failing drains as well as passing ones.
      expect({ states: seen.size, failing, differ }).toEqual({ states: r.states, failing: r.failing, differ: [] });
    });
  });
}
