/** Test harness: runs the command line in-process and captures what it prints. */
import { main } from '../../cli/main.js';

export interface Transcript {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `eoscheck ...args` with a fixed clock (so default seeds and timings are stable). */
export async function cli(...args: string[]): Promise<Transcript> {
  let stdout = '';
  let stderr = '';
  let t = 1_000_000;
  const code = await main(args, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    isTTY: false,
    now: () => (t += 1),
  });
  return { code, stdout, stderr };
}

/** Replaces the figures that vary from run to run (elapsed time, rates) with placeholders. */
export function normalize(text: string): string {
  return text
    .replace(/time: \d+\.\d s(, \d+ (steps|states)\/s)?/g, 'time: <elapsed>')
    .replace(/\d+\.\d s \(\d+\/s\)/g, '<elapsed>')
    .replace(/"elapsedMs": \d+/g, '"elapsedMs": 0')
    .replace(/"statesPerSecond": \d+/g, '"statesPerSecond": 0');
}
