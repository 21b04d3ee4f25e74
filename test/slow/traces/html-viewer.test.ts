/**
 * The HTML trace viewer in a real browser (Debian's Chromium driven by playwright-core): the page the
 * command line writes renders a row per step, moves with the arrow keys, the slider and the buttons,
 * shows the violation where it happens and each step's partition logs, loads nothing from the network,
 * and raises no script error. Screenshots go to test-artifacts/ (git-ignored) for a person to look at.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cli } from '../../cli/harness.js';

const CHROMIUM = '/usr/bin/chromium';
const root = join(import.meta.dirname, '..', '..', '..');
const artifacts = join(root, 'test-artifacts', 'viewer');

let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (.ci/run installs it)`);
  browser = await chromium.launch({ executablePath: CHROMIUM });
  mkdirSync(artifacts, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

/** Writes the page `eoscheck args...` prints, opens it from file://, and collects script errors. */
async function open(name: string, ...args: string[]): Promise<{ page: Page; errors: string[]; html: string }> {
  const r = await cli(...args);
  expect(r.stderr).toBe('');
  const file = join(artifacts, `${name}.html`);
  writeFileSync(file, r.stdout);
  const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
  // Playwright waits for what the page shows; on a busy machine a page may take long to show it.
  page.setDefaultTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (req) => {
    if (!req.url().startsWith('file:')) errors.push(`network request: ${req.url()}`);
  });
  await page.goto(pathToFileURL(file).href);
  return { page, errors, html: r.stdout };
}

const position = (p: Page): Promise<string | null> => p.textContent('#position');
const currentRow = (p: Page): Promise<string | null> => p.getAttribute('.row.current', 'data-step');

describe('the HTML trace viewer in Chromium', () => {
  test('zombie-commits: steps, keys, slider, buttons, the violation, the logs', async () => {
    const { page, errors, html } = await open(
      'zombie-commits',
      'replay',
      join(root, 'traces', 'saved', 'zombie-commits.json'),
      '--format',
      'html',
    );
    expect(html).not.toMatch(/<(script|link|img|iframe)\b[^>]*\b(src|href)=/i);
    expect(await page.locator('.row').count()).toBe(15);
    expect(await page.locator('.lane-head').allTextContents()).toEqual([
      'app-0#1app-0#1',
      'app-0#2app-0#2',
      'coordinatorcoordinator',
      'out-0out-0',
      'out-1out-1',
      '__consumer_offsets__consumer_offsets',
    ]);
    expect(await position(page)).toBe('initial state of 14');
    await page.keyboard.press('ArrowRight');
    expect(await position(page)).toBe('step 1 of 14');
    expect(await currentRow(page)).toBe('1');
    expect(await page.textContent('#details .call')).toBe('app-0#1.InitProducerId()');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#details .call')).toBe('app-0#1.Produce(out-0, v1, pid=1, epoch=0, seq=0)');
    await page.keyboard.press('ArrowLeft');
    expect(await position(page)).toBe('step 2 of 14');
    await page.locator('#slider').fill('5');
    expect(await position(page)).toBe('step 5 of 14');
    expect(await page.textContent('#details h2')).toBe('Step 5 of 14 (final drain)');
    // The parked produce of the paused app-0#1 lands in the drain.
    expect(await page.textContent('#details .call')).toBe('out-0.Append(v1 of app-0#1, verified)');
    expect(await page.locator('table.log[data-partition="out-0"] tr').nth(1).allTextContents()).toEqual([
      '010v1no (open)yes',
    ]);
    await page.click('#next');
    expect(await currentRow(page)).toBe('6');
    await page.click('#prev');
    await page.click('#prev');
    expect(await currentRow(page)).toBe('4');
    await page.click('.row[data-step="3"]');
    expect(await currentRow(page)).toBe('3');
    // The violation: marked on its row, announced above, shown in full when reached.
    expect(await page.textContent('#verdict')).toContain('VIOLATION of zombie-fenced, no-duplicates at step 14');
    expect(await page.getAttribute('.row.violated', 'data-step')).toBe('14');
    expect(await page.textContent('.row.violated .violation-mark')).toBe('\u26a0 zombie-fenced, no-duplicates');
    expect(await page.locator('#details .violation').count()).toBe(0);
    await page.keyboard.press('v');
    expect(await position(page)).toBe('step 14 of 14');
    expect(await page.locator('#details .violation').allTextContents()).toEqual([
      'VIOLATED zombie-fenced: out-0 offset 0: v1 written with stale epoch 0 is committed by the transaction ' +
        'of epoch 1',
      'VIOLATED no-duplicates: v1 is read twice at read_committed (offsets 0 and 1)',
    ]);
    expect(await page.locator('table.log[data-partition="out-0"] tr').allTextContents()).toEqual([
      'offsetproducerepochrecordread_committedread_uncommitted',
      '010v1yesyes',
      '111v1yesyes',
      '212COMMIT',
    ]);
    // out-1's marker is not written yet: v2 is still in an open transaction there.
    expect(await page.textContent('#details .outputs')).toContain(
      'out at read_committedv1, v1out at read_uncommittedv1, v1, v2',
    );
    await page.keyboard.press('End');
    expect(await currentRow(page)).toBe('14');
    await page.keyboard.press('Home');
    expect(await position(page)).toBe('initial state of 14');
    await page.keyboard.press('v');
    await page.screenshot({ path: join(artifacts, 'zombie-commits.png') });
    expect(errors).toEqual([]);
  });

  test('a Flink trace: the clock on the time axis, the aborted transaction in the log', async () => {
    const { page, errors } = await open(
      'flink-timeout-loses-commit',
      'replay',
      join(root, 'traces', 'saved', 'flink-timeout-loses-commit.json'),
      '--format',
      'html',
    );
    expect(await page.locator('.row').count()).toBe(28);
    expect(await page.locator('.row text.clock').first().textContent()).toBe('t=0 ms');
    await page.locator('#slider').fill('20');
    expect(await position(page)).toBe('step 20 of 27 \u00b7 t=4.0 s');
    // The focused slider takes the arrow keys itself.
    await page.keyboard.press('ArrowRight');
    expect(await position(page)).toBe('step 21 of 27 \u00b7 t=4.0 s');
    await page.keyboard.press('ArrowLeft');
    expect(await page.locator('table.log[data-partition="out-0"] tr').allTextContents()).toEqual([
      'offsetproducerepochrecordread_committedread_uncommitted',
      '011v1no (aborted)yes',
      '120v2no (open)yes',
      '212ABORT',
    ]);
    await page.keyboard.press('v');
    expect(await page.textContent('#details .violation')).toBe(
      'VIOLATED no-loss: input 1 never reached out at read_committed (1 missing)',
    );
    await page.screenshot({ path: join(artifacts, 'flink-timeout-loses-commit.png') });
    expect(errors).toEqual([]);
  });

  test('a long log shows its first and last rows, the rest on request; outputs as runs of values', async () => {
    const { page, errors } = await open(
      'txn-log-long',
      'run',
      'txn-log',
      '--set',
      'transactions=commit:40,abort:20,commit:5',
      '--format',
      'html',
    );
    await page.keyboard.press('End');
    const rows = page.locator('table.log[data-partition="out-0"] tr');
    expect(await rows.count()).toBe(1 + 5 + 1 + 40);
    const more = await page.textContent('table.log[data-partition="out-0"] tr.more');
    const hidden = Number(/^show (\d+) more rows$/.exec(more ?? '')?.[1]);
    expect(hidden).toBeGreaterThan(10);
    await page.click('table.log[data-partition="out-0"] tr.more button');
    expect(await rows.count()).toBe(1 + 5 + 40 + hidden);
    expect(await page.textContent('#details .outputs')).toContain(
      'out at read_committedv1\u2013v60out at read_uncommitted',
    );
    expect(errors).toEqual([]);
  });

  test('check --out x.html writes the viewer of the counterexample', async () => {
    const out = join(artifacts, 'check-out.html');
    const r = await cli(
      'check',
      'kafka-txn',
      '--set',
      'isolation.level=read_uncommitted',
      '--exhaustive',
      '--out',
      out,
      '--workers',
      '1',
    );
    expect(r.code).toBe(1);
    const page = await browser.newPage();
    await page.goto(pathToFileURL(out).href);
    expect(await page.textContent('#verdict')).toContain('VIOLATION of no-aborted-read');
    await page.keyboard.press('v');
    expect(await page.textContent('#details .violation')).toMatch(/^VIOLATED no-aborted-read: /);
  });
});
