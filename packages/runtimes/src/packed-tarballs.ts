/**
 * The tarballs `npm pack` makes of workspace packages, as a user installs them: packed from a
 * copy of the package (its `prepack` builds `dist/` and swaps in the published package.json,
 * which must not happen in the working tree while other tests read it), cached by the package's
 * content, or taken from `CMS_PACKED_DIR` where CI packed them already.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { REPOSITORY_ROOT } from './runtime.js';

const run = promisify(execFile);

/** What a package's build reads outside its folder (copied beside it when packing). */
const SHARED_BUILD_FILES = ['tsup.package.ts', 'tsconfig.base.json', 'LICENSE', 'scripts/published-manifest.ts'];

/** Folders of a package that are not its input. */
const NOT_INPUT = new Set(['node_modules', 'dist', '.tsbuild', 'test']);

/** The files a package's tarball is made from, relative to the repository. */
function inputFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_INPUT.has(entry.name) || entry.name.startsWith('.package.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...inputFiles(path));
    else if (entry.isFile()) files.push(relative(REPOSITORY_ROOT, path));
  }
  return files;
}

/**
 * The development `package.json` of `packages/<name>`. While an `npm pack` runs in the working
 * tree (scripts/check-packages.sh), `package.json` is the published form and the development
 * one waits in `.package.dev.json`.
 */
function devManifestPath(name: string): string {
  const saved = join(REPOSITORY_ROOT, 'packages', name, '.package.dev.json');
  return existsSync(saved) ? saved : join(REPOSITORY_ROOT, 'packages', name, 'package.json');
}

/** A hash of everything `npm pack` of `packages/<name>` reads. */
function packageHash(name: string): string {
  const hash = createHash('sha256');
  const manifest = join('packages', name, 'package.json');
  const files = [...inputFiles(join(REPOSITORY_ROOT, 'packages', name)), ...SHARED_BUILD_FILES].sort();
  for (const file of files) {
    const path = file === manifest ? devManifestPath(name) : join(REPOSITORY_ROOT, file);
    hash.update(`${file}\0`).update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The file name `npm pack` gives `@cms-json/<name>`. */
function tarballName(name: string): string {
  const manifest: unknown = JSON.parse(readFileSync(devManifestPath(name), 'utf8'));
  const version =
    typeof manifest === 'object' && manifest !== null && 'version' in manifest && typeof manifest.version === 'string'
      ? manifest.version
      : '0.0.0';
  return `cms-json-${name}-${version}.tgz`;
}

/** Packs `packages/<name>` from a copy of it into `destination` (a folder). */
async function packCopy(name: string, destination: string): Promise<void> {
  const mirror = mkdtempSync(join(tmpdir(), `cms-json-pack-${name}-`));
  try {
    cpSync(join(REPOSITORY_ROOT, 'packages', name), join(mirror, 'packages', name), {
      recursive: true,
      filter: (source) => !NOT_INPUT.has(relative(join(REPOSITORY_ROOT, 'packages', name), source).split('/')[0] ?? ''),
    });
    copyFileSync(devManifestPath(name), join(mirror, 'packages', name, 'package.json'));
    for (const file of SHARED_BUILD_FILES) cpSync(join(REPOSITORY_ROOT, file), join(mirror, file));
    // tsup, tsx and the packages' dependencies: the workspace's.
    symlinkSync(join(REPOSITORY_ROOT, 'node_modules'), join(mirror, 'node_modules'), 'dir');
    await run('npm', ['pack', '--pack-destination', destination, '--silent'], {
      cwd: join(mirror, 'packages', name),
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
      timeout: 300_000,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: unknown) => {
      const detail = typeof error === 'object' && error !== null && 'stderr' in error ? String(error.stderr) : String(error);
      throw new Error(`npm pack of packages/${name} failed:\n${detail}`, { cause: error });
    });
    const { stdout } = await run('tar', ['tzf', join(destination, tarballName(name))]);
    if (!stdout.split('\n').some((entry) => entry.startsWith('package/dist/'))) {
      throw new Error(`npm pack of packages/${name} made a tarball without dist/ (did its prepack build run?):\n${stdout}`);
    }
  } finally {
    rmSync(mirror, { recursive: true, force: true });
  }
}

/** Options of {@link packedTarballs}. */
export interface PackedTarballsOptions {
  /** Workspace package folders under `packages/`: `['core', 'fetch']`. */
  packages: string[];
  /** Where packed tarballs are kept between runs (default `node_modules/.cache/cms-json/packed`). */
  cacheDir?: string;
}

/**
 * The tarballs of `packages`, in that order. With `CMS_PACKED_DIR` set (CI packs every package
 * once, `scripts/check-packages.sh`), they are taken from there and a missing one is an error;
 * otherwise each is packed from a copy of the package and cached by a hash of its sources.
 *
 * @example
 * ```ts
 * const [core, fetch] = await packedTarballs({ packages: ['core', 'fetch'] });
 * ```
 */
export async function packedTarballs(options: PackedTarballsOptions): Promise<string[]> {
  const packedDir = process.env['CMS_PACKED_DIR'];
  if (packedDir !== undefined && packedDir !== '') {
    return options.packages.map((name) => {
      const path = join(packedDir, tarballName(name));
      if (!existsSync(path)) {
        throw new Error(
          `CMS_PACKED_DIR=${packedDir} has no ${tarballName(name)}: pack it (npm pack -w packages/${name}) or unset CMS_PACKED_DIR.`,
        );
      }
      return path;
    });
  }
  const cacheDir = options.cacheDir ?? join(REPOSITORY_ROOT, 'node_modules', '.cache', 'cms-json', 'packed');
  const packOne = async (name: string): Promise<string> => {
    const dir = join(cacheDir, `${name}-${packageHash(name)}`);
    const path = join(dir, tarballName(name));
    if (existsSync(path)) return path;
    // Packed beside, then moved in at once: a run that stops half-way leaves no partial tarball.
    mkdirSync(cacheDir, { recursive: true });
    const partial = mkdtempSync(join(cacheDir, `.${name}-`));
    try {
      await packCopy(name, partial);
      if (!existsSync(path)) renameSync(partial, dir);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
    return path;
  };
  // Two packs at a time, as scripts/check-packages.sh does.
  const paths: string[] = new Array<string>(options.packages.length);
  let next = 0;
  const packer = async (): Promise<void> => {
    for (let index = next++; index < options.packages.length; index = next++) {
      paths[index] = await packOne(options.packages[index] as string);
    }
  };
  await Promise.all([packer(), packer()]);
  return paths;
}
