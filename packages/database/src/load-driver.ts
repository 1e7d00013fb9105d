/**
 * Loading a database driver when a URL needs it, not before: an npm package (`better-sqlite3`,
 * `pg`) or a module of the runtime (`bun:sqlite` on Bun, `node:sqlite` on Deno and Node ≥ 22.5).
 * Each is loaded with `require` made by `createRequire`, with the name in a variable: the
 * package is then loaded synchronously (so `openDatabase` stays synchronous) on Node, Bun and
 * Deno alike, and no bundler follows the name into a module of another runtime.
 *
 * @module
 */
import { createRequire } from 'node:module';

/**
 * Loads `name` with a `require` made from this file's own location: `__filename` in the
 * CommonJS build, `import.meta.url` in ESM. Made at each call, not when the module loads: in
 * a Workers bundle `import.meta.url` is undefined, and only a call that needs a driver by
 * name should fail for it. The identifier `require` itself is avoided: bundlers replace it in
 * ESM output with a stub that throws.
 */
function requireDriver(name: string): unknown {
  const here: string | undefined = typeof __filename === 'string' ? __filename : import.meta.url;
  if (typeof here !== 'string') {
    throw Object.assign(new Error(`"${name}" cannot be loaded by name in this bundle (no module location).`), {
      code: 'ERR_NO_MODULE_LOCATION',
    });
  }
  return createRequire(here)(name);
}

/** The npm packages a database URL may need. */
export type DriverPackage = 'better-sqlite3' | 'pg';

/**
 * Loads a driver package, or throws an error that names the package to install.
 *
 * @param url The URL that needs it, as the message shows it (redact a password first).
 * @throws Error naming the package to install when it is missing; the loader's own error otherwise.
 * @example
 * const pg = loadDriver<typeof import('pg')>('pg', 'postgres://localhost/site');
 */
export function loadDriver<T>(name: DriverPackage, url: string): T {
  try {
    return requireDriver(name) as T;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') {
      throw new Error(`The database URL "${url}" needs the package "${name}": npm install ${name}`, { cause: error });
    }
    if (code === 'ERR_NO_MODULE_LOCATION') {
      throw new Error(
        `The database URL "${url}" needs the package "${name}", which a bundle (Cloudflare Workers) cannot load by name` +
          (name === 'pg' ? ": pass the module itself, import pg from 'pg'; openDatabase({ url, pg })." : '.'),
        { cause: error },
      );
    }
    throw error;
  }
}

/** The runtime modules a SQLite driver may be. */
export type RuntimeModule = 'bun:sqlite' | 'node:sqlite';

/**
 * The name and version of the JavaScript runtime this process runs on, for messages:
 * `'Bun 1.4.5'`, `'Deno 2.9.6'`, `'Node 20.20.2'`.
 *
 * @example
 * console.log(`running on ${runtimeName()}`);
 */
export function runtimeName(): string {
  const bun: unknown = Reflect.get(globalThis, 'Bun');
  if (typeof bun === 'object' && bun !== null) return `Bun ${String(Reflect.get(bun, 'version'))}`;
  const deno: unknown = Reflect.get(globalThis, 'Deno');
  if (typeof deno === 'object' && deno !== null) {
    const version: unknown = Reflect.get(deno, 'version');
    return `Deno ${typeof version === 'object' && version !== null ? String(Reflect.get(version, 'deno')) : '?'}`;
  }
  const process: unknown = Reflect.get(globalThis, 'process');
  const versions: unknown = typeof process === 'object' && process !== null ? Reflect.get(process, 'versions') : undefined;
  const node: unknown = typeof versions === 'object' && versions !== null ? Reflect.get(versions, 'node') : undefined;
  return typeof node === 'string' ? `Node ${node}` : 'an unknown runtime';
}

/** Where each runtime module exists, for the message when it does not. */
const RUNTIME_MODULE_HOME: Record<RuntimeModule, string> = {
  'bun:sqlite': 'Bun (run the program with bun)',
  'node:sqlite': 'Deno and Node 22.5 or later',
};

/**
 * Loads a module of the runtime (`bun:sqlite`, `node:sqlite`), or throws an error that says
 * which runtimes have it and which one this is.
 *
 * @throws Error when this runtime has no such module.
 * @example
 * const { Database } = loadRuntimeModule<{ Database: BunDatabaseClass }>('bun:sqlite');
 */
export function loadRuntimeModule<T>(name: RuntimeModule): T {
  try {
    return requireDriver(name) as T;
  } catch (error) {
    throw new Error(
      `The SQLite driver "${name}" exists only on ${RUNTIME_MODULE_HOME[name]}; this is ${runtimeName()}. ` +
        'Leave the option sqliteDriver out to use the driver of this runtime.',
      { cause: error },
    );
  }
}
