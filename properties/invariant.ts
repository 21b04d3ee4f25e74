/**
 * Invariants are named predicates: a stable name, a one-line meaning, when they are judged, and a
 * check that returns a violation message as data (or null). Pure.
 */

/** The contract's invariant names (a model may check others: an invariant's name is any string). */
export type InvariantName =
  | 'no-loss'
  | 'no-duplicates'
  | 'no-aborted-read'
  | 'zombie-fenced'
  | 'txn-atomicity'
  | 'offsets-atomic'
  | 'lso-bound'
  | 'no-hanging-transaction'
  | 'state-exactly-once'
  | 'commit-only-completed'
  | 'acked-durable'
  | 'translation-within-lag'
  | 'copied-committed'
  | 'copied-once'
  | 'progress';

/** `every-step`: after each step; `quiescence`: once the drain has finished. */
export type InvariantWhen = 'every-step' | 'quiescence';

/** An invariant's name: one of the contract's, or a name of your own (a user-written property). */
export type AnyInvariantName = InvariantName | (string & {});

/** An invariant of one of the contract's names, with the contract's meaning. */
export function invariant<S>(
  name: InvariantName,
  when: InvariantWhen,
  check: (state: S) => string | null,
): Invariant<S> {
  return { name, meaning: invariantMeanings[name], when, check };
}

/** One invariant over states of type S. */
export interface Invariant<S> {
  readonly name: AnyInvariantName;
  readonly meaning: string;
  readonly when: InvariantWhen;
  /** A one-line message when `state` violates it, else null. Pure. */
  check(state: S): string | null;
  /** The family it is judged with, and its place there (`family`): absent for an invariant judged alone. */
  readonly member?: { readonly family: Family<S>; readonly index: number } | undefined;
}

/**
 * Invariants of one `when` judged in one pass over a state, because they read the same data (the Kafka
 * checks each walked every log and worked out each record's fate again: a fifth of a kafka-txn search).
 * `judge` writes the message of each member (or null) into `out` at its place in `names`, every place each
 * time (`out` is reused); each member's message is the one it would give alone.
 */
export interface Family<S> {
  readonly names: readonly InvariantName[];
  readonly when: InvariantWhen;
  judge(state: S, out: (string | null)[]): void;
}

/**
 * The members of `f` as invariants, in the order of its names: `violations` judges the family once a state
 * for all of them; a member's own `check` judges the family and gives its part (a library user or a
 * test may call it alone, and `--invariant` may pick some members only).
 */
export function family<S, const N extends readonly InvariantName[]>(
  f: Family<S> & { readonly names: N },
): { readonly [I in keyof N]: Invariant<S> } {
  const members = f.names.map(
    (name, index): Invariant<S> => ({
      name,
      meaning: invariantMeanings[name],
      when: f.when,
      check: (state: S) => {
        const out: (string | null)[] = [];
        f.judge(state, out);
        return out[index] ?? null;
      },
      member: { family: f, index },
    }),
  );
  // One member a name, in the names' order: the tuple the type promises.
  return members as unknown as { readonly [I in keyof N]: Invariant<S> };
}

/** A violation as data: which invariant, what is wrong, at which index of the trace's steps (-1: the initial state). */
export interface Violation {
  readonly invariant: AnyInvariantName;
  readonly message: string;
  readonly step: number;
}

/** Every violated invariant of `when` in `state` (none: one shared empty list, as this runs after every step). Pure. */
export function violations<S>(
  invariants: readonly Invariant<S>[],
  state: S,
  when: InvariantWhen,
  step: number,
): readonly Violation[] {
  let out: Violation[] | null = null;
  // The family judged last for this state, and its messages: in a list reused from call to call, or a new one
  // for a call made from inside a check (a property of a user's that asks `violations` itself).
  let judged: Family<S> | null = null;
  const messages = depth++ === 0 ? FAMILY : [];
  try {
    for (const inv of invariants) {
      if (inv.when !== when) continue;
      const m = inv.member;
      if (m !== undefined && m.family !== judged) {
        judged = m.family;
        judged.judge(state, messages);
      }
      const message = m === undefined ? inv.check(state) : (messages[m.index] ?? null);
      if (message === null) continue;
      if (out === null) out = [];
      out.push({ invariant: inv.name, message, step });
    }
  } finally {
    depth--;
  }
  return out ?? NONE;
}
const NONE: readonly Violation[] = Object.freeze([]);
const FAMILY: (string | null)[] = [];
/** Calls of `violations` under way (more than one: a check called it). */
let depth = 0;

/** The meaning of invariant `name`: from the subject's own invariants, else the contract's. Pure. */
export function meaningOf(
  invariants: readonly { readonly name: string; readonly meaning: string }[],
  name: string,
): string {
  return invariants.find((i) => i.name === name)?.meaning ?? contractMeanings.get(name) ?? name;
}

/** The contract's meaning of each invariant name. */
export const invariantMeanings: Readonly<Record<InvariantName, string>> = {
  'no-loss': 'at quiescence every input is in the judged output view (or applied to the sink)',
  'no-duplicates': 'no input appears more than once in the judged output view',
  'no-aborted-read':
    'a read_committed reader never returns a record of an aborted transaction (checked on the judged reader at ' +
    'isolation.level, so read_uncommitted fails it)',
  'zombie-fenced':
    "no write, offset commit or transaction end from a producer epoch older than the coordinator's current epoch " +
    'for its transactional.id takes effect',
  'txn-atomicity': 'all records and offset commits of one transaction share one fate: all committed or all aborted',
  'offsets-atomic':
    "a consumer group's committed input offset passes record r exactly when the output of r is committed",
  'lso-bound':
    "a partition's LSO never passes the first offset of a still-open transaction, and never exceeds the high watermark",
  'no-hanging-transaction': 'at quiescence no transaction is left open on any partition',
  'state-exactly-once':
    'after a restore, operator state reflects each input up to the restored source offsets exactly once',
  'commit-only-completed': 'a sink transaction is committed only for a checkpoint that completed',
  'acked-durable': 'a write acknowledged to its producer is never lost nor read back changed',
  'translation-within-lag':
    'a MirrorMaker 2 checkpoint of an offset its sync store has read past puts the group at most offset.lag.max ' +
    'records before its position on the target',
  'copied-committed':
    'MirrorMaker 2 copies to the target no record of an aborted source transaction (the copies are committed ' +
    'source records)',
  'copied-once': 'MirrorMaker 2 copies each source record to the target at most once',
  progress: 'the fault-free drain reaches quiescence within its step budget (no livelock)',
};

/** The contract's meanings by any name (a user's invariant has none). */
const contractMeanings: ReadonlyMap<string, string> = new Map(Object.entries(invariantMeanings));
