/**
 * Bundling a worker module for workerd, as wrangler does: one ES module, the `workerd`,
 * `worker` and `browser` export conditions, `cloudflare:*` (and, with Node compatibility,
 * Node's modules, bare or `node:` named) left to the runtime.
 *
 * @module
 */
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import type { BundleOptions } from './runtime-server.js';

/** Node's modules by their bare names (`fs`, `stream/web`), without the internal `_` ones. */
const NODE_BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

/**
 * With Node compatibility, what wrangler does with Node's modules: an `import` of `fs` or
 * `node:fs` is left to the runtime as `node:fs`; a CommonJS `require('fs')` (npm packages
 * such as `pg`, `busboy`, `postcss` have them), which esbuild's ESM output cannot keep, becomes
 * a small module importing `node:fs` and exporting it.
 */
const nodeBuiltins: Plugin = {
  name: 'cms-json-node-builtins',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z0-9_/]+$/ }, (args) => {
      const prefixed = args.path.startsWith('node:');
      const name = prefixed ? args.path.slice('node:'.length) : args.path;
      // Any `node:` name (`node:sqlite` is not one of Node 20's), and the bare names Node has.
      if (!prefixed && !NODE_BUILTINS.has(name)) return undefined;
      if (args.kind === 'require-call') return { path: name, namespace: 'require-builtin' };
      return { path: `node:${name}`, external: true };
    });
    build.onLoad({ filter: /.*/, namespace: 'require-builtin' }, (args) => ({
      contents: `import * as all from 'node:${args.path}';\nmodule.exports = 'default' in all ? all.default : all;\n`,
      loader: 'js',
    }));
  },
};

/** Options of {@link bundleWorker}. */
export interface BundleWorkerOptions extends BundleOptions {
  /** The absolute path of the worker module. */
  entry: string;
  /**
   * Leave Node's modules to the runtime (workerd's `nodejs_compat`): `node:*` and bare (`fs`)
   * imports, and `require()` calls of them; default `true`. Without it an import of one
   * anywhere in the bundle fails the build.
   */
  nodeCompat?: boolean;
}

/** A bundled worker. */
export interface WorkerBundle {
  /** The bundle: one ES module. */
  code: string;
  /** esbuild's metafile: every input, and the output's imports. */
  metafile: Metafile;
  /** The imports the bundle leaves to the runtime (`node:crypto`, `cloudflare:sockets`…). */
  runtimeImports: string[];
}

/**
 * Bundles `entry` for workerd.
 *
 * @example
 * ```ts
 * const { code, runtimeImports } = await bundleWorker({ entry: '/abs/worker.ts', nodeCompat: false });
 * ```
 */
export async function bundleWorker(options: BundleWorkerOptions): Promise<WorkerBundle> {
  const nodeCompat = options.nodeCompat ?? true;
  const result = await build({
    entryPoints: [options.entry],
    outfile: join(dirname(options.entry), 'worker.bundle.js'),
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    external: ['cloudflare:*', ...(options.external ?? [])],
    plugins: nodeCompat ? [nodeBuiltins] : [],
    ...(options.define === undefined ? {} : { define: options.define }),
    metafile: true,
    logLevel: 'silent',
  }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Bundling ${options.entry} for workerd (nodeCompat: ${nodeCompat}) failed: ${message}`, { cause: error });
  });
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'));
  if (output === undefined) throw new Error(`Bundling ${options.entry} gave no JavaScript.`);
  const runtimeImports = Object.values(result.metafile.outputs).flatMap((out) =>
    out.imports.filter((entry) => entry.external).map((entry) => entry.path),
  );
  return { code: output.text, metafile: result.metafile, runtimeImports: [...new Set(runtimeImports)].sort() };
}
