/**
 * Several produce requests of one producer in flight (`faults.produce-reorder`, bounded by
 * max.in.flight.requests.per.connection): a later batch reaching its leader before an earlier one is refused
 * OUT_OF_ORDER_SEQUENCE_NUMBER (ProducerAppendInfo.checkSequence), and the client library answers it: the Java
 * client sends it again in order, librdkafka by its release (`client`, `librdkafka.version`).
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../../model/kafka-txn/state.js';
import { cli } from '../../../cli/harness.js';
import { check, exhaustive } from '../../../helpers/check.js';
import { accessHolds } from '../../../helpers/sleep.js';
import { deepTest } from '../../../helpers/tier.js';
import { act, config, inst, isEnabled, model, run, solo } from '../../../model/kafka-txn/helpers.js';

const inFlight = (instance: number, partition = 0): KafkaTxnAction => ({
  type: 'ProduceInFlight',
  instance,
  partition,
});
const land = (instance: number, request: number): KafkaTxnAction => ({ type: 'Land', instance, request });
const bump = (instance: number): KafkaTxnAction => ({ type: 'BumpEpoch', instance });

/** One app, one partition, three records, before KIP-890 (3.5: transaction.version=1, no verification). */
const three = (pairs: Readonly<Record<string, string>> = {}): KafkaTxnState =>
  solo({ 'input.records': '3', 'kafka.version': '3.5', 'faults.produce-reorder': 'true', ...pairs });

/**
 * v1 written and answered, then v2 (request #2, seq 1) and v3 (#3, seq 2) left in flight; #3 reaches the leader
 * first: a gap after sequence 0.
 */
const gap: KafkaTxnAction[] = [act.init(1), act.begin(1), act.produce(1), inFlight(1), inFlight(1), land(1, 3)];

/** The data records of out-0 as `v<value>@<epoch>:<seq>`, and its markers. */
function out0(s: KafkaTxnState): string[] {
  return s.kafka.partitions[0]!.log.map((e) =>
    e.kind === 'data' ? `v${e.value}@${e.epoch}:${e.sequence}` : `${e.marker}@${e.epoch}`,
  );
}

describe('max.in.flight.requests.per.connection and client: keys', () => {
  test('above 5 with idempotence is refused as the Java producer refuses it (ConfigException); without, taken', () => {
    expect(model.validate(config({ 'max.in.flight.requests.per.connection': '6', 'kafka.version': '3.9' }))).toBe(
      'max.in.flight.requests.per.connection=6 with enable.idempotence=true: Must set ' +
        'max.in.flight.requests.per.connection to at most 5 to use the idempotent producer. ' +
        '(ConfigException; set 1 to 5, or enable.idempotence=false)',
    );
    // 4.0's words (KAFKA-17927).
    expect(model.validate(config({ 'max.in.flight.requests.per.connection': '6' }))).toBe(
      'max.in.flight.requests.per.connection=6 with enable.idempotence=true: To use the idempotent producer, ' +
        'max.in.flight.requests.per.connection must be set to at most 5. Current value is 6. ' +
        '(ConfigException; set 1 to 5, or enable.idempotence=false)',
    );
    expect(model.validate(config({ 'max.in.flight.requests.per.connection': '5' }))).toBeNull();
    expect(
      model.validate(config({ 'max.in.flight.requests.per.connection': '6', 'enable.idempotence': 'false' })),
    ).toBeNull();
    expect(() => config({ 'max.in.flight.requests.per.connection': '0' })).toThrow();
  });

  test('client=librdkafka speaks transaction.version=1 (its default); 2 is refused', () => {
    expect(config({ client: 'librdkafka' }).transactionVersion).toBe(1);
    expect(config({}).transactionVersion).toBe(2);
    expect(model.validate(config({ client: 'librdkafka', 'transaction.version': '2' }))).toBe(
      'transaction.version=2 with client=librdkafka: librdkafka (up to 2.15.0) has no KIP-890 part 2 client and ' +
        'speaks the transaction protocol of transaction.version=1 (set transaction.version=1)',
    );
    expect(() => config({ 'librdkafka.version': '1.8.1' })).toThrow();
  });
});

describe('the command line', () => {
  test('max.in.flight.requests.per.connection=6 is one line on stderr, exit 2', async () => {
    const r = await cli('check', 'kafka-txn', '--set', 'max.in.flight.requests.per.connection=6');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('max.in.flight.requests.per.connection must be set to at most 5. Current value is 6.');
  });

  // The whole 30 s budget: the deep suite's (the state counts below search the same client in full).
  deepTest(
    'plain check of librdkafka 1.8.0 with reordered requests: no violation (Kafka fences the bump)',
    async () => {
      const r = await cli(
        'check',
        'kafka-txn',
        '--set',
        'client=librdkafka',
        '--set',
        'librdkafka.version=1.8.0',
        '--set',
        'faults.produce-reorder=true',
        '--quiet',
      );
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    },
  );
});

describe('the in-flight window', () => {
  test('without faults.produce-reorder no request stays in flight', () => {
    const s = run(solo(), act.init(1), act.begin(1));
    expect(model.enabled(s).map((a) => a.type)).not.toContain('ProduceInFlight');
  });

  test('max.in.flight.requests.per.connection bounds the requests in flight', () => {
    const one = run(three({ 'max.in.flight.requests.per.connection': '1' }), act.init(1), act.begin(1), inFlight(1));
    expect(isEnabled(one, inFlight(1))).toBe(false);
    // Nothing else is sent or ended while a request is unanswered: the window is the only way on.
    expect(isEnabled(one, act.produce(1))).toBe(false);
    expect(isEnabled(one, act.abort(1))).toBe(false);
    const two = run(three({ 'max.in.flight.requests.per.connection': '2' }), act.init(1), act.begin(1), inFlight(1));
    expect(isEnabled(two, inFlight(1))).toBe(true);
    expect(inst(two, 1).inflight?.map((f) => [f.request, f.req.value, f.req.sequence])).toEqual([[1, 1, 0]]);
    expect(inst(two, 1).position).toBe(1);
  });

  test('a retried batch among the last five is acknowledged with its offset, not written twice', () => {
    const s = run(three(), act.init(1), act.begin(1), inFlight(1), inFlight(1), land(1, 1), land(1, 2));
    expect(out0(s)).toEqual(['v1@0:0', 'v2@0:1']);
    expect(inst(s, 1).inflight).toBeUndefined();
  });
});

describe('a later batch refused for a gap: each client', () => {
  test('Java: it is sent again once the earlier one is answered, and the transaction commits whole', () => {
    const s = run(three(), ...gap);
    expect(s.events).toContainEqual({
      type: 'rejected',
      by: 'out-0',
      error: 'OUT_OF_ORDER_SEQUENCE_NUMBER',
      request: 'Produce(v3)',
    });
    expect(inst(s, 1).inflight?.map((f) => f.request)).toEqual([2, 3]);
    expect(inst(s, 1).producer.transaction?.error).toBeNull();
    const done = run(s, land(1, 2), land(1, 3), act.sendOffsets(1), act.commit(1), act.markers(0));
    expect(out0(done)).toEqual(['v1@0:0', 'v2@0:1', 'v3@0:2', 'COMMIT@0']);
    expect(inst(done, 1).status).toBe('ready');
  });

  test('Java under transaction.version=2 (4.1): the same', () => {
    // The first write parks at its leader for the coordinator's check (KIP-890); the rest is the same.
    const s = run(
      solo({ 'input.records': '3', 'faults.produce-reorder': 'true' }),
      act.init(1),
      act.begin(1),
      act.write(1),
      inFlight(1),
      inFlight(1),
      land(1, 3),
    );
    expect(inst(s, 1).inflight?.map((f) => f.request)).toEqual([2, 3]);
    const done = run(s, land(1, 2), land(1, 3), act.sendOffsets(1), act.commit(1), act.markers(0));
    // Its marker at the bumped epoch (KIP-890 part 2).
    expect(out0(done)).toEqual(['v1@0:0', 'v2@0:1', 'v3@0:2', 'COMMIT@1']);
  });

  test('librdkafka 1.8.0: it bumps its epoch inside the transaction, and Kafka fences it', () => {
    const s = run(three({ client: 'librdkafka', 'librdkafka.version': '1.8.0' }), ...gap);
    expect(inst(s, 1).draining).toBe(true);
    expect(inst(s, 1).inflight?.map((f) => [f.request, f.held])).toEqual([
      [2, false],
      [3, true],
    ]);
    // The drain: nothing more is sent; the bump waits for #2's answer.
    expect(isEnabled(s, inFlight(1))).toBe(false);
    expect(isEnabled(s, bump(1))).toBe(false);
    const drained = run(s, land(1, 2));
    // InitProducerId(pid 1, epoch 0) over the ongoing transaction: the coordinator fences it and aborts it.
    const asked = run(drained, bump(1));
    expect(asked.kafka.txns[0]).toMatchObject({ epoch: 1, state: 'PrepareAbort' });
    expect(inst(asked, 1).status).toBe('in-txn');
    // The retry names epoch 0, neither the current nor the last one: PRODUCER_FENCED, fatal.
    const fenced = run(asked, act.markers(0), bump(1));
    expect(inst(fenced, 1).status).toBe('fenced');
    expect(inst(fenced, 1).inflight).toBeUndefined();
    expect(out0(fenced)).toEqual(['v1@0:0', 'v2@0:1', 'ABORT@1']);
  });

  test('librdkafka 1.8.0 against a 2.4 cluster: no InitProducerId v3, the bump is a fatal error', () => {
    const s = run(three({ client: 'librdkafka', 'librdkafka.version': '1.8.0', 'kafka.version': '2.4' }), ...gap);
    const failed = run(s, land(1, 2), bump(1));
    expect(inst(failed, 1).status).toBe('failed');
  });

  test('librdkafka 1.6.2: a fatal error at once', () => {
    const s = run(three({ client: 'librdkafka', 'librdkafka.version': '1.6.2' }), ...gap);
    expect(inst(s, 1).status).toBe('failed');
    // #2 is on the wire still: it lands, answered to nobody.
    expect(inst(s, 1).inflight?.map((f) => f.request)).toEqual([2]);
    const landed = run(s, land(1, 2));
    expect(inst(landed, 1).inflight).toBeUndefined();
  });

  test('librdkafka 1.8.2 and later: an abortable error, the epoch bumped after the abort', () => {
    for (const version of ['1.8.2', '2.15.0']) {
      const s = run(three({ client: 'librdkafka', 'librdkafka.version': version }), ...gap);
      expect(inst(s, 1).producer.transaction?.error).toBe('OUT_OF_ORDER_SEQUENCE_NUMBER');
      expect(isEnabled(s, act.abort(1))).toBe(false);
      const aborted = run(s, land(1, 2), act.abort(1));
      expect(inst(aborted, 1)).toMatchObject({ status: 'new', producer: { bumpEpoch: true } });
    }
  });
});

describe('a batch expiring in flight (faults.network): the unresolved sequence', () => {
  const expire = (instance: number, request: number): KafkaTxnAction => ({
    type: 'ExpireInFlight',
    instance,
    request,
  });
  /** v1 answered, v2 and v3 in flight as requests 2 and 3; request 2 expires at the client, still on the wire. */
  const expired = [act.init(1), act.begin(1), act.produce(1), inFlight(1), inFlight(1), expire(1, 2)];

  test('an expired batch leaves only an abort; a later batch acknowledged resolves its sequence', () => {
    const s = run(three({ 'faults.network': 'true' }), ...expired);
    expect(inst(s, 1).unresolved).toEqual([{ partition: 0, sequence: 1 }]);
    expect(inst(s, 1).producer).toMatchObject({ bumpEpoch: true, transaction: { error: 'REQUEST_TIMED_OUT' } });
    expect(s.network.map((r) => r.id)).toEqual([2]);
    // Nothing is sent or ended while a request is in flight or a sequence unresolved.
    expect(isEnabled(s, act.abort(1))).toBe(false);
    const done = run(s, act.deliver(2), land(1, 3));
    expect(inst(done, 1).unresolved).toBeUndefined();
    const aborted = run(done, act.abort(1), act.markers(0));
    expect(out0(aborted)).toEqual(['v1@0:0', 'v2@0:1', 'v3@0:2', 'ABORT@0']);
    expect(inst(aborted, 1).status).toBe('new');
  });

  test('the leader took a later batch from a producer it had no state for: still only an abort, no loss', () => {
    // KAFKA-8710: the first write of a producer to a partition is taken at any sequence (2.5+).
    const s = run(
      solo({ 'input.records': '3', 'faults.network': 'true', 'faults.produce-reorder': 'true' }),
      act.init(1),
      act.begin(1),
      inFlight(1),
      inFlight(1),
      { type: 'ExpireInFlight', instance: 1, request: 1 },
      land(1, 2),
    );
    expect(s.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? e.sequence : -1))).toEqual([1]);
    expect(inst(s, 1).unresolved).toBeUndefined();
    expect(inst(s, 1).producer.transaction?.error).toBe('REQUEST_TIMED_OUT');
    expect(isEnabled(s, act.produce(1))).toBe(false);
  });

  test('unresolved once nothing is left in flight: only an abort, then the epoch bump (KIP-360)', () => {
    const s = run(three({ 'faults.network': 'true' }), ...expired, land(1, 3));
    // #3 meets the gap #2 left; the Java client retries no gap on an unresolved partition.
    expect(inst(s, 1).inflight).toBeUndefined();
    expect(inst(s, 1).unresolved).toBeUndefined();
    expect(inst(s, 1).producer).toMatchObject({
      bumpEpoch: true,
      transaction: { error: 'OUT_OF_ORDER_SEQUENCE_NUMBER' },
    });
    const aborted = run(s, act.abort(1), act.markers(0));
    expect(out0(aborted)).toEqual(['v1@0:0', 'ABORT@0']);
    expect(inst(aborted, 1).status).toBe('new');
  });

  test('before 2.5 an unresolved sequence is fatal', () => {
    const s = run(three({ 'faults.network': 'true', 'kafka.version': '2.4' }), ...expired, expire(1, 3));
    expect(inst(s, 1).status).toBe('failed');
  });
});

describe('state counts', () => {
  const small = ['producers=1', 'partitions=1', 'faults.crashes=0', 'faults.zombies=false'];

  test('the window changes nothing without faults.produce-reorder', () => {
    const base = check(entry, small, exhaustive(12));
    expect(base.status).toBe('ok');
    for (const extra of ['max.in.flight.requests.per.connection=1', 'client=librdkafka'])
      expect(check(entry, [...small, extra, 'transaction.version=1'], exhaustive(12)).distinct).toBe(
        check(entry, [...small, 'transaction.version=1'], exhaustive(12)).distinct,
      );
  });

  test('with it, every client holds every invariant on one app, one partition, three records', () => {
    const reorder = [...small, 'input.records=3', 'kafka.version=3.5', 'faults.produce-reorder=true'];
    for (const c of [[], ['client=librdkafka', 'librdkafka.version=1.8.0'], ['client=librdkafka']]) {
      const r = check(entry, [...reorder, ...c], exhaustive(16));
      expect(r.status).toBe('ok');
    }
  });
});

describe('the new actions in the search', () => {
  /** States of `runs` seeded random walks of `steps` steps from `s0`. */
  function walked(s0: KafkaTxnState, runs: number, steps: number): KafkaTxnState[] {
    let seed = 7;
    const out: KafkaTxnState[] = [];
    for (let r = 0; r < runs; r++) {
      let s = s0;
      for (let k = 0; k < steps; k++) {
        const acts = model.enabled(s);
        if (acts.length === 0) break;
        seed = (seed * 1103515245 + 12345) >>> 0;
        s = model.step(s, acts[(seed >>> 8) % acts.length]!);
        out.push(s);
      }
    }
    return out;
  }

  test('what the sleep sets call independent commutes on reached states', () => {
    for (const s0 of [
      three({ 'faults.zombies': 'true' }),
      three({ client: 'librdkafka', 'librdkafka.version': '1.8.0' }),
    ])
      expect(accessHolds(entry, walked(s0, 30, 25))).toBeGreaterThan(0);
  });
});
