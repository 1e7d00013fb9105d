/**
 * Which test files can touch the test database: those whose import graph reaches
 * `@cms-json/database/testing` (the only module that reads `CMS_TEST_DATABASE_URL`) or that
 * read that variable themselves. scripts/test-postgres.sh runs only these on PostgreSQL; every
 * other test file would open no PostgreSQL connection there and run exactly as it does in the
 * SQLite run, so running it twice adds time and no coverage.
 *
 * The graph comes from esbuild (one build of every test file at once, nothing written), with
 * the workspace's packages followed into their sources and every other package left out. A
 * file esbuild cannot read is counted as touching storage, so a mistake here costs time, never
 * coverage.
 *
 * Usage: tsx scripts/storage-test-files.ts <dir>…   (prints one path a line, relative to the root)
 *        tsx scripts/storage-test-files.ts --report <dir>…   (also lists the files left out, on stderr)
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The module that switches storage tests to PostgreSQL, and the variable it reads. */
const switchModule = 'packages/database/src/testing.ts';
const switchVariable = 'CMS_TEST_DATABASE_URL';

/** Every `*.test.ts` under `dir` (relative to the root), outside node_modules and dist. */
function testFilesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.test.ts')) found.push(child);
    }
  };
  walk(dir);
  return found.sort();
}

/**
 * Leaves every package out of the graph except the workspace's own (`@cms-json/*`), and every
 * import that is not source code (Vite's `?raw` imports, JSON, assets).
 */
const workspaceOnly: Plugin = {
  name: 'workspace-only',
  setup(on) {
    on.onResolve({ filter: /\?|\.[a-z0-9]+$/i }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@') || /\.[cm]?[jt]sx?$/.test(args.path)
        ? undefined
        : { external: true },
    );
    on.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@cms-json/') ? undefined : { external: true },
    );
  },
};

/** Options of {@link storageTestFiles}. */
export interface StorageTestFilesOptions {
  /** The directory `files` are relative to. Default: the repository's root. */
  root?: string | undefined;
}

/**
 * The test files among `files` (relative to the root) that can touch the test database (see
 * the module's comment), in their order.
 *
 * @example
 * await storageTestFiles(['packages/content/src/auth/auth.test.ts', 'packages/content/src/posts/slug.test.ts']);
 * // ['packages/content/src/auth/auth.test.ts']
 */
export async function storageTestFiles(files: string[], options: StorageTestFilesOptions = {}): Promise<string[]> {
  const base = options.root ?? root;
  const result = await build({
    absWorkingDir: base,
    entryPoints: files,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    outdir: 'out',
    logLevel: 'silent',
    plugins: [workspaceOnly],
  }).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`storage-test-files: esbuild could not follow the imports, so every file is kept: ${reason}`);
    return undefined;
  });
  if (result === undefined) return files;
  const mentions = new Map<string, boolean>();
  const mentionsSwitch = (input: string) => {
    let found = mentions.get(input);
    if (found === undefined) {
      found = input === switchModule || readFileSync(join(base, input), 'utf8').includes(switchVariable);
      mentions.set(input, found);
    }
    return found;
  };
  const selected = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    if (output.entryPoint === undefined) continue;
    if (Object.keys(output.inputs).some(mentionsSwitch)) selected.add(output.entryPoint);
  }
  // A file with no output of its own (it cannot happen, but if it did) is kept.
  const entries = new Set(Object.values(result.metafile.outputs).flatMap((output) => output.entryPoint ?? []));
  return files.filter((file) => selected.has(file) || !entries.has(file));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const report = args[0] === '--report';
  const dirs = report ? args.slice(1) : args;
  const files = dirs.flatMap((dir) => testFilesUnder(relative(root, resolve(root, dir))));
  const selected = await storageTestFiles(files);
  for (const file of selected) console.log(file);
  if (report) {
    const left = files.filter((file) => !selected.includes(file));
    console.error(`${selected.length} of ${files.length} test files can touch the test database; left out:`);
    for (const file of left) console.error(`  ${file}`);
  }
}
