// The direction of imports between the model, its properties, the search engine (check/), verify/ and the CLI, and
// within the engine: every file under LAYERED belongs to one layer, a file imports only from its own layer or those
// below, and no files import each other round in a cycle, there or in the trees of CYCLES_ONLY (type imports count:
// a cycle of types is still one concept split in two). docs/engine.md, "Where things are", says what each layer
// holds. Prints one line per offending import and exits 1; exits 0 when all hold.
// Usage: node scripts/layers.mjs [root] (the repository root by default; tests point it at a planted tree).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** The layers, lowest first: a file is in the first layer one of whose paths it starts with. */
export const LAYERS = [
  ['model-core', ['model/core/']],
  // The Kafka cluster and clients every Kafka model embeds; the models over it (and streams over ctp) above.
  ['model-kafka', ['model/kafka/']],
  ['models', ['model/']],
  ['properties', ['properties/']],
  ['types', ['check/types/']],
  ['store', ['check/engine/store/']],
  ['run', ['check/run/']],
  ['frontier', ['check/engine/frontier/']],
  ['reduce', ['check/engine/reduce/']],
  ['search', ['check/engine/search/']],
  ['parallel', ['check/engine/parallel/']],
  ['explore', ['check/explore/']],
  ['entry', ['check/check.ts', 'check/worker.ts']],
  ['verify', ['verify/']],
  ['cli', ['cli/']],
];

/** The trees whose files must each be in a layer. */
const LAYERED = ['model', 'properties', 'check', 'verify', 'cli'];

/**
 * Trees checked for cycles only: the catalog, the scenarios and the trace renderers read the engine's types and runs
 * and are read by the engine (check/run, check/worker) or by properties/ in turn, so they sit across layers, not in
 * one; util/ is one file of errors.
 */
const CYCLES_ONLY = ['catalog', 'scenarios', 'traces', 'util'];

const TREES = [...LAYERED, ...CYCLES_ONLY];

/** `import ... from 'x'`, `export ... from 'x'`, `import 'x'` and `import('x')`: the specifier in group 1, 2 or 3. */
const FROM = /(?:^|[\s;}])(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]/;
const DYNAMIC = /import\s*\(\s*['"]([^'"]+)['"]\s*\)/;
const BARE = /^import\s+['"]([^'"]+)['"]/;
const IMPORT = new RegExp(`${FROM.source}|${DYNAMIC.source}|${BARE.source}`, 'gm');

function tsFiles(root, dir, out) {
  const at = join(root, dir);
  if (!existsSync(at)) return out;
  for (const name of readdirSync(at).sort()) {
    const rel = `${dir}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) tsFiles(root, rel, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

function layerOf(file) {
  const i = LAYERS.findIndex(([, paths]) => paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)));
  return i < 0 ? null : i;
}

/** The relative imports of each file under the trees, resolved to repository paths (`.js` read as `.ts`). */
function graph(root) {
  const files = TREES.flatMap((t) => tsFiles(root, t, []));
  const edges = new Map();
  for (const file of files) {
    // Comments may quote imports; drop them (a `//` inside a string is rare enough in these trees).
    const text = readFileSync(join(root, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const to = [];
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec.startsWith('.')) continue;
      const target = normalize(join(dirname(file), spec))
        .split('\\')
        .join('/')
        .replace(/\.js$/, '.ts');
      if (TREES.some((t) => target.startsWith(`${t}/`))) to.push(target);
    }
    edges.set(file, [...new Set(to)]);
  }
  return { files, edges };
}

/** One cycle through each strongly connected component of more than one file (or a file importing itself). */
function cycles(files, edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) !== idx.get(v)) return;
    const comp = new Set();
    for (let w = null; w !== v; ) {
      w = stack.pop();
      on.delete(w);
      comp.add(w);
    }
    if (comp.size > 1 || (edges.get(v) ?? []).includes(v)) found.push(pathIn(comp, v, edges));
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return found;
}

/** A shortest cycle from `start` back to it within `comp` (breadth-first). */
function pathIn(comp, start, edges) {
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of edges.get(v) ?? []) {
      if (!comp.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let u = prev.get(v); u !== null; u = prev.get(u)) path.unshift(u);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/** The offending imports of the tree at `root`, one line each (empty: the layering holds). */
export function offences(root) {
  const { files, edges } = graph(root);
  const out = [];
  for (const file of files) {
    const from = layerOf(file);
    if (from === null) {
      if (LAYERED.some((t) => file.startsWith(`${t}/`)))
        out.push(`${file}: in no layer (scripts/layers.mjs LAYERS, docs/engine.md "Where things are")`);
      continue;
    }
    for (const target of edges.get(file)) {
      const to = layerOf(target);
      if (to !== null && to > from)
        out.push(`${file} imports ${target}: layer ${LAYERS[from][0]} is below ${LAYERS[to][0]}`);
    }
  }
  for (const c of cycles(files, edges)) out.push(`import cycle: ${c.join(' -> ')}`);
  return out;
}

if (process.argv[1] && normalize(process.argv[1]) === normalize(new URL(import.meta.url).pathname)) {
  const root = process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), '..');
  const found = offences(root);
  for (const line of found) console.error(`layers: ${line}`);
  if (found.length > 0) process.exit(1);
  console.log(`layers: ${relative(process.cwd(), root) || '.'}: imports point down, no cycles`);
}
