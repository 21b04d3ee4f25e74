/**
 * Every command the README and the docs show runs as shown: each page's shell blocks are played in order in a
 * scratch copy of the project (so a page that copies an example and edits it, as the tutorial does, runs as a
 * reader runs it), and each `npx eoscheck` line answers with a verdict (exit 0 or 1), never a usage error or a
 * crash. The lines whose comment names their verdict are held to it by docs-commands.test.ts, the learn pages by
 * test/slow/docs/learn.test.ts and the README's matrices by readme-sh.test.ts; lines with a placeholder (`path/to/`,
 * `...`, a shell variable) are a reader's to fill and are skipped, and searches of minutes are the deep suite's (the
 * slow suite runs the rest on a tenth of their budget, an exhaustive search to 20,000 states).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cliOn } from '../cli/harness.js';
import { docsClock, glanceClock, searchOfMinutes } from '../helpers/doc-commands.js';
import { deep } from '../helpers/tier.js';

const root = join(import.meta.dirname, '..', '..');

/** README.md and every page under docs/ but the learn pages (tested with their own expectations). */
function pages(): string[] {
  const out = ['README.md'];
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory() && path !== join('docs', 'learn')) walk(path);
      else if (e.isFile() && e.name.endsWith('.md')) out.push(path);
    }
  };
  walk('docs');
  return out;
}

/** A line of a shell block, as the shell would split it: words, and where its stdout goes. */
interface Line {
  readonly text: string;
  readonly words: readonly string[];
  readonly stdoutTo: string | null;
}

/** Splits a command line into words (quotes kept together), dropping a trailing comment and a `; test ...` tail. */
function words(text: string): { words: string[]; stdoutTo: string | null } {
  const out: string[] = [];
  let stdoutTo: string | null = null;
  let cur = '';
  let quote: string | null = null;
  let redirect = false;
  const push = (): void => {
    if (cur === '') return;
    if (redirect) stdoutTo = cur;
    else out.push(cur);
    redirect = false;
    cur = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
      else cur += c;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ' ' || c === '\t') push();
    else if (c === '#' && cur === '') break;
    else if (c === ';' || c === '|') break;
    else if (c === '>') {
      push();
      redirect = true;
    } else cur += c;
  }
  push();
  return { words: out, stdoutTo };
}

/** The verdict-commented check lines, which docs-commands.test.ts runs and holds to their comment. */
const VERDICT = /^npx eoscheck check [^#\n]*?\s+# (holds|[a-z]+(-[a-z]+)+)\b[^\n]*$/;
/** What a reader fills in: not runnable as written. */
const PLACEHOLDER = /\.\.\.|path\/to\/|<[\w-]+>|\$\{|\$\(|\*/;
/** The shell commands a page may use to prepare files, beside eoscheck itself. */
const SHELL = /^(cp|echo|mkdir|cat|rm) /;

/** The command lines of a page's shell blocks, in order: `$ `-prompted lines, or every command-like line. */
function commands(page: string): Line[] {
  const text = readFileSync(join(root, page), 'utf8');
  const out: Line[] = [];
  for (const m of text.matchAll(/```(sh|bash|console|shell)?\n([\s\S]*?)```/g)) {
    const raw = m[2]!.replace(/\\\n\s*/g, ' ').split('\n');
    const prompted = raw.some((l) => l.startsWith('$ '));
    for (const l of raw) {
      const line = prompted ? (l.startsWith('$ ') ? l.slice(2) : '') : l.trim();
      if (!line.startsWith('npx eoscheck') && !SHELL.test(line)) continue;
      if (VERDICT.test(line) || PLACEHOLDER.test(line.replace(/\s+#.*$/, ''))) continue;
      // The README's matrices are held to the tables it prints, cell for cell, by readme-sh.test.ts.
      if (page === 'README.md' && line.startsWith('npx eoscheck matrix ')) continue;
      out.push({ text: line, ...words(line) });
    }
  }
  return out;
}

/** A command's words with an exhaustive search bounded at 20,000 states, unless the command bounds it itself. */
function glance(args: readonly string[]): string[] {
  const bounded = args.includes('--exhaustive') && !args.includes('--max-states');
  return bounded ? [...args, '--max-states', '20000'] : [...args];
}

let scratch = '';

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'eoscheck-docs-'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** A fresh copy of the project for one page: the folders a page may write into copied, the rest linked. */
function sandbox(page: string): string {
  const dir = join(scratch, page.replace(/[/.]/g, '_'));
  cpSync(join(root, 'examples'), join(dir, 'examples'), { recursive: true });
  cpSync(join(root, 'traces'), join(dir, 'traces'), { recursive: true });
  for (const e of readdirSync(root))
    if (!['examples', 'traces', '.git', 'node_modules'].includes(e)) symlinkSync(join(root, e), join(dir, e));
  return dir;
}

describe('every command the README and the docs show', () => {
  const all = pages().map((p) => ({ page: p, lines: commands(p) }));

  test('they show enough to be worth running', () => {
    expect(all.reduce((n, p) => n + p.lines.filter((l) => l.words[0] === 'npx').length, 0)).toBeGreaterThan(40);
  });

  for (const { page, lines } of all.filter((p) => p.lines.length > 0))
    test(`${page}: ${lines.length} lines`, async () => {
      const dir = sandbox(page);
      const home = process.cwd();
      process.chdir(dir);
      try {
        for (const line of lines) {
          if (line.words[0] !== 'npx') {
            execFileSync('bash', ['-c', line.text], { cwd: dir, stdio: 'pipe' });
            continue;
          }
          // A line that writes a file a later line reads always runs.
          if (!deep && line.stdoutTo === null && searchOfMinutes(line.words)) continue;
          // Only the answer's form is held here: the slow suite searches a tenth of each budget (`glanceClock`) and
          // stops an exhaustive search at 20,000 states (`glance`), but a line whose output a later line reads runs
          // as a reader's would.
          const writes = line.stdoutTo !== null || line.words.includes('--out');
          const args = line.words.slice(2);
          const r = deep || writes ? await cliOn(docsClock(), ...args) : await cliOn(glanceClock(), ...glance(args));
          const where = `${relative(root, join(root, page))}: ${line.text}`;
          expect(r.stderr, where).not.toMatch(/\n\s+at |TypeError|ReferenceError/);
          expect([0, 1], `${where}\n${r.stderr}`).toContain(r.code);
          if (r.code === 1) expect(r.stdout, where).toMatch(/VIOLATION|violat|lost|duplicat/i);
          if (line.stdoutTo !== null) writeFileSync(join(dir, line.stdoutTo), r.stdout);
        }
      } finally {
        process.chdir(home);
      }
    });
});
