/**
 * Why this test? Adding a model must need no edit outside its own folder and one
 * registration. The lamp of lamp.ts is registered in a catalog of its own (the real models plus
 * the lamp) and the unchanged command line lists it, checks it both ways, writes its
 * counterexample, replays it and draws it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { listed, makeCatalog } from '../../catalog/entry.js';
import { catalog } from '../../catalog/index.js';
import { main } from '../../cli/main.js';
import { lampEntry } from './lamp.js';

const withLamp = makeCatalog([...catalog.models, listed(lampEntry)]);

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    isTTY: false,
    now: () => 0,
    catalog: withLamp,
  });
  return { code, stdout, stderr };
}

describe('a toy model registered in a catalog of its own', () => {
  test('`models` and `invariants` list it from its declaration', async () => {
    const models = JSON.parse((await cli('models', '--json')).stdout) as {
      models: { name: string; keys: { name: string; default: unknown }[] }[];
    };
    expect(models.models.at(-1)).toMatchObject({
      name: 'lamp',
      keys: [
        { name: 'faults.surge', default: false },
        { name: 'safeguard.fuse', default: true },
      ],
    });
    const invs = JSON.parse((await cli('invariants', '--json')).stdout) as {
      invariants: { name: string; models: string[] }[];
    };
    expect(invs.invariants.find((i) => i.name === 'lamp-works')?.models).toEqual(['lamp']);
  });
  test('with the fuse, a surge leaves it dark: the whole space holds', async () => {
    const r = await cli('check', 'lamp', '--set', 'faults.surge=true', '--exhaustive', '--workers', '1');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^eoscheck check lamp: ok, no invariant violated in 4 distinct states/);
  });
  test('the report counts the drain steps that judged the states', async () => {
    // dark -> lit -> (surge) dark+surged -> lit+surged: the two lit states each drain one Switch to a dark
    // quiescence; the dark ones are quiescent. The lit state reached along the first one's drain is dark, seen.
    const drains = async (...set: string[]) => {
      const r = await cli('check', 'lamp', ...set, '--exhaustive', '--workers', '1', '--json');
      const json = JSON.parse(r.stdout) as { drainSteps: number; stats: { distinctStates: number } };
      return { states: json.stats.distinctStates, drainSteps: json.drainSteps };
    };
    expect(await drains('--set', 'faults.surge=true')).toEqual({ states: 4, drainSteps: 2 });
    expect(await drains()).toEqual({ states: 2, drainSteps: 1 });
    const text = await cli('check', 'lamp', '--set', 'faults.surge=true', '--exhaustive', '--workers', '1');
    expect(text.stdout).toContain('\n  drains: 2 steps judged the states, 0.5 a state (a drain runs to quiescence');
  });
  test('without it, the search finds the burnt lamp, writes the trace, and replay and mermaid show it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-lamp-'));
    const out = join(dir, 'trace.json');
    const r = await cli(
      'check',
      'lamp',
      '--set',
      'faults.surge=true',
      '--set',
      'safeguard.fuse=false',
      '--exhaustive',
      '--workers',
      '1',
      '--out',
      out,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '1. switch.Flip(on)\n   light on\n2. fault.Surge()\n' +
        '   the lamp burns out\n   !! VIOLATED lamp-works: the lamp burnt out',
    );
    expect(JSON.parse(readFileSync(out, 'utf8')).steps).toEqual([
      { action: { type: 'Switch' }, phase: 'explore' },
      { action: { type: 'Surge' }, phase: 'explore' },
    ]);
    const replayed = await cli('replay', out);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toContain('verdict: VIOLATION of lamp-works');
    const mermaid = await cli('replay', out, '--format', 'mermaid');
    expect(mermaid.stdout).toContain('L0->>L1: 1. switch.Flip(on)');
    expect(mermaid.stdout).toContain('  participant L2 as mains');
  });
});
