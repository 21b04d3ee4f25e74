/**
 * eoscheck installs as a package: `npm pack` builds dist/ and its type declarations (prepack) and ships them with
 * the bin, README, LICENSE and CHANGELOG and nothing of the tests, fixtures or bench; installed from the tarball
 * into a fresh project with no install script run, `eoscheck` runs, and `import ... from 'eoscheck'` type-checks in
 * a strict TypeScript project and runs in a vitest test.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'eoscheck-package-'));
const project = join(dir, 'project');
let packed: { files: { path: string }[] } | null = null;

interface Pkg {
  readonly devDependencies: Readonly<Record<string, string>>;
}

/** Runs a command; its stdout, or the thrown error with its output. */
function run(cmd: string, args: readonly string[], cwd: string): string {
  return execFileSync(cmd, [...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

// Packing builds dist/ and its types, and the install reads the npm cache: about half a minute here.
beforeAll(() => {
  const out = run('npm', ['pack', '--json', '--pack-destination', dir], repo);
  packed = (JSON.parse(out) as { files: { path: string }[] }[])[0]!;
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'uses-eoscheck', private: true, type: 'module' }),
  );
  // The dependencies come from the npm cache `npm ci` filled; no install script runs (npm 11's default as well).
  run(
    'npm',
    ['install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', join(dir, tarball)],
    project,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the tarball holds the bin, dist and its types, README, LICENSE, CHANGELOG; no tests, fixtures or bench', () => {
  const paths = packed!.files.map((f) => f.path);
  for (const want of ['bin/eoscheck.js', 'dist/cli.js', 'dist/index.js', 'dist/worker.js', 'dist/types/index.d.ts'])
    expect(paths).toContain(want);
  for (const want of ['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json']) expect(paths).toContain(want);
  expect(paths.filter((p) => /^(test|bench|examples|scripts)\//.test(p) || p.startsWith('dist/bench'))).toEqual([]);
});

test('installed, its eoscheck runs a check', () => {
  const bin = join(project, 'node_modules', '.bin', 'eoscheck');
  expect(run(bin, ['--version'], project).trim()).toBe('0.1.0');
  const out = run(bin, ['check', 'kafka-txn', '--exhaustive', '--depth', '4', '--quiet'], project);
  expect(out).toMatch(/^eoscheck check kafka-txn: ok, no invariant violated/);
});

test("import from 'eoscheck' type-checks in a strict project and runs in a vitest test", () => {
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ['check.test.ts'],
    }),
  );
  writeFileSync(
    join(project, 'check.test.ts'),
    [
      "import { expect, test } from 'vitest';",
      "import { checkHere, kafkaTxnEntry, kafkaTxnInvariants, resolve } from 'eoscheck';",
      '',
      "test('the default kafka-txn config holds in 100 runs', () => {",
      '  const model = kafkaTxnEntry.model;',
      "  const config = resolve(model.keys, [['producers', '1']], 'kafka-txn');",
      '  if (!config.ok) throw new Error(config.error);',
      '  const checked = { model, invariants: kafkaTxnInvariants };',
      "  const opts = { mode: 'random', runs: 100, seed: 1, maxSteps: 20 } as const;",
      '  const r = checkHere(checked, model.init(config.value.config), opts);',
      '  expect(r.found).toBeNull();',
      '});',
      '',
    ].join('\n'),
  );
  // The project's own vitest, from the npm cache, as a user installs it beside eoscheck.
  const vitest = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Pkg).devDependencies['vitest'];
  run(
    'npm',
    ['install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', `vitest@${vitest}`],
    project,
  );
  run(join(repo, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], project);
  const out = run(join(project, 'node_modules', '.bin', 'vitest'), ['run'], project);
  expect(out).toMatch(/1 passed/);
});
