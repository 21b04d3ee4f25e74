/** The parts of one file, by its kind (its extension, then its content). Pure. */
import type { Read } from './files/entry.js';
import { ignoredPart, type Part } from './parts.js';
import { propertiesPart } from './parts-properties.js';
import { sqlParts } from './parts-sql.js';
import { yamlParts } from './parts-yaml.js';

/** The parts of one file, from its name and text. Pure. */
export function readParts(file: string, text: string): Read<Part[]> {
  if (/\.properties$/i.test(file)) return { ok: true, value: [propertiesPart(file, text)] };
  if (/\.ya?ml$/i.test(file)) return yamlParts(file, text);
  if (/\.sql$/i.test(file)) return sqlParts(file, text);
  return { ok: true, value: [ignoredPart(file, 'not a configuration file verify reads', 'not read')] };
}
