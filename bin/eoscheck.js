#!/usr/bin/env node
import { main } from '../dist/cli.js';

// A reader that stops early (`eoscheck ... | head`) closes the pipe: the rest of the output is dropped quietly,
// and the exit code is still the command's own (for `set -o pipefail`).
const closed = { stdout: false, stderr: false };
for (const name of ['stdout', 'stderr'])
  process[name].on('error', (err) => {
    if (err.code !== 'EPIPE') throw err;
    closed[name] = true;
  });

process.exitCode = await main(process.argv.slice(2), {
  stdout: (s) => closed.stdout || process.stdout.write(s),
  stderr: (s) => closed.stderr || process.stderr.write(s),
  isTTY: Boolean(process.stderr.isTTY),
});
