/**
 * Java `.properties` files as `java.util.Properties.load` reads them (comments `#` and `!`, `=`, `:` or
 * white space between key and value, backslash escapes and `\uXXXX`, continuation lines), through the
 * `dot-properties` parser; the last of a repeated key wins, as in Java.
 */
import { type Node, type Pair, parseLines } from 'dot-properties';
import { LineIndex, type Setting } from './entry.js';

function isPair(n: Node): n is Pair {
  return n.type === 'PAIR';
}

/**
 * The settings of a `.properties` text, in file order (a repeated key keeps its last value, at its last line). Pure.
 */
export function readProperties(text: string): Setting[] {
  const out = new Map<string, Setting>();
  const lines = new LineIndex(text);
  for (const node of parseLines(text, true)) {
    if (!isPair(node)) continue;
    out.delete(node.key);
    out.set(node.key, { key: node.key, value: node.value, line: lines.lineOf(node.range?.[0] ?? 0) });
  }
  return [...out.values()];
}
