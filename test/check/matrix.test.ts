/** The matrix's pieces: which keys it takes, their combinations, refused settings, column order, delivery. */
import { describe, expect, test } from 'vitest';
import {
  type Cell,
  columnOrder,
  combinations,
  delivery,
  matrixValues,
  type Row,
  runMatrix,
} from '../../check/explore/matrix.js';
import { resolve } from '../../model/core/config.js';
import { bool, int, oneOf } from '../../model/core/keys.js';
import { lampEntry } from '../toy/lamp.js';

describe('matrix', () => {
  test('booleans and enumerations are columns of settings; integers are refused, naming the key', () => {
    expect(matrixValues(bool('a.b', { default: true, meaning: 'x' }))).toEqual({ ok: true, values: [true, false] });
    expect(matrixValues(oneOf('c', [1, 2], { default: 2, meaning: 'x' }))).toEqual({ ok: true, values: [1, 2] });
    const r = matrixValues(int('faults.crashes', { default: 1, min: 0, max: 5, meaning: 'x' }));
    expect(r).toEqual({
      ok: false,
      error:
        "matrix key 'faults.crashes' takes an integer from 0 to 5: only boolean and enumerated keys are accepted " +
        '(set one value with --set faults.crashes=...)',
    });
  });

  test('combinations: the first key varies slowest', () => {
    expect(
      combinations([
        ['a', [true, false]],
        ['b', ['x', 'y', 'z']],
      ]).map((c) => c.map(([, v]) => String(v)).join(' ')),
    ).toEqual(['true x', 'true y', 'true z', 'false x', 'false y', 'false z']);
    expect(combinations([])).toEqual([[]]);
  });

  test('the contract order puts loss and duplicates first and keeps a model invariant of its own last', () => {
    expect(columnOrder(['zombie-fenced', 'lamp-works', 'progress', 'no-duplicates', 'no-loss'])).toEqual([
      'no-loss',
      'no-duplicates',
      'zombie-fenced',
      'progress',
      'lamp-works',
    ]);
  });

  test('delivery reads loss and duplicates as seed 001 does', () => {
    const h: Cell = { status: 'holds' };
    const v: Cell = { status: 'violated', length: 3, by: 'exhaustive', message: 'm' };
    const row = (loss: Cell, dup: Cell): Row => ({
      settings: {},
      status: 'ok',
      cells: { 'no-loss': loss, 'no-duplicates': dup },
      elapsedMs: 0,
    });
    expect([row(h, h), row(h, v), row(v, h), row(v, v)].map(delivery)).toEqual([
      'exactly-once',
      'at-least-once',
      'at-most-once',
      'none',
    ]);
    expect(delivery({ settings: {}, status: 'ok', cells: { 'no-loss': h }, elapsedMs: 0 })).toBeNull();
  });

  test('a setting the model refuses is listed as refused with its reason, and the others are checked', () => {
    const m = lampEntry.model;
    const matrix = runMatrix(
      {
        model: m,
        invariants: lampEntry.invariants,
        initial(pairs) {
          const r = resolve(m.keys, pairs, 'lamp');
          if (!r.ok) return r;
          return r.value.config.fuse ? { ok: true, state: m.init(r.value.config) } : { ok: false, error: 'no fuse' };
        },
      },
      ['safeguard.fuse'],
      [['faults.surge', 'true']],
      () => ({ exhaustive: { mode: 'exhaustive', depth: 10, maxStates: 100 }, random: null }),
    );
    expect(matrix.rows.map((r) => [r.settings, r.status])).toEqual([[{ 'safeguard.fuse': true }, 'ok']]);
    expect(matrix.refused).toEqual([{ settings: { 'safeguard.fuse': false }, reason: 'no fuse' }]);
  });
});
