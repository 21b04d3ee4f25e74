/**
 * The Kafka checks that read the records of every partition, judged in one pass (`Family` in
 * `../invariant.ts`): each partition's fates are worked out once for all of them, instead of once per
 * check, its data records are walked once for the checks that read them (they walked them one after the
 * other: kafka-txn depth 11, the checks' profile 1.08 s -> 0.85 s of 5.2 s), and what a reader returns is
 * gathered into reused lists. Each message is the one the check
 * alone gives (`checks.ts`): the parts run partition by partition in the same order, and a check that
 * has found its first violation is not run again. Pure but for the reused lists.
 */
import type { Cluster } from '../../model/kafka/cluster.js';
import type { IsolationLevel } from '../../model/kafka/keys.js';
import { isRead, scratchFates } from '../../model/kafka/read.js';
import {
  abortedReadMessage,
  duplicateMessage,
  lsoAgainst,
  splitFateBegin,
  splitFateOffsets,
  splitFateRecord,
  staleEpochIn,
  staleEpochOffsets,
  type Told,
} from './checks.js';

/** The checks of the pass, in the order it writes their messages. */
export const LOG_CHECKS = ['zombie-fenced', 'txn-atomicity', 'no-aborted-read', 'no-duplicates', 'lso-bound'] as const;

/**
 * The reader `no-aborted-read` and `no-duplicates` judge: one of every partition in order (`partition` null),
 * or of that partition alone; `where` names what it reads in a duplicate's message (`duplicateRead`).
 */
export interface Reader {
  readonly partition: number | null;
  readonly where: string;
}
const EVERY_PARTITION: Reader = { partition: null, where: '' };

/**
 * Writes into `out`, in the order of `LOG_CHECKS`: `staleEpochEffect(k)`, `splitFate(k, told, name)`,
 * `abortedRead(partitions, level)`, `duplicateRead(values, offsets, level, where)` of what a reader of
 * `partitions` returns (`readTopic`), and `lsoOutOfBounds(k.partitions)`, where `partitions` are every
 * partition or the reader's one.
 */
export function judgeLogs(
  k: Cluster,
  told: readonly Told[],
  name: (instance: number) => string,
  level: IsolationLevel,
  out: (string | null)[],
  reader: Reader = EVERY_PARTITION,
): void {
  let zombie: string | null = null;
  let atomicity: string | null = null;
  let aborted: string | null = null;
  let lso: string | null = null;
  READ.reset();
  splitFateBegin(told);
  for (let pi = 0; pi < k.partitions.length; pi++) {
    const p = k.partitions[pi]!;
    // read_uncommitted reads no fates (`isRead`), so the partition's fates serve every level.
    const f = scratchFates(p);
    zombie ??= staleEpochIn(p);
    const read = reader.partition === null || reader.partition === pi;
    // One walk of the data records for the other checks, each in log order until its first violation (as
    // `splitFateIn`, `abortedReadIn`, `READ.add` and `lsoOutOfBoundsIn` walk them one after the other).
    let open: number | null = null;
    for (const e of p.log) {
      if (e.kind !== 'data') continue;
      const fate = f[e.offset];
      if (atomicity === null && (fate === 'COMMIT' || fate === 'ABORT'))
        atomicity = splitFateRecord(k, pi, e, fate, name);
      if (read && isRead(p, level, f, e)) {
        if (aborted === null && fate === 'ABORT') aborted = abortedReadMessage(p, level, e);
        READ.add(e.value, e.offset);
      }
      if (open === null && e.transactional && fate === null) open = e.offset;
    }
    lso ??= lsoAgainst(p, open);
  }
  zombie ??= staleEpochOffsets(k);
  atomicity ??= splitFateOffsets(k, name);
  // Written by place, not pushed: emptying a list by setting its length was a slow path of its own.
  out[0] = zombie;
  out[1] = atomicity;
  out[2] = aborted;
  out[3] = READ.repeat === null ? null : duplicateMessage(READ.repeat, READ.first, READ.second, level, reader.where);
  out[4] = lso;
}

/**
 * One naming function for every call of a family's judge: `at(s)` makes it name the instances of state `s` (the
 * checks call it only while the judge runs, for a violation's message). A new closure over each judged state was
 * an allocation a step.
 */
export class InstanceNames<S> {
  private state: S | undefined;
  readonly name = (instance: number): string => this.nameIn(this.state!, instance);
  constructor(private readonly nameIn: (s: S, instance: number) => string) {}
  /** The naming function, naming the instances of `s` until the next call. */
  at(s: S): (instance: number) => string {
    this.state = s;
    return this.name;
  }
}

/**
 * What a reader returns, record by record, with the first value it returns twice: the same as `firstRepeat`
 * over `readTopic`'s lists (the first record whose value an earlier one had, and the earliest such), kept in
 * reused arrays.
 */
class Reads {
  n = 0;
  private values = new Float64Array(64);
  private offsets = new Float64Array(64);
  repeat: number | null = null;
  first = 0;
  second = 0;
  /** Forgets what was read. */
  reset(): void {
    this.n = 0;
    this.repeat = null;
  }
  /** A record read after what was read so far: `value` at `offset`. */
  add(value: number, offset: number): void {
    if (this.repeat === null) {
      for (let j = 0; j < this.n; j++) {
        if (this.values[j] !== value) continue;
        this.repeat = value;
        this.first = this.offsets[j]!;
        this.second = offset;
        break;
      }
    }
    this.push(value, offset);
  }
  private push(value: number, offset: number): void {
    if (this.n === this.values.length) {
      const v = new Float64Array(this.n * 2);
      const o = new Float64Array(this.n * 2);
      v.set(this.values);
      o.set(this.offsets);
      this.values = v;
      this.offsets = o;
    }
    this.values[this.n] = value;
    this.offsets[this.n] = offset;
    this.n++;
  }
}
const READ = new Reads();
