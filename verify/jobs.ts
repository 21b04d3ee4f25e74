/**
 * A pipeline's SQL jobs, each a pipeline of its own: the SQL client submits each INSERT (or statement set)
 * as one Flink job, so two jobs in one script or one directory are two pipelines, each with its own tables
 * and the SET statements before it, and the directory's other files (config.yaml, a Compose file, a
 * broker's properties) in both. Pure.
 */
import type { Part } from './parts.js';

/** A pipeline's name and parts. */
export interface Named {
  readonly name: string;
  readonly parts: readonly Part[];
}

/** One pipeline per SQL job of the parts (the parts as one pipeline when they hold one job or none). Pure. */
export function splitJobs(name: string, parts: readonly Part[]): Named[] {
  const jobs = new Map<string, { file: string; job: number }>();
  for (const p of parts) for (const job of p.jobs ?? []) jobs.set(`${p.file}#${job}`, { file: p.file, job });
  if (jobs.size <= 1) return [{ name, parts }];
  const perFile = (file: string): number => [...jobs.values()].filter((j) => j.file === file).length;
  return [...jobs.values()].map(({ file, job }) => ({
    name: perFile(file) > 1 ? `${file}#${job}` : file,
    parts: parts.filter((p) => p.jobs === null || (p.file === file && p.jobs.includes(job))),
  }));
}
