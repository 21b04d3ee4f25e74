/**
 * A typed description of a state's shape, compiled into the model's own encoding and its decoding
 * (`FastPath.encode`/`decode`): code generated for that one shape (a function per object type) instead
 * of the generic walk over plain data (`plain.ts` to fingerprint, `pack.ts` to keep a level), so one
 * pass writes the words that both identify a state and keep it, with no tag or field count in them but
 * where a union or a list needs one. `struct<T>` asks for a schema of every field of T and nothing else,
 * so a field added to a state type does not compile until it is encoded; a value that does not fit its
 * schema (a string where an enum's labels are expected, a boolean that is undefined) throws, never
 * encodes as something else.
 *
 * The words are a function of the fields' values, not of the order the fields were created in, and the
 * same in every worker (strings are written as their characters), so they fingerprint a state wherever
 * it is met. Decoding gives a new mutable copy, static parts (`fromLike`) shared with `like`; `copy` gives the
 * same from a state instead of its words.
 */
import type { Words } from './model.js';
import { WordBuffer } from './words.js';

/** Words from here up are escapes: an integer at or above it, or a fraction, is written as a float. */
const TAG = 0x7fff0000;
const FLOAT = TAG + 1;

type Node =
  | { readonly kind: 'int' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'enum'; readonly labels: readonly string[] }
  | { readonly kind: 'string' }
  | { readonly kind: 'nullable'; readonly of: Node }
  | { readonly kind: 'list'; readonly of: Node }
  | { readonly kind: 'struct'; readonly fields: readonly Field[] }
  | { readonly kind: 'union'; readonly tag: string; readonly cases: readonly Case[] }
  | { readonly kind: 'static' }
  | { readonly kind: 'empty' };

interface Field {
  readonly name: string;
  readonly node: Node;
  /** An optional field (`f?: T`): absent or present, never undefined. */
  readonly optional: boolean;
}

interface Case {
  readonly label: string;
  readonly fields: readonly Field[];
}

/** The schema of values of type T (`type` only keeps T exact: a schema of another type does not fit). */
export interface Schema<T> {
  readonly node: Node;
  readonly type?: (t: T) => T;
}

/** The schema of an optional field's value when present. */
export interface Optional<T> {
  readonly optional: Node;
  readonly type?: (t: T) => T;
}

type OptionalKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? K : never }[keyof T];

/** A schema for every field of T: `optional(...)` for its optional fields. */
export type Fields<T> = {
  readonly [K in keyof T]-?: K extends OptionalKeys<T> ? Optional<Exclude<T[K], undefined>> : Schema<T[K]>;
};

/** Integers (any other number is written exactly, in three words). */
export const int: Schema<number> = { node: { kind: 'int' } };

/** true or false. */
export const bool: Schema<boolean> = { node: { kind: 'bool' } };

/**
 * Strings, written as their length and characters: words that depend on the value only, so any worker
 * decodes them (one word a string, a hash looked up in the strings a process had met, failed on two
 * workers: flink-kafka's transactional ids are made during the run, and a worker met another's first).
 */
export const str: Schema<string> = { node: { kind: 'string' } };

/** One of a string union's labels, every one of them named once: `oneOf<Marker>({ COMMIT: 1, ABORT: 1 })`. */
export function oneOf<T extends string>(labels: Record<T, 1>): Schema<T> {
  return { node: { kind: 'enum', labels: Object.keys(labels) } };
}

/** A number literal union, `acks`-like: written as the number. */
export function literal<T extends number>(): Schema<T> {
  return { node: { kind: 'int' } };
}

/** T or null. */
export function nullable<T>(of: Schema<T>): Schema<T | null> {
  return { node: { kind: 'nullable', of: of.node } };
}

/** A list of T. */
export function list<T>(of: Schema<T>): Schema<readonly T[]> {
  return { node: { kind: 'list', of: of.node } };
}

/** An optional field's schema. */
export function optional<T>(of: Schema<T>): Optional<T> {
  return { optional: of.node };
}

/**
 * The configuration, or a part derived from it that no step changes (the Kafka rules, mirror-maker-2's source
 * topic): not written; a decoded state shares `like`'s (never inside a list).
 */
export function fromLike<T>(): Schema<T> {
  return { node: { kind: 'static' } };
}

/** What the last step did (a state's events): not written; a decoded state has none. */
export function none<T extends readonly unknown[]>(): Schema<T> {
  return { node: { kind: 'empty' } };
}

function fieldList<T>(fields: Fields<T>): Field[] {
  // Each value is a Schema or an Optional of its field's type: only their nodes are read here.
  const parts: [string, { readonly node?: Node; readonly optional?: Node }][] = Object.entries(fields as object);
  return parts.map(([name, s]) => {
    // In the decoder's object literal, `"__proto__": v` would set the prototype.
    if (name === '__proto__') throw new Error('internal: a schema field is named __proto__');
    if (s.optional) return { name, node: s.optional, optional: true };
    if (!s.node) throw new Error(`internal: schema field ${name} has no schema`);
    return { name, node: s.node, optional: false };
  });
}

/** An object with fields `fields`. */
export function struct<T>(fields: Fields<T>): Schema<T> {
  return { node: { kind: 'struct', fields: fieldList(fields) } };
}

/** The variants of a union on tag field `Tag`, keyed by the tag's value: every variant's other fields. */
export type Variants<T extends Record<Tag, string>, Tag extends keyof T> = {
  readonly [V in T[Tag]]: Fields<Omit<Extract<T, Record<Tag, V>>, Tag>>;
};

/** A discriminated union on `tag`, the tag written as its variant's number. */
export function union<T extends Record<Tag, string>, Tag extends keyof T & string>(
  tag: Tag,
  variants: Variants<T, Tag>,
): Schema<T> {
  const entries: [string, Fields<unknown>][] = Object.entries(variants as object);
  const cases = entries.map(([label, f]) => ({ label, fields: fieldList(f) }));
  if (cases.length > VARIANT_MASK + 1)
    throw new Error(`internal: union on ${tag} has more variants than a word's low bits hold`);
  return { node: { kind: 'union', tag, cases } };
}

/** A schema compiled: the state's words and the state again from them. */
export interface Codec<T> {
  /** Writes `v`'s words; throws if `v` does not fit the schema. */
  encode(v: T, out: Words): void;
  /** A new mutable copy of the value written at `words[offset..]`, static parts from `like`. */
  decode(words: Int32Array, offset: number, like: T): T;
  /**
   * What `decode` gives of `v`'s words, copied from `v` itself: the same fields in the same order, static parts
   * shared with `v`, no events. `v` must fit the schema (a value `decode` gave, or one stepped from it); a value
   * that does not throws here (a variant outside its union) or is copied as it is, and its next `encode` throws.
   */
  copy(v: T): T;
}

/** Compiles `schema` into its encoding and decoding (generated once: straight-line code for the shape). */
export function compileSchema<T>(schema: Schema<T>): Codec<T> {
  const g = new Generator();
  const source = g.source(schema.node);
  const F64 = new Float64Array(1);
  const I32 = new Int32Array(F64.buffer);
  const make = new Function('TAG', 'FLOAT', 'F64', 'I32', 'L', 'R', 'bad', 'text', 'WordBuffer', 'SCRATCH', source);
  const [encode, decode, copy] = make(
    TAG,
    FLOAT,
    F64,
    I32,
    g.labels,
    g.recent,
    bad,
    text,
    WordBuffer,
    new WordBuffer(),
  );
  return { encode, decode, copy };
}

/** The strings a string node of a schema decoded lately, replaced in turn. */
interface Recent {
  readonly strings: string[];
  next: number;
}

/** How many strings a node keeps (`text`): a partition's or a group's names, a few transactional ids. */
const RECENT = 8;

/**
 * The string of the `n` characters at `words[at..]`: one of the node's recent strings when the characters are
 * its, else a new string, kept among the recent. A state's names are few and decoded with every state: made
 * anew each time they were a new string and a typed-array view each, about a microsecond of each decoded
 * kafka-txn state. Equal strings are the same value in JavaScript, so which copy is returned never shows.
 */
function text(words: Int32Array, at: number, n: number, recent: Recent): string {
  const list = recent.strings;
  for (let c = 0; c < list.length; c++) {
    const s = list[c]!;
    if (s.length !== n) continue;
    let i = 0;
    while (i < n && s.charCodeAt(i) === words[at + i]) i++;
    if (i === n) return s;
  }
  const s = String.fromCharCode.apply(null, words.subarray(at, at + n) as unknown as number[]);
  if (list.length < RECENT) list.push(s);
  else {
    list[recent.next] = s;
    recent.next = (recent.next + 1) % RECENT;
  }
  return s;
}

function bad(path: string, v: unknown): never {
  throw new Error(`internal: ${path} is ${JSON.stringify(v) ?? String(v)}, outside the state's schema`);
}

/**
 * The most words a node writes when that is known before its value is (no list, string, struct or union in it:
 * an integer takes up to three, as a float), else null.
 */
function fixedWords(node: Node): number | null {
  switch (node.kind) {
    case 'int':
      return 3;
    case 'bool':
    case 'enum':
      return 1;
    case 'static':
    case 'empty':
      return 0;
    case 'nullable': {
      const k = fixedWords(node.of);
      return k === null ? null : 1 + k;
    }
    case 'string':
    case 'list':
    case 'struct':
    case 'union':
      return null;
  }
}

/**
 * The statements that make object `t` as the decoder and the copier make it: the `read` fields (name, value) in one
 * literal, in order, then each optional field (name, condition, value) set when its condition holds.
 */
function objectLiteral(t: string, read: readonly [string, string][], present: readonly [string, string, string][]) {
  const fields = read.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ');
  return [
    `const ${t} = { ${fields} };`,
    ...present.map(([k, when, v]) => `if (${when}) ${t}[${JSON.stringify(k)}] = ${v};`),
  ];
}

/**
 * A union's word holds its variant's number in the low bits and its optional fields' presence above them; a
 * struct's optional fields share a word of their own (bits from 0). Either way an absent field costs no word.
 */
const VARIANT_BITS = 8;
const VARIANT_MASK = 2 ** VARIANT_BITS - 1;
/** Presence bits a word holds below TAG (bit 30 and up would reach the escapes). */
const MASK_BITS = 30;

/** The statements that set one bit of `mask`, from bit `from` on, for each optional field of `o` present. */
function presenceBits(fields: readonly Field[], o: string, mask: string, from: number): string[] {
  const optional = fields.filter((f) => f.optional);
  if (from + optional.length > MASK_BITS)
    throw new Error(`internal: ${optional.length} optional fields are more than one word's presence bits hold`);
  return optional.map((f, i) => `if (${o}[${JSON.stringify(f.name)}] !== undefined) ${mask} |= ${2 ** (from + i)};`);
}

/** The code that makes room for `k` more words at `n`. */
function room(k: number): string[] {
  return [`if (n + ${k} > W.length) G(n, ${k});`];
}

/** `code`, which writes `node`, with the room it takes made first where its size is fixed. */
function reserved(node: Node, code: readonly string[]): string[] {
  const k = fixedWords(node);
  return k === null || k === 0 ? [...code] : [...room(k), ...code];
}

/**
 * Writes the source of a schema's encoder and decoder: a function per struct or union of the schema
 * (called wherever it is used: one function inlining a whole Flink state was too big for V8 to optimize
 * and ran a fifth slower), variables numbered so nested blocks never shadow.
 */
class Generator {
  readonly labels: (readonly string[])[] = [];
  private readonly functions: string[] = [];
  private readonly encoders = new Map<Node, string>();
  private readonly decoders = new Map<Node, string>();
  /** Decoders of nodes on the path of struct fields from the root: they take their counterpart in `like`. */
  private readonly likeDecoders = new Map<Node, string>();
  private readonly copiers = new Map<Node, string>();
  private n = 0;
  private fresh(p: string): string {
    this.n += 1;
    return `${p}${this.n}`;
  }
  private labelsOf(labels: readonly string[]): number {
    this.labels.push(labels);
    return this.labels.length - 1;
  }
  /** The strings a string node decoded lately (`text`), one list a node. */
  readonly recent: Recent[] = [];
  private recentOf(): number {
    this.recent.push({ strings: [], next: 0 });
    return this.recent.length - 1;
  }

  /**
   * The source: the functions, then `encode` and `decode` over them. The encoders write into the words of a
   * `WordBuffer` (`W`) at a position passed along and returned (`n`), making room (`G`) before each run of
   * writes of a known most size; `out.push` a word was a third of what encoding cost. Any other `Words` gets
   * the words written into a scratch buffer, then pushed. The decoders read from `at` in the words `w` through
   * copies of their own (`p`, `ww`), handing `at` to a nested decoder and taking it back: a read of the two
   * shared variables a word went through the generated closure's context.
   */
  source(root: Node): string {
    const e: string[] = [];
    this.enc(root, 'v', 'state', e);
    const d: string[] = [];
    const value = this.dec(root, 'like', d);
    const c: string[] = [];
    const copied = this.cp(root, 'v', c);
    return [
      'let w = null;',
      'let at = 0;',
      'let B = null;',
      'let W = null;',
      'function G(n, k) { B.length = n; B.reserve(k); W = B.words; }',
      ...this.functions,
      'function encode(v, out) {',
      'if (!(out instanceof WordBuffer)) {',
      'SCRATCH.reset(); encode(v, SCRATCH);',
      'for (let i = 0; i < SCRATCH.length; i++) out.push(SCRATCH.words[i]);',
      'return;',
      '}',
      'B = out; W = out.words;',
      'let n = out.length;',
      ...reserved(root, e),
      'out.length = n;',
      'B = null; W = null;',
      '}',
      'function decode(words, offset, like) {',
      'w = words; at = offset;',
      'const ww = words;',
      'let p = offset;',
      ...d,
      'w = null;',
      `return ${value};`,
      '}',
      'function copy(v) {',
      ...c,
      `return ${copied};`,
      '}',
      'return [encode, decode, copy];',
    ].join('\n');
  }

  /** The name of the function that writes a struct or union node (made on first use): `n = name(v, n)`. */
  private encoderOf(node: Node, path: string): string {
    const known = this.encoders.get(node);
    if (known !== undefined) return known;
    const name = this.fresh('e');
    this.encoders.set(node, name);
    const body: string[] = [];
    const p = JSON.stringify(path);
    if (node.kind === 'struct') {
      body.push(`if (typeof v !== 'object' || v === null) bad(${p}, v);`);
      this.encFields(node.fields, 'v', path, body);
    } else if (node.kind === 'union') {
      body.push(`switch (v === null || typeof v !== 'object' ? undefined : v[${JSON.stringify(node.tag)}]) {`);
      node.cases.forEach((c, i) => {
        body.push(`case ${JSON.stringify(c.label)}: {`);
        // The variant's number and, above it, which of its optional fields are present: one word.
        const tag = this.fresh('m');
        body.push(`let ${tag} = ${i};`);
        body.push(...presenceBits(c.fields, 'v', tag, VARIANT_BITS));
        body.push(...room(1), `W[n++] = ${tag};`);
        this.encFields(c.fields, 'v', `${path}<${c.label}>`, body, true);
        body.push('break; }');
      });
      body.push(`default: bad(${p}, v);`);
      body.push('}');
    } else throw new Error(`internal: no function for a ${node.kind} node`);
    this.functions.push(`function ${name}(v, n) {\n${body.join('\n')}\nreturn n;\n}`);
    return name;
  }

  /**
   * Writes the code that encodes `node`'s value `e`. A node of fixed size (`fixedWords`) writes with no room
   * made: its caller made it; any other makes its own.
   */
  private enc(node: Node, e: string, path: string, out: string[]): void {
    const p = JSON.stringify(path);
    switch (node.kind) {
      case 'int': {
        const x = this.fresh('x');
        out.push(`const ${x} = ${e};`);
        out.push(`if ((${x} | 0) === ${x} && ${x} < TAG) W[n++] = ${x};`);
        out.push(
          `else if (typeof ${x} === 'number') { F64[0] = ${x}; W[n++] = FLOAT; W[n++] = I32[0]; W[n++] = I32[1]; }`,
        );
        out.push(`else bad(${p}, ${x});`);
        return;
      }
      case 'bool': {
        const x = this.fresh('b');
        out.push(`const ${x} = ${e};`);
        out.push(`if (${x} === true) W[n++] = 1; else if (${x} === false) W[n++] = 0; else bad(${p}, ${x});`);
        return;
      }
      case 'enum': {
        const x = this.fresh('l');
        out.push(`const ${x} = ${e};`);
        out.push(`switch (${x}) {`);
        node.labels.forEach((l, i) => {
          out.push(`case ${JSON.stringify(l)}: W[n++] = ${i}; break;`);
        });
        out.push(`default: bad(${p}, ${x});`);
        out.push('}');
        return;
      }
      case 'string': {
        const x = this.fresh('s');
        const i = this.fresh('i');
        out.push(`const ${x} = ${e};`);
        out.push(`if (typeof ${x} !== 'string') bad(${p}, ${x});`);
        out.push(`if (n + ${x}.length + 1 > W.length) G(n, ${x}.length + 1);`);
        out.push(`W[n++] = ${x}.length;`);
        out.push(`for (let ${i} = 0; ${i} < ${x}.length; ${i}++) W[n++] = ${x}.charCodeAt(${i});`);
        return;
      }
      case 'nullable': {
        const x = this.fresh('n');
        const inner = fixedWords(node.of);
        out.push(`const ${x} = ${e};`);
        // Room for the flag (and a fixed value) is the caller's when the whole is fixed.
        if (inner === null) out.push(...room(1));
        out.push(`if (${x} === null) W[n++] = 0; else {`);
        out.push(`W[n++] = 1;`);
        this.enc(node.of, x, path, out);
        out.push('}');
        return;
      }
      case 'list': {
        const x = this.fresh('a');
        const i = this.fresh('i');
        const each = fixedWords(node.of);
        out.push(`const ${x} = ${e};`);
        out.push(`if (!Array.isArray(${x})) bad(${p}, ${x});`);
        out.push(...room(1), `W[n++] = ${x}.length;`);
        out.push(`for (let ${i} = 0; ${i} < ${x}.length; ${i}++) {`);
        if (each !== null) out.push(...room(each));
        this.enc(node.of, `${x}[${i}]`, `${path}[]`, out);
        out.push('}');
        return;
      }
      case 'struct':
      case 'union':
        out.push(`n = ${this.encoderOf(node, path)}(${e}, n);`);
        return;
      case 'static':
      case 'empty':
        return;
    }
  }

  /** Writes the fields in order, making room once for each run of fields of fixed size. */
  private encFields(fields: readonly Field[], o: string, path: string, out: string[], tagged = false): void {
    let run: string[] = [];
    let masked = tagged;
    let most = 0;
    const flush = (): void => {
      if (most > 0) out.push(...room(most));
      out.push(...run);
      run = [];
      most = 0;
    };
    for (const f of fields) {
      const e = `${o}[${JSON.stringify(f.name)}]`;
      const k = f.optional ? null : fixedWords(f.node);
      if (k !== null) {
        this.enc(f.node, e, `${path}.${f.name}`, run);
        most += k;
        continue;
      }
      flush();
      if (!f.optional) {
        this.enc(f.node, e, `${path}.${f.name}`, out);
        continue;
      }
      if (!masked) {
        // A struct's optional fields share one word of presence bits, written where the first of them is.
        const mask = this.fresh('m');
        out.push(`let ${mask} = 0;`);
        out.push(...presenceBits(fields, o, mask, 0));
        out.push(...room(1), `W[n++] = ${mask};`);
        masked = true;
      }
      const inner = fixedWords(f.node);
      out.push(`if (${e} !== undefined) {`);
      if (inner !== null && inner > 0) out.push(...room(inner));
      this.enc(f.node, e, `${path}.${f.name}`, out);
      out.push('}');
    }
    flush();
  }

  /**
   * The name of the function that reads a struct or union node and returns it (made on first use). `withLike`:
   * it takes its counterpart in `like` (static fields are read from it); only on the path of struct fields from
   * the root.
   */
  private decoderOf(node: Node, withLike: boolean): string {
    const table = withLike ? this.likeDecoders : this.decoders;
    const known = table.get(node);
    if (known !== undefined) return known;
    const name = this.fresh('d');
    table.set(node, name);
    const body: string[] = [];
    let v: string;
    if (node.kind === 'struct') v = this.decFields(node.fields, [], withLike ? 'lk' : null, body);
    else if (node.kind === 'union') {
      v = this.fresh('t');
      body.push(`let ${v};`);
      const tag = this.fresh('m');
      body.push(`const ${tag} = ww[p++];`);
      body.push(`switch (${tag} & ${VARIANT_MASK}) {`);
      node.cases.forEach((c, i) => {
        body.push(`case ${i}: {`);
        const x = this.decFields(c.fields, [[node.tag, JSON.stringify(c.label)]], null, body, tag);
        body.push(`${v} = ${x};`);
        body.push('break; }');
      });
      body.push(`default: throw new Error('internal: bad variant at word ' + (p - 1));`);
      body.push('}');
    } else throw new Error(`internal: no function for a ${node.kind} node`);
    this.functions.push(
      `function ${name}(lk) {\nconst ww = w;\nlet p = at;\n${body.join('\n')}\nat = p;\nreturn ${v};\n}`,
    );
    return name;
  }

  /** Statements that read a value of `node` into a new variable (named in the result); `like`: its counterpart. */
  private dec(node: Node, like: string | null, out: string[]): string {
    const t = this.fresh('t');
    switch (node.kind) {
      case 'int':
        out.push(`let ${t} = ww[p++];`);
        out.push(`if (${t} === FLOAT) { I32[0] = ww[p++]; I32[1] = ww[p++]; ${t} = F64[0]; }`);
        return t;
      case 'bool':
        out.push(`const ${t} = ww[p++] === 1;`);
        return t;
      case 'enum':
        out.push(`const ${t} = L[${this.labelsOf(node.labels)}][ww[p++]];`);
        return t;
      case 'string': {
        const n = this.fresh('k');
        out.push(`const ${n} = ww[p++];`);
        out.push(`const ${t} = text(ww, p, ${n}, R[${this.recentOf()}]);`);
        out.push(`p += ${n};`);
        return t;
      }
      case 'nullable': {
        out.push(`let ${t} = null;`);
        out.push('if (ww[p++] === 1) {');
        const v = this.dec(node.of, null, out);
        out.push(`${t} = ${v};`);
        out.push('}');
        return t;
      }
      case 'list': {
        const n = this.fresh('k');
        const i = this.fresh('i');
        out.push(`const ${n} = ww[p++];`);
        out.push(`const ${t} = new Array(${n});`);
        out.push(`for (let ${i} = 0; ${i} < ${n}; ${i}++) {`);
        const v = this.dec(node.of, null, out);
        out.push(`${t}[${i}] = ${v};`);
        out.push('}');
        return t;
      }
      case 'struct':
      case 'union':
        // The callee reads from `at` and leaves it past what it read.
        out.push('at = p;');
        out.push(`const ${t} = ${this.decoderOf(node, like !== null)}(${like ?? 'null'});`);
        out.push('p = at;');
        return t;
      case 'static':
        if (like === null) throw new Error('internal: a schema has fromLike() inside a list, union or nullable');
        out.push(`const ${t} = ${like};`);
        return t;
      case 'empty':
        out.push(`const ${t} = [];`);
        return t;
    }
  }

  /** Reads the fields, then makes the object (literal fields in the schema's order, optional ones set if present). */
  private decFields(
    fields: readonly Field[],
    first: [string, string][],
    like: string | null,
    out: string[],
    tagWord: string | null = null,
  ): string {
    const t = this.fresh('t');
    let mask = tagWord;
    let bit = tagWord === null ? 0 : VARIANT_BITS;
    const read: [string, string][] = [...first];
    const present: [string, string, string][] = [];
    for (const f of fields) {
      const inner = like === null || f.optional ? null : `${like}[${JSON.stringify(f.name)}]`;
      if (!f.optional) {
        read.push([f.name, this.dec(f.node, inner, out)]);
        continue;
      }
      if (mask === null) {
        mask = this.fresh('m');
        out.push(`const ${mask} = ww[p++];`);
      }
      const has = this.fresh('h');
      const val = this.fresh('t');
      out.push(`const ${has} = (${mask} & ${2 ** bit}) !== 0;`);
      bit++;
      out.push(`let ${val};`);
      out.push(`if (${has}) {`);
      out.push(`${val} = ${this.dec(f.node, null, out)};`);
      out.push('}');
      present.push([f.name, has, val]);
    }
    out.push(...objectLiteral(t, read, present));
    return t;
  }

  /** The name of the function that copies a struct or union node (made on first use): `name(v)`. */
  private copierOf(node: Node): string {
    const known = this.copiers.get(node);
    if (known !== undefined) return known;
    const name = this.fresh('c');
    this.copiers.set(node, name);
    const body: string[] = [];
    let v: string;
    if (node.kind === 'struct') v = this.cpFields(node.fields, [], 'v', body);
    else if (node.kind === 'union') {
      v = this.fresh('t');
      body.push(`let ${v};`);
      body.push(`switch (v[${JSON.stringify(node.tag)}]) {`);
      for (const c of node.cases) {
        const label = JSON.stringify(c.label);
        body.push(`case ${label}: {`);
        body.push(`${v} = ${this.cpFields(c.fields, [[node.tag, label]], 'v', body)};`);
        body.push('break; }');
      }
      body.push(`default: bad(${JSON.stringify(`<${node.tag}>`)}, v);`);
      body.push('}');
    } else throw new Error(`internal: no function for a ${node.kind} node`);
    this.functions.push(`function ${name}(v) {\n${body.join('\n')}\nreturn ${v};\n}`);
    return name;
  }

  /**
   * Statements that copy `e`, a value of `node`, into a new variable (named in the result) as `dec` would read
   * it back from its words: a zero as 0 (never -0), a list dense as `new Array(n)` makes it, no events.
   */
  private cp(node: Node, e: string, out: string[]): string {
    const t = this.fresh('t');
    switch (node.kind) {
      case 'int':
        out.push(`const ${t} = ${e} === 0 ? 0 : ${e};`);
        return t;
      case 'bool':
      case 'enum':
      case 'string':
      case 'static':
        out.push(`const ${t} = ${e};`);
        return t;
      case 'nullable': {
        const x = this.fresh('n');
        out.push(`const ${x} = ${e};`);
        out.push(`let ${t} = null;`);
        out.push(`if (${x} !== null) {`);
        out.push(`${t} = ${this.cp(node.of, x, out)};`);
        out.push('}');
        return t;
      }
      case 'list': {
        const x = this.fresh('a');
        const i = this.fresh('i');
        out.push(`const ${x} = ${e};`);
        out.push(`const ${t} = new Array(${x}.length);`);
        out.push(`for (let ${i} = 0; ${i} < ${x}.length; ${i}++) {`);
        out.push(`${t}[${i}] = ${this.cp(node.of, `${x}[${i}]`, out)};`);
        out.push('}');
        return t;
      }
      case 'struct':
      case 'union':
        out.push(`const ${t} = ${this.copierOf(node)}(${e});`);
        return t;
      case 'empty':
        out.push(`const ${t} = [];`);
        return t;
    }
  }

  /** Copies the fields into an object made as `decFields` makes it (literal fields first, optional ones after). */
  private cpFields(fields: readonly Field[], first: [string, string][], o: string, out: string[]): string {
    const t = this.fresh('t');
    const read: [string, string][] = [...first];
    const present: [string, string, string][] = [];
    for (const f of fields) {
      const e = `${o}[${JSON.stringify(f.name)}]`;
      if (!f.optional) {
        read.push([f.name, this.cp(f.node, e, out)]);
        continue;
      }
      const x = this.fresh('o');
      const val = this.fresh('t');
      out.push(`const ${x} = ${e};`);
      out.push(`let ${val};`);
      out.push(`if (${x} !== undefined) {`);
      out.push(`${val} = ${this.cp(f.node, x, out)};`);
      out.push('}');
      present.push([f.name, `${x} !== undefined`, val]);
    }
    out.push(...objectLiteral(t, read, present));
    return t;
  }
}
