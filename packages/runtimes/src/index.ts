/**
 * Test hosts for worker modules (private to this repository): serve a module whose default
 * export is `{ fetch(request, env, ctx) }` on Bun, Deno or workerd, on 127.0.0.1, and get its URL.
 *
 * @example
 * ```ts
 * import { missingRuntime, startRuntimeServer } from '@cms-json/runtimes';
 * const server = await startRuntimeServer({ runtime: 'bun', entry: '/abs/worker.ts' });
 * ```
 *
 * @module
 */
export { type BundleWorkerOptions, bundleWorker, type WorkerBundle } from './bundle-worker.js';
export { type PackedTarballsOptions, packedTarballs } from './packed-tarballs.js';
export {
  findRuntimeBinary,
  missingRuntime,
  REPOSITORY_ROOT,
  RUNTIMES,
  type RuntimeName,
  type RuntimeVersions,
  runtimeVersions,
} from './runtime.js';
export type { BundleOptions, RuntimeServer, RuntimeServerOptions } from './runtime-server.js';
export { type ScratchProjectOptions, scratchProject } from './scratch-project.js';
export { startRuntimeServer } from './start-runtime-server.js';
export { COMPATIBILITY_DATE } from './workerd-server.js';
