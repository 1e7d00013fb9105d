/**
 * The messages a server child and the orchestrator exchange over the IPC channel.
 *
 * @module
 */

/** Memory (bytes) and CPU time of a child. */
export interface ChildStats {
  /** Resident set size now. */
  rss: number;
  /** Peak resident set size since the child started (`process.resourceUsage().maxRSS`). */
  maxRss: number;
  /** V8 heap in use now. */
  heapUsed: number;
  /** CPU time used so far (user + system), in microseconds. */
  cpuMicros: number;
}

/** Child → orchestrator. */
export type ChildMessage =
  | { type: 'ready'; port: number; note?: string }
  | { type: 'stats'; id: number; stats: ChildStats }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'failed'; error: string };

/** Orchestrator → child. */
export type ParentMessage =
  | { type: 'stats'; id: number; gc: boolean }
  | { type: 'run'; id: number; seconds: number }
  | { type: 'alloc'; id: number; requests: number; request: AllocRequest }
  | { type: 'exit' };

/** A request for `--alloc`, as `server.handle()` takes it. */
export interface AllocRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A node of a sampled heap profile (the parts `--alloc` reads). */
export interface AllocNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: AllocNode[];
}
