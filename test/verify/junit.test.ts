/**
 * The JUnit rendering of verify's answers: the exact document for known answers, the counts CI systems read, and
 * every message read back unchanged by a small strict reader (balanced elements, quoted attributes, references
 * only where XML allows them), so what escaping does is checked, not just looked at.
 */
import { describe, expect, test } from 'vitest';
import { junitXml } from '../../cli/format/junit.js';
import type { PipelineAnswer } from '../../verify/answer.js';
import { answers, broken, datastream, nothing, safe, unsafe } from '../helpers/answers.js';

interface Element {
  readonly name: string;
  readonly attrs: Record<string, string>;
  readonly children: Element[];
  text: string;
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** Character data with its references resolved; throws on a raw `<`, a bare `&` or a character XML 1.0 lacks. */
function chars(raw: string): string {
  if (!XML_CHARS.test(raw) || raw.includes('<')) throw new Error(`not character data: ${JSON.stringify(raw)}`);
  return raw.replace(/&([^;]*);?/g, (whole, ref: string) => {
    const code = /^#(\d+)$/.exec(ref)?.[1];
    const value = code === undefined ? NAMED[ref] : String.fromCodePoint(Number(code));
    if (value === undefined || !whole.endsWith(';')) throw new Error(`bad reference ${whole}`);
    return value;
  });
}

/** The document's root element, read strictly enough that a document written wrong throws. */
function readXml(xml: string): Element {
  const prolog = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (!xml.startsWith(prolog)) throw new Error('no XML declaration');
  const root: Element = { name: '', attrs: {}, children: [], text: '' };
  const open: Element[] = [root];
  const tag = /<(\/?)([A-Za-z][\w-]*)((?:\s+[\w-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  tag.lastIndex = prolog.length;
  while (tag.lastIndex < xml.length) {
    const m = tag.exec(xml);
    if (m === null) throw new Error(`unreadable at ${tag.lastIndex}: ${xml.slice(tag.lastIndex, tag.lastIndex + 40)}`);
    const [, close, name, attrText, empty, text] = m;
    const top = open.at(-1)!;
    if (text !== undefined) top.text += chars(text);
    else if (close) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      open.pop();
    } else {
      const attrs: Record<string, string> = {};
      for (const [, k, v] of (attrText ?? '').matchAll(/([\w-]+)="([^"]*)"/g)) {
        if (k! in attrs) throw new Error(`${k} twice`);
        attrs[k!] = chars(v!);
      }
      const e: Element = { name: name!, attrs, children: [], text: '' };
      top.children.push(e);
      if (!empty) open.push(e);
    }
  }
  if (open.length !== 1 || root.children.length !== 1 || root.text.trim() !== '') throw new Error('not one root');
  return root.children[0]!;
}

/** Every element named `name` under `e`, in document order. */
function all(e: Element, name: string): Element[] {
  return e.children.flatMap((c) => [...(c.name === name ? [c] : []), ...all(c, name)]);
}

describe('junitXml', () => {
  test('the document for a violated, a holding and an unreadable pipeline, exactly', () => {
    expect(junitXml([unsafe, safe, broken])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="eoscheck verify" tests="5" failures="2" errors="1">',
        '  <testsuite name="examples/ctp-unsafe" tests="3" failures="2" errors="0">',
        '    <testcase classname="examples/ctp-unsafe" name="no-duplicates">',
        '      <failure message="input 3 appears twice in &lt;out&gt; &amp; &quot;a&quot; &apos;b&apos;" ' +
          'type="violated">input 3 appears twice in &lt;out&gt; &amp; &quot;a&quot; &apos;b&apos;',
        'no-duplicates: no input appears more than once in the judged output view',
        'Reproduce: npx eoscheck check kafka-txn --set producer.transactional=false --seed 7',
        'Decided by:',
        '  examples\\ctp-unsafe\\producer.properties:2 transactional.id',
        '  ./examples/ctp-unsafe/consumer.properties:7 enable.auto.commit</failure>',
        '    </testcase>',
        '    <testcase classname="examples/ctp-unsafe" name="no-loss">',
        '      <failure message="input 2 is missing from out" type="violated">input 2 is missing from out',
        'no-loss: at quiescence every input is in the judged output view (or applied to the sink)</failure>',
        '    </testcase>',
        '    <testcase classname="examples/ctp-unsafe" name="no-aborted-read">',
        '      <system-out>Holds within: exhaustive to depth 24</system-out>',
        '    </testcase>',
        '  </testsuite>',
        '  <testsuite name="examples/ctp-safe" tests="1" failures="0" errors="0">',
        '    <testcase classname="examples/ctp-safe" name="no-duplicates">',
        '      <system-out>Holds within: exhaustive to depth 24, then 1000 random runs of &lt;= 40 steps</system-out>',
        '    </testcase>',
        '  </testsuite>',
        '  <testsuite name="test/fixtures/verify/too-short-interval.yaml" tests="1" failures="0" errors="1">',
        '    <testcase classname="test/fixtures/verify/too-short-interval.yaml" name="configuration">',
        '      <error message="too-short-interval.yaml:3: execution.checkpointing.interval: 5 ms is below the ' +
          'minimum of 10 ms" type="unreadable">too-short-interval.yaml:3: execution.checkpointing.interval: ' +
          '5 ms is below the minimum of 10 ms',
        '  test/fixtures/verify/too-short-interval.yaml</error>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  test('counts: a case per guarantee, a failure per violation, an error per unreadable pipeline', () => {
    const doc = readXml(junitXml(answers));
    expect(doc.name).toBe('testsuites');
    expect(doc.attrs).toEqual({ name: 'eoscheck verify', tests: '7', failures: '3', errors: '2' });
    const suites = all(doc, 'testsuite');
    expect(suites.map((s) => [s.attrs['name'], s.attrs['tests'], s.attrs['failures'], s.attrs['errors']])).toEqual([
      ['examples/ctp-unsafe', '3', '2', '0'],
      ['examples/ctp-safe', '1', '0', '0'],
      ['test/fixtures/verify/too-short-interval.yaml', '1', '0', '1'],
      ['test/fixtures/verify/datastream-config.yaml', '1', '1', '0'],
      ['notes', '1', '0', '1'],
    ]);
    for (const s of suites) {
      expect(all(s, 'testcase')).toHaveLength(Number(s.attrs['tests']));
      expect(all(s, 'failure')).toHaveLength(Number(s.attrs['failures']));
      expect(all(s, 'error')).toHaveLength(Number(s.attrs['errors']));
    }
    expect(all(doc, 'testcase').map((c) => `${c.attrs['classname']} ${c.attrs['name']}`)).toEqual([
      'examples/ctp-unsafe no-duplicates',
      'examples/ctp-unsafe no-loss',
      'examples/ctp-unsafe no-aborted-read',
      'examples/ctp-safe no-duplicates',
      'test/fixtures/verify/too-short-interval.yaml configuration',
      'test/fixtures/verify/datastream-config.yaml no-duplicates',
      'notes configuration',
    ]);
  });

  test('a message with <&"\'> reads back unchanged, in the attribute and in the text', () => {
    const [failure] = all(readXml(junitXml([unsafe])), 'failure');
    expect(failure!.attrs).toEqual({ message: `input 3 appears twice in <out> & "a" 'b'`, type: 'violated' });
    expect(failure!.text.split('\n')[0]).toBe(`input 3 appears twice in <out> & "a" 'b'`);
  });

  test('what the code decides is in the failure text; an unreadable pipeline with no file is its error alone', () => {
    const doc = readXml(junitXml([datastream, nothing]));
    expect(all(doc, 'failure')[0]!.text).toBe(
      [
        'input 1 appears twice in out',
        'no-duplicates: no input appears more than once in the judged output view',
        'Reproduce: npx eoscheck check flink-kafka --set sink.delivery-guarantee=at-least-once',
        'Depends on code: sink.delivery-guarantee (real default none): ' +
          'exactly-once holds, at-least-once violated, none violated',
      ].join('\n'),
    );
    expect(all(doc, 'error')[0]).toEqual({
      name: 'error',
      attrs: { message: 'no file here configures Kafka or Flink', type: 'unreadable' },
      children: [],
      text: 'no file here configures Kafka or Flink',
    });
  });

  test('characters XML 1.0 cannot hold are dropped; line breaks and tabs in an attribute survive as references', () => {
    const odd: PipelineAnswer = {
      ...nothing,
      pipeline: 'jobs\u0000/a\u001b.sql#1',
      error: 'bad\u0007 value\ud800 at\tline 3\r\nof \u{1F600}\uFFFE',
    };
    const xml = junitXml([odd]);
    for (const c of ['\u0000', '\u0007', '\u001b', '\ud800', '\uFFFE']) expect(xml).not.toContain(c);
    expect(xml).toContain('message="bad value at&#9;line 3&#13;&#10;of \u{1F600}"');
    const [error] = all(readXml(xml), 'error');
    expect(error!.attrs['message']).toBe('bad value at\tline 3\r\nof \u{1F600}');
    expect(error!.text).toBe('bad value at\tline 3\r\nof \u{1F600}');
    expect(all(readXml(xml), 'testsuite')[0]!.attrs['name']).toBe('jobs/a.sql#1');
  });

  test('a holding guarantee with no bound is an empty test case; no answers, an empty report', () => {
    const bare = junitXml([{ ...safe, bound: '' }]);
    expect(bare).toContain('    <testcase classname="examples/ctp-safe" name="no-duplicates"/>\n');
    expect(readXml(bare).attrs).toEqual({ name: 'eoscheck verify', tests: '1', failures: '0', errors: '0' });
    expect(junitXml([])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<testsuites name="eoscheck verify" tests="0" failures="0" errors="0">\n' +
        '</testsuites>\n',
    );
  });

  test('a guarantee no check decided (another stopped every check first) is a skipped case, counted', () => {
    const masked = {
      ...safe,
      guarantees: [
        ...safe.guarantees,
        {
          invariant: 'no-loss',
          meaning: 'at quiescence every input is in the judged output view',
          verdict: 'unknown' as const,
          message: 'not decided: every check stopped at progress first',
          decidedBy: [],
          reproduce: null,
        },
      ],
    };
    const xml = junitXml([masked]);
    expect(xml).toContain(
      '  <testsuite name="examples/ctp-safe" tests="2" failures="0" errors="0" skipped="1">\n' +
        '    <testcase classname="examples/ctp-safe" name="no-duplicates">\n' +
        '      <system-out>Holds within: exhaustive to depth 24, then 1000 random runs of &lt;= 40 steps' +
        '</system-out>\n' +
        '    </testcase>\n' +
        '    <testcase classname="examples/ctp-safe" name="no-loss">\n' +
        '      <skipped message="not decided: every check stopped at progress first"/>\n' +
        '    </testcase>\n',
    );
    expect(readXml(xml).attrs).toEqual({ name: 'eoscheck verify', tests: '2', failures: '0', errors: '0' });
  });

  test('the reader refuses what is not well formed, so its passing means something', () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    expect(() => readXml(`${head}<a><b></a></b>`)).toThrow();
    expect(() => readXml(`${head}<a m="x & y"/>`)).toThrow();
    expect(() => readXml(`${head}<a>1 < 2</a>`)).toThrow();
    expect(() => readXml(`${head}<a>\u0001</a>`)).toThrow();
    expect(() => readXml(`${head}<a m="x"><b/>`)).toThrow();
    expect(readXml(`${head}<a m="&lt;&#10;"><b/>x &amp; y</a>`)).toEqual({
      name: 'a',
      attrs: { m: '<\n' },
      children: [{ name: 'b', attrs: {}, children: [], text: '' }],
      text: 'x & y',
    });
  });
});
