// The product speaks to its users: the README, docs/ and the sources (comments, test titles, output strings) say
// what is true and why, never which round of the team's work did it ("stop N", "stops N-M", "issue #N", a helper
// session). That history lives in git and CHANGELOG.md. Prints each such line as file:line and exits 1 if any.
// Only these patterns: Kafka's "session.timeout.ms" and Flink's "SQL client session" are the products' own words.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const patterns = [/\bstops? \d+/i, /\bissues? #\d+/i, /\(#\d+\)/, /\bhelper (session|agent)s?\b/i, /\bsession \d+\b/i];
const skipDirs = new Set(['node_modules', 'dist', 'coverage', '.git', '.scratch', 'test-artifacts']);
const skipPaths = new Set([join('test', 'fixtures', 'real'), 'CHANGELOG.md']);

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    const rel = relative('.', p);
    if (skipDirs.has(e.name) || skipPaths.has(rel)) continue;
    if (e.isDirectory()) yield* files(p);
    else if (rel === 'README.md' || rel.startsWith('docs/') || /\.(ts|mjs|js)$/.test(e.name)) yield p;
  }
}

let bad = 0;
for (const f of files('.')) {
  readFileSync(f, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const hit = patterns.map((p) => p.exec(line)).find((m) => m !== null);
      if (hit) {
        console.log(
          `${f}:${i + 1}: "${hit[0]}": say what is true and why; the history belongs in git and CHANGELOG.md`,
        );
        bad += 1;
      }
    });
}
process.exit(bad > 0 ? 1 : 0);
