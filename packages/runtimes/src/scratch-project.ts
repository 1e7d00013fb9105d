/**
 * A project outside the workspace with packed tarballs installed, as a user's project is:
 * `npm install` from the tarballs (and the registry, or npm's cache, for the rest).
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Written last: a folder without it is an install that did not finish. */
const DONE = '.cms-json-installed';

/** Options of {@link scratchProject}. */
export interface ScratchProjectOptions {
  /** Paths of tarballs to install. */
  tarballs: string[];
  /** More packages from the registry: `['zod@~4.6.7']`. */
  dependencies?: string[];
  /** Where installed projects are kept between runs (default: the system's temporary folder). */
  parentDir?: string;
}

/**
 * A folder outside the workspace with `package.json` (`"type": "module"`) and `node_modules`
 * holding `tarballs` and `dependencies`. Kept by a hash of what it holds, so a second run with
 * the same tarballs installs nothing.
 *
 * @example
 * ```ts
 * const dir = await scratchProject({ tarballs: await packedTarballs({ packages: ['core', 'fetch'] }), dependencies: ['zod@~4.6.7'] });
 * ```
 */
export async function scratchProject(options: ScratchProjectOptions): Promise<string> {
  const dependencies = options.dependencies ?? [];
  const hash = createHash('sha256');
  for (const tarball of options.tarballs) {
    if (!existsSync(tarball))
      throw new Error(`The tarball ${tarball} does not exist: pack it first (packedTarballs, or npm pack).`);
    hash.update(readFileSync(tarball)).update('\0');
  }
  for (const dependency of dependencies) hash.update(dependency).update('\0');
  const parentDir = options.parentDir ?? tmpdir();
  const dir = join(parentDir, `cms-json-scratch-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, DONE))) return dir;
  mkdirSync(parentDir, { recursive: true });
  const partial = mkdtempSync(`${dir}.partial-`);
  try {
    writeFileSync(
      join(partial, 'package.json'),
      `${JSON.stringify({ name: 'cms-json-scratch', private: true, type: 'module' })}\n`,
    );
    await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        ...options.tarballs,
        ...dependencies,
      ],
      {
        cwd: partial,
        timeout: 300_000,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, npm_config_update_notifier: 'false' },
      },
    ).catch((error: unknown) => {
      const detail = typeof error === 'object' && error !== null && 'stderr' in error ? String(error.stderr) : String(error);
      throw new Error(`npm install of ${options.tarballs.join(', ')} into a scratch project failed:\n${detail}`, {
        cause: error,
      });
    });
    writeFileSync(join(partial, DONE), '');
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (existsSync(join(dir, DONE))) return dir;
    throw error;
  }
  return dir;
}
