/**
 * The one build configuration every package uses: ESM + CJS + `.d.ts` from `src/`, with the
 * package's `tsconfig.build.json`.
 */
import { defineConfig, type Options } from 'tsup';

/** The tsup configuration of a package; `entry` defaults to `src/index.ts`. */
export function packageBuild(entry: string[] = ['src/index.ts']): Options {
  return {
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    tsconfig: 'tsconfig.build.json',
  };
}

export { defineConfig };
