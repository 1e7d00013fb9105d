/**
 * The published `package.json` of a workspace package, made at `npm pack` / `npm publish` time.
 *
 * Inside the workspace each package's `exports` point at its TypeScript sources, so Vitest,
 * tsx and `tsc -b` use them without a build. The published form (`main`, `types`, `exports`
 * on `dist/`, and `bin`) is kept under `publishConfig`, as pnpm reads it; npm ignores those
 * keys there, so the package's `prepack` script runs `apply` and its `postpack` runs
 * `restore`:
 *
 * - `apply` saves `package.json` as `.package.dev.json`, moves the manifest fields of
 *   `publishConfig` to the top level, drops `scripts` and `devDependencies` (they describe the
 *   workspace), checks that every file the new manifest names exists, and copies the
 *   repository's `LICENSE` beside it, unless the package has a license of its own (the
 *   editor's GPL);
 * - `restore` puts the saved `package.json` back and removes the copied `LICENSE`.
 *
 * npm reads the file list and the `package.json` it puts in the tarball after `prepack`, so
 * the tarball carries the published form while the working tree keeps the development one.
 *
 * ```sh
 * tsx ../../scripts/published-manifest.ts apply    # in a package directory (prepack)
 * tsx ../../scripts/published-manifest.ts restore  # (postpack)
 * ```
 *
 * @module
 */
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A `package.json`, as far as this script reads it. */
interface Manifest {
  name?: string;
  scripts?: Record<string, string>;
  devDependencies?: Record<string, string>;
  publishConfig?: Record<string, unknown>;
  [field: string]: unknown;
}

/** The `publishConfig` keys that are manifest fields (pnpm's list); the others are npm settings. */
const MANIFEST_FIELDS = ['bin', 'main', 'module', 'types', 'typings', 'exports', 'typesVersions', 'browser'] as const;

/** Where `apply` keeps the development `package.json` until `restore`. */
const SAVED = '.package.dev.json';

const repositoryRoot = resolve(import.meta.dirname, '..');

/**
 * The published form of a development manifest: the manifest fields of `publishConfig` take
 * its place (replacing the development `exports`), and `scripts` and `devDependencies` go.
 */
export function publishedManifest(manifest: Manifest): Manifest {
  const publishConfig = manifest.publishConfig ?? {};
  const hoisted = Object.entries(publishConfig).filter(([key]) => (MANIFEST_FIELDS as readonly string[]).includes(key));
  const settings = Object.entries(publishConfig).filter(([key]) => !(MANIFEST_FIELDS as readonly string[]).includes(key));
  const replaced = new Set(hoisted.map(([key]) => key));
  const published: Manifest = {};
  for (const [key, value] of Object.entries(manifest)) {
    if (key === 'scripts' || key === 'devDependencies' || replaced.has(key)) continue;
    if (key !== 'publishConfig') published[key] = value;
    else {
      for (const [field, fieldValue] of hoisted) published[field] = fieldValue;
      if (settings.length > 0) published.publishConfig = Object.fromEntries(settings);
    }
  }
  return published;
}

/** Every relative file path named by `main`, `types`, `bin` and `exports` (patterns excluded). */
export function namedFiles(manifest: Manifest): string[] {
  const files = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith('./') && !value.includes('*')) files.add(value);
    } else if (value !== null && typeof value === 'object') {
      for (const inner of Object.values(value)) visit(inner);
    }
  };
  for (const field of ['main', 'module', 'types', 'typings', 'bin', 'exports'] as const) visit(manifest[field]);
  return [...files];
}

function apply(dir: string): void {
  const file = join(dir, 'package.json');
  const saved = join(dir, SAVED);
  if (existsSync(saved)) {
    throw new Error(
      `${saved} exists: an earlier pack stopped before postpack. Check it, then move it back over package.json (or delete it) and pack again.`,
    );
  }
  const text = readFileSync(file, 'utf8');
  const manifest = publishedManifest(JSON.parse(text) as Manifest);
  const missing = namedFiles(manifest).filter((path) => !existsSync(join(dir, path)));
  if (missing.length > 0) {
    throw new Error(`${manifest.name}: the published manifest names missing files (build first): ${missing.join(', ')}`);
  }
  writeFileSync(saved, text);
  // Written aside and renamed, so a build reading this package.json meanwhile sees one form or the other.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  if (!existsSync(join(dir, 'LICENSE'))) copyFileSync(join(repositoryRoot, 'LICENSE'), join(dir, 'LICENSE'));
}

/** Whether the package's `LICENSE` is the copy `apply` made of the repository's. */
function isRepositoryLicenseCopy(dir: string): boolean {
  const license = join(dir, 'LICENSE');
  return existsSync(license) && readFileSync(license, 'utf8') === readFileSync(join(repositoryRoot, 'LICENSE'), 'utf8');
}

function restore(dir: string): void {
  const saved = join(dir, SAVED);
  if (existsSync(saved)) renameSync(saved, join(dir, 'package.json'));
  if (resolve(dir) !== repositoryRoot && isRepositoryLicenseCopy(dir)) rmSync(join(dir, 'LICENSE'), { force: true });
}

const [command] = process.argv.slice(2);
if (command === 'apply') apply(process.cwd());
else if (command === 'restore') restore(process.cwd());
else if (command !== undefined) {
  console.error(`Usage: tsx scripts/published-manifest.ts apply|restore (in a package directory); got "${command}".`);
  process.exitCode = 2;
}
