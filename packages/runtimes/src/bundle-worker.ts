/**
 * Bundling a worker module for workerd, as wrangler does: one ES module, the `workerd`,
 * `worker` and `browser` export conditions, `cloudflare:*` (and, with Node compatibility,
 * `node:*`) left to the runtime.
 *
 * @module
 */
import { dirname, join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import type { BundleOptions } from './runtime-server.js';

/** Options of {@link bundleWorker}. */
export interface BundleWorkerOptions extends BundleOptions {
  /** The absolute path of the worker module. */
  entry: string;
  /**
   * Leave `node:*` imports to the runtime (workerd's `nodejs_compat`); default `true`. Without
   * it a `node:*` import anywhere in the bundle fails the build.
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
    external: ['cloudflare:*', ...(nodeCompat ? ['node:*'] : []), ...(options.external ?? [])],
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
