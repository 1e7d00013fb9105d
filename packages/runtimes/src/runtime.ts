/**
 * The runtimes a worker module is served on, and where their programs are found.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** A runtime {@link startRuntimeServer} serves a worker module on. */
export type RuntimeName = 'bun' | 'deno' | 'workerd';

/** Every runtime, in the order tests and tables list them. */
export const RUNTIMES: readonly RuntimeName[] = ['bun', 'deno', 'workerd'];

/** The repository's root folder (this file is `packages/runtimes/src/runtime.ts`). */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const INSTALL_HINTS: Record<RuntimeName, string> = {
  bun: 'install the root devDependency `bun` (npm install) or put `bun` on PATH',
  deno: 'install the root devDependency `deno` (npm install) or put `deno` on PATH',
  workerd: 'install the root devDependency `miniflare` (npm install), which brings workerd',
};

/** The program that runs `runtime`: the workspace's `node_modules/.bin`, then `PATH`; `null` when there is none. */
export function findRuntimeBinary(runtime: RuntimeName): string | null {
  const local = join(REPOSITORY_ROOT, 'node_modules', '.bin', runtime);
  if (existsSync(local)) return local;
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir !== '' && existsSync(join(dir, runtime))) return join(dir, runtime);
  }
  return null;
}

/** Whether the `miniflare` package (which runs workerd) can be loaded from the repository. */
function miniflareInstalled(): boolean {
  try {
    createRequire(join(REPOSITORY_ROOT, 'package.json')).resolve('miniflare');
    return true;
  } catch {
    return false;
  }
}

/**
 * Why `runtime` cannot run here, or `null` when it can. With `CMS_REQUIRE_RUNTIMES=1` (CI) a
 * missing runtime is an error instead: a test that needs it fails rather than skipping.
 *
 * @example
 * ```ts
 * const missing = missingRuntime('bun');
 * describe.skipIf(missing !== null)(`on Bun${missing === null ? '' : ` (skipped: ${missing})`}`, () => { … });
 * ```
 */
export function missingRuntime(runtime: RuntimeName): string | null {
  const found =
    runtime === 'workerd' ? miniflareInstalled() && findRuntimeBinary('workerd') !== null : findRuntimeBinary(runtime) !== null;
  if (found) return null;
  const reason = `${runtime} is not installed: ${INSTALL_HINTS[runtime]}`;
  if (process.env['CMS_REQUIRE_RUNTIMES'] === '1') throw new Error(`${reason} (CMS_REQUIRE_RUNTIMES=1 requires every runtime)`);
  return reason;
}

/** The program that runs `runtime`, or an error saying how to install it. */
export function requireRuntimeBinary(runtime: RuntimeName): string {
  const binary = findRuntimeBinary(runtime);
  if (binary === null) throw new Error(`${runtime} is not installed: ${INSTALL_HINTS[runtime]}.`);
  return binary;
}

/** The versions {@link runtimeVersions} reports; `null` for a runtime that is not installed. */
export interface RuntimeVersions {
  node: string;
  bun: string | null;
  deno: string | null;
  /** workerd's release date, as `workerd --version` prints it (`2026-04-26`). */
  workerd: string | null;
  miniflare: string | null;
}

const run = promisify(execFile);

async function versionOf(runtime: RuntimeName, args: string[], pattern: RegExp): Promise<string | null> {
  const binary = findRuntimeBinary(runtime);
  if (binary === null) return null;
  try {
    const { stdout } = await run(binary, args, { timeout: 30_000 });
    return pattern.exec(stdout)?.[1] ?? stdout.trim();
  } catch {
    return null;
  }
}

function miniflareVersion(): string | null {
  try {
    const require = createRequire(join(REPOSITORY_ROOT, 'package.json'));
    const manifest: unknown = require('miniflare/package.json');
    return typeof manifest === 'object' && manifest !== null && 'version' in manifest && typeof manifest.version === 'string'
      ? manifest.version
      : null;
  } catch {
    return null;
  }
}

/**
 * The versions of Node and of each runtime installed here, for test names, reports and bench tables.
 *
 * @example
 * ```ts
 * const versions = await runtimeVersions(); // { node: '20.20.2', bun: '1.4.5', deno: '2.9.6', workerd: '2026-04-26', … }
 * ```
 */
export async function runtimeVersions(): Promise<RuntimeVersions> {
  const [bun, deno, workerd] = await Promise.all([
    versionOf('bun', ['--version'], /^(\S+)/),
    versionOf('deno', ['--version'], /^deno (\S+)/),
    versionOf('workerd', ['--version'], /^workerd (\S+)/),
  ]);
  return { node: process.versions.node, bun, deno, workerd, miniflare: miniflareVersion() };
}
