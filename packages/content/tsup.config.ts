import { defineConfig, packageBuild } from '../../tsup.package.ts';

export default defineConfig([
  packageBuild(['src/index.ts'], ['cli/**']),
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
