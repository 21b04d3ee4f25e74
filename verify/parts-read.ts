/**
 * The parts of a pipeline's files, each file by its kind (its extension or a build file's name, then its content);
 * the Flink SQL scripts together, as one SQL client session runs them, with the session's jobs. Pure.
 */

import { offsetCommits, readClientCode } from './files/client-code.js';
import { sqlInCode } from './files/code-sql.js';
import type { Read } from './files/entry.js';
import { codeName, readJobCode } from './files/job-code.js';
import { buildName, ignoredPart, type Part, part } from './parts.js';
import { buildParts } from './parts-build.js';
import { propertiesParts, settingsPart } from './parts-properties.js';
import { type SqlJob, sqlParts } from './parts-sql.js';
import { yamlParts } from './parts-yaml.js';
import { isKafkaKey, withoutStreamsPrefix } from './systems.js';

/** A file's name and text. */
export interface FileText {
  readonly path: string;
  readonly text: string;
}

/** The parts of one file that is no SQL script, from its name and text. Pure. */
function fileParts(file: string, text: string): Read<Part[]> {
  if (/\.properties$/i.test(file)) return propertiesParts(file, text);
  if (/\.ya?ml$/i.test(file)) return yamlParts(file, text);
  if (buildName.test(file)) return { ok: true, value: buildParts(file, text) };
  if (codeName.test(file)) {
    const code = readJobCode(text);
    if (code.flink) return { ok: true, value: [part(file, 'job-code', "Flink job's code", code.settings)] };
    const client = readClientCode(text).filter((s) => isKafkaKey(withoutStreamsPrefix(s.key)));
    const offsets = offsetCommits(text);
    if (client.length > 0)
      return { ok: true, value: [{ ...settingsPart(file, client, "Kafka clients' configuration in code"), offsets }] };
    const ignored = ignoredPart(
      file,
      'code',
      'neither a Flink job (it names no StreamExecutionEnvironment, TableEnvironment nor KafkaSink) nor a ' +
        'Kafka client configuration (no put or setProperty of a ProducerConfig, ConsumerConfig or StreamsConfig key)',
    );
    // The loop that commits the offsets may be in a file that configures no client: its calls still count.
    return { ok: true, value: [offsets === 'none' ? ignored : { ...ignored, offsets }] };
  }
  return { ok: true, value: [ignoredPart(file, 'not a configuration file verify reads', 'not read')] };
}

/** The parts of a pipeline's files in the order given, and its SQL jobs; or the first file's error. Pure. */
export function readParts(files: readonly FileText[]): Read<{ parts: Part[]; jobs: SqlJob[] }> {
  // A Flink job's code may run its SQL through the Table API: that SQL joins the session where the code is given.
  const inCode = new Map(
    files.filter((f) => codeName.test(f.path) && readJobCode(f.text).flink).map((f) => [f.path, sqlInCode(f.text)]),
  );
  const sql = files.flatMap((f): FileText[] => {
    if (/\.sql$/i.test(f.path)) return [f];
    const text = inCode.get(f.path)?.text ?? '';
    return text === '' ? [] : [{ path: f.path, text }];
  });
  const session = sqlParts(sql);
  if (!session.ok) return session;
  const parts: Part[] = [];
  for (const f of files) {
    if (/\.sql$/i.test(f.path)) {
      parts.push(...session.value.parts.filter((p) => p.file === f.path));
      continue;
    }
    const r = fileParts(f.path, f.text);
    if (!r.ok) return r;
    parts.push(...r.value);
    if (!inCode.has(f.path)) continue;
    parts.push(...session.value.parts.filter((p) => p.file === f.path));
    for (const line of inCode.get(f.path)!.computed)
      parts.push(
        ignoredPart(
          f.path,
          `SQL the code builds (line ${line})`,
          'a statement the code computes is not read: give it as a .sql file (or its table options with --set)',
        ),
      );
  }
  return { ok: true, value: { parts, jobs: session.value.jobs } };
}
