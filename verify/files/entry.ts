/** What a configuration file holds once read: its settings, each with the line it came from. */

/** One `key = value` of a file, as text, with its 1-based line. */
export interface Setting {
  readonly key: string;
  readonly value: string;
  readonly line: number;
  /** A value a program computes (its argument as written), which no file states: read from code only. */
  readonly computed?: boolean;
  /**
   * The name the file writes, where it is not the Kafka key it sets (Spring Boot's
   * `spring.kafka.producer.transaction-id-prefix` for the producer's transactional.id).
   */
  readonly written?: string;
  /** A call the program makes under a condition (an `if` or `else` branch, a ternary): read from code only. */
  readonly conditional?: boolean;
  /** The call that sets it, in the code's words (`Configuration.set(RestartStrategyOptions.RESTART_STRATEGY)`). */
  readonly call?: string;
  /** The value as the code names it, where the name says more than the value (`StreamsConfig.EXACTLY_ONCE`). */
  readonly namedValue?: string;
  /** For a conditional call: the line of the `if` it hangs on, and which branch of it holds the call. */
  readonly branch?: { readonly line: number; readonly side: 'then' | 'else' };
}

/** A line the real system's reader skips (Flink's legacy reader logs and skips a line without `: `). */
export interface Skipped {
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

/** A result: the value, or a one-line error. */
export type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/**
 * The 1-based line of a character offset in one text, from the offsets where its lines start, found once: a file's
 * keys are placed in time linear in its size, not in its size times its keys.
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  /** The 1-based line of `offset`. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
}
