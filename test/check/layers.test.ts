/**
 * scripts/layers.mjs (in `npm run lint`): on a planted tree it names each import that points up a layer (model/core,
 * the models, properties/, the engine's layers, verify/, cli/) or closes a cycle, one line each, and exits 1; on a
 * tree whose imports point down it exits 0, as on the repository's own.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../../scripts/layers.mjs');
const made: string[] = [];

/** A tree of the given files (path to text) in a new temporary directory. */
function tree(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function layers(root: string): { status: number | null; lines: string[] } {
  const r = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: r.status, lines: r.stderr.split('\n').filter((l) => l !== '') };
}

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

const clean = {
  'model/core/model.ts': 'export type Words = number[];\n',
  'model/kafka/cluster.ts': "import type { Words } from '../core/model.js';\nexport type Cluster = Words;\n",
  'model/kafka/partition.ts':
    "import type { Cluster } from './cluster.js';\nexport const append = (k: Cluster) => k;\n",
  'model/flink/sink.ts': "import { append } from '../kafka/partition.js';\nexport const send = append;\n",
  'properties/flink/invariants.ts': "import { send } from '../../model/flink/sink.js';\nexport const i = send;\n",
  'properties/invariant.ts': 'export type Invariant = string;\n',
  'check/types/outcome.ts': "import type { Words } from '../../model/core/model.js';\nexport type W = Words;\n",
  'check/engine/store/hash.ts': "import type { W } from '../../types/outcome.js';\nexport const h = (w: W) => w;\n",
  'check/engine/search/search-core.ts': "import { h } from '../store/hash.js';\nexport const s = h;\n",
  'check/explore/exhaustive.ts': "export { s } from '../engine/search/search-core.js';\n",
  'check/check.ts': "import { s } from './explore/exhaustive.js';\nexport const c = s;\n",
  'verify/claims.ts': "import { send } from '../model/flink/sink.js';\nexport const claim = send;\n",
  'cli/commands/verify.ts':
    "import { claim } from '../../verify/claims.js';\nimport { c } from '../../check/check.js';\n",
  'catalog/entry.ts': "import type { Invariant } from '../properties/invariant.js';\nexport type Entry = Invariant;\n",
};

describe('scripts/layers.mjs', () => {
  it('passes a tree whose imports point down', () => {
    expect(layers(tree(clean))).toEqual({ status: 0, lines: [] });
  });

  it('names an import of a higher layer, with both layers (an import over several lines too)', () => {
    const planted = {
      ...clean,
      'check/types/outcome.ts':
        "import type {\n  s,\n} from '../engine/search/search-core.js';\nexport type W = typeof s;\n",
    };
    expect(layers(tree(planted))).toEqual({
      status: 1,
      lines: [
        'layers: check/types/outcome.ts imports check/engine/search/search-core.ts: layer types is below search',
        'layers: import cycle: check/engine/search/search-core.ts -> check/engine/store/hash.ts -> ' +
          'check/types/outcome.ts -> check/engine/search/search-core.ts',
      ],
    });
  });

  it('names a cycle within one layer, and a file in no layer', () => {
    const planted = {
      ...clean,
      'check/engine/store/links.ts': "import { c } from './chunks.js';\nexport const l = c;\n",
      'check/engine/store/chunks.ts': "import type { l } from './links.js';\nexport const c = 1 as typeof l;\n",
      'check/stray.ts': "import { c } from './check.js';\nexport const x = c;\n",
    };
    expect(layers(tree(planted))).toEqual({
      status: 1,
      lines: [
        'layers: check/stray.ts: in no layer (scripts/layers.mjs LAYERS, docs/engine.md "Where things are")',
        'layers: import cycle: check/engine/store/chunks.ts -> check/engine/store/links.ts -> ' +
          'check/engine/store/chunks.ts',
      ],
    });
  });

  it('names a cycle within the models, an import of verify/ from a model, and of a model from model/kafka/', () => {
    const planted = {
      ...clean,
      'model/kafka/cluster.ts':
        "import type { append } from './partition.js';\nexport type Cluster = Parameters<typeof append>[0];\n",
      'model/flink/job.ts': "import { claim } from '../../verify/claims.js';\nexport const j = claim;\n",
      'model/kafka/network.ts': "import { send } from '../flink/sink.js';\nexport const n = send;\n",
    };
    expect(layers(tree(planted))).toEqual({
      status: 1,
      lines: [
        'layers: model/flink/job.ts imports verify/claims.ts: layer models is below verify',
        'layers: model/kafka/network.ts imports model/flink/sink.ts: layer model-kafka is below models',
        'layers: import cycle: model/kafka/partition.ts -> model/kafka/cluster.ts -> model/kafka/partition.ts',
      ],
    });
  });

  it('names an import of cli/ from verify/, and a cycle in a tree outside the layers', () => {
    const planted = {
      ...clean,
      'verify/claims.ts': "import { send } from '../cli/io.js';\nexport const claim = send;\n",
      'cli/io.ts': 'export const send = 1;\n',
      'catalog/entry.ts': "import type { Select } from './select.js';\nexport type Entry = Select;\n",
      'catalog/select.ts': "import type { Entry } from './entry.js';\nexport type Select = Entry[];\n",
    };
    expect(layers(tree(planted))).toEqual({
      status: 1,
      lines: [
        'layers: verify/claims.ts imports cli/io.ts: layer verify is below cli',
        'layers: import cycle: catalog/entry.ts -> catalog/select.ts -> catalog/entry.ts',
      ],
    });
  });

  it('passes the repository', () => {
    expect(layers(join(import.meta.dirname, '../..'))).toEqual({ status: 0, lines: [] });
  });
});
