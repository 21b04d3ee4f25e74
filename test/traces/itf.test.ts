/**
 * ITF export: every saved trace and a scenario written with --format itf validate against a JSON schema
 * of ADR-015 (test/traces/itf.schema.json), every state holds every variable with its index, Quint's
 * own ITF reader (@informalsystems/quint, ofItfNormalized) reads them, and what it reads is the model's
 * states: integers, records, lists, absent values, the action taken. A planted mistake fails the schema.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import quintItf from '@informalsystems/quint/dist/src/itf.js';
import Ajv from 'ajv';
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../catalog/kafka-txn.js';
import { itfValue } from '../../traces/render/itf.js';
import { replayTrace } from '../../traces/replay.js';
import { decodeTrace } from '../../traces/trace.js';
import { cli } from '../cli/harness.js';

const root = join(import.meta.dirname, '..', '..');
const saved = join(root, 'traces', 'saved');
const schema: unknown = JSON.parse(readFileSync(join(import.meta.dirname, 'itf.schema.json'), 'utf8'));
// A JSON schema is an object; ajv takes it as one and checks it as a schema itself (strict mode).
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema as object);

interface Itf {
  '#meta': Record<string, unknown>;
  vars: string[];
  states: Record<string, unknown>[];
}

/** A Quint expression (the part of its IR the reader produces for ITF), back to plain data. */
type QuintEx =
  | { kind: 'bool'; value: boolean }
  | { kind: 'str'; value: string }
  | { kind: 'int'; value: bigint }
  | {
      kind: 'app';
      opcode: string;
      args: QuintEx[];
    };

function plain(e: QuintEx): unknown {
  switch (e.kind) {
    case 'bool':
    case 'str':
      return e.value;
    case 'int':
      return Number(e.value);
    case 'app':
      if (e.opcode === 'List') return e.args.map(plain);
      if (e.opcode === 'Rec') {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < e.args.length; i += 2) out[String(plain(e.args[i]!))] = plain(e.args[i + 1]!);
        return out;
      }
      if (e.opcode === 'variant' && plain(e.args[0]!) === 'None') return null;
      throw new Error(`unexpected Quint expression ${e.opcode}`);
  }
}

async function itfOf(...args: string[]): Promise<Itf> {
  const r = await cli(...args);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

describe('ITF', () => {
  const files = readdirSync(saved).filter((f) => f.endsWith('.json'));

  test('every saved trace is valid ITF by the schema, and Quint reads it state by state', async () => {
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const itf = await itfOf('replay', join(saved, f), '--format', 'itf');
      expect(validate(itf), `${f}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const trace = decodeTrace(readFileSync(join(saved, f), 'utf8'));
      if (!trace.ok) throw new Error(trace.error);
      expect(itf.states).toHaveLength(trace.trace.steps.length + 1);
      itf.states.forEach((s, i) => {
        expect(s['#meta']).toEqual({ index: i });
        for (const v of itf.vars) expect(s, `${f} state ${i} lacks ${v}`).toHaveProperty([v]);
      });
      expect(itf.states.map((s) => s['mbt::actionTaken'])).toEqual([
        'init',
        ...trace.trace.steps.map((st) => st.action.type),
      ]);
      // The schema above validated `itf` as ITF, which is what Quint's reader's parameter type describes.
      const read = quintItf.ofItfNormalized(itf as Parameters<typeof quintItf.ofItfNormalized>[0]);
      expect(read).toHaveLength(itf.states.length);
    }
  });

  test("what Quint reads back is the model's states (integers, records, lists, absent values)", async () => {
    const file = join(saved, 'zombie-commits.json');
    const itf = await itfOf('replay', file, '--format', 'itf');
    const d = decodeTrace(readFileSync(file, 'utf8'));
    if (!d.ok) throw new Error(d.error);
    const r = replayTrace(kafkaTxnEntry, d.trace);
    if (!r.ok) throw new Error(r.error);
    // `itf` is valid ITF (the test above); Quint returns its IR, of which this test reads the parts QuintEx names.
    const read = quintItf.ofItf(itf as Parameters<typeof quintItf.ofItf>[0]) as unknown as QuintEx[];
    read.forEach((ex, i) => {
      // A state is a record (ITF), so it comes back as one.
      const back = plain(ex) as Record<string, unknown>;
      expect(back['kafka']).toEqual(JSON.parse(JSON.stringify(r.value.states[i]!.kafka)));
      expect(back['now']).toBe(r.value.states[i]!.now);
    });
    expect(itf['#meta']).toMatchObject({ format: 'ITF', source: 'eoscheck', model: 'kafka-txn' });
    expect(itf.states[14]!['eoscheck::violations']).toEqual([
      {
        invariant: 'zombie-fenced',
        message: 'out-0 offset 0: v1 written with stale epoch 0 is committed by the transaction of epoch 1',
      },
      { invariant: 'no-duplicates', message: 'v1 is read twice at read_committed (offsets 0 and 1)' },
    ]);
  });

  test('values: integers as #bigint, null as None, other numbers unserializable', () => {
    expect(itfValue({ a: 3, b: [true, 'x'], c: null, d: 0.5 })).toEqual({
      a: { '#bigint': '3' },
      b: [true, 'x'],
      c: { tag: 'None', value: { '#tup': [] } },
      d: { '#unserializable': '0.5' },
    });
  });

  test('the schema is not a rubber stamp: plain JSON numbers beyond 2^53, # fields and bad bigints fail', () => {
    const ok = { vars: ['x'], states: [{ '#meta': { index: 0 }, x: { '#bigint': '12' } }] };
    expect(validate(ok)).toBe(true);
    for (const bad of [
      { vars: ['x'], states: [{ x: 2 ** 60 }] },
      { vars: ['x'], states: [{ x: { '#bigint': '1.5' } }] },
      { vars: ['x'], states: [{ x: { '#oops': 1 } }] },
      { vars: ['x'], states: [{ x: { '#map': [[1]] } }] },
      { states: [] },
      { vars: ['x'], states: [], extra: 1 },
    ])
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
  });

  test('run --format itf and check --out x.itf.json write ITF too', async () => {
    const run = await itfOf('run', 'txn-log', '--format', 'itf');
    expect(validate(run)).toBe(true);
    expect(run['#meta']).toMatchObject({ scenario: 'txn-log' });
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-itf-'));
    const out = join(dir, 'cx.itf.json');
    const r = await cli('check', 'kafka-txn', '--set', 'safeguard.epoch-fencing=false', '--exhaustive', '--out', out);
    expect(r.code).toBe(1);
    const written: Itf = JSON.parse(readFileSync(out, 'utf8'));
    expect(validate(written)).toBe(true);
    expect(written['#meta']).toMatchObject({ model: 'kafka-txn', config: { 'safeguard.epoch-fencing': false } });
    expect(r.stdout).toContain(`Wrote:     ${out} (the trace in ITF; add --out trace.json for a trace to replay)`);
  });
});
