/**
 * Every relative link of the README, the changelog and the docs pages leads somewhere: the file or directory
 * exists, and a `#section` of a markdown page is one of its headings (as GitHub makes anchors of them). Links
 * in code blocks and code spans are text, not links, and are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '..');

function* markdown(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* markdown(p);
    else if (e.name.endsWith('.md')) yield p;
  }
}

const pages = [join(root, 'README.md'), join(root, 'CHANGELOG.md'), ...markdown(join(root, 'docs'))];

/** The page's text without fenced code blocks and code spans. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.*)$/gm)].map((m) => anchor(m[1]!)));
}

/** Each relative link of a page: its target as written. */
function links(file: string): string[] {
  return [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

test('the README, the changelog and the docs pages are found', () => {
  expect(pages.length).toBeGreaterThan(10);
});

for (const page of pages)
  test(`${relative(root, page)}: every relative link exists`, () => {
    for (const target of links(page)) {
      const [path = '', section] = target.split('#');
      const file = path === '' ? page : join(dirname(page), decodeURIComponent(path));
      expect(existsSync(file), `${relative(root, page)} links to ${target}: no such file`).toBe(true);
      if (section !== undefined && file.endsWith('.md') && statSync(file).isFile())
        expect(anchorsOf(file), `${relative(root, page)} links to ${target}: no such heading`).toContain(section);
    }
  });
