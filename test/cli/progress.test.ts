/**
 * Progress of long work: nothing for the first second, then a bar on a terminal (cli-progress) or a
 * plain line every few seconds when stderr is not one; nothing with --quiet or --json. The io's clock
 * drives it, so these tests run a check on a clock that moves fast.
 */
import { describe, expect, test } from 'vitest';
import { type Clock, ticking } from '../../check/types/clock.js';
import type { Io } from '../../cli/io.js';
import { main } from '../../cli/main.js';
import { leftText, meter, statusLine } from '../../cli/progress.js';

/**
 * An io writing to strings, on a clock that moves `tick` ms at every reading; the checks' time bounds on `clock`
 * (the real one when absent).
 */
function io(
  isTTY: boolean,
  tick: number,
  clock?: Clock,
): Io & { out: () => string; err: () => string; advance: (ms: number) => void } {
  let stdout = '';
  let stderr = '';
  let t = 0;
  return {
    isTTY,
    ...(clock ? { clock } : {}),
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    now: () => (t += tick),
    out: () => stdout,
    err: () => stderr,
    advance: (ms) => (t += ms),
  };
}

const status = {
  label: 'exhaustive',
  done: 3,
  total: 8,
  figures: 'depth 3 of 8, 1,234 states, 99 states/s',
  leftMs: 42_100,
};

describe('progress', () => {
  test('a status as a plain line; time left in seconds and minutes', () => {
    expect(statusLine(status)).toBe('eoscheck: exhaustive: depth 3 of 8, 1,234 states, 99 states/s, 43 s left');
    expect(leftText(125_000)).toBe('2 min 5 s left');
    expect(leftText(null)).toBe('');
  });

  test('not a terminal: nothing in the first second, then a line at most every five seconds', () => {
    const x = io(false, 0);
    const m = meter(x, true);
    m.update(status);
    x.advance(999);
    m.update(status);
    expect(x.err()).toBe('');
    x.advance(1);
    m.update(status);
    expect(x.err()).toBe(`${statusLine(status)}\n`);
    x.advance(4999);
    m.update(status);
    x.advance(1);
    m.update({ ...status, done: 4 });
    expect(x.err().split('\n').filter(Boolean)).toHaveLength(2);
    m.stop();
  });

  test('a terminal: a bar after a second, cleared when done; off means nothing', () => {
    const x = io(true, 0);
    const m = meter(x, true);
    m.update(status);
    expect(x.err()).toBe('');
    x.advance(1000);
    m.update(status);
    expect(x.err()).toContain('37% | exhaustive: depth 3 of 8, 1,234 states, 99 states/s | 43 s left');
    const drawn = x.err().length;
    m.stop();
    // cli-progress clears the bar's line (ESC [ 2 K) and shows the cursor again.
    expect(x.err().slice(drawn)).toContain('\u001b[2K');
    const y = io(true, 1000);
    const off = meter(y, false);
    off.update(status);
    off.update(status);
    expect(y.err()).toBe('');
  });

  test('a check on a fast clock shows its progress on stderr, and none with --json or --quiet', async () => {
    const args = ['check', 'kafka-txn', '--set', 'producers=1', '--exhaustive', '--depth', '6', '--workers', '1'];
    const plain = io(false, 700);
    expect(await main(args, plain)).toBe(0);
    expect(plain.err()).toMatch(/^eoscheck: exhaustive: depth \d of 6, [\d,]+ states, [\d,]+ states\/s\n/);
    const tty = io(true, 700);
    await main(args, tty);
    expect(tty.err()).toMatch(/\d+% \| exhaustive: depth \d of 6/);
    for (const flag of ['--json', '--quiet']) {
      const quiet = io(false, 700);
      await main([...args, flag], quiet);
      expect(quiet.err()).toBe('');
    }
    // The default check (the portfolio): its pass, then its swarm, against the time of its budget, on a clock that
    // moves 10 ms at each reading (the pass reads it every 128 states, the swarm before each run).
    const portfolio = io(false, 2600, ticking(10));
    expect(await main(['check', 'kafka-txn', '--max-seconds', '2', '--seed', '1', '--workers', '1'], portfolio)).toBe(
      0,
    );
    const lines = portfolio.err().split('\n').filter(Boolean);
    for (const line of lines)
      expect(line).toMatch(
        /^eoscheck: portfolio: pass depth \d+, [\d,]+ states(; swarm run [\d,]+, [\d,]+ steps)?, \d+ s left$/,
      );
    // The swarm gets what the pass left of the budget on that clock: the same runs on any machine, and shown.
    const ran = Number((/ and ([\d,]+) swarm runs/.exec(portfolio.out())?.[1] ?? '0').replaceAll(',', ''));
    expect(ran).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes('; swarm run'))).toBe(true);
    const random = io(false, 700);
    await main(['check', 'kafka-txn', '--runs', '300', '--seed', '1', '--workers', '1'], random);
    expect(random.err()).toMatch(
      /^eoscheck: random: run [\d,]+ of 300, [\d,]+ steps, [\d,]+ steps\/s, \d+ (min \d+ )?s left\n/,
    );
  });
});
