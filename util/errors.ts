/**
 * What a caught value says, whatever was thrown: JavaScript lets code throw anything, so a catch
 * block holds `unknown` and reads it through these instead of a cast.
 */

/** The message of `e`: an Error's message, else its string form. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The `code` of a Node.js system or parse error (`ENOENT`, `ERR_PARSE_ARGS_UNKNOWN_OPTION`), if any. */
export function errorCode(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null || !('code' in e)) return undefined;
  return typeof e.code === 'string' ? e.code : undefined;
}
