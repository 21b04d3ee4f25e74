/**
 * A verb's `--help`: its usage line, what it does, and one line per flag. The flags are typed against the verb's
 * own option spec, so a flag added to a verb without a line here does not compile. Pure.
 */
import type { OptionSpec } from './args.js';

/** What a verb's help says. */
export interface Help<S extends OptionSpec> {
  readonly usage: string;
  readonly about: string;
  /** One line per flag of the verb's spec, its value's form first where it takes one. */
  readonly flags: { readonly [F in keyof S]: string };
  /** Paragraphs after the flags. */
  readonly more?: string;
}

/** The help text. Pure. */
export function helpText<S extends OptionSpec>(spec: S, h: Help<S>): string {
  const names = Object.keys(spec) as (keyof S & string)[];
  const left = names.map((n) => {
    const value = spec[n]!.type === 'string' ? ` ${h.flags[n].split(':')[0]}` : '';
    return `--${n}${value}`;
  });
  const width = Math.max(0, ...left.map((l) => l.length));
  const lines = names.map((n, i) => {
    const text = spec[n]!.type === 'string' ? h.flags[n].slice(h.flags[n].indexOf(':') + 1).trim() : h.flags[n];
    return `  ${left[i]!.padEnd(width)}  ${text}${spec[n]!.multiple ? ' (repeatable)' : ''}`;
  });
  return [
    `usage: ${h.usage}`,
    '',
    h.about,
    '',
    'options:',
    ...lines,
    ...(h.more ? ['', h.more] : []),
    '',
    'exit codes: 0 every property holds (within the bounds said), 1 a property is violated, 2 bad input',
    '',
  ].join('\n');
}
