/**
 * `verify`'s arguments made into the pipelines to answer: every directory that holds configuration files
 * is one (a directory of many pipelines gives one per directory below it), the files named directly are
 * one together, and a pipeline's SQL jobs are split later, each its own. A path that cannot be read is a
 * pipeline of its own that answers exit 2, so the others are still answered.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { codeName } from '../../verify/files/job-code.js';
import { buildName, readableName } from '../../verify/parts.js';

/** One pipeline's files, or why the path that named it cannot be read. */
export type Candidate =
  | { readonly kind: 'files'; readonly name: string; readonly files: readonly string[] }
  | { readonly kind: 'error'; readonly name: string; readonly error: string };

/** A file over this size is refused: configuration files are small, and a bigger one is no configuration. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/**
 * The directories below `dir` (itself first) that hold readable files, each with its files, sorted. A build file
 * (pom.xml, build.gradle, a Dockerfile) names the connector release of the configuration beside it, a job's code
 * (.java, .scala, .kt) the checkpointing of the job beside it: a directory holding only such files is no pipeline
 * of its own (but see `collect`: a directory named with no configuration file below it).
 */
function walk(dir: string, out: Candidate[]): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  const files = entries.filter((e) => e.isFile() && readableName.test(e.name)).map((e) => join(dir, e.name));
  if (files.some((f) => !buildName.test(f) && !codeName.test(f))) out.push({ kind: 'files', name: dir, files });
  for (const e of entries)
    if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') walk(join(dir, e.name), out);
}

/** The code and build files below `dir` (itself included), sorted; none when no code file is among them. */
function codeFiles(dir: string, out: string[]): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of entries) {
    const at = join(dir, e.name);
    if (e.isFile() && (codeName.test(e.name) || buildName.test(e.name))) out.push(at);
    else if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') codeFiles(at, out);
  }
  return out.some((f) => codeName.test(f)) ? out : [];
}

/** The kind of a path: a directory, a file, or why neither. */
function kindOf(path: string): 'dir' | 'file' | string {
  try {
    const s = statSync(path);
    if (s.isDirectory()) return 'dir';
    if (s.size > MAX_FILE_BYTES)
      return `'${path}' is ${Math.round(s.size / 1024 / 1024)} MB: verify reads configuration files of at most 50 MB`;
    return 'file';
  } catch (e) {
    return `cannot read configuration file '${path}': ${(e as NodeJS.ErrnoException).code ?? String(e)}`;
  }
}

/** The pipelines the paths name, in the order given. */
export function collect(paths: readonly string[], readable: string): Candidate[] {
  const out: Candidate[] = [];
  const files: string[] = [];
  for (const path of paths) {
    const kind = kindOf(path);
    if (kind === 'file') files.push(path);
    else if (kind === 'dir') {
      const found: Candidate[] = [];
      walk(path, found);
      // An application configured in its code: with no configuration file anywhere below the directory named, its
      // code and build files together are the pipeline.
      const code = found.length === 0 ? codeFiles(path, []) : [];
      if (code.length > 0) found.push({ kind: 'files', name: path, files: code });
      if (found.length === 0)
        out.push({ kind: 'error', name: path, error: `no configuration file in '${path}': verify reads ${readable}` });
      out.push(...found);
    } else out.push({ kind: 'error', name: path, error: kind });
  }
  if (files.length > 0) out.unshift({ kind: 'files', name: files.join(', '), files });
  return out;
}
