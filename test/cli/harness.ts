/** Test harness: runs the command line in-process and captures what it prints; golden transcripts. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Clock } from '../../check/types/clock.js';
import { main } from '../../cli/main.js';

export interface Transcript {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `eoscheck ...args` with a fixed clock (so default seeds and timings are stable). */
export async function cli(...args: string[]): Promise<Transcript> {
  return cliOn(undefined, ...args);
}

/** `cli`, with the checks' time bounds (the default check's budget, --max-seconds) on `clock` when one is given. */
export async function cliOn(clock: Clock | undefined, ...args: string[]): Promise<Transcript> {
  let stdout = '';
  let stderr = '';
  let t = 1_000_000;
  const code = await main(args, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    isTTY: false,
    now: () => (t += 1),
    ...(clock ? { clock } : {}),
  });
  return { code, stdout, stderr };
}

/** Replaces the figures that vary from run to run (elapsed time, rates) with placeholders. */
export function normalize(text: string): string {
  return text
    .replace(/time: \d+\.\d s(, \d+ (steps|states)\/s)?/g, 'time: <elapsed>')
    .replace(/\d+\.\d s \(\d+\/s\)/g, '<elapsed>')
    .replace(/"elapsedMs": \d+/g, '"elapsedMs": 0')
    .replace(/"foundMs": \d+/g, '"foundMs": 0')
    .replace(/met after \d+\.\d s/g, 'met after <elapsed>')
    .replace(/transitions\) in \d+\.\d s;/g, 'transitions) in <elapsed>;')
    .replace(/"statesPerSecond": \d+/g, '"statesPerSecond": 0');
}

/** The golden transcripts' folder. */
const goldenDir = join(import.meta.dirname, '..', 'golden');

/** The transcript of running each command line: the command, stdout, stderr, exit code; normalized. */
export async function transcript(lines: readonly string[][]): Promise<string> {
  let out = '';
  for (const args of lines) {
    const r = await cli(...args);
    out += `$ eoscheck ${args.join(' ')}\n${r.stdout}${r.stderr ? `[stderr]\n${r.stderr}` : ''}[exit ${r.code}]\n\n`;
  }
  return normalize(out);
}

/**
 * A test per case comparing its transcript with test/golden/<name>.txt (written when missing or with
 * UPDATE_GOLDEN=1: then read the diff, a transcript is a claim about behaviour).
 */
export function goldenSuite(title: string, cases: Readonly<Record<string, string[][]>>): void {
  describe(title, () => {
    for (const [name, lines] of Object.entries(cases)) {
      test(name, async () => {
        const file = join(goldenDir, `${name}.txt`);
        const got = await transcript(lines);
        if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(file)) writeFileSync(file, got);
        expect(got).toBe(readFileSync(file, 'utf8'));
      });
    }
  });
}
