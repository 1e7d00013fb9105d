/**
 * The side effects the `@wordpress/*` packages declare in their `package.json`, for esbuild.
 *
 * esbuild drops an imported module whose exports are unused when its package declares it free of
 * side effects (`"sideEffects": false`, or an array of globs it is not in). It reads the globs'
 * `*` and `**` but not their braces, and the WordPress packages write
 * `{src,build,build-module}/{index.js,store/index.js,hooks/**}` (webpack, WordPress's build, expands
 * them). Without this, the bundle lost the modules that register the block editor's hooks on
 * import: saved blocks without their `wp-block-*` class names, anchors, alignments and custom
 * class names (so every saved block failed validation on reload), and the editor's autocompleters.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * Expands a glob's braces, as webpack (WordPress's build) reads them: `{src,build}/{a,b/**}` is
 * `src/a`, `src/b/**`, `build/a`, `build/b/**`; braces nest.
 */
export function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open < 0) return [pattern];
  const bounds = [open];
  let depth = 0;
  for (let at = open; at < pattern.length; at++) {
    const char = pattern[at];
    if (char === '{') depth++;
    else if (char === ',' && depth === 1) bounds.push(at);
    else if (char === '}' && --depth === 0) {
      bounds.push(at);
      const head = pattern.slice(0, open);
      const tail = pattern.slice(at + 1);
      return bounds.slice(1).flatMap((end, index) => expandBraces(head + pattern.slice((bounds[index] ?? open) + 1, end) + tail));
    }
  }
  // An unclosed brace is a character like any other.
  return [pattern];
}

/**
 * The regular expression of one brace-free `sideEffects` glob, matched against a path relative to
 * the package's directory: `**` any number of directories, `*` and `?` within one name; a glob
 * without a slash matches a name in any directory (webpack's reading of the field).
 */
function globRegExp(glob: string): RegExp {
  const anywhere = glob.includes('/') ? glob.replace(/^\.\//, '') : `**/${glob}`;
  let source = '';
  for (let at = 0; at < anywhere.length; at++) {
    const char = anywhere[at] ?? '';
    if (anywhere.startsWith('**/', at)) {
      source += '(?:.*/)?';
      at += 2;
    } else if (anywhere.startsWith('**', at)) {
      source += '.*';
      at += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^$|()[\]\\{}]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** What a package's `package.json` says of its files' side effects (read once per package). */
const declaredSideEffects = new Map<string, boolean | RegExp[]>();

/** A WordPress package's directory and a file's path in it, from the file's path. */
const inWordPressPackage = /^(.*[\\/]node_modules[\\/]@wordpress[\\/][^\\/]+)[\\/](.+)$/;

/**
 * Whether a file of a `@wordpress/*` package has side effects by its package's `sideEffects` field,
 * braces expanded; undefined for a file of no such package.
 */
export async function hasDeclaredSideEffects(path: string): Promise<boolean | undefined> {
  const [, dir, file] = inWordPressPackage.exec(path) ?? [];
  if (dir === undefined || file === undefined) return undefined;
  let declared = declaredSideEffects.get(dir);
  if (declared === undefined) {
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { sideEffects?: unknown };
    const field = manifest.sideEffects;
    declared = Array.isArray(field)
      ? field
          .filter((glob): glob is string => typeof glob === 'string')
          .flatMap(expandBraces)
          .map(globRegExp)
      : field !== false;
    declaredSideEffects.set(dir, declared);
  }
  const relative = file.replaceAll('\\', '/');
  return typeof declared === 'boolean' ? declared : declared.some((glob) => glob.test(relative));
}

/**
 * An esbuild plugin giving the files of the `@wordpress/*` packages the side effects their
 * `sideEffects` field declares (see {@link hasDeclaredSideEffects}), for the relative imports
 * within the packages. The build's resolver of bare `@wordpress/*` imports does the same for the
 * packages' entry points.
 */
export function wordPressSideEffects(): Plugin {
  return {
    name: 'wordpress-side-effects',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^\.\.?(?:\/|$)/ }, async (args) => {
        if (args.pluginData === 'side-effects' || !inWordPressPackage.test(args.importer)) return undefined;
        const result = await esbuild.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'side-effects',
        });
        if (result.errors.length > 0) return { errors: result.errors };
        return { path: result.path, sideEffects: result.sideEffects || (await hasDeclaredSideEffects(result.path)) === true };
      });
    },
  };
}
