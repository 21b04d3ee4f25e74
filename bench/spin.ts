/**
 * The same TwoPhase work measured by SPIN's compiled verifier on this machine, beside eoscheck's rows (the
 * standard comparison for an explicit-state checker; SPIN was quoted at ~450,000 distinct states/s on TwoPhase with
 * 7 resource managers on one core of this machine kind). Run only where `spin` and a C compiler are installed
 * (Debian: `apt-get install spin gcc`).
 *
 * The Promela is Lamport's TwoPhase.tla (the spec `model/two-phase-commit` follows) written as one process whose
 * every action is one `d_step`, so a SPIN state is a TLA+ state and SPIN stores exactly TLC's distinct states
 * (296,448 for 7, 1,745,408 for 8). Its guards leave out the spec's stuttering steps (a TM receiving a Prepared it
 * already has, an RM receiving the decision it already took), which lead nowhere new: SPIN's transitions are the
 * spec's less those (11.7M of TLC's 18.5M for 8). Safety only (`-DSAFETY`), no never claim, a hash table of
 * 2^`w` slots.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** TwoPhase with `n` resource managers, in Promela. */
export function twoPhasePromela(n: number): string {
  const rms = Array.from({ length: n }, (_, i) => i);
  // rm[i]: 0 working, 1 prepared, 2 committed, 3 aborted; tm: 0 init, 1 done by a commit, 2 done by an abort.
  const all = rms.map((i) => `tmPrepared[${i}]`).join(' && ');
  const branches = [
    `:: d_step { tm == 0 && ${all} -> tm = 1; msgCommit = 1 }`,
    ':: d_step { tm == 0 -> tm = 2; msgAbort = 1 }',
    ...rms.flatMap((i) => [
      `:: d_step { tm == 0 && msgPrepared[${i}] && !tmPrepared[${i}] -> tmPrepared[${i}] = 1 }`,
      `:: d_step { rm[${i}] == 0 -> rm[${i}] = 1; msgPrepared[${i}] = 1 }`,
      `:: d_step { rm[${i}] == 0 -> rm[${i}] = 3 }`,
      `:: d_step { msgCommit && rm[${i}] != 2 -> rm[${i}] = 2 }`,
      `:: d_step { msgAbort && rm[${i}] != 3 -> rm[${i}] = 3 }`,
    ]),
  ];
  return [
    `byte rm[${n}];`,
    'byte tm;',
    `bit tmPrepared[${n}]; bit msgPrepared[${n}]; bit msgCommit; bit msgAbort;`,
    'active proctype TwoPhase() {',
    // `end`: a state where nothing is enabled (every RM decided) is a valid end, not a deadlock.
    'end: do',
    ...branches.map((b) => `  ${b}`),
    '  od',
    '}',
    '',
  ].join('\n');
}

/** One run of SPIN's verifier: what it stored and took, in how long, and its memory. */
export interface SpinRun {
  readonly version: string;
  readonly stored: number;
  readonly transitions: number;
  readonly elapsedMs: number;
  /** SPIN's own "total actual memory usage", in bytes. */
  readonly bytes: number;
}

/** Whether `cmd` runs here. */
function present(cmd: string, arg: string): boolean {
  return spawnSync(cmd, [arg], { encoding: 'utf8' }).status === 0;
}

/** Whether SPIN and a C compiler are installed. */
export function spinAvailable(): boolean {
  return present('spin', '-V') && present('cc', '--version');
}

/** A figure SPIN's verifier printed (`pattern`'s first group), or a one-line error naming what is missing. */
function field(out: string, pattern: RegExp, what: string): number {
  const m = pattern.exec(out);
  if (!m) throw new Error(`SPIN's verifier printed no ${what}: ${out.split('\n').slice(0, 3).join(' | ')}`);
  return Number(m[1]);
}

/**
 * Generates, compiles and runs SPIN's verifier for TwoPhase with `n` resource managers, `reps` times: the runs as
 * SPIN reports them (its own elapsed time: the search alone, as eoscheck's rows time theirs).
 */
export function spinTwoPhase(n: number, w: number, reps: number): SpinRun[] {
  const dir = mkdtempSync(join(tmpdir(), 'eoscheck-spin-'));
  try {
    writeFileSync(join(dir, 'two-phase.pml'), twoPhasePromela(n));
    const run = (cmd: string, args: string[]) => {
      const r = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 24 });
      // Not installed: spawnSync gives an error and no output.
      if (r.error) throw new Error(`${cmd}: ${r.error.message} (apt-get install spin gcc)`);
      if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${(r.stderr || r.stdout).trim()}`);
      return r.stdout;
    };
    const version = /Spin Version ([\d.]+)/.exec(run('spin', ['-V']))?.[1] ?? '?';
    run('spin', ['-a', 'two-phase.pml']);
    run('cc', ['-O2', '-DSAFETY', '-DNOCLAIM', '-o', 'pan', 'pan.c']);
    return Array.from({ length: reps }, () => {
      const out = run('./pan', ['-m100000', `-w${w}`]);
      if (!/errors: 0/.test(out)) throw new Error(`SPIN's verifier found an error in TwoPhase: ${out}`);
      return {
        version,
        stored: field(out, /(\d+) states, stored/, 'states stored'),
        transitions: field(out, /(\d+) transitions/, 'transitions'),
        elapsedMs: field(out, /elapsed time ([\d.e+-]+) seconds/, 'elapsed time') * 1000,
        bytes: field(out, /([\d.]+)\s+total actual memory usage/, 'memory') * 2 ** 20,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
