import { describe, expect, test } from 'vitest';
import { family, invariant, violations } from '../../properties/invariant.js';

/** A family over a number: `no-loss` when it is negative, `no-duplicates` when it is even; counts its passes. */
function counted() {
  const calls = { n: 0 };
  const members = family({
    names: ['no-loss', 'no-duplicates'],
    when: 'every-step',
    judge: (s: number, out) => {
      calls.n++;
      out[0] = s < 0 ? `${s} is negative` : null;
      out[1] = s % 2 === 0 ? `${s} is even` : null;
    },
  });
  return { calls, members };
}

describe('invariant families', () => {
  test('violations judges a family once a state for all its members, in the list order', () => {
    const { calls, members } = counted();
    const odd = invariant<number>('lso-bound', 'every-step', (s) => (s > 100 ? 'large' : null));
    const list = [members[0]!, odd, members[1]!];
    expect(violations(list, -4, 'every-step', 3)).toEqual([
      { invariant: 'no-loss', message: '-4 is negative', step: 3 },
      { invariant: 'no-duplicates', message: '-4 is even', step: 3 },
    ]);
    expect(calls.n).toBe(1);
    expect(violations(list, 101, 'every-step', 4)).toEqual([{ invariant: 'lso-bound', message: 'large', step: 4 }]);
    expect(calls.n).toBe(2);
  });

  test('a member picked alone (as --invariant does) reports only itself; its own check works alone', () => {
    const { members } = counted();
    expect(violations([members[1]!], -4, 'every-step', 0)).toEqual([
      { invariant: 'no-duplicates', message: '-4 is even', step: 0 },
    ]);
    expect(members[0]!.check(-3)).toBe('-3 is negative');
    expect(members[1]!.check(-3)).toBeNull();
    expect(members.map((m) => [m.name, m.when, m.meaning.length > 0])).toEqual([
      ['no-loss', 'every-step', true],
      ['no-duplicates', 'every-step', true],
    ]);
  });

  test('a family of the other kind of invariant is not judged', () => {
    const { calls, members } = counted();
    expect(violations(members, -4, 'quiescence', 0)).toEqual([]);
    expect(calls.n).toBe(0);
  });

  test('a check that asks violations itself does not disturb the family judged around it', () => {
    const { members } = counted();
    const inner = invariant<number>('lso-bound', 'every-step', (s) =>
      violations([members[0]], s + 1, 'every-step', 0).length > 0 ? 'inner saw a negative' : null,
    );
    // -2: both members violated; the inner call judges -1 (negative, odd) between them.
    expect(violations([members[0], inner, members[1]], -2, 'every-step', 0).map((v) => v.message)).toEqual([
      '-2 is negative',
      'inner saw a negative',
      '-2 is even',
    ]);
  });
});
