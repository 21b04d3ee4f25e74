// Bundles the command line, the library entry and the benchmark into dist/ (run by `prepare`,
// so `npm ci` leaves a working `npx eoscheck`). Dependencies stay external (one ESM copy each).
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'cli/main.ts', index: 'index.ts', bench: 'bench/bench.ts', worker: 'check/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
