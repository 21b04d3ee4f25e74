// Lines of the TypeScript sources are at most 120 characters (biome's formatter wraps code, not
// long strings or comments). Prints each longer line as file:line and exits 1 if there is any.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MAX = 120;
const skip = new Set(['node_modules', 'dist', 'coverage', '.git', '.scratch']);

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.name.endsWith('.ts') || e.name.endsWith('.mjs')) yield p;
  }
}

let bad = 0;
for (const f of files('.')) {
  readFileSync(f, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.length > MAX) {
        console.log(`${f}:${i + 1}: ${line.length} characters (at most ${MAX})`);
        bad += 1;
      }
    });
}
process.exit(bad > 0 ? 1 : 0);
