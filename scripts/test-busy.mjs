// Runs `npm test` while two other processes keep both cores busy, as a busy machine does: the suite asserts
// states, traces and verdicts, never durations, so it passes there too, only slower. The busy processes spin
// until the suite ends (and at most two hours), then stop. A command given after the script's name runs instead
// of `npm test` (`node scripts/test-busy.mjs npx vitest run test/check/engine/level-order.test.ts`: one file, as busy).
import { spawn } from 'node:child_process';

const LIMIT_MS = 2 * 60 * 60 * 1000;
const spin = `const end = Date.now() + ${LIMIT_MS}; let x = 0; while (Date.now() < end) x = (x * 31 + 7) % 1000003;`;
const busy = [0, 1].map(() => spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }));
const stop = () => {
  for (const b of busy) b.kill();
};
const [command, ...args] = process.argv.length > 2 ? process.argv.slice(2) : ['npm', 'test'];
const test = spawn(command, args, { stdio: 'inherit' });
test.on('exit', (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
process.on('SIGINT', () => {
  stop();
  test.kill('SIGINT');
});
