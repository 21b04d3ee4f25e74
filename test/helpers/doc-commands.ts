/** What the slow suite's runs of the docs' commands share: which commands take minutes, and the clocks they run on. */
import { type Clock, ticking } from '../../check/types/clock.js';

/** The number after `flag` among a command's words, 0 when the flag is absent. */
function flagNumber(words: readonly string[], flag: string): number {
  const i = words.indexOf(flag);
  return i < 0 ? 0 : Number(words[i + 1]);
}

/**
 * A search of minutes, which the slow suite leaves to the deep one: a budget of a minute or more (`--max-seconds`), or
 * a search to depth 30 or more.
 */
export function searchOfMinutes(words: readonly string[]): boolean {
  return flagNumber(words, '--max-seconds') >= 60 || flagNumber(words, '--depth') >= 30;
}

/**
 * The clock a docs command runs on: one that moves 20 ms at each reading (a swarm run reads it once, about a quiet
 * machine's pace), so a plain check's --max-seconds budget buys the same search on every machine, busy or quiet.
 */
export const docsClock = (): Clock => ticking(20);

/**
 * A plain check (no `--exhaustive`): its budget alone bounds its search, so a clock that moves faster buys a smaller
 * search of the same kind.
 */
export function plainCheck(words: readonly string[]): boolean {
  return words.includes('check') && !words.includes('--exhaustive');
}

/**
 * The clock a command runs on in the slow suite where only the form of its answer is held, or where it is claimed to
 * hold: one that moves 200 ms at each reading, so a plain check's budget buys a tenth of `docsClock`'s search. A
 * smaller search can miss a violation but never invents one, so a "holds" claim still holds; the deep suite runs the
 * whole budget.
 */
export const glanceClock = (): Clock => ticking(200);
