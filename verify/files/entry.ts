/** What a configuration file holds once read: its settings, each with the line it came from. */

/** One `key = value` of a file, as text, with its 1-based line. */
export interface Setting {
  readonly key: string;
  readonly value: string;
  readonly line: number;
}

/** A line the real system's reader skips (Flink's legacy reader logs and skips a line without `: `). */
export interface Skipped {
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

/** A result: the value, or a one-line error. */
export type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** The 1-based line of character `offset` in `text`. Pure. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}
