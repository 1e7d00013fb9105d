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

/**
 * As {@link packageBuild}, for a package with ESM-only dependencies (`esmOnly`, say
 * `path-to-regexp@9`): the CommonJS output bundles them, since a plain `require` of an
 * ES module fails where Node's require(esm) is off (Node 20, `--no-experimental-require-module`,
 * tsx loading a `.cts` file); the ESM output imports them as dependencies. Three
 * configurations, each cleaning only what it writes: the declarations (`.d.ts` and `.d.cts`,
 * one compile), the ESM files, the CommonJS files.
 */
export function packageBuildBundlingForCjs(entry: string[], esmOnly: string[], keep: string[] = []): Options[] {
  const declarations = '**/*.d.{ts,cts,mts}';
  return [
    { ...packageBuild(entry, keep), dts: { only: true } },
    { ...packageBuild(entry, [...keep, declarations, '**/*.cjs', '**/*.cjs.map']), format: ['esm'], dts: false },
    {
      ...packageBuild(entry, [...keep, declarations, '**/*.js', '**/*.js.map']),
      format: ['cjs'],
      dts: false,
      noExternal: esmOnly,
    },
  ];
}
