/**
 * The server children are bundled once per run with esbuild (the workspace packages
 * included from their TypeScript sources, third-party packages left external) and run on
 * plain `node`: no TypeScript loader in the measured processes, so their RSS, start-up and
 * profiles are those of the server. Source maps let the profiler name the original files.
 *
 * @module
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVERS = fileURLToPath(new URL('./servers/', import.meta.url));

/** Bundles the workspace (`@cms-json/*`) and relative imports; leaves npm packages external. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@cms-json/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Bundles entry points into `dir` as `<name>.mjs` (with linked source maps): the workspace
 * included from its sources, npm packages external. Every server child of the benchmark is
 * bundled here, `wordpress-db.ts`'s too.
 *
 * @example
 * await bundle([join(SERVERS, 'content.ts')], dir); // dir/content.mjs
 */
export async function bundle(entryPoints: readonly string[], dir: string): Promise<void> {
  await build({
    entryPoints: [...entryPoints],
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [externalPackages],
  });
}

/** Where the bundles of one run live, and how to remove them. */
export interface Bundles {
  readonly dir: string;
  /** The bundle of `servers/<script>.ts`. */
  fileOf(script: string): string;
  remove(): void;
}

/**
 * Bundles every `servers/*.ts`. The output sits under `node_modules/.cache` so that the
 * external packages resolve from the repository's `node_modules`.
 */
export async function bundleServers(): Promise<Bundles> {
  const dir = join(ROOT, 'node_modules', '.cache', 'cms-json-bench', String(process.pid));
  mkdirSync(dir, { recursive: true });
  const entryPoints = readdirSync(SERVERS)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(SERVERS, name));
  await bundle(entryPoints, dir);
  return {
    dir,
    fileOf: (script) => join(dir, `${script}.mjs`),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
