/**
 * The constants a code file declares (Java's `final` fields and locals, Kotlin's `const val` and `val`, Scala's
 * `val`), so that a call given a named constant (`setTransactionalIdPrefix(PREFIX)`, `enableCheckpointing(INTERVAL)`)
 * reads the value the name stands for, as the compiler does. A name declared twice with two values (two methods'
 * locals) stands for no one value and is left as written; a plain variable, which may be assigned again, is never
 * read. Pure.
 */

/** Java: `[static] final Type NAME = init;` (a field or a local). */
const JAVA = /\bfinal\s+(?:static\s+)?[\w.]+(?:<[^<>;=]*>)?(?:\[\])?\s+([A-Za-z_]\w*)\s*=\s*([^;]+);/g;
/** Kotlin and Scala: `[const] val NAME[: Type] = init`, to the line's end or a `;`. */
const VAL = /\bval\s+([A-Za-z_]\w*)\s*(?::\s*[\w.?<>]+\s*)?=\s*([^;\n]+)/g;

/**
 * An initialiser a reader can take as a value: a string literal, integers joined by `*` and `+` (with other
 * upper-case constants), or a class's constant or factory (`StreamsConfig.EXACTLY_ONCE_V2`, `Duration.ofSeconds(10)`,
 * `TimeUnit.MINUTES.toMillis(5)`). Anything else (`args[0]`, `params.getLong(...)`) stays the name as written, so a
 * refusal names what the code wrote.
 */
const VALUE_LIKE = [
  /^"(?:[^"\\\n]|\\.)*"$/,
  /^(?:[\d_]+[lL]?|[A-Z][A-Z0-9_]*|[\s*+()])+$/,
  /^[A-Z]\w*(?:\.\w+)*(?:\([^()]*\))?(?:\.\w+\(\s*\))*$/,
];

/** Each name declared with one initialiser's text; a name declared twice with two values is left out. */
export function constantsOf(code: string): ReadonlyMap<string, string> {
  const seen = new Map<string, string | null>();
  for (const re of [JAVA, VAL])
    for (const m of code.matchAll(re)) {
      const name = m[1]!;
      const init = m[2]!.trim();
      if (!VALUE_LIKE.some((v) => v.test(init))) continue;
      seen.set(name, seen.has(name) && seen.get(name) !== init ? null : init);
    }
  // A final or a val is never assigned again: the compiler refuses it.
  return new Map([...seen].filter((e): e is [string, string] => e[1] !== null));
}

/** Whether a text is a single string literal. */
const isString = (text: string): boolean => /^"(?:[^"\\\n]|\\.)*"$/.test(text);

/**
 * The expression with each bare name a constant stands for replaced by its value (an operation in parentheses, so
 * that `N * 1000` stays one factor), outside string literals; up to three levels, for a constant made of others.
 */
export function withConstants(expr: string, constants: ReadonlyMap<string, string>, depth = 3): string {
  if (constants.size === 0 || depth === 0) return expr;
  let out = '';
  let changed = false;
  for (let i = 0; i < expr.length; ) {
    const c = expr[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < expr.length && expr[j] !== '"') j += expr[j] === '\\' ? 2 : 1;
      out += expr.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const word = /^[A-Za-z_]\w*/.exec(expr.slice(i));
    if (!word) {
      out += c;
      i++;
      continue;
    }
    const name = word[0];
    const before = expr.slice(0, i).trimEnd();
    const after = expr.slice(i + name.length).trimStart();
    const value = constants.get(name);
    // A member (`x.NAME`), a call (`NAME(`) or a qualifier (`NAME.x`) is not the constant.
    if (value !== undefined && !before.endsWith('.') && !/^[.(]/.test(after)) {
      out += isString(value) || /^[\w.()"]+$/.test(value) ? value : `(${value})`;
      changed = true;
    } else out += name;
    i += name.length;
  }
  return changed ? withConstants(out, constants, depth - 1) : out;
}
