import type { Catalog } from '../catalog/entry.js';
import type { Clock } from '../check/types/clock.js';

/**
 * The command line's environment: where it writes and reads, its clock, its models; injected, so tests run it
 * in-process.
 */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal (progress lines and colour only then). */
  readonly isTTY: boolean;
  /** Reads a file as text, or throws. Defaults to node:fs. */
  readFile?(path: string): string;
  /** Writes a file, or throws. Defaults to node:fs. */
  writeFile?(path: string, text: string): void;
  /** Milliseconds for timing and default seeds. Defaults to Date.now(). */
  now?(): number;
  /**
   * The clock of the checks' time bounds (`--max-seconds`, the default check's budget, the hand-off to workers):
   * tests give one that moves a fixed amount at each reading (`check/types/clock.ts`). Defaults to the real clock.
   */
  readonly clock?: Clock;
  /** Environment variables (`--shard auto` reads them). Defaults to process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The models the command line knows. Defaults to the catalog of catalog/index.ts. */
  readonly catalog?: Catalog;
}

/** A bad-input error: printed as one line on stderr, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Whether `e` is a UsageError. */
export function isUsageError(e: unknown): e is UsageError {
  return e instanceof UsageError;
}
