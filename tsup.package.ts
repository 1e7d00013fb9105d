/**
 * The one build configuration every package uses: ESM + CJS + `.d.ts`/`.d.cts` from `src/`,
 * with the package's `tsconfig.build.json`. What it writes is what the published
 * `package.json` names (see `scripts/published-manifest.ts`).
 */
import { defineConfig, type Options } from 'tsup';

/**
 * The tsup configuration of a package; `entry` defaults to `src/index.ts`. `keep` lists
 * paths under `dist/` that cleaning leaves alone, for a second build that writes there.
 */
export function packageBuild(entry: string[] = ['src/index.ts'], keep: string[] = []): Options {
  return {
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    clean: keep.length === 0 ? true : keep.map((pattern) => `!${pattern}`),
    sourcemap: true,
    // `import.meta.url` (say, `createRequire(import.meta.url)` to load a driver) works in the
    // CJS build too.
    shims: true,
    tsconfig: 'tsconfig.build.json',
  };
}

export { defineConfig };
