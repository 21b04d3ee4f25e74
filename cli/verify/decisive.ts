/**
 * Which file keys decide a guarantee's verdict, for the answer's locations (SARIF results point at them):
 * the keys a file sets, or leaves at a real default, whose value differs from eoscheck's safe one, those the
 * guarantee reads first. Pure.
 */
import type { ConfigValue } from '../../model/core/keys.js';
import type { KeyLocation } from '../../verify/answer.js';
import type { Claim } from '../../verify/claims.js';

/** The keys each guarantee turns on, most decisive first. */
const READS: Readonly<Record<string, readonly string[]>> = {
  'no-aborted-read': ['isolation.level'],
  'no-duplicates': [
    'isolation.level',
    'processing.guarantee',
    'sink.delivery-guarantee',
    'execution.checkpointing.mode',
    'commit.strategy',
    'enable.auto.commit',
    'enable.idempotence',
    'acks',
    'transaction.timeout.ms',
  ],
  'no-loss': [
    'sink.delivery-guarantee',
    'transaction.timeout.ms',
    'processing.guarantee',
    'commit.strategy',
    'enable.auto.commit',
    'acks',
    'min.insync.replicas',
    'unclean.leader.election.enable',
    'replication.factor',
  ],
  'state-exactly-once': ['processing.guarantee', 'execution.checkpointing.mode', 'sink.delivery-guarantee'],
  'acked-durable': ['acks', 'min.insync.replicas', 'unclean.leader.election.enable', 'replication.factor'],
  'no-hanging-transaction': ['transaction.timeout.ms', 'transaction.version', 'kafka.version'],
  'txn-atomicity': ['transaction.version', 'kafka.version', 'transaction.timeout.ms'],
  'offsets-atomic': ['commit.strategy', 'enable.auto.commit', 'processing.guarantee'],
};

/** A claim's place: `file:line`, or the file (line 1) where the file leaves the key at a real default. */
function located(w: Claim): KeyLocation | null {
  if (w.where === '--set') return null;
  const m = /^(.*):(\d+)$/.exec(w.where);
  return m ? { key: w.key, file: m[1]!, line: Number(m[2]) } : { key: w.key, file: w.where, line: 1 };
}

/** The file keys that decide `invariant` here, most decisive first. Pure. */
export function decisive(
  invariant: string,
  winners: readonly Claim[],
  safe: Readonly<Record<string, ConfigValue>>,
): KeyLocation[] {
  const unsafe = winners.filter((w) => safe[w.key] !== undefined && String(safe[w.key]) !== w.text);
  const reads = READS[invariant] ?? [];
  const rank = (w: Claim): number => {
    const i = reads.indexOf(w.key);
    return i < 0 ? reads.length : i;
  };
  const chosen = unsafe.some((w) => reads.includes(w.key)) ? unsafe.filter((w) => reads.includes(w.key)) : unsafe;
  return [...chosen].sort((a, b) => rank(a) - rank(b)).flatMap((w) => located(w) ?? []);
}
