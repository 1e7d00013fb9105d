import { defineConfig, packageBuildBundlingForCjs } from '../../tsup.package.ts';

export default defineConfig([
  // file-type, parse5 and request-filtering-agent are ESM only: the CommonJS build carries them
  // (scripts/check-packages.sh requires it with require(esm) off).
  ...packageBuildBundlingForCjs(['src/index.ts'], ['file-type', 'parse5', 'request-filtering-agent'], ['cli/**']),
  // The `cms-json` program, ESM only (top-level await), in `dist/cli`. With `cli.ts` an entry
  // of its own, its code goes to a shared chunk instead of into `bin.js`, so `cli.ts`'s
  // "am I the program?" check is false when `bin.js` runs and the command runs once.
  {
    entry: { bin: 'src/bin.ts', cli: 'src/cli.ts' },
    outDir: 'dist/cli',
    format: ['esm'],
    splitting: true,
    clean: true,
    sourcemap: true,
    tsconfig: 'tsconfig.build.json',
  },
]);
