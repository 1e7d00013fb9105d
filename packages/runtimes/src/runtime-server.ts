/**
 * What {@link startRuntimeServer} takes and gives.
 *
 * @module
 */
import type { RuntimeName } from './runtime.js';

/** How a worker is bundled for workerd (as wrangler bundles it; see `bundleWorker`). */
export interface BundleOptions {
  /** Imports left to the runtime, on top of `cloudflare:*` (and `node:*` with Node compatibility). */
  external?: string[];
  /** Replacements made while bundling (esbuild's `define`): `{ 'process.env.NODE_ENV': '"production"' }`. */
  define?: Record<string, string>;
}

/** Options of {@link startRuntimeServer}. */
export interface RuntimeServerOptions {
  runtime: RuntimeName;
  /**
   * The absolute path of a worker module (`.ts` or `.js`) whose default export is
   * `{ fetch(request, env, ctx) }`.
   */
  entry: string;
  /**
   * Bun and Deno: added to the process environment (which is the `env` the module's `fetch` gets).
   * workerd: the text bindings (`env.NAME`), the only ones besides `d1Databases`.
   */
  env?: Record<string, string>;
  /** Bun and Deno: the working folder of the process (default: the entry's folder). workerd: where relative paths resolve. */
  cwd?: string;
  /** workerd: the names of the D1 bindings to create (`['DB']` gives `env.DB`). */
  d1Databases?: string[];
  /** workerd: a folder keeping the D1 databases between servers (default: in memory, gone on `close()`). */
  d1Persist?: string;
  /** workerd: the `nodejs_compat` flag, `node:*` imports left to the runtime (default `true`). */
  nodeCompat?: boolean;
  /** workerd: how the entry is bundled. */
  bundle?: BundleOptions;
  /** How long the server may take to listen before the start fails (default 60 s). */
  startTimeoutMs?: number;
}

/** A worker module served on a runtime. */
export interface RuntimeServer {
  runtime: RuntimeName;
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** The process that serves requests (Bun's, Deno's, or workerd's own, which Miniflare spawns). */
  pid: number;
  /** Stops the server and waits until its process is gone. Safe to call twice. */
  close(): Promise<void>;
  /** What the runtime wrote to stdout and stderr so far (the last megabyte), for failure messages. */
  output(): string;
}
