/** `eoscheck models`, `invariants`, `scenarios`: what there is, as tables or JSON, read off the catalog. */
import Table from 'cli-table3';
import { defaultRecord, keyList } from '../../model/core/config.js';
import { acceptedValues } from '../../model/core/keys.js';
import { ACCEPTED_RELEASES, releaseSteps } from '../../model/kafka/releases.js';
import { invariantMeanings } from '../../properties/invariant.js';
import { choiceOption, type Parsed, parse } from '../args.js';
import { catalogOf } from '../common.js';
import { invariantsMarkdown, keysMarkdown } from '../format/reference.js';
import { helpText } from '../help.js';
import type { Io } from '../io.js';

const spec = { json: { type: 'boolean' }, format: { type: 'string' } } as const;

/** `eoscheck models --help`. */
export const modelsHelp = helpText(spec, {
  usage: 'eoscheck models [--json | --format F]',
  about: "Lists every model and its --set keys: name, default, accepted values, meaning, the real system's default.",
  flags: {
    json: 'the list as one JSON object',
    format: 'F: text (default), json, markdown (docs/reference/keys.md)',
  },
});

/** `eoscheck invariants --help`. */
export const invariantsHelp = helpText(spec, {
  usage: 'eoscheck invariants [--json | --format F]',
  about: 'Lists every invariant: its name, its meaning, and the models that check it.',
  flags: {
    json: 'the list as one JSON object',
    format: 'F: text (default), json, markdown (docs/reference/invariants.md)',
  },
});

const scenariosSpec = { json: { type: 'boolean' } } as const;

/** `eoscheck scenarios --help`. */
export const scenariosHelp = helpText(scenariosSpec, {
  usage: 'eoscheck scenarios [--json]',
  about: "Lists the scripted scenarios: the seed documents' experiments and teaching cases, each with its keys.",
  flags: { json: 'the list as one JSON object' },
});

/** How a listing prints: a table, JSON (`--json` too), or the markdown of the reference pages. */
function formatOf(values: Parsed['values']): 'text' | 'json' | 'markdown' {
  const f = choiceOption(values, 'format', ['text', 'json', 'markdown'] as const, 'text');
  return values['json'] === true ? 'json' : f;
}

function table(head: string[], widths: number[]): Table.Table {
  return new Table({ head, colWidths: widths, wordWrap: true, style: { head: [], border: [] } });
}

/** `models`: every model with its keys (default, accepted values, meaning, the real default). */
export function listModels(args: readonly string[], io: Io): number {
  const p = parse('models', args, spec, 0);
  const data = catalogOf(io).models.map((m) =>
    m.open((e) => {
      const defaults = defaultRecord(e.model.keys);
      return {
        name: e.model.name,
        summary: e.model.summary,
        keys: keyList(e.model.keys).map((k) => ({
          name: k.name,
          default: defaults[k.name] ?? k.default,
          accepted: acceptedValues(k),
          meaning: k.meaning,
          realDefault: k.realDefault ?? null,
        })),
      };
    }),
  );
  const releases = releaseSteps().map((s) => ({
    version: s.version,
    transactionVersion: s.release.transactionVersion,
    verification: s.release.verification,
    changes: s.changes,
  }));
  const format = formatOf(p.values);
  if (format === 'json') {
    io.stdout(`${JSON.stringify({ models: data, kafkaReleases: releases }, null, 2)}\n`);
    return 0;
  }
  if (format === 'markdown') {
    io.stdout(keysMarkdown(data, releases, ACCEPTED_RELEASES));
    return 0;
  }
  for (const m of data) {
    const t = table(['key', 'default', 'accepted', 'meaning'], [34, 16, 26, 70]);
    for (const k of m.keys)
      t.push([
        k.name,
        String(k.default),
        k.accepted,
        k.realDefault ? `${k.meaning}. Real default differs: ${k.realDefault}` : k.meaning,
      ]);
    io.stdout(`${m.name}: ${m.summary}\n${t.toString()}\n`);
  }
  const r = table(['kafka.version', 'defaults', 'what the release changed (each modelled)'], [15, 26, 105]);
  for (const v of releases)
    r.push([
      v.version,
      `transaction.version ${v.transactionVersion}\nverification ${v.verification ? 'on' : 'off'}`,
      v.changes.map((c) => `- ${c}`).join('\n'),
    ]);
  io.stdout(
    `kafka.version: ${ACCEPTED_RELEASES} (X.Y: its latest patch release)\n` +
      'each release has every change below up to it, so one not listed behaves as the one before it ' +
      '(model/kafka/release-history.ts)\n' +
      `${r.toString()}\n`,
  );
  return 0;
}

/** `invariants`: name, meaning, and the models that check each (the contract's names first, then the others). */
export function listInvariants(args: readonly string[], io: Io): number {
  const p = parse('invariants', args, spec, 0);
  const byName = new Map<string, { meaning: string; models: string[] }>();
  for (const [name, meaning] of Object.entries(invariantMeanings)) byName.set(name, { meaning, models: [] });
  for (const m of catalogOf(io).models) {
    m.open((e) => {
      for (const i of e.invariants) {
        const row = byName.get(i.name) ?? { meaning: i.meaning, models: [] };
        row.models.push(e.model.name);
        byName.set(i.name, row);
      }
      // `progress` is judged by the run loop's drain for every model, not by a predicate of its own.
      byName.get('progress')?.models.push(e.model.name);
    });
  }
  const data = [...byName].map(([name, r]) => ({ name, meaning: r.meaning, models: r.models }));
  const format = formatOf(p.values);
  if (format === 'json') {
    io.stdout(`${JSON.stringify({ invariants: data }, null, 2)}\n`);
    return 0;
  }
  if (format === 'markdown') {
    io.stdout(invariantsMarkdown(data));
    return 0;
  }
  const t = table(['invariant', 'meaning', 'models'], [26, 80, 20]);
  for (const i of data) t.push([i.name, i.meaning, i.models.join(', ') || '(none yet)']);
  io.stdout(`${t.toString()}\n`);
  return 0;
}

/** `scenarios`: each scripted scenario, its seed, model and keys. */
export function listScenarios(args: readonly string[], io: Io): number {
  const p = parse('scenarios', args, scenariosSpec, 0);
  const data = catalogOf(io).models.flatMap((m) =>
    m.open((e) =>
      e.scenarios.map((s) => ({
        name: s.name,
        seed: s.seed,
        model: e.model.name,
        summary: s.summary,
        keys: s.keys.map((k) => ({
          name: k.name,
          default: k.default,
          accepted: acceptedValues(k),
          meaning: k.meaning,
        })),
      })),
    ),
  );
  if (p.values['json'] === true) {
    io.stdout(`${JSON.stringify({ scenarios: data }, null, 2)}\n`);
    return 0;
  }
  const t = table(['scenario', 'seed', 'model', 'what it shows', "keys (besides the model's)"], [20, 6, 27, 52, 40]);
  for (const s of data)
    t.push([
      s.name,
      s.seed,
      s.model,
      s.summary,
      s.keys.map((k) => `${k.name} (default ${String(k.default)}): ${k.accepted}`).join('\n') || '-',
    ]);
  io.stdout(`${t.toString()}\n`);
  return 0;
}
