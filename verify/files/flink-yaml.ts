/**
 * Flink's configuration files: `config.yaml` (Flink 1.19 and later: standard YAML, nested maps joined
 * with dots, flat `a.b.c: v` keys as well) through the `yaml` library, and the legacy `flink-conf.yaml`,
 * read line by line as Flink's legacy reader does (a `#` starts a comment, key and value split at the
 * first `: `, a line without one skipped).
 */
import { isMap, isNode, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { Read, Setting, Skipped } from './entry.js';

/** A Flink configuration: settings, and the lines Flink's reader would skip. */
export interface FlinkFile {
  readonly settings: readonly Setting[];
  readonly skipped: readonly Skipped[];
}

/** Whether a file name is the legacy `flink-conf.yaml`. Pure. */
export function isLegacyFlinkConf(path: string): boolean {
  return /(^|[/\\])flink-conf\.ya?ml$/.test(path);
}

/** The legacy `flink-conf.yaml` reader (GlobalConfiguration's loadLegacyYAMLResource). Pure. */
export function readLegacyFlinkConf(text: string): FlinkFile {
  const settings = new Map<string, Setting>();
  const skipped: Skipped[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const conf = raw.split('#', 1)[0] ?? '';
    if (conf.length === 0) return;
    const sep = conf.indexOf(': ');
    if (sep < 0) {
      if (conf.trim() !== '')
        skipped.push({ line: i + 1, text: raw, why: "no ': ' between key and value (Flink's legacy reader skips it)" });
      return;
    }
    const key = conf.slice(0, sep).trim();
    const value = conf.slice(sep + 2).trim();
    if (key === '' || value === '') {
      skipped.push({ line: i + 1, text: raw, why: "an empty key or value (Flink's legacy reader skips it)" });
      return;
    }
    settings.delete(key);
    settings.set(key, { key, value, line: i + 1 });
  });
  return { settings: [...settings.values()], skipped };
}

/** A YAML scalar's text as Flink's configuration holds it (`true`, `20 s`, `2`). Pure. */
function scalarText(n: Node): string | null {
  if (isScalar(n)) return n.value === null ? '' : String(n.value);
  if (isSeq(n)) {
    const items = n.items.map((x) => (isScalar(x) ? String(x.value) : null));
    return items.every((x) => x !== null) ? items.join(';') : null;
  }
  return null;
}

/** The standard-YAML `config.yaml` reader: nested keys flattened with dots, values as text. Pure. */
export function readFlinkConfigYaml(text: string): Read<FlinkFile> {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    return { ok: false, error: `not valid YAML at line ${e.linePos?.[0].line ?? '?'}: ${e.message.split('\n')[0]}` };
  }
  const settings = new Map<string, Setting>();
  const walk = (node: unknown, prefix: string): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const k = pair.key;
        const name = isScalar(k) ? String(k.value) : null;
        if (name === null) continue;
        const key = prefix === '' ? name : `${prefix}.${name}`;
        const v = pair.value;
        if (isMap(v)) walk(v, key);
        else {
          const value = v === null ? '' : isNode(v) ? scalarText(v) : null;
          if (value === null) continue;
          const at = isScalar(k) && k.range ? k.range[0] : 0;
          settings.delete(key);
          settings.set(key, { key, value, line: lines.linePos(at).line });
        }
      }
    }
  };
  const root = doc.contents;
  if (root !== null && !isMap(root)) return { ok: false, error: 'not a YAML map of Flink options' };
  walk(root, '');
  return { ok: true, value: { settings: [...settings.values()], skipped: [] } };
}
