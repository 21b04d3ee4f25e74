/**
 * A pipeline's SQL jobs, each a pipeline of its own: the SQL client submits each INSERT (or statement set)
 * as one Flink job, so two jobs in one session (a script, or a directory's scripts) are two pipelines, each
 * with its own tables and the SET statements before it, and the directory's other files (config.yaml, a
 * Compose file, a broker's properties) in both. Pure.
 */

import type { Part } from './parts.js';
import type { SqlJob } from './parts-sql.js';

/** A pipeline's name and parts. */
export interface Named {
  readonly name: string;
  readonly parts: readonly Part[];
}

/** One pipeline per SQL job (the parts as one pipeline when they hold one job or none), each named by its INSERT. */
export function splitJobs(name: string, parts: readonly Part[], jobs: readonly SqlJob[]): Named[] {
  if (jobs.length <= 1) return [{ name, parts }];
  const perFile = (file: string): SqlJob[] => jobs.filter((j) => j.file === file);
  return jobs.map((j) => {
    const own = perFile(j.file);
    return {
      name: own.length > 1 ? `${j.file}#${own.indexOf(j) + 1}` : j.file,
      parts: parts.filter((p) => p.jobs === null || p.jobs.includes(j.job)),
    };
  });
}
