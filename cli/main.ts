/**
 * The command line: `eoscheck [verb] ...` (see shared/CONTRACT.md). Returns the exit code: 0 ok,
 * 1 violation, 2 bad input (one line on stderr), 3 an internal error.
 */

import { errorMessage } from '../util/errors.js';
import { check, help as checkHelp } from './commands/check.js';
import {
  invariantsHelp,
  listInvariants,
  listModels,
  listScenarios,
  modelsHelp,
  scenariosHelp,
} from './commands/lists.js';
import { mainJob } from './commands/main-job.js';
import { matrix, help as matrixHelp } from './commands/matrix.js';
import { merge, help as mergeHelp } from './commands/merge.js';
import { replay, help as replayHelp } from './commands/replay.js';
import { run, help as runHelp } from './commands/run.js';
import { verify, help as verifyHelp } from './commands/verify.js';
import { type Io, isUsageError } from './io.js';
import { VERSION } from './version.js';

const verbs: Record<string, (args: readonly string[], io: Io) => number | Promise<number>> = {
  models: listModels,
  invariants: listInvariants,
  check,
  scenarios: listScenarios,
  run,
  replay,
  merge,
  matrix,
  verify,
};

/** The usage text of --help. */
export const USAGE = `eoscheck ${VERSION}: a model checker for Kafka and Flink exactly-once

check your own pipeline:
  eoscheck verify <FILE|DIR>... [--set k=v ...] [--json] [--format text|json|sarif|junit] [--out FILE]
                                             reads its configuration files (Kafka .properties, Flink config.yaml,
                                             flink-conf.yaml, FlinkDeployment, Flink SQL, Docker Compose) and says
                                             which guarantees hold (eoscheck verify --help)

explore the protocols:
  eoscheck                                   check every model at its safe defaults
  eoscheck models [--json]                   models and their --set keys
  eoscheck invariants [--json]               invariants and the models that check them
  eoscheck check <model> [options]           explore a model (random runs, or --exhaustive)
      --set key=value (repeatable)  --invariant NAME (repeatable)  --runs N  --seed S  --path P  --max-steps K
      --exhaustive --depth D --max-states M --max-seconds T --symmetry on|off --por on|off --sleep-sets on|off
      --workers N  --shard i/n (with --exhaustive: member i of a swarm verification)  --json  --out FILE  --quiet
  eoscheck scenarios [--json]                scripted scenarios of the seed documents
  eoscheck run <scenario> [--set k=v ...] [--json] [--out FILE] [--format text|mermaid|json|html|itf]
  eoscheck replay <FILE> [--format text|mermaid|json|html|itf] [--json]
      --format html: one self-contained page (the trace viewer); itf: the Informal Trace Format (Apalache, Quint);
      --out FILE.html writes the viewer, FILE.itf.json ITF, any other name the trace JSON
  eoscheck merge <report.json>... [--json]   merge the reports of a campaign's shards or a swarm's members
  eoscheck matrix <model> --keys k1,k2,... [--set k=v ...] [--json] [--format text|markdown]
                                             every combination of boolean/enumerated keys, checked, as a table
      --depth D --max-states M --runs N --seed S --max-steps K (how each setting is checked)

exit codes: 0 every property holds, 1 a property is violated, 2 bad input
`;

/** Each verb's --help. */
const HELP: Readonly<Record<string, string>> = {
  models: modelsHelp,
  invariants: invariantsHelp,
  scenarios: scenariosHelp,
  check: checkHelp,
  run: runHelp,
  replay: replayHelp,
  merge: mergeHelp,
  matrix: matrixHelp,
  verify: verifyHelp,
};

/** Runs the command line with `argv` (without node and script). */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    const [verb, ...rest] = argv;
    if (verb === undefined) return mainJob(io);
    if (verb === '--help' || verb === '-h' || verb === 'help') {
      io.stdout(USAGE);
      return 0;
    }
    if (verb === '--version') {
      io.stdout(`${VERSION}\n`);
      return 0;
    }
    const fn = verbs[verb];
    if (!fn) {
      io.stderr(
        `eoscheck: unknown verb '${verb}': accepted ${Object.keys(verbs).join(', ')} (or no verb for the main job)\n`,
      );
      return 2;
    }
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(HELP[verb] ?? USAGE);
      return 0;
    }
    return await fn(rest, io);
  } catch (e) {
    if (isUsageError(e)) {
      io.stderr(`eoscheck: ${e.message}\n`);
      return 2;
    }
    io.stderr(`eoscheck: internal error: ${errorMessage(e)} (a bug: please report the command line)\n`);
    return 3;
  }
}
