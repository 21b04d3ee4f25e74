/**
 * verify's answers as JUnit XML, the report CI systems (Jenkins, GitLab, GitHub's test reporters) read: a test
 * suite per pipeline, a test case per guarantee that fails when it is violated, and an error for a pipeline whose
 * files cannot be checked. Pure: plain data in, text out, the same for the same answers.
 */
import type { GuaranteeAnswer, PipelineAnswer } from '../../verify/answer.js';

// What XML 1.0 cannot hold at all, even as a character reference: control characters, lone surrogates, U+FFFE/F.
const INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const REFERENCES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
  '\n': '&#10;',
  '\t': '&#9;',
};

/**
 * Text as XML holds it: what XML 1.0 cannot hold dropped, markup characters as references, and a carriage return
 * as one (a parser turns a raw one into a line feed). In an attribute a line feed and a tab are references too,
 * since a parser reads them there as spaces.
 */
function escapeXml(text: string, attribute: boolean): string {
  const special = attribute ? /[&<>"'\r\n\t]/g : /[&<>"'\r]/g;
  return text.replace(INVALID, '').replace(special, (c) => REFERENCES[c]!);
}

/** `name="value" ...`, escaped. */
function attrs(pairs: Readonly<Record<string, string | number>>): string {
  return Object.entries(pairs)
    .map(([k, v]) => `${k}="${escapeXml(String(v), true)}"`)
    .join(' ');
}

/** What a failed test case says: the violation, the guarantee, the reproduction, the keys and what code decides. */
function failureText(a: PipelineAnswer, g: GuaranteeAnswer, message: string): string {
  const lines = [message, `${g.invariant}: ${g.meaning}`];
  if (g.reproduce !== null) lines.push(`Reproduce: ${g.reproduce}`);
  if (g.decidedBy.length > 0) lines.push('Decided by:', ...g.decidedBy.map((k) => `  ${k.file}:${k.line} ${k.key}`));
  for (const d of a.dependsOnCode) {
    const verdicts = Object.entries(d.verdicts).map(([value, v]) => `${value} ${v}`);
    const first = d.baseline === undefined ? `real default ${d.realDefault}` : `${d.realDefault}: ${d.baseline}`;
    lines.push(`Depends on code: ${d.key} (${first}): ${verdicts.join(', ')}`);
  }
  for (const c of a.combinations) {
    const values = Object.entries(c.values).map(([k, x]) => `${k}=${x}`);
    lines.push(`Code combination: ${values.join(', ')}: ${c.verdict === 'holds' ? 'holds' : c.violated.join(', ')}`);
  }
  return lines.join('\n');
}

/** One guarantee's test case. */
function testcase(a: PipelineAnswer, g: GuaranteeAnswer): string[] {
  const open = `    <testcase ${attrs({ classname: a.pipeline, name: g.invariant })}`;
  if (g.verdict === 'violated') {
    const message = g.message ?? `${g.invariant} is violated`;
    const text = escapeXml(failureText(a, g, message), false);
    return [`${open}>`, `      <failure ${attrs({ message, type: 'violated' })}>${text}</failure>`, '    </testcase>'];
  }
  if (g.verdict === 'unknown')
    return [`${open}>`, `      <skipped ${attrs({ message: g.message ?? 'not decided' })}/>`, '    </testcase>'];
  if (a.bound === '') return [`${open}/>`];
  return [
    `${open}>`,
    `      <system-out>${escapeXml(`Holds within: ${a.bound}`, false)}</system-out>`,
    '    </testcase>',
  ];
}

interface Suite {
  readonly tests: number;
  readonly failures: number;
  readonly errors: number;
  readonly lines: readonly string[];
}

/** One pipeline's test suite: its guarantees, or its one error when its files cannot be checked. */
function suite(a: PipelineAnswer): Suite {
  const head = (tests: number, failures: number, errors: number) =>
    `  <testsuite ${attrs({ name: a.pipeline, tests, failures, errors })}>`;
  if (a.exit === 2) {
    const message = a.error ?? 'the files cannot be checked';
    const text = [message, ...a.files.map((f) => `  ${f.path}`)].join('\n');
    return {
      tests: 1,
      failures: 0,
      errors: 1,
      lines: [
        head(1, 0, 1),
        `    <testcase ${attrs({ classname: a.pipeline, name: 'configuration' })}>`,
        `      <error ${attrs({ message, type: 'unreadable' })}>${escapeXml(text, false)}</error>`,
        '    </testcase>',
        '  </testsuite>',
      ],
    };
  }
  const failures = a.guarantees.filter((g) => g.verdict === 'violated').length;
  const skipped = a.guarantees.filter((g) => g.verdict === 'unknown').length;
  const open = head(a.guarantees.length, failures, 0);
  return {
    tests: a.guarantees.length,
    failures,
    errors: 0,
    lines: [
      skipped === 0 ? open : open.replace(/>$/, ` skipped="${skipped}">`),
      ...a.guarantees.flatMap((g) => testcase(a, g)),
      '  </testsuite>',
    ],
  };
}

/**
 * The JUnit XML of verify's answers, a suite per pipeline in the order given. A pipeline that cannot be checked
 * (exit 2) is one test case, `configuration`, in error; any other has a test case per guarantee. Pure.
 */
export function junitXml(answers: readonly PipelineAnswer[]): string {
  const suites = answers.map(suite);
  const total = (f: (s: Suite) => number) => suites.reduce((n, s) => n + f(s), 0);
  const counts = { tests: total((s) => s.tests), failures: total((s) => s.failures), errors: total((s) => s.errors) };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attrs({ name: 'eoscheck verify', ...counts })}>`,
    ...suites.flatMap((s) => s.lines),
    '</testsuites>',
    '',
  ].join('\n');
}
