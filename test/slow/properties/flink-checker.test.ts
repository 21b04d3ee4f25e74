/**
 * `check flink-kafka`: every unsafe Flink setting is found, by random exploration where it
 * finds it with these pinned seeds and by bounded exhaustive search, each counterexample short.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import { check, exhaustive as exhaustiveTo } from '../../helpers/check.js';
import { orphanEvents, orphanSteps, orphanViolation } from '../../helpers/prefix-change-orphan.js';
import { exhaustive, explored, only, random } from '../../properties/flink-helpers.js';

describe('violations found (random seeds 1 and 2, exhaustive)', () => {
  test('at-least-once violates no-duplicates: a record written, a crash, re-read from the checkpoint', () => {
    for (const seed of [1, 2]) {
      const r = random(['sink.delivery-guarantee=at-least-once'], seed);
      expect(r.violations[0]!.invariant).toBe('no-duplicates');
      expect(explored(r)).toEqual(['Tick', 'Read', 'Process', 'Send', 'Crash']);
    }
    const x = exhaustive(['sink.delivery-guarantee=at-least-once']);
    expect(x.violations[0]!.invariant).toBe('no-duplicates');
    expect(explored(x).slice(0, 5)).toEqual(['Tick', 'Read', 'Process', 'Send', 'Crash']);
  });
  test(
    'none violates no-loss: the buffer is not flushed at the barrier, ' +
      'the checkpoint completes, the crash drops it',
    () => {
      const x = exhaustive(['sink.delivery-guarantee=none'], 12000, only('no-loss'));
      expect(x.violations[0]).toMatchObject({ invariant: 'no-loss' });
      // The fewest steps in total: a second record read before the barrier, so the drain after the crash is short.
      expect(explored(x)).toEqual([
        'Tick',
        'Read',
        'Process',
        'Tick',
        'Read',
        'Process',
        'Trigger',
        'Process',
        'Ack',
        'Crash',
      ]);
      expect([x.trace!.length, x.shortest]).toEqual([15, true]);
    },
  );
  test(
    'read_uncommitted readers see aborted records (no-aborted-read, as in every model) and ' +
      'duplicates under exactly-once',
    () => {
      const r = random(['isolation.level=read_uncommitted'], 1);
      expect(r.violations.map((v) => v.invariant)).toContain('no-aborted-read');
      expect(r.trace!.length).toBeLessThanOrEqual(20);
      expect(exhaustive(['isolation.level=read_uncommitted']).violations[0]!.invariant).toBe('no-aborted-read');
      expect(
        exhaustive(['isolation.level=read_uncommitted'], 12000, only('no-duplicates')).violations[0]!.invariant,
      ).toBe('no-duplicates');
    },
  );
  test('transaction.timeout.ms 2500, below checkpoint (2000) plus restart (1000), violates no-loss', () => {
    const r = random(['transaction.timeout.ms=2500'], 1);
    expect(r.violations[0]!.invariant).toBe('no-loss');
    const x = exhaustive(['transaction.timeout.ms=2500']);
    expect(x.violations[0]!.invariant).toBe('no-loss');
    // Checkpoint plus restart, or two checkpoints when a notification is lost: both outlast 2500 ms.
    expect(explored(x).some((t) => t === 'Crash' || t === 'LoseNotification')).toBe(true);
  });
  test(
    'safeguard.abort-lingering-transactions=false leaves a hanging transaction: a JobManager failure without HA ' +
      'resubmits the job with checkpoint ids from 1, and the new job finishes before it reuses the old flink-0-3',
    () => {
      // 20,000 states: proving a trace the fewest in total steps takes more than the trace's own.
      const x = exhaustive(
        [
          'safeguard.abort-lingering-transactions=false',
          'faults.jobmanager=1',
          'high-availability.type=none',
          'faults.crashes=0',
          'input.records=2',
        ],
        20000,
        only('no-hanging-transaction'),
      );
      expect(x.violations[0]).toMatchObject({ invariant: 'no-hanging-transaction' });
      expect(x.violations[0]!.message).toMatch(/^out-0: the transaction of flink-0-3 from offset 0 /);
      // The fewest steps in total: the old job's v1 and the failure, then the new job's first checkpoint.
      expect(explored(x)).toContain('JobManagerFail');
      expect(explored(x).slice(-3)).toEqual(['Read', 'Tick', 'Trigger']);
    },
  );
  test('a checkpoint slower than transaction.timeout.ms (70 s against 60 s) violates no-loss', () => {
    const pairs = ['faults.slow-checkpoints=1', 'faults.slow-checkpoint.ms=70000'];
    const r = random(pairs, 1);
    expect(r.violations[0]!.invariant).toBe('no-loss');
    expect(explored(r)).toContain('SlowCheckpoint');
    const x = exhaustive(pairs);
    expect(x.violations[0]).toMatchObject({
      invariant: 'no-loss',
      message: 'input 1-3 never reached out at read_committed (3 missing)',
    });
    // The fewest steps in total: a crash and restart first leave the drain less to do.
    expect(explored(x)).toEqual([
      'Crash',
      'Tick',
      'Restart',
      'AbortLingering',
      'InitSink',
      'Read',
      'Tick',
      'Read',
      'Tick',
      'Read',
      'Trigger',
      'SlowCheckpoint',
    ]);
  });
  test(
    "transaction.timeout.ms above the broker's transaction.max.timeout.ms (the KafkaSink's 1 h against Kafka's " +
      '15 min): every InitProducerId is refused, the job never starts: progress',
    () => {
      const x = exhaustive(['transaction.timeout.ms=3600000']);
      expect(x.violations[0]).toMatchObject({ invariant: 'progress' });
      const failed = x.states!.flatMap((s) => s.events).find((e) => e.type === 'failed');
      expect(failed).toMatchObject({
        reason:
          'InitProducerId(flink-0-1) refused with INVALID_TRANSACTION_TIMEOUT: transaction.timeout.ms 3600000 is ' +
          "larger than the broker's transaction.max.timeout.ms 900000: the task fails",
      });
      expect(random(['transaction.timeout.ms=3600000'], 1).violations[0]!.invariant).toBe('progress');
    },
  );
  test(
    'safeguard.flush-on-checkpoint=false (at-least-once): the barrier overtakes an unsent record, the checkpoint ' +
      'completes, a crash or a send error loses it',
    () => {
      const crash = ['sink.delivery-guarantee=at-least-once', 'safeguard.flush-on-checkpoint=false'];
      const x = exhaustive(crash, 12000, only('no-loss'));
      expect(x.violations[0]!.message).toBe('input 1-2 never reached out at read_committed (2 missing)');
      expect(explored(x).slice(-4)).toEqual(['Trigger', 'Process', 'Ack', 'Crash']);
      // Random runs need the race's order (read, process, then the barrier before the sender): 2000 runs find it.
      expect(random(crash, 1, 2000, only('no-loss')).violations[0]!.invariant).toBe('no-loss');
      const send = [...crash, 'faults.send-errors=true', 'faults.crashes=0'];
      const y = exhaustive(send, 12000, only('no-loss'));
      expect(explored(y)).toContain('SendError');
      expect(explored(y)).not.toContain('Crash');
    },
  );
  test(
    'a commit refused for an unknown reason (the transactional.id expired, INVALID_PRODUCER_ID_MAPPING) fails the ' +
      'task at every restore: progress (FLINK-39072)',
    () => {
      const x = exhaustive(['faults.producer-state-loss=true']);
      expect(x.violations[0]).toMatchObject({ invariant: 'progress' });
      expect(explored(x).slice(-2)).toEqual(['ExpireTransactionalId', 'Crash']);
      const failed = x.states!.flatMap((s) => s.events).find((e) => e.type === 'failed' && /commit/.test(e.reason));
      expect(failed).toMatchObject({
        reason: 'the commit of flink-0-1 failed with INVALID_PRODUCER_ID_MAPPING, an unknown reason: the task fails',
      });
    },
  );
  test(
    'transaction.two.phase.commit.enable=true (KIP-939, hypothetical): nothing times out, so a transaction the ' +
      'probe does not abort stays open for good',
    () => {
      const x = exhaustive(
        [
          'transaction.two.phase.commit.enable=true',
          'safeguard.abort-lingering-transactions=false',
          'faults.jobmanager=1',
          'high-availability.type=none',
          'faults.crashes=0',
          'input.records=2',
        ],
        12000,
        only('no-hanging-transaction'),
      );
      expect(x.violations[0]!.message).toBe(
        'out-0: the transaction of flink-0-3 from offset 0 is never ended (LSO stuck at 0; read_committed readers ' +
          'see nothing after it)',
      );
      expect(explored(x)).not.toContain('ExpireTxn');
    },
  );
  test(
    'POOLING with safeguard.reinit-pooled-producer=false (transaction.version=1): flink-0-0 is reused at the same ' +
      "epoch, a restore re-commits checkpoint 1's committable and so commits the new open transaction: no-duplicates",
    () => {
      const x = exhaustive([
        'sink.transaction-naming-strategy=POOLING',
        'kafka.version=3.9',
        'safeguard.reinit-pooled-producer=false',
      ]);
      // The recovery commit itself is the first violation; the replayed input then duplicates at quiescence.
      expect(x.violations[0]!.invariant).toBe('commit-only-completed');
      expect(explored(x).slice(-5)).toEqual(['InitSink', 'Read', 'Process', 'Send', 'Crash']);
      const y = exhaustive(
        ['sink.transaction-naming-strategy=POOLING', 'kafka.version=3.9', 'safeguard.reinit-pooled-producer=false'],
        12000,
        only('no-duplicates'),
      );
      expect(y.violations[0]!.message).toBe('v3 is read twice at read_committed (offsets 3 and 5)');
      // Random runs (2000, seed 1) do not reach this 22-step prefix: the slow table marks the row random: false.
    },
  );
  test(
    'the same FLINK-8132 bound judged by commit-only-completed alone: the re-commit of checkpoint 1 commits the ' +
      "reused id's newer transaction, which no checkpoint pre-committed; with the safeguard it holds",
    () => {
      // Why this test? The ghost once recorded the committable's checkpoint (1, completed), not the transaction the
      // broker committed, and this invariant never saw the recovery commit.
      const pairs = ['sink.transaction-naming-strategy=POOLING', 'kafka.version=3.9'];
      const x = exhaustive([...pairs, 'safeguard.reinit-pooled-producer=false'], 20000, only('commit-only-completed'));
      expect(x.violations[0]!.message).toBe(
        'a transaction no checkpoint pre-committed (job 1) was committed through the committable of checkpoint 1 ' +
          '(its id reused at the same epoch)',
      );
      expect(x.trace).toHaveLength(25);
      expect(x.states!.at(-1)!.ghost.commits).toEqual([
        { job: 1, checkpoint: 1, name: 0 },
        { job: 1, checkpoint: null, name: 0, via: 1 },
      ]);
      expect(exhaustive(pairs, 20000, only('commit-only-completed')).status).toBe('ok');
    },
  );
  test(
    'safeguard.committer-known-failures=false under POOLING: a restored committable whose id was reused is fenced, ' +
      'the task fails and re-commits it at every restore: progress; with it on the same bound holds',
    () => {
      const pooling = ['sink.transaction-naming-strategy=POOLING'];
      const x = exhaustive([...pooling, 'safeguard.committer-known-failures=false']);
      expect(x.violations[0]).toMatchObject({ invariant: 'progress' });
      const failed = x.states!.flatMap((s) => s.events).find((e) => e.type === 'failed' && /commit/.test(e.reason));
      expect(failed).toMatchObject({
        reason:
          'the commit of flink-0-0 failed with PRODUCER_FENCED, not dropped (the safeguard is off): the task fails',
      });
      expect(exhaustive(pooling).status).toBe('ok');
    },
  );
  test(
    'faults.restore=savepoint: restoring an older savepoint re-reads input whose output the original run ' +
      'committed (no-duplicates, inherent); nothing is lost',
    () => {
      const x = exhaustive(['faults.restore=savepoint']);
      expect(x.violations[0]!.invariant).toBe('no-duplicates');
      expect(explored(x)).toContain('RestoreSavepoint');
      const y = exhaustive(['faults.restore=savepoint'], 12000, only('no-loss'));
      expect(y.status).toBe('ok');
      expect(y.coverage!['RestoreSavepoint']).toBeGreaterThan(0);
    },
  );
  test(
    "a prefix change on restore with safeguard.abort-lingering-transactions=false: the old prefix's open " +
      'transaction is never aborted by the job (no-hanging-transaction); with the probe on the same bound holds',
    () => {
      const off = ['faults.prefix-change=true', 'safeguard.abort-lingering-transactions=false'];
      const x = exhaustive(off);
      expect(x.violations[0]!.message).toMatch(/^out-0: the transaction of flink-0-2 from offset 0 was never ended/);
      expect(explored(x)).toContain('ChangePrefix');
      expect(random(off, 2).violations[0]!.invariant).toBe('no-hanging-transaction');
      expect(exhaustive(['faults.prefix-change=true']).status).toBe('ok');
    },
  );
  test(
    'POOLING with a prefix change (the default, as every release up to 5.0.0): LISTING also takes the restored ' +
      "prefix, so the first counterexample is FLINK-40626's: committed flink-0-0 reused after checkpoint 2, " +
      'skipped as pre-committed after a restore of checkpoint 1, its re-commit fenced, its new transaction left ' +
      'open until the timeout',
    () => {
      // Why this test? LISTING once looked at the new prefix alone and reported the restored prefix's open
      // transaction after 34 steps, which Flink aborts (ExactlyOnceKafkaWriter.abortLingeringTransactions).
      const pairs = ['sink.transaction-naming-strategy=POOLING', 'faults.prefix-change=true'];
      const x = check(flinkKafkaEntry, pairs, exhaustiveTo(24, 100000));
      expect(x.violations[0]).toMatchObject(orphanViolation);
      expect(x.trace).toHaveLength(orphanSteps);
      const events = x.states!.flatMap((s) => s.events);
      expect(events).toEqual(expect.arrayContaining(orphanEvents));
      // With FLINK-40626's proposed fix LISTING aborts the reused flink-0-0 at the restore: the same bound holds.
      const fixed = [...pairs, 'safeguard.abort-superseded-precommitted=true'];
      expect(check(flinkKafkaEntry, fixed, exhaustiveTo(24, 100000)).status).toBe('ok');
    },
  );
  test('scan.startup.mode=group-offsets with no committed offset restarts forever: progress', () => {
    const r = random(['scan.startup.mode=group-offsets'], 1);
    expect(r.violations[0]).toMatchObject({ invariant: 'progress' });
    const x = exhaustive(['scan.startup.mode=group-offsets']);
    expect(x.violations[0]).toMatchObject({ invariant: 'progress' });
    expect(explored(x)).toEqual([]);
  });
  test('AT_LEAST_ONCE with job.inputs=2 violates state-exactly-once (seed 000)', () => {
    const x = exhaustive(['execution.checkpointing.mode=AT_LEAST_ONCE', 'job.inputs=2', 'input.records=2']);
    expect(x.violations[0]).toMatchObject({ invariant: 'state-exactly-once' });
    expect(x.violations[0]!.message).toMatch(/counted twice after the restore/);
  });
  test('a JobManager failure without HA re-reads from earliest-offset: duplicates at read_committed', () => {
    const x = exhaustive(
      ['faults.jobmanager=1', 'high-availability.type=none', 'faults.crashes=0', 'input.records=2'],
      20000,
    );
    expect(x.violations[0]!.invariant).toBe('no-duplicates');
    expect(explored(x)).toContain('JobManagerFail');
  });
});
