/**
 * Builds the browser side of the authoring area with esbuild: `client/editor.ts` into
 * `editor.js` (WordPress's block editor and the boot function `window.cmsJsonEditor.start`)
 * and `client/editor.css` into `editor.css` (the packages' stylesheets in WordPress's order),
 * minified, with source maps.
 *
 * Every `@wordpress/*` package, `react` and `react-dom` is resolved from this package's
 * directory, whatever package imports it: the bundle holds one copy of each, the version this
 * package pins (an npm tree may hold the same version at several paths, and a second copy of
 * `@wordpress/data` or `@wordpress/api-fetch` would be a second registry or middleware chain).
 *
 *   tsx scripts/build-client.ts [outDir]    (default: dist/client; `prepack` runs it)
 */
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { hasDeclaredSideEffects, wordPressSideEffects } from './declared-side-effects.ts';

/** This package's directory (`packages/editor`). */
export const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The packages resolved from {@link packageDir} only, one copy each. */
const singleCopy = /^(@wordpress\/[^/]+|react|react-dom)(\/.*)?$/;

/** The comment that opens both files: what they carry, under which license. */
export const licenseBanner = [
  '/*!',
  ' * @cms-json/editor: the authoring area of cms-json.',
  " * Bundles WordPress's block editor, the @wordpress/* npm packages at the versions WordPress 6.1",
  ' * shipped, unmodified (https://github.com/WordPress/gutenberg), and React 17.',
  ' * The @wordpress/* packages: GPL-2.0-or-later, copyright the WordPress contributors.',
  ' * This bundle as a whole: GPL-2.0-or-later; see the package LICENSE. The licenses of the',
  ' * other bundled packages are kept in editor.js.LEGAL.txt.',
  ' */',
].join('\n');

/** What one build wrote. */
export interface ClientBuild {
  /** The directory the files are in. */
  outDir: string;
  /** The files' names, relative to `outDir`. */
  files: string[];
  /** How long the build took, in milliseconds. */
  milliseconds: number;
}

/** Resolves {@link singleCopy} packages from {@link packageDir}, so the bundle has one copy of each. */
function oneCopyOfEachPackage(): Plugin {
  return {
    name: 'one-copy-of-each-package',
    setup(esbuild) {
      esbuild.onResolve({ filter: singleCopy }, async (args) => {
        if (args.pluginData === 'one-copy') return undefined;
        const result = await esbuild.resolve(args.path, {
          kind: args.kind,
          resolveDir: packageDir,
          importer: args.importer,
          pluginData: 'one-copy',
        });
        if (result.errors.length > 0) return { errors: result.errors };
        return { path: result.path, sideEffects: result.sideEffects || (await hasDeclaredSideEffects(result.path)) === true };
      });
    },
  };
}

/** Builds `editor.js` and `editor.css` (and their maps and legal notices) into `outDir`. */
export async function buildClient(options: { outDir: string }): Promise<ClientBuild> {
  const started = performance.now();
  const outDir = resolve(options.outDir);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: packageDir,
    entryPoints: { editor: join(packageDir, 'client/editor.ts') },
    outdir: outDir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    minify: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    banner: { js: licenseBanner },
    define: {
      'process.env.NODE_ENV': '"production"',
      // WordPress core's build of the packages: the plugin's experiments stay off.
      'process.env.IS_GUTENBERG_PLUGIN': 'false',
      // Some dependencies name Node's `global`, which webpack (WordPress's build) maps to the window.
      global: 'globalThis',
    },
    logLevel: 'silent',
    metafile: true,
    plugins: [oneCopyOfEachPackage(), wordPressSideEffects()],
  });
  const styles = await build({
    absWorkingDir: packageDir,
    entryPoints: { editor: join(packageDir, 'client/editor.css') },
    outdir: outDir,
    bundle: true,
    minify: true,
    sourcemap: 'linked',
    legalComments: 'none',
    banner: { css: licenseBanner },
    logLevel: 'silent',
    metafile: true,
    plugins: [oneCopyOfEachPackage()],
  });
  // WordPress passes this file's text as the settings' `defaultEditorStyles`.
  const defaultStyles = createRequire(join(packageDir, 'package.json')).resolve(
    '@wordpress/block-editor/build-style/default-editor-styles.css',
  );
  await copyFile(defaultStyles, join(outDir, 'default-editor-styles.css'));
  const warnings = [...result.warnings, ...styles.warnings];
  if (warnings.length > 0) {
    const lines = warnings.map((w) => `${w.location?.file ?? ''}:${w.location?.line ?? ''} ${w.text}`);
    throw new Error(`build-client: esbuild warned (${warnings.length}):\n${lines.join('\n')}`);
  }
  const files = [...Object.keys(result.metafile.outputs), ...Object.keys(styles.metafile.outputs)]
    .map((path) => resolve(packageDir, path).slice(outDir.length + 1))
    .concat('default-editor-styles.css')
    .sort();
  return { outDir, files, milliseconds: Math.round(performance.now() - started) };
}

/**
 * The directories each bundled npm package came from, read from `editor.js.map`: a package
 * with two directories is in the bundle twice.
 */
export async function bundledPackages(outDir: string): Promise<Map<string, Set<string>>> {
  const map = JSON.parse(await readFile(join(outDir, 'editor.js.map'), 'utf8')) as { sources: string[] };
  const packages = new Map<string, Set<string>>();
  for (const source of map.sources.map((path) => resolve(outDir, path))) {
    const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(source);
    const [, dir, name] = match ?? [];
    if (dir === undefined || name === undefined) continue;
    const dirs = packages.get(name) ?? new Set<string>();
    dirs.add(dir);
    packages.set(name, dirs);
  }
  return packages;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? join(packageDir, 'dist/client'));
  const built = await buildClient({ outDir });
  console.log(`build-client: ${built.files.length} files in ${built.outDir} (${built.milliseconds} ms)`);
}
