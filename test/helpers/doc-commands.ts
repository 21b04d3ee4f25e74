/** What the slow suite's runs of the docs' commands share: which commands take minutes, and the clock they run on. */
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
