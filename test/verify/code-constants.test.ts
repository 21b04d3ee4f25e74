/**
 * The constants a code file declares stand for their values where a call names them, as the compiler reads them; a
 * name declared twice with two values, or a plain variable, stays as written.
 */
import { describe, expect, test } from 'vitest';
import { constantsOf, withConstants } from '../../verify/files/code-constants.js';

describe('constantsOf: the names a file declares once', () => {
  test("Java's final fields and locals, Kotlin's const val and val, Scala's val with a type", () => {
    const code = [
      'private static final String PREFIX = "orders-";',
      'final long interval = 10 * 1000L;',
      'const val TIMEOUT = 900_000',
      'val GUARANTEE: String = StreamsConfig.EXACTLY_ONCE_V2',
    ].join('\n');
    expect([...constantsOf(code)]).toEqual([
      ['PREFIX', '"orders-"'],
      ['interval', '10 * 1000L'],
      ['TIMEOUT', '900_000'],
      ['GUARANTEE', 'StreamsConfig.EXACTLY_ONCE_V2'],
    ]);
  });

  test('a name declared twice, a plain variable, or one the program computes, stands for no one value', () => {
    const code = [
      'void a() { final String topic = "a"; }',
      'void b() { final String topic = "b"; }',
      'String id = "x";',
      'var count = 1',
      'final int n = 1; if (n == 1) {}',
      'final long interval = params.getLong("interval", 0);',
      'val topic = args[0]',
    ].join('\n');
    expect([...constantsOf(code)]).toEqual([['n', '1']]);
  });
});

describe('withConstants: a name replaced by its value', () => {
  const constants = new Map([
    ['PREFIX', '"orders-"'],
    ['MINUTES', '15'],
    ['TIMEOUT', 'MINUTES * 60 * 1000'],
  ]);

  test('a bare name, an operation in parentheses, a constant made of others', () => {
    expect(withConstants('PREFIX', constants)).toBe('"orders-"');
    expect(withConstants('TIMEOUT + ""', constants)).toBe('(15 * 60 * 1000) + ""');
  });

  test("a member, a call, a qualifier and a string's text are not the constant", () => {
    expect(withConstants('Config.PREFIX', constants)).toBe('Config.PREFIX');
    expect(withConstants('PREFIX()', constants)).toBe('PREFIX()');
    expect(withConstants('PREFIX.trim()', constants)).toBe('PREFIX.trim()');
    expect(withConstants('"PREFIX"', constants)).toBe('"PREFIX"');
  });
});
