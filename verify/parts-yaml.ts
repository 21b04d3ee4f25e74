/**
 * A YAML file's parts: a Docker Compose file's services, a Flink Kubernetes operator `FlinkDeployment`
 * (its `spec.flinkConfiguration` is the job's configuration, its `spec.flinkVersion` the release), the
 * legacy `flink-conf.yaml` (read line by line as Flink's legacy reader does) or a Flink `config.yaml`
 * (standard YAML). A YAML file is Flink's configuration when its keys are Flink options; the names
 * `config.yaml` and `flink-conf.yaml` break a tie. Any other YAML is listed as not modelled. Pure.
 */
import { isMap, isScalar, parseAllDocuments } from 'yaml';
import { LineIndex, type Read, type Setting } from './files/entry.js';
import { isLegacyFlinkConf, readFlinkConfigYaml, readLegacyFlinkConf } from './files/flink-yaml.js';
import { ignoredPart, type Part, part } from './parts.js';
import { composeParts } from './parts-compose.js';
import { foreign } from './parts-properties.js';
import { isSpring, springDocumentsParts, springParts } from './parts-spring.js';

/** Each document's text of a YAML stream, the other documents' lines left empty so lines keep their numbers. */
function documentTexts(text: string, docs: readonly { readonly range: readonly number[] }[]): string[] {
  return docs.map((d) => {
    const [start = 0, , end = text.length] = d.range;
    return text.slice(0, start).replace(/[^\n]/g, '') + text.slice(start, end);
  });
}

/** The first segments of Flink's configuration options. */
const FLINK_OPTION = new RegExp(
  `^(${[
    'execution',
    'state',
    'taskmanager',
    'jobmanager',
    'parallelism',
    'restart-strategy',
    'high-availability',
    'rest',
    'blob',
    'pekko',
    'akka',
    'classloader',
    'env',
    'kubernetes',
    'security',
    'web',
    'metrics',
    'table',
    'pipeline',
    'heartbeat',
    'cluster',
    'io',
    'fs',
    's3',
    'sql-gateway',
    'python',
    'yarn',
    'slot',
    'resourcemanager',
    'process',
    'historyserver',
    'checkpointing',
  ].join('|')})(\\.|$)`,
);

/** Whether most of a file's keys are Flink options. */
function flinkKeys(settings: readonly Setting[]): boolean {
  const hits = settings.filter((s) => FLINK_OPTION.test(s.key)).length;
  return hits > 0 && hits * 2 >= settings.length;
}

/** A Flink Kubernetes operator FlinkDeployment's configuration, or null when the text is none. */
function flinkDeployment(file: string, docs: ReturnType<typeof parseAllDocuments>, text: string): Part | null {
  if (!Array.isArray(docs)) return null;
  for (const doc of docs) {
    const root = doc.contents;
    if (!isMap(root) || root.get('kind') !== 'FlinkDeployment') continue;
    const spec = root.get('spec', true);
    if (!isMap(spec)) continue;
    const conf = spec.get('flinkConfiguration', true);
    const settings: Setting[] = [];
    const lines = new LineIndex(text);
    if (isMap(conf))
      for (const pair of conf.items)
        if (isScalar(pair.key) && isScalar(pair.value)) {
          const line = lines.lineOf(pair.key.range?.[0] ?? 0);
          settings.push({ key: String(pair.key.value), value: String(pair.value.value), line });
        }
    const version = spec.get('flinkVersion');
    const p = part(
      file,
      'flink-job',
      `FlinkDeployment ${String(root.getIn(['metadata', 'name']) ?? '')}`.trim(),
      settings,
    );
    const v = typeof version === 'string' ? /^v(\d+)_(\d+)$/.exec(version) : null;
    return v
      ? { ...p, release: { system: 'flink', version: `${v[1]}.${v[2]}`, how: `spec.flinkVersion ${version}` } }
      : p;
  }
  return null;
}

/** The parts of a YAML file, or its one-line error. Pure. */
export function yamlParts(file: string, text: string): Read<Part[]> {
  if (isLegacyFlinkConf(file)) {
    const f = readLegacyFlinkConf(text);
    return {
      ok: true,
      value: [{ ...part(file, 'flink-job', 'legacy flink-conf.yaml', f.settings), skipped: f.skipped }],
    };
  }
  const compose = composeParts(file, text);
  if (compose !== null) return { ok: true, value: compose };
  const docs = parseAllDocuments(text);
  const deployment = flinkDeployment(file, docs, text);
  if (deployment !== null) return { ok: true, value: [deployment] };
  if (Array.isArray(docs) && docs.length > 1) {
    const spring = springDocumentsParts(file, documentTexts(text, docs), (t) => {
      const r = readFlinkConfigYaml(t);
      return r.ok ? r.value.settings : null;
    });
    if (spring !== null) return spring;
    return {
      ok: true,
      value: [ignoredPart(file, `a YAML stream of ${docs.length} documents`, 'no FlinkDeployment among them')],
    };
  }
  const f = readFlinkConfigYaml(text);
  if (!f.ok) return { ok: false, error: `'${file}': ${f.error}` };
  if (isSpring(f.value.settings)) return springParts(file, f.value.settings);
  const named = /(^|[/\\])config\.ya?ml$/.test(file);
  if (flinkKeys(f.value.settings))
    return { ok: true, value: [part(file, 'flink-job', 'config.yaml', f.value.settings)] };
  if (named && f.value.settings.length > 0 && f.value.settings.some((s) => FLINK_OPTION.test(s.key)))
    return {
      ok: true,
      value: [
        {
          ...part(file, 'flink-job', 'config.yaml', f.value.settings),
          why: "Flink's configuration by its name: fewer than half of its keys are Flink options",
        },
      ],
    };
  const other = foreign(f.value.settings);
  if (other !== null) return { ok: true, value: [ignoredPart(file, 'a YAML file', other, f.value.settings)] };
  return {
    ok: true,
    value: [
      ignoredPart(
        file,
        'a YAML file',
        'neither a Flink configuration (its keys are not Flink options) nor a Compose file nor a FlinkDeployment',
        f.value.settings,
      ),
    ],
  };
}
